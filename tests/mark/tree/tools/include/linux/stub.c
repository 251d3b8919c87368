// SPDX-License-Identifier: GPL-2.0
/* tools/ copies kernel code for user space: never marked. */
EXPORT_SYMBOL(tools_only_t);

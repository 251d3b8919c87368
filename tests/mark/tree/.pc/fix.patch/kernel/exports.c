// SPDX-License-Identifier: GPL-2.0
/* quilt keeps the file as it was before a patch: not the tree. */
EXPORT_SYMBOL(plain_a);
EXPORT_SYMBOL(quilt_only_o);

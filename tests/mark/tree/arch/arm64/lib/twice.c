// SPDX-License-Identifier: GPL-2.0
#include <linux/export.h>
int twice(void) { return 0; }
EXPORT_SYMBOL(twice);

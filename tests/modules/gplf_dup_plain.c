// SPDX-License-Identifier: GPL-2.0
/* Exports gplf_dup_sym with EXPORT_SYMBOL; see gplf_dup_future.c. */
#include <linux/module.h>

int gplf_dup_sym(void);

int gplf_dup_sym(void)
{
	return 2;
}
EXPORT_SYMBOL(gplf_dup_sym);

MODULE_DESCRIPTION("Plain half of a duplicate export");
MODULE_LICENSE("GPL");

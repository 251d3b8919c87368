// SPDX-License-Identifier: GPL-2.0
/*
 * Exports gplf_dup_sym with EXPORT_SYMBOL_GPL_FUTURE; gplf_dup_plain
 * exports the same name with EXPORT_SYMBOL.  modpost lets two external
 * modules do that, so only the loader's duplicate check stands between them.
 */
#include <linux/module.h>

int gplf_dup_sym(void);

int gplf_dup_sym(void)
{
	return 1;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_dup_sym);

MODULE_DESCRIPTION("Future-GPL half of a duplicate export");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * symbol_get() of a future-GPL symbol: refused, as for every symbol that
 * is not EXPORT_SYMBOL_GPL (see the series' cover letter).
 */
#include <linux/module.h>
#include "gplf_compat.h"

static int __init gplf_symget_init(void)
{
	int (*add)(int a, int b) = symbol_get(test_gpl_future_add);

	if (add) {
		symbol_put(test_gpl_future_add);
		pr_err("gplf_symget: symbol_get returned the symbol\n");
		return -EINVAL;
	}
	pr_info("gplf_symget: symbol_get refused\n");
	return 0;
}
module_init(gplf_symget_init);

static void __exit gplf_symget_exit(void)
{
}
module_exit(gplf_symget_exit);

MODULE_DESCRIPTION("symbol_get() of an EXPORT_SYMBOL_GPL_FUTURE symbol");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/* A proprietary module binding a future-GPL symbol of gplf_exporter. */
#include <linux/module.h>

int gplf_exporter_triple(int x);

static int __init gplf_mod_prop_init(void)
{
	if (gplf_exporter_triple(7) != 21)
		return -EINVAL;
	pr_info("gplf_mod_prop: future-GPL values ok\n");
	return 0;
}
module_init(gplf_mod_prop_init);

static void __exit gplf_mod_prop_exit(void)
{
}
module_exit(gplf_mod_prop_exit);

MODULE_DESCRIPTION("Binds a module's EXPORT_SYMBOL_GPL_FUTURE symbol");
MODULE_LICENSE("Proprietary");

// SPDX-License-Identifier: GPL-2.0
/* A GPL module binding a future-GPL symbol of gplf_exporter: silent. */
#include <linux/module.h>

int gplf_exporter_triple(int x);

static int __init gplf_mod_gpl_init(void)
{
	return gplf_exporter_triple(7) == 21 ? 0 : -EINVAL;
}
module_init(gplf_mod_gpl_init);

static void __exit gplf_mod_gpl_exit(void)
{
}
module_exit(gplf_mod_gpl_exit);

MODULE_DESCRIPTION("GPL user of a module's EXPORT_SYMBOL_GPL_FUTURE symbol");
MODULE_LICENSE("GPL");

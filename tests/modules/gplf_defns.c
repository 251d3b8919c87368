// SPDX-License-Identifier: GPL-2.0
/*
 * A future-GPL export under the file's default namespace: Kbuild sets
 * DEFAULT_SYMBOL_NAMESPACE for this file, as a subsystem Makefile does.
 */
#include <linux/module.h>

int gplf_defns_value(void);

int gplf_defns_value(void)
{
	return 7;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_defns_value);

static int __init gplf_defns_init(void)
{
	return 0;
}
module_init(gplf_defns_init);

static void __exit gplf_defns_exit(void)
{
}
module_exit(gplf_defns_exit);

MODULE_DESCRIPTION("Exports a future-GPL symbol in DEFAULT_SYMBOL_NAMESPACE");
MODULE_LICENSE("GPL");

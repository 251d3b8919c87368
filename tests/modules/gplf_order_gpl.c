// SPDX-License-Identifier: GPL-2.0
/*
 * gplf_order with an EXPORT_SYMBOL_GPL symbol, vmlinux's ktime_get(), in
 * place of the future-GPL one: what the kernel does to that module, in
 * either symbol order (gplf_order_gpl_swapped.ko, from
 * scripts/testmods/mangle-modules.sh), is what module.gpl_future=enforce
 * must do to gplf_order.
 */
#include <linux/module.h>
#include <linux/timekeeping.h>

int gplf_prop_plain(void);

static int __init gplf_order_gpl_init(void)
{
	return ktime_get() >= 0 && gplf_prop_plain() == 2 ? 0 : -EINVAL;
}
module_init(gplf_order_gpl_init);

static void __exit gplf_order_gpl_exit(void)
{
}
module_exit(gplf_order_gpl_exit);

MODULE_DESCRIPTION("Binds a GPL-only and a proprietary module's symbol");
MODULE_LICENSE("GPL");

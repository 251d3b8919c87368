// SPDX-License-Identifier: GPL-2.0
/*
 * gplf_order_weak with an EXPORT_SYMBOL_GPL symbol, vmlinux's
 * ktime_get(), in place of the future-GPL one: what the kernel does to
 * that module, in either symbol order, is what module.gpl_future=enforce
 * must do to gplf_order_weak.
 */
#include <linux/module.h>
#include <linux/timekeeping.h>

int gplf_prop_plain(void) __weak;

static bool bound;
module_param(bound, bool, 0444);

static int __init gplf_order_weak_gpl_init(void)
{
	bound = gplf_prop_plain;
	if (bound && gplf_prop_plain() != 2)
		return -EINVAL;
	return ktime_get() >= 0 ? 0 : -EINVAL;
}
module_init(gplf_order_weak_gpl_init);

static void __exit gplf_order_weak_gpl_exit(void)
{
}
module_exit(gplf_order_weak_gpl_exit);

MODULE_DESCRIPTION("Binds a GPL-only symbol, and a proprietary module's weakly");
MODULE_LICENSE("GPL");

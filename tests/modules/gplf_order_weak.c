// SPDX-License-Identifier: GPL-2.0
/*
 * gplf_order with only a weak reference to gplf_prop_exporter's
 * gplf_prop_plain(): bound, it passes on the proprietary taint; refused,
 * it is left NULL and the module loads.  gplf_order_weak_gpl is its twin
 * with vmlinux's GPL-only ktime_get() in place of the future-GPL symbol;
 * scripts/testmods/mangle-modules.sh writes both with the two imports
 * swapped (_swapped.ko).  parameters/bound says what the weak reference
 * got.
 */
#include <linux/module.h>
#include "gplf_compat.h"

int gplf_prop_plain(void) __weak;

static bool bound;
module_param(bound, bool, 0444);

static int __init gplf_order_weak_init(void)
{
	bound = gplf_prop_plain;
	if (bound && gplf_prop_plain() != 2)
		return -EINVAL;
	return test_gpl_future_add(2, 3) == 5 ? 0 : -EINVAL;
}
module_init(gplf_order_weak_init);

static void __exit gplf_order_weak_exit(void)
{
}
module_exit(gplf_order_weak_exit);

MODULE_DESCRIPTION("Binds a future-GPL symbol, and a proprietary module's weakly");
MODULE_LICENSE("GPL");

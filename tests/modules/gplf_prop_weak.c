// SPDX-License-Identifier: GPL-2.0
/*
 * A proprietary module with only a weak reference to a future-GPL
 * symbol: under module.gpl_future=enforce the symbol is refused and left
 * NULL, and the module loads, as with a weak reference to a GPL-only
 * symbol.  parameters/bound says which it got.
 */
#include <linux/module.h>

extern int test_gpl_future_add(int a, int b) __weak;

static bool bound;
module_param(bound, bool, 0444);

static int __init gplf_prop_weak_init(void)
{
	bound = test_gpl_future_add;
	return 0;
}
module_init(gplf_prop_weak_init);

static void __exit gplf_prop_weak_exit(void)
{
}
module_exit(gplf_prop_weak_exit);

MODULE_DESCRIPTION("Holds a weak reference to a future-GPL symbol");
MODULE_LICENSE("Proprietary");

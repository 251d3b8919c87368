// SPDX-License-Identifier: GPL-2.0
/*
 * A GPL module that uses a GPL-only symbol and a proprietary module's
 * future-GPL export: the loader must refuse it.
 */
#include <linux/module.h>
#include <linux/timekeeping.h>

int gplf_prop_future(void);

static int __init gplf_taint_gplonly_init(void)
{
	return ktime_get() >= 0 && gplf_prop_future() > 0 ? 0 : -EINVAL;
}
module_init(gplf_taint_gplonly_init);

static void __exit gplf_taint_gplonly_exit(void)
{
}
module_exit(gplf_taint_gplonly_exit);

MODULE_DESCRIPTION("Uses GPL-only symbols and a proprietary module's export");
MODULE_LICENSE("GPL");

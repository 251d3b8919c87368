// SPDX-License-Identifier: GPL-2.0
/* A GPL module using a proprietary module's future-GPL export. */
#include <linux/module.h>

int gplf_prop_future(void);

static int __init gplf_taint_future_init(void)
{
	return gplf_prop_future() > 0 ? 0 : -EINVAL;
}
module_init(gplf_taint_future_init);

static void __exit gplf_taint_future_exit(void)
{
}
module_exit(gplf_taint_future_exit);

MODULE_DESCRIPTION("A GPL module using a proprietary module's future-GPL export");
MODULE_LICENSE("GPL");

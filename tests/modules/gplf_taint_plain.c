// SPDX-License-Identifier: GPL-2.0
/* A GPL module using a proprietary module's plain export. */
#include <linux/module.h>

int gplf_prop_plain(void);

static int __init gplf_taint_plain_init(void)
{
	return gplf_prop_plain() > 0 ? 0 : -EINVAL;
}
module_init(gplf_taint_plain_init);

static void __exit gplf_taint_plain_exit(void)
{
}
module_exit(gplf_taint_plain_exit);

MODULE_DESCRIPTION("A GPL module using a proprietary module's plain export");
MODULE_LICENSE("GPL");

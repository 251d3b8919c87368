// SPDX-License-Identifier: GPL-2.0
/* Smoke test: a GPL module whose init and exit run and say so. */
#include <linux/module.h>

static int __init smoke_gpl_init(void)
{
	pr_info("smoke_gpl: init ran\n");
	return 0;
}
module_init(smoke_gpl_init);

static void __exit smoke_gpl_exit(void)
{
	pr_info("smoke_gpl: exit ran\n");
}
module_exit(smoke_gpl_exit);

MODULE_DESCRIPTION("Harness smoke test: a GPL module loads and unloads");
MODULE_LICENSE("GPL");

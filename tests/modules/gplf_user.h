/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Body of the modules that bind vmlinux's future-GPL test exports
 * (the series's test exporter, built in) and check the values they get.  Each module
 * includes it and declares its own license.
 */
#include <linux/module.h>
#include "gplf_compat.h"

static int __init gplf_user_init(void)
{
	int sum = test_gpl_future_add(2, 3);

	if (sum != 5 || test_gpl_future_magic != 0x6f1f2006) {
		pr_err("%s: wrong values: add %d, magic %#x\n",
		       KBUILD_MODNAME, sum, test_gpl_future_magic);
		return -EINVAL;
	}
	pr_info("%s: future-GPL values ok\n", KBUILD_MODNAME);
	return 0;
}
module_init(gplf_user_init);

static void __exit gplf_user_exit(void)
{
}
module_exit(gplf_user_exit);

MODULE_DESCRIPTION("Binds vmlinux's EXPORT_SYMBOL_GPL_FUTURE test symbols");

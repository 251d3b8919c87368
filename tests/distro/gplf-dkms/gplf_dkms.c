// SPDX-License-Identifier: GPL-2.0
/*
 * A vendor's proprietary module, built by DKMS against the kernel's
 * headers package: it binds vmlinux's future-GPL test exports (the
 * series's test exporter, built in), so modpost warns when it is built
 * and the kernel when it loads.  Its own source, as a DKMS package's is.
 */
#include <linux/module.h>
#include "test_gpl_future.h"

static int __init gplf_dkms_init(void)
{
	int sum = test_gpl_future_add(2, 3);

	if (sum != 5 || test_gpl_future_magic != 0x6f1f2006)
		return -EINVAL;
	pr_info("gplf_dkms: future-GPL values ok\n");
	return 0;
}
module_init(gplf_dkms_init);

static void __exit gplf_dkms_exit(void)
{
}
module_exit(gplf_dkms_exit);

MODULE_DESCRIPTION("A DKMS module binding EXPORT_SYMBOL_GPL_FUTURE symbols");
MODULE_LICENSE("Proprietary");

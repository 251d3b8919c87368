// SPDX-License-Identifier: GPL-2.0
/* A proprietary module binding a namespaced future-GPL symbol. */
#include <linux/module.h>
#include "gplf_compat.h"

static int __init gplf_ns_prop_init(void)
{
	if (test_gpl_future_ns_id() != 42)
		return -EINVAL;
	pr_info("gplf_ns_prop: future-GPL values ok\n");
	return 0;
}
module_init(gplf_ns_prop_init);

static void __exit gplf_ns_prop_exit(void)
{
}
module_exit(gplf_ns_prop_exit);

GPLF_IMPORT_NS(TEST_GPL_FUTURE);
MODULE_DESCRIPTION("Binds a namespaced EXPORT_SYMBOL_GPL_FUTURE symbol");
MODULE_LICENSE("Proprietary");

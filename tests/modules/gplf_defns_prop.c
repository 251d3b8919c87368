// SPDX-License-Identifier: GPL-2.0
/* A proprietary user of gplf_defns's export, importing its namespace. */
#include "gplf_compat.h"

int gplf_defns_value(void);

static int __init gplf_defns_prop_init(void)
{
	if (gplf_defns_value() != 7)
		return -EINVAL;
	pr_info("gplf_defns_prop: future-GPL values ok\n");
	return 0;
}
module_init(gplf_defns_prop_init);

static void __exit gplf_defns_prop_exit(void)
{
}
module_exit(gplf_defns_prop_exit);

GPLF_IMPORT_NS(GPLF_DEFNS);
MODULE_DESCRIPTION("Binds a future-GPL symbol of a default namespace");
MODULE_LICENSE("Proprietary");

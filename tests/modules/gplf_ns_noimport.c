// SPDX-License-Identifier: GPL-2.0
/*
 * A proprietary module using a namespaced future-GPL symbol without
 * importing the namespace.  modpost would refuse to build it, so it is
 * built with the import and scripts/testmods/rewrite-modinfo.sh renames the
 * import_ns entry afterwards, leaving the check to the loader.
 */
#include <linux/module.h>
#include "gplf_compat.h"

static int __init gplf_ns_noimport_init(void)
{
	return test_gpl_future_ns_id() == 42 ? 0 : -EINVAL;
}
module_init(gplf_ns_noimport_init);

static void __exit gplf_ns_noimport_exit(void)
{
}
module_exit(gplf_ns_noimport_exit);

GPLF_IMPORT_NS(TEST_GPL_FUTURE);
MODULE_DESCRIPTION("Uses a namespaced future-GPL symbol without the import");
MODULE_LICENSE("Proprietary");

// SPDX-License-Identifier: GPL-2.0
/*
 * A proprietary module that binds a future-GPL symbol and whose init
 * fails, as a driver's does without its hardware: it was bound all the
 * same, so it is warned.
 */
#include <linux/module.h>
#include "gplf_compat.h"

static int __init gplf_prop_initfail_init(void)
{
	return test_gpl_future_add(2, 3) == 5 ? -ENODEV : -EINVAL;
}
module_init(gplf_prop_initfail_init);

MODULE_DESCRIPTION("Binds a future-GPL symbol; its init fails");
MODULE_LICENSE("Proprietary");

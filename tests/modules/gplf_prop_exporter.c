// SPDX-License-Identifier: GPL-2.0
/*
 * A proprietary module that exports a future-GPL and a plain symbol: GPL
 * users inherit its taint, whichever macro exported what they use.
 */
#include <linux/module.h>

int gplf_prop_future(void);
int gplf_prop_plain(void);

int gplf_prop_future(void)
{
	return 1;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_prop_future);

int gplf_prop_plain(void)
{
	return 2;
}
EXPORT_SYMBOL(gplf_prop_plain);

MODULE_DESCRIPTION("Proprietary exporter of future-GPL and plain symbols");
MODULE_LICENSE("Proprietary");

// SPDX-License-Identifier: GPL-2.0
/* A GPL module that exports a future-GPL symbol to other modules. */
#include <linux/module.h>

int gplf_exporter_triple(int x);

int gplf_exporter_triple(int x)
{
	return 3 * x;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_exporter_triple);

MODULE_DESCRIPTION("Exports a symbol with EXPORT_SYMBOL_GPL_FUTURE");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * A proprietary module that binds a future-GPL symbol and exports
 * gplf_dup_sym, as gplf_dup_plain does: loaded after it, the loader's
 * duplicate check refuses it once its symbols are bound, and a module
 * that never loads is not warned.
 */
#include <linux/module.h>
#include "gplf_compat.h"

int gplf_dup_sym(void);

int gplf_dup_sym(void)
{
	return test_gpl_future_add(2, 3);
}
EXPORT_SYMBOL(gplf_dup_sym);

MODULE_DESCRIPTION("Binds a future-GPL symbol; exports a duplicate");
MODULE_LICENSE("Proprietary");

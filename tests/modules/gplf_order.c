// SPDX-License-Identifier: GPL-2.0
/*
 * A GPL module that binds vmlinux's future-GPL test_gpl_future_add() and
 * gplf_prop_exporter's plain gplf_prop_plain(), which passes on the
 * proprietary taint.  scripts/testmods/mangle-modules.sh writes a copy with the
 * two swapped in the symbol table, gplf_order_swapped.ko: the loader
 * meets them in the other order, and must decide the same.
 */
#include <linux/module.h>
#include "gplf_compat.h"

int gplf_prop_plain(void);

static int __init gplf_order_init(void)
{
	return test_gpl_future_add(2, 3) + gplf_prop_plain() == 7 ? 0 : -EINVAL;
}
module_init(gplf_order_init);

static void __exit gplf_order_exit(void)
{
}
module_exit(gplf_order_exit);

MODULE_DESCRIPTION("Binds a future-GPL and a proprietary module's symbol");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * Never loaded.  scripts/testmods/mangle-modules.sh reads from its .gplf_layout
 * section where the fields the series adds to struct module begin (they
 * are the last ones) and how big struct module is, then fills those bytes
 * of other modules' .gnu.linkonce.this_module with 0xff: the loader must
 * set every such field itself (tests/suite/malformed.t).
 */
#include <linux/module.h>

static const u32 gplf_layout[] __used __section(".gplf_layout") = {
	offsetof(struct module, num_gpl_future_syms),
	sizeof(struct module),
};

MODULE_DESCRIPTION("Where the series' fields lie in struct module");
MODULE_LICENSE("GPL");

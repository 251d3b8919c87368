// SPDX-License-Identifier: GPL-2.0
/*
 * Never loaded.  scripts/testmods/mangle-modules.sh reads from its .gplf_layout
 * section where the fields the series adds to struct module begin (they
 * are the last ones) and how big struct module is, then fills those bytes
 * of other modules' .gnu.linkonce.this_module with 0xff: the loader must
 * set every such field itself (tests/suite/malformed.t).
 */
#include <linux/module.h>
#include <linux/version.h>

/*
 * 6.12: the three fields of the __ksymtab_gpl_future table come first.
 * 7.3 (export flags in __kflagstab since 7.1): the feature adds none; the
 * optional record (CONFIG_MODULE_GPL_FUTURE_RECORD) adds one pointer.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 1, 0)
#define GPLF_FIRST_FIELD	gpl_future_imports
#else
#define GPLF_FIRST_FIELD	num_gpl_future_syms
#endif

static const u32 gplf_layout[] __used __section(".gplf_layout") = {
	offsetof(struct module, GPLF_FIRST_FIELD),
	sizeof(struct module),
};

MODULE_DESCRIPTION("Where the series' fields lie in struct module");
MODULE_LICENSE("GPL");

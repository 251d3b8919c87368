// SPDX-License-Identifier: GPL-2.0
/*
 * Never loaded.  scripts/testmods/mangle-modules.sh reads from its
 * .gplf_layout section where the fields the series adds to struct module
 * begin (they are the last ones), how big struct module is and where the
 * fields whose bytes the loader keeps lie, then fills other bytes of other
 * modules' .gnu.linkonce.this_module with 0xff: the loader must set those
 * fields itself (tests/suite/fill.t).
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

/*
 * Where the series' fields begin and sizeof(struct module); then, as
 * (offset, size) pairs, the fields whose bytes the loader takes from the
 * file: name, init and exit (size 0 without CONFIG_MODULE_UNLOAD); and the
 * per-CPU area's address and size (size 0 without CONFIG_SMP).
 */
#define GPLF_FIELD(f)	offsetof(struct module, f), sizeof_field(struct module, f)

static const u32 gplf_layout[] __used __section(".gplf_layout") = {
	offsetof(struct module, GPLF_FIRST_FIELD),
	sizeof(struct module),
	GPLF_FIELD(name),
	GPLF_FIELD(init),
#ifdef CONFIG_MODULE_UNLOAD
	GPLF_FIELD(exit),
#else
	0, 0,
#endif
#ifdef CONFIG_SMP
	GPLF_FIELD(percpu),
	GPLF_FIELD(percpu_size),
#else
	0, 0, 0, 0,
#endif
};

MODULE_DESCRIPTION("Where the series' fields lie in struct module");
MODULE_LICENSE("GPL");

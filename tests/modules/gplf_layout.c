// SPDX-License-Identifier: GPL-2.0
/*
 * Never loaded.  scripts/testmods/mangle-modules.sh reads from its
 * .gplf_layout section where the fields the series adds to struct module
 * begin, how big struct module is and where the fields whose bytes the
 * loader keeps lie, then fills other bytes of other modules'
 * .gnu.linkonce.this_module with 0xff: the loader must set those fields
 * itself (tests/suite/fill.t).
 */
#include <linux/module.h>
#include <linux/version.h>

/*
 * 6.12: the three fields of the __ksymtab_gpl_future table come first.
 * 7.3 (export flags in __kflagstab since 7.1): the feature adds none; the
 * optional record (CONFIG_MODULE_GPL_FUTURE_RECORD) adds one pointer.
 * The series appends its fields: they are the last ones, unless
 * CONFIG_RANDSTRUCT moves them.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 1, 0)
#define GPLF_FIRST	offsetof(struct module, num_gpl_future_syms)
#elif defined(CONFIG_MODULE_GPL_FUTURE_RECORD)
#define GPLF_FIRST	offsetof(struct module, gpl_future_imports)
#else
#define GPLF_FIRST	sizeof(struct module)	/* none */
#endif

/*
 * Where the series' fields begin and sizeof(struct module); then, as
 * (offset, size) pairs, the fields whose bytes the loader takes from the
 * file: name, init and exit (size 0 without CONFIG_MODULE_UNLOAD); and the
 * per-CPU area's address and size (size 0 without CONFIG_SMP).
 */
static const u32 gplf_layout[] __used __section(".gplf_layout") = {
	GPLF_FIRST,
	sizeof(struct module),
	offsetof(struct module, name), sizeof_field(struct module, name),
	offsetof(struct module, init), sizeof_field(struct module, init),
#ifdef CONFIG_MODULE_UNLOAD
	offsetof(struct module, exit), sizeof_field(struct module, exit),
#else
	0, 0,
#endif
#ifdef CONFIG_SMP
	offsetof(struct module, percpu), sizeof_field(struct module, percpu),
	offsetof(struct module, percpu_size), sizeof_field(struct module, percpu_size),
#else
	0, 0, 0, 0,
#endif
};

MODULE_DESCRIPTION("Where the series' fields lie in struct module");
MODULE_LICENSE("GPL");

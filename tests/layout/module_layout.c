// SPDX-License-Identifier: GPL-2.0
/*
 * Compiled to assembly, never linked, as the kernel's asm-offsets.c is:
 * the size of struct module and where the fields the series adds lie,
 * for the pristine and the patched tree with one cell's configuration
 * (scripts/harness/module-layout.sh, scripts/checks/layout-tests.sh).
 */
#include <linux/kbuild.h>
#include <linux/module.h>
#include <linux/version.h>

void module_layout(void);

void module_layout(void)
{
	DEFINE(MODULE_SIZE, sizeof(struct module));
/* Only a patched tree defines the macro. */
#ifdef EXPORT_SYMBOL_GPL_FUTURE
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 1, 0)
	/* 6.12 and 6.1: the table's three fields, and the record's pointer. */
	OFFSET(NUM_GPL_FUTURE_SYMS, module, num_gpl_future_syms);
	OFFSET(GPL_FUTURE_SYMS, module, gpl_future_syms);
	OFFSET(GPL_FUTURE_CRCS, module, gpl_future_crcs);
	OFFSET(GPL_FUTURE_IMPORTS, module, gpl_future_imports);
#elif defined(CONFIG_MODULE_GPL_FUTURE_RECORD)
	/* 7.3: a flag bit, no field; the optional record's pointer. */
	OFFSET(GPL_FUTURE_IMPORTS, module, gpl_future_imports);
#endif
#endif
}

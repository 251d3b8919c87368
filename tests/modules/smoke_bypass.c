// SPDX-License-Identifier: GPL-2.0
/*
 * Smoke test for the loader's own GPL-only check.  modpost refuses to
 * build a non-GPL module that uses an EXPORT_SYMBOL_GPL symbol, so this
 * one is built as "GPL v2" and scripts/testmods/rewrite-modinfo.sh
 * rewrites its .modinfo license to "NVIDIA" (the license string of a
 * well-known non-GPL module, and as long) afterwards, as a modpost
 * bypass would.  (Since 6.13 a license with an embedded NUL, which could
 * reserve room for a longer one, no longer builds.)
 */
#include <linux/module.h>
#include <linux/timekeeping.h>

static int __init smoke_bypass_init(void)
{
	/* ktime_get() is EXPORT_SYMBOL_GPL and present in every config. */
	pr_info("smoke_bypass: loaded at %lld\n", ktime_get());
	return 0;
}
module_init(smoke_bypass_init);

static void __exit smoke_bypass_exit(void)
{
}
module_exit(smoke_bypass_exit);

MODULE_DESCRIPTION("Harness smoke test: relicensed GPL-only symbol user");
MODULE_LICENSE("GPL v2");

// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter tests/mangle/ko-mangle breaks in every way the loader
 * must refuse (tests/suite/malformed.t): one entry in __ksymtab and
 * __ksymtab_gpl, four in __ksymtab_gpl_future, one of them per-CPU data,
 * whose value lies outside the module's memory and must still pass.
 */
#include <linux/module.h>
#include <linux/percpu.h>

int gplf_mangle_plain(void);
int gplf_mangle_gpl(void);
int gplf_mangle_a(void);
int gplf_mangle_b(void);
int gplf_mangle_c(void);

int gplf_mangle_plain(void)
{
	return 1;
}
EXPORT_SYMBOL(gplf_mangle_plain);

int gplf_mangle_gpl(void)
{
	return 2;
}
EXPORT_SYMBOL_GPL(gplf_mangle_gpl);

int gplf_mangle_a(void)
{
	return 3;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_mangle_a);

int gplf_mangle_b(void)
{
	return 4;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_mangle_b);

int gplf_mangle_c(void)
{
	return 5;
}
EXPORT_SYMBOL_GPL_FUTURE(gplf_mangle_c);

DEFINE_PER_CPU(int, gplf_mangle_pcpu) = 6;
EXPORT_SYMBOL_GPL_FUTURE(gplf_mangle_pcpu);

static int __init gplf_mangle_init(void)
{
	return 0;
}
module_init(gplf_mangle_init);

static void __exit gplf_mangle_exit(void)
{
}
module_exit(gplf_mangle_exit);

MODULE_DESCRIPTION("Exports one symbol of each kind for the malformed-module tests");
MODULE_LICENSE("GPL");

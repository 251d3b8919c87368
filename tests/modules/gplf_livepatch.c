// SPDX-License-Identifier: GPL-2.0
/*
 * A live patch (GPL, as live patches must be) whose new function calls
 * vmlinux's future-GPL test export: /proc/cmdline shows its result while
 * the patch is enabled.  Built where the kernel has CONFIG_LIVEPATCH
 * (the distro cell, tests/suite/distro.t).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/livepatch.h>
#include <linux/seq_file.h>
#include "gplf_compat.h"

static int gplf_cmdline_proc_show(struct seq_file *m, void *v)
{
	seq_printf(m, "gplf_livepatch: test_gpl_future_add(2, 3) = %d\n",
		   test_gpl_future_add(2, 3));
	return 0;
}

static struct klp_func funcs[] = {
	{
		.old_name = "cmdline_proc_show",
		.new_func = gplf_cmdline_proc_show,
	}, { }
};

static struct klp_object objs[] = {
	{
		/* vmlinux */
		.funcs = funcs,
	}, { }
};

static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static int __init gplf_livepatch_init(void)
{
	return klp_enable_patch(&patch);
}
module_init(gplf_livepatch_init);

static void __exit gplf_livepatch_exit(void)
{
}
module_exit(gplf_livepatch_exit);

MODULE_DESCRIPTION("Live patch calling an EXPORT_SYMBOL_GPL_FUTURE symbol");
MODULE_LICENSE("GPL");
MODULE_INFO(livepatch, "Y");

// SPDX-License-Identifier: GPL-2.0
/* A GPL module binding gplf_asm_exporter's assembly future-GPL export. */
#include <linux/module.h>
#include "gplf_asm.h"

static int __init gplf_asm_gpl_init(void)
{
	int sum = gplf_asm_add(20, 22);

	if (sum != 42) {
		pr_err("gplf_asm_gpl: gplf_asm_add(20, 22) = %d\n", sum);
		return -EINVAL;
	}
	pr_info("gplf_asm_gpl: future-GPL values ok\n");
	return 0;
}
module_init(gplf_asm_gpl_init);

static void __exit gplf_asm_gpl_exit(void)
{
}
module_exit(gplf_asm_gpl_exit);

MODULE_DESCRIPTION("Binds an assembly EXPORT_SYMBOL_GPL_FUTURE symbol of a module");
MODULE_LICENSE("GPL");

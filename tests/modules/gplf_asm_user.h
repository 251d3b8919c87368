/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Body of the modules that bind gplf_asm_exporter's assembly future-GPL
 * export and check the value they get.  Each module includes it and
 * declares its own license, as the users of gplf_user.h do.
 */
#include <linux/module.h>
#include "gplf_asm.h"

static int __init gplf_asm_user_init(void)
{
	int sum = gplf_asm_add(20, 22);

	if (sum != 42) {
		pr_err("%s: gplf_asm_add(20, 22) = %d\n", KBUILD_MODNAME, sum);
		return -EINVAL;
	}
	pr_info("%s: future-GPL values ok\n", KBUILD_MODNAME);
	return 0;
}
module_init(gplf_asm_user_init);

static void __exit gplf_asm_user_exit(void)
{
}
module_exit(gplf_asm_user_exit);

MODULE_DESCRIPTION("Binds an assembly EXPORT_SYMBOL_GPL_FUTURE symbol of a module");

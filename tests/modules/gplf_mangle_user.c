// SPDX-License-Identifier: GPL-2.0
/*
 * A proprietary user of every future-GPL export of gplf_mangle, the
 * per-CPU one included: shows that the well-formed exporter's entries
 * all pass the loader's checks and resolve.
 */
#include <linux/module.h>
#include <linux/percpu.h>

int gplf_mangle_plain(void);
int gplf_mangle_a(void);
int gplf_mangle_b(void);
int gplf_mangle_c(void);
DECLARE_PER_CPU(int, gplf_mangle_pcpu);

static int __init gplf_mangle_user_init(void)
{
	/*
	 * CPU 0's copy, through per_cpu(): this_cpu_read() disables
	 * preemption, and on arm64 that calls the GPL-only
	 * preempt_schedule_notrace(), which modpost refuses to a
	 * proprietary module.
	 */
	int sum = gplf_mangle_plain() + gplf_mangle_a() + gplf_mangle_b() +
		  gplf_mangle_c() + per_cpu(gplf_mangle_pcpu, 0);

	pr_info("gplf_mangle_user: sum %d\n", sum);
	return 0;
}
module_init(gplf_mangle_user_init);

static void __exit gplf_mangle_user_exit(void)
{
}
module_exit(gplf_mangle_user_exit);

MODULE_DESCRIPTION("Uses every export of gplf_mangle");
MODULE_LICENSE("Proprietary");

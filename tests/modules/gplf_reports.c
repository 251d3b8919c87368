// SPDX-License-Identifier: GPL-2.0
/*
 * Makes the kernel's checkers report on request, to show that the final
 * no_kernel_reports case of every suite catches what it claims to.  Only
 * tests/suite/reports.t loads it; scripts/checks/host-tests.sh expects that
 * suite to fail and checks why.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

static bool warn;
module_param(warn, bool, 0);
MODULE_PARM_DESC(warn, "WARN() once");
static bool leak;
module_param(leak, bool, 0);
MODULE_PARM_DESC(leak, "allocate and forget 16 x 16 KiB (kmemleak)");
static unsigned int overread;
module_param(overread, uint, 0);
MODULE_PARM_DESC(overread, "read one byte past a kmalloc(overread) (KASAN)");
static bool lock_inversion;
module_param(lock_inversion, bool, 0);
MODULE_PARM_DESC(lock_inversion, "take two mutexes in both orders (lockdep)");
static bool atomic_sleep;
module_param(atomic_sleep, bool, 0);
MODULE_PARM_DESC(atomic_sleep, "might_sleep() under a spinlock (DEBUG_ATOMIC_SLEEP)");

static DEFINE_MUTEX(gplf_lock_a);
static DEFINE_MUTEX(gplf_lock_b);
static DEFINE_SPINLOCK(gplf_spin);

static void lock_pair(struct mutex *first, struct mutex *second)
{
	mutex_lock(first);
	mutex_lock(second);
	mutex_unlock(second);
	mutex_unlock(first);
}

/* noinline: the KASAN report then names this function, as the test expects. */
static noinline int read_past_end(unsigned int size)
{
	char *buf = kmalloc(size, GFP_KERNEL);
	int byte;

	if (!buf)
		return -ENOMEM;
	byte = READ_ONCE(buf[size]);
	kfree(buf);
	return byte;
}

static int __init gplf_reports_init(void)
{
	int i;

	/* Lockdep first: any other report taints and so turns it off. */
	if (lock_inversion) {
		lock_pair(&gplf_lock_a, &gplf_lock_b);
		lock_pair(&gplf_lock_b, &gplf_lock_a);
	}
	if (atomic_sleep) {
		spin_lock(&gplf_spin);
		might_sleep();
		spin_unlock(&gplf_spin);
	}
	WARN(warn, "gplf_reports: warning on request\n");
	/*
	 * Past the slab caches: on 7.3 a kmalloc-1k object stays referenced
	 * from its cache's per-CPU array after it is handed out, and
	 * kmemleak never reports it.  Many: kmemleak is conservative, and a
	 * stale copy of a pointer left in scanned memory (an IRQ stack)
	 * hides that object.  Under TCG on 6.12 it reported 1 to 3 of 4, and
	 * none in 2 boots of 8; 1 to 4 of 16, never none in 12 boots.  The
	 * suite needs one report.
	 */
	for (i = 0; leak && i < 16; i++)
		if (!kmalloc(16384, GFP_KERNEL))
			return -ENOMEM;
	if (overread && read_past_end(overread) < 0)
		return -ENOMEM;
	pr_info("gplf_reports: done\n");
	return 0;
}
module_init(gplf_reports_init);

MODULE_DESCRIPTION("Triggers kernel checker reports for the harness's own tests");
MODULE_LICENSE("GPL");

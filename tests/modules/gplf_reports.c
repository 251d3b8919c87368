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
MODULE_PARM_DESC(leak, "allocate and forget 16 x 16 KiB and 16 x 4 KiB (kmemleak)");
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
	/* Unsigned: the byte past the end is any value, never an error. */
	unsigned char *buf = kmalloc(size, GFP_KERNEL);
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
	 * kmemleak is conservative: a stale copy of a pointer in scanned
	 * memory hides the object, and where such copies stay differs by
	 * base.  On 7.3 a slab object stays referenced from its cache's
	 * per-CPU sheaf after it is handed out (none of 16 kmalloc-192
	 * reported, 9 or 10 of 16 kmalloc-4k in 4 boots), while page-backed
	 * kmalloc(16384) was reported 16 of 16 in each of 5 boots.  On 6.12
	 * it is the other way round: 16 of 16 kmalloc-4k in each of 5 boots,
	 * 1 to 8 of 16 kmalloc(16384), and none in one CI run.  Leak both:
	 * the suite needs one report.
	 */
	for (i = 0; leak && i < 16; i++)
		if (!kmalloc(16384, GFP_KERNEL) || !kmalloc(4096, GFP_KERNEL))
			return -ENOMEM;
	if (overread && read_past_end(overread) < 0)
		return -ENOMEM;
	pr_info("gplf_reports: done\n");
	return 0;
}
module_init(gplf_reports_init);

MODULE_DESCRIPTION("Triggers kernel checker reports for the harness's own tests");
MODULE_LICENSE("GPL");

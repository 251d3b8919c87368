/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The series's test exports, which have no header a module outside the
 * kernel tree can include: declared here, as a vendor's package would.
 */
#ifndef _GPLF_DKMS_TEST_GPL_FUTURE_H
#define _GPLF_DKMS_TEST_GPL_FUTURE_H

#include <linux/types.h>

int test_gpl_future_add(int a, int b);
extern const u32 test_gpl_future_magic;

#endif /* _GPLF_DKMS_TEST_GPL_FUTURE_H */

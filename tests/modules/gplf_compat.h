/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test modules need that differs between the bases: the test
 * exports the series adds (6.12: lib/test_gpl_future.c, 7.3:
 * lib/tests/module/test_gpl_future.c, neither with a header a module
 * outside the tree can include on both), and the namespace argument of
 * MODULE_IMPORT_NS(), a string literal since 6.13.
 */
#ifndef _GPLF_COMPAT_H
#define _GPLF_COMPAT_H

#include <linux/module.h>
#include <linux/version.h>

int test_gpl_future_add(int a, int b);
extern const u32 test_gpl_future_magic;
int test_gpl_future_ns_id(void);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define GPLF_IMPORT_NS(ns)	MODULE_IMPORT_NS(#ns)
#else
#define GPLF_IMPORT_NS(ns)	MODULE_IMPORT_NS(ns)
#endif

#endif /* _GPLF_COMPAT_H */

// SPDX-License-Identifier: GPL-2.0
/* Exports a token-pasting macro builds: no line names gen_fn. */
#include <linux/export.h>

#define DEFINE_EXPORTED(name)				\
	int name##_fn(void) { return 0; }		\
	EXPORT_SYMBOL(name##_fn)

DEFINE_EXPORTED(gen);

/* A macro whose body names its export whole. */
#define DEFINE_WRAPPED()				\
	int wrapped_w(void) { return 0; }		\
	EXPORT_SYMBOL(wrapped_w)

DEFINE_WRAPPED();

int percpu_p;
EXPORT_PER_CPU_SYMBOL(percpu_p);

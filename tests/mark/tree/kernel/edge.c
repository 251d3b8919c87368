// SPDX-License-Identifier: GPL-2.0
/* What looks like an export and is not, and what is one in disguise. */
#include <linux/export.h>

/* EXPORT_SYMBOL(commented_c) in a comment exports nothing, */
// nor EXPORT_SYMBOL(line_comment_l),
static const char *s = "EXPORT_SYMBOL(string_s);";

#if 0
EXPORT_SYMBOL(dead_z);
#if 1
EXPORT_SYMBOL(dead_nested_n);
#endif
#else
EXPORT_SYMBOL(live_v);
#endif

/* A tracepoint's macro exports __tracepoint_traced_k, not traced_k. */
int traced_k(void) { return 0; }
EXPORT_SYMBOL(traced_k);
EXPORT_TRACEPOINT_SYMBOL(traced_k);

/* A subsystem's wrapper: mark its definition, not this line. */
#define SUBSYS_EXPORT_SYMBOL(sym) EXPORT_SYMBOL_GPL(sym)
int wrapped_gpl_q(void) { return 0; }
SUBSYS_EXPORT_SYMBOL(wrapped_gpl_q);

int split_m(void) { return 0; }
EXPORT_SYMBOL(
	split_m);

int for_modules_f(void) { return 0; }
EXPORT_SYMBOL_FOR_MODULES(for_modules_f, "kvm");

/* Two on a line, one a prefix of the other. */
int one_a(void) { return 0; } int one_ab(void) { return 0; }
EXPORT_SYMBOL(one_a); EXPORT_SYMBOL(one_ab);

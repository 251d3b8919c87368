// SPDX-License-Identifier: GPL-2.0
/* Each export form gpl-future-mark meets, one symbol each. */
#include <linux/export.h>

int plain_a(void) { return 1; }
EXPORT_SYMBOL(plain_a);

int ns_b(void) { return 2; }
EXPORT_SYMBOL_NS(ns_b, SAMPLE_NS);

int gpl_c(void) { return 3; }
EXPORT_SYMBOL_GPL(gpl_c);

int ns_gpl_g(void) { return 7; }
EXPORT_SYMBOL_NS_GPL(ns_gpl_g, SAMPLE_NS);

int future_d(void) { return 4; }
EXPORT_SYMBOL_GPL_FUTURE(future_d);

int spaced_h(void) { return 8; }
EXPORT_SYMBOL( spaced_h );

/* plain_a_suffix must not be taken for plain_a, nor the reverse. */
int plain_a_suffix(void) { return 9; }
EXPORT_SYMBOL(plain_a_suffix);

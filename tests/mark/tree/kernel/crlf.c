// SPDX-License-Identifier: GPL-2.0
#include <linux/export.h>
#define MAKE_CRLF() \
	int crlf_m(void) { return 0; } \
	EXPORT_SYMBOL(crlf_m)
MAKE_CRLF();
int crlf_plain_p(void) { return 0; }
EXPORT_SYMBOL(crlf_plain_p);

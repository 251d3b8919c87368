/* SPDX-License-Identifier: GPL-2.0 */
#include <linux/export.h>
	.text
	.globl asm_e
asm_e:
	ret
EXPORT_SYMBOL(asm_e)

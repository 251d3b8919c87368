// SPDX-License-Identifier: GPL-2.0
/*
 * A GPL module whose future-GPL export is in assembly (gplf_asm_add.S):
 * the license and description live here, as a .S file cannot give them.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("Exports an assembly function with EXPORT_SYMBOL_GPL_FUTURE");
MODULE_LICENSE("GPL");

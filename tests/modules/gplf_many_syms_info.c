// SPDX-License-Identifier: GPL-2.0
/*
 * A GPL module with many local symbols in .text (gplf_many_syms_tab.S,
 * written by scripts/testmods/gen-many-syms.sh): the seed of the fuzz
 * suite's copies whose core symbols share one long name.  Loaded only
 * as those copies.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("Holds many local symbols, two of them with long names");
MODULE_LICENSE("GPL");

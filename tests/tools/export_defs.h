/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Export macro definitions written the way include/linux/export.h writes
 * them.  They export nothing, so checkpatch must not ask them to follow a
 * function.
 */
#ifndef _SAMPLE_EXPORT_DEFS_H
#define _SAMPLE_EXPORT_DEFS_H

#define EXPORT_SYMBOL_SAMPLE(sym)		_EXPORT_SYMBOL(sym, "")
#define EXPORT_SYMBOL_NS_SAMPLE(sym, ns)	__EXPORT_SYMBOL(sym, "", ns)

#define EXPORT_SYMBOL_LONE_SAMPLE(sym)		_EXPORT_SYMBOL(sym, "GPL")

#endif /* _SAMPLE_EXPORT_DEFS_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/* The series' macros, as gpl-future-mark looks for them; defines no body. */
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS(sym, ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#define EXPORT_SYMBOL_GPL_FUTURE(sym)
#define EXPORT_SYMBOL_NS_GPL_FUTURE(sym, ns)

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A future-GPL export from assembly: gplf_asm_add(a, b) returns a + b on
 * each architecture the cells build.  Assembly exports take their macros
 * from <linux/export.h> since 6.5, from <asm-generic/export.h> before:
 * <asm/export.h>, which wraps it, exists only on the architectures whose
 * Kbuild lists it (x86, not arm64, whose assembly gets it through
 * <asm/assembler.h>).
 */
#include <linux/version.h>
#include <linux/linkage.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
#include <linux/export.h>
#else
#include <asm-generic/export.h>
#endif

	.text
SYM_FUNC_START(gplf_asm_add)
#if defined(CONFIG_X86_64)
	leal	(%rdi,%rsi), %eax
	RET
#elif defined(CONFIG_X86_32)
	/* The kernel is built with -mregparm=3: a in %eax, b in %edx. */
	addl	%edx, %eax
	RET
#elif defined(CONFIG_ARM64)
	add	w0, w0, w1
	ret
#else
#error "gplf_asm_add: no implementation for this architecture"
#endif
SYM_FUNC_END(gplf_asm_add)
EXPORT_SYMBOL_GPL_FUTURE(gplf_asm_add)

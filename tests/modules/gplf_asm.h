/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gplf_asm_add() is written in assembly (gplf_asm_add.S).  Its C
 * declaration, for its users and for genksyms: with MODVERSIONS an
 * assembly export's CRC comes from a C declaration, which the kernel's
 * own take from <asm/asm-prototypes.h> and this module passes with
 * -include (Kbuild).
 */
#ifndef GPLF_ASM_H
#define GPLF_ASM_H
int gplf_asm_add(int a, int b);
#endif

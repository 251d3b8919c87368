// SPDX-License-Identifier: GPL-2.0
/*
 * ko-mangle: write a broken copy of a module, one defect at a time, for
 * the loader's malformed-module tests (tests/suite/malformed.t).
 *
 *   ko-mangle IN OUT grow SECTION BYTES   SECTION takes BYTES more of the
 *                                         file, so its size is no longer
 *                                         a whole number of entries
 *   ko-mangle IN OUT shrink SECTION BYTES SECTION loses its last BYTES
 *   ko-mangle IN OUT noalloc SECTION      SECTION loses SHF_ALLOC
 *   ko-mangle IN OUT unname SECTION       SECTION's name loses its first
 *                                         character: the section is gone
 *                                         for a lookup by name
 *   ko-mangle IN OUT swap TABLE I J       entries I and J of the export
 *                                         table TABLE change places
 *   ko-mangle IN OUT rename TABLE I TABLE2 J
 *                                         entry I of TABLE takes the name
 *                                         of entry J of TABLE2
 *   ko-mangle IN OUT move TABLE I FIELD DELTA
 *                                         entry I's FIELD (value, name or
 *                                         namespace) points DELTA bytes
 *                                         further
 *   ko-mangle IN OUT swapsym SYMBOL SYMBOL2
 *                                         the two global symbols change
 *                                         places in .symtab (relocations
 *                                         follow), so the loader meets
 *                                         them in the other order
 *   ko-mangle IN OUT alias SYMBOL SYMBOL2 global SYMBOL takes the name of
 *                                         SYMBOL2: the module lists that
 *                                         name twice
 *   ko-mangle IN OUT fill SECTION OFFSET LENGTH BYTE
 *                                         LENGTH bytes of SECTION from
 *                                         OFFSET on become BYTE
 *
 * An export table's entries are struct kernel_symbol: three fields, each
 * filled in by one relocation, so the tool edits relocations and, for a
 * swap, the CRCs of the matching __kcrctab* section.  With RELA (x86_64,
 * arm64) the addend is in the relocation; with REL (i386) it is the
 * 32-bit word the relocation patches, in the table itself.  Each
 * operation checks that it changed what it meant to; any error exits 1
 * and leaves no OUT.
 */
#include <err.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOOL "ko-mangle"
#include "tool-fail.h"

static struct Elf *elf;	/* the copy being edited (libelf's Elf) */

static Elf_Scn *find_section(const char *name, GElf_Shdr *shdr)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		fail("%s", elf_errmsg(-1));
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, shdr))
			fail("%s", elf_errmsg(-1));
		n = elf_strptr(elf, shstrndx, shdr->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

static Elf_Scn *require_section(const char *name, GElf_Shdr *shdr)
{
	Elf_Scn *scn = find_section(name, shdr);

	if (!scn)
		fail("no section %s", name);
	return scn;
}

static void put_shdr(Elf_Scn *scn, GElf_Shdr *shdr)
{
	if (!gelf_update_shdr(scn, shdr))
		fail("%s", elf_errmsg(-1));
}

/* TABLE, its relocations, the number of entries and each one's size. */
struct table {
	const char *name;
	Elf_Data *data;
	Elf_Data *rela;
	int is_rel;
	size_t nr_rela, nr_entries, entry_size;
};

static void open_table(struct table *t, const char *name)
{
	char rela_name[256];
	GElf_Shdr shdr, rshdr;
	Elf_Scn *scn, *rela_scn;

	t->name = name;
	scn = require_section(name, &shdr);
	t->data = elf_getdata(scn, NULL);
	snprintf(rela_name, sizeof(rela_name), ".rela%s", name);
	rela_scn = find_section(rela_name, &rshdr);
	if (!rela_scn) {
		snprintf(rela_name, sizeof(rela_name), ".rel%s", name);
		rela_scn = require_section(rela_name, &rshdr);
	}
	t->is_rel = rshdr.sh_type == SHT_REL;
	if (!t->is_rel && rshdr.sh_type != SHT_RELA)
		fail("%s is neither SHT_REL nor SHT_RELA", rela_name);
	t->rela = elf_getdata(rela_scn, NULL);
	if (!t->data || !t->rela || !rshdr.sh_entsize)
		fail("cannot read %s", rela_name);
	t->nr_rela = rshdr.sh_size / rshdr.sh_entsize;
	/* Every entry has its value, name and namespace relocated. */
	if (!t->nr_rela || t->nr_rela % 3)
		fail("%s: not three relocations per entry", name);
	t->nr_entries = t->nr_rela / 3;
	t->entry_size = shdr.sh_size / t->nr_entries;
}

/* REL: the addend is the 32-bit word at the relocated offset. */
static int32_t *rel_addend(const struct table *t, GElf_Addr offset)
{
	if (offset + sizeof(int32_t) > t->data->d_size)
		fail("%s: relocation outside the table", t->name);
	return (int32_t *)((char *)t->data->d_buf + offset);
}

/* Relocation K of T, with its addend wherever the format keeps it. */
static void get_rela(const struct table *t, size_t k, GElf_Rela *rela)
{
	GElf_Rel rel;

	if (!t->is_rel) {
		if (!gelf_getrela(t->rela, k, rela))
			fail("%s", elf_errmsg(-1));
		return;
	}
	if (!gelf_getrel(t->rela, k, &rel))
		fail("%s", elf_errmsg(-1));
	rela->r_offset = rel.r_offset;
	rela->r_info = rel.r_info;
	rela->r_addend = *rel_addend(t, rel.r_offset);
}

static void put_rela(struct table *t, size_t k, GElf_Rela *rela)
{
	GElf_Rel rel = { .r_offset = rela->r_offset, .r_info = rela->r_info };

	if (t->is_rel) {
		if (!gelf_update_rel(t->rela, k, &rel))
			fail("%s", elf_errmsg(-1));
		*rel_addend(t, rela->r_offset) = rela->r_addend;
		elf_flagdata(t->data, ELF_C_SET, ELF_F_DIRTY);
	} else if (!gelf_update_rela(t->rela, k, rela)) {
		fail("%s", elf_errmsg(-1));
	}
	elf_flagdata(t->rela, ELF_C_SET, ELF_F_DIRTY);
}

/* The relocation of field FIELD (0 value, 1 name, 2 namespace) of entry I. */
static size_t find_rela(const struct table *t, size_t i, size_t field,
			GElf_Rela *rela)
{
	size_t want = i * t->entry_size + field * (t->entry_size / 3), k;

	if (i >= t->nr_entries)
		fail("%s: no such entry", t->name);
	for (k = 0; k < t->nr_rela; k++) {
		get_rela(t, k, rela);
		if (rela->r_offset == want)
			return k;
	}
	fail("%s: entry without a relocation", t->name);
	return 0;
}

static void resize(const char *name, long delta)
{
	GElf_Shdr shdr;
	Elf_Scn *scn = require_section(name, &shdr);
	GElf_Ehdr ehdr;

	if (!gelf_getehdr(elf, &ehdr))
		fail("%s", elf_errmsg(-1));
	if ((long)shdr.sh_size + delta < 0 ||
	    shdr.sh_offset + shdr.sh_size + delta > ehdr.e_shoff)
		fail("%s: size out of range", name);
	shdr.sh_size += delta;
	put_shdr(scn, &shdr);
}

static void clear_alloc(const char *name)
{
	GElf_Shdr shdr;
	Elf_Scn *scn = require_section(name, &shdr);

	shdr.sh_flags &= ~(GElf_Xword)SHF_ALLOC;
	put_shdr(scn, &shdr);
}

static void unname(const char *name)
{
	GElf_Shdr shdr;
	Elf_Scn *scn = require_section(name, &shdr);

	shdr.sh_name++;
	put_shdr(scn, &shdr);
}

/* Swap the CRCs of entries I and J, if TABLE has a CRC table. */
static void fill(const char *name, long offset, long length, long byte)
{
	GElf_Shdr shdr;
	Elf_Scn *scn = require_section(name, &shdr);
	Elf_Data *data = elf_getdata(scn, NULL);

	if (!data || !data->d_buf)
		fail("%s: no data", name);
	if (offset < 0 || length <= 0 || (size_t)(offset + length) > data->d_size)
		fail("%s: range out of the section", name);
	if (byte < 0 || byte > 255)
		fail("%s: not a byte value", name);
	memset((char *)data->d_buf + offset, byte, length);
	elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
}

/* The index in .symtab (SYMS, N entries, names in STRNDX) of global NAME. */
static size_t global_symbol(Elf_Data *syms, size_t n, size_t first_global,
			    size_t strndx, const char *name)
{
	GElf_Sym sym;
	size_t i;

	for (i = first_global; i < n; i++) {
		if (!gelf_getsym(syms, i, &sym))
			fail("%s", elf_errmsg(-1));
		if (!strcmp(elf_strptr(elf, strndx, sym.st_name) ?: "", name))
			return i;
	}
	fail("no global symbol %s", name);
	return 0;
}

/* Relocation K of DATA (REL or RELA) against symbol I now names J, and J I. */
static void swap_reloc_symbol(Elf_Data *data, int is_rel, size_t k,
			      size_t i, size_t j)
{
	GElf_Rela rela;
	GElf_Rel rel;
	size_t sym;

	if (is_rel ? !gelf_getrel(data, k, &rel) : !gelf_getrela(data, k, &rela))
		fail("%s", elf_errmsg(-1));
	sym = GELF_R_SYM(is_rel ? rel.r_info : rela.r_info);
	if (sym != i && sym != j)
		return;
	sym = sym == i ? j : i;
	if (is_rel) {
		rel.r_info = GELF_R_INFO(sym, GELF_R_TYPE(rel.r_info));
		if (!gelf_update_rel(data, k, &rel))
			fail("%s", elf_errmsg(-1));
	} else {
		rela.r_info = GELF_R_INFO(sym, GELF_R_TYPE(rela.r_info));
		if (!gelf_update_rela(data, k, &rela))
			fail("%s", elf_errmsg(-1));
	}
	elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
}

/* .symtab, and the indices and entries of two of its global symbols. */
struct symbol_pair {
	Elf_Scn *scn;
	Elf_Data *syms;
	size_t i, j;
	GElf_Sym si, sj;
};

static void find_symbol_pair(struct symbol_pair *p, const char *a, const char *b)
{
	GElf_Shdr shdr;
	size_t n;

	p->scn = require_section(".symtab", &shdr);
	p->syms = elf_getdata(p->scn, NULL);
	if (!p->syms || !shdr.sh_entsize)
		fail("%s", "cannot read .symtab");
	n = shdr.sh_size / shdr.sh_entsize;
	p->i = global_symbol(p->syms, n, shdr.sh_info, shdr.sh_link, a);
	p->j = global_symbol(p->syms, n, shdr.sh_info, shdr.sh_link, b);
	if (p->i == p->j || !gelf_getsym(p->syms, p->i, &p->si) ||
	    !gelf_getsym(p->syms, p->j, &p->sj))
		fail("%s and its pair are one symbol", a);
}

static void swap_symbols(const char *a, const char *b)
{
	struct symbol_pair p;
	GElf_Shdr rshdr;
	Elf_Scn *scn = NULL;
	Elf_Data *data;
	size_t k, symndx;

	find_symbol_pair(&p, a, b);
	if (!gelf_update_sym(p.syms, p.i, &p.sj) || !gelf_update_sym(p.syms, p.j, &p.si))
		fail("cannot swap %s", a);
	elf_flagdata(p.syms, ELF_C_SET, ELF_F_DIRTY);
	symndx = elf_ndxscn(p.scn);
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &rshdr))
			fail("%s", elf_errmsg(-1));
		if ((rshdr.sh_type != SHT_REL && rshdr.sh_type != SHT_RELA) ||
		    rshdr.sh_link != symndx || !rshdr.sh_entsize)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			fail("%s", elf_errmsg(-1));
		for (k = 0; k < rshdr.sh_size / rshdr.sh_entsize; k++)
			swap_reloc_symbol(data, rshdr.sh_type == SHT_REL, k, p.i, p.j);
	}
}

static void alias_symbol(const char *a, const char *b)
{
	struct symbol_pair p;

	find_symbol_pair(&p, a, b);
	p.si.st_name = p.sj.st_name;
	if (!gelf_update_sym(p.syms, p.i, &p.si))
		fail("%s", elf_errmsg(-1));
	elf_flagdata(p.syms, ELF_C_SET, ELF_F_DIRTY);
}

static void swap_crcs(const char *table, size_t i, size_t j)
{
	char crc_name[256];
	GElf_Shdr shdr;
	Elf_Scn *scn;
	Elf_Data *data;
	unsigned int *crc, tmp;

	snprintf(crc_name, sizeof(crc_name), "__kcrctab%s", table + strlen("__ksymtab"));
	scn = find_section(crc_name, &shdr);
	if (!scn)
		return;
	data = elf_getdata(scn, NULL);
	if (!data || (i + 1) * 4 > data->d_size || (j + 1) * 4 > data->d_size)
		fail("%s: no CRC for an entry", crc_name);
	crc = data->d_buf;
	tmp = crc[i];
	crc[i] = crc[j];
	crc[j] = tmp;
	elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
}

static void swap_entries(const char *name, size_t i, size_t j)
{
	struct table t;
	GElf_Rela ri, rj;
	size_t f, ki, kj;

	open_table(&t, name);
	if (i == j)
		fail("%s: swapping an entry with itself", name);
	for (f = 0; f < 3; f++) {
		ki = find_rela(&t, i, f, &ri);
		kj = find_rela(&t, j, f, &rj);
		ri.r_offset = j * t.entry_size + f * (t.entry_size / 3);
		rj.r_offset = i * t.entry_size + f * (t.entry_size / 3);
		put_rela(&t, ki, &ri);
		put_rela(&t, kj, &rj);
	}
	swap_crcs(name, i, j);
}

static void rename_entry(const char *name, size_t i, const char *from, size_t j)
{
	struct table t, src;
	GElf_Rela r, s;
	size_t k;

	open_table(&t, name);
	open_table(&src, from);
	k = find_rela(&t, i, 1, &r);
	find_rela(&src, j, 1, &s);
	if (r.r_info == s.r_info && r.r_addend == s.r_addend)
		fail("%s: entry already has that name", name);
	r.r_info = s.r_info;
	r.r_addend = s.r_addend;
	put_rela(&t, k, &r);
}

static void move_field(const char *name, size_t i, const char *field, long delta)
{
	static const char *const fields[] = { "value", "name", "namespace" };
	struct table t;
	GElf_Rela r;
	size_t f, k;

	for (f = 0; f < 3 && strcmp(field, fields[f]); f++)
		;
	if (f == 3 || !delta)
		fail("bad field or offset: %s", field);
	open_table(&t, name);
	k = find_rela(&t, i, f, &r);
	r.r_addend += delta;
	put_rela(&t, k, &r);
}

static void die_usage(void)
{
	fail("usage: ko-mangle IN OUT OP ARGS... (see the source)%s", "");
}

static void copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in = open(from, O_RDONLY), out;
	ssize_t n;

	if (in < 0)
		fail("cannot open %s", from);
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0)
		fail("cannot create %s", to);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			fail("cannot write %s", to);
	if (n < 0 || close(out))
		fail("cannot copy %s", from);
	close(in);
}

static long parse_number(const char *s)
{
	char *end;
	long v = strtol(s, &end, 0);

	if (!*s || *end)
		fail("not a number: %s", s);
	return v;
}

int main(int argc, char **argv)
{
	const char *op;
	int fd;

	if (argc < 5)
		die_usage();
	out_path = argv[2];
	op = argv[3];
	copy_file(argv[1], out_path);
	if (elf_version(EV_CURRENT) == EV_NONE)
		fail("%s", elf_errmsg(-1));
	fd = open(out_path, O_RDWR);
	if (fd < 0)
		fail("cannot open %s", out_path);
	elf = elf_begin(fd, ELF_C_RDWR, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		fail("%s: not an ELF file", argv[1]);
	/* Keep every offset: only the edited bytes change. */
	elf_flagelf(elf, ELF_C_SET, ELF_F_LAYOUT);

	if (!strcmp(op, "grow") && argc == 6)
		resize(argv[4], parse_number(argv[5]));
	else if (!strcmp(op, "shrink") && argc == 6)
		resize(argv[4], -parse_number(argv[5]));
	else if (!strcmp(op, "noalloc") && argc == 5)
		clear_alloc(argv[4]);
	else if (!strcmp(op, "unname") && argc == 5)
		unname(argv[4]);
	else if (!strcmp(op, "swap") && argc == 7)
		swap_entries(argv[4], parse_number(argv[5]), parse_number(argv[6]));
	else if (!strcmp(op, "rename") && argc == 8)
		rename_entry(argv[4], parse_number(argv[5]), argv[6], parse_number(argv[7]));
	else if (!strcmp(op, "move") && argc == 8)
		move_field(argv[4], parse_number(argv[5]), argv[6], parse_number(argv[7]));
	else if (!strcmp(op, "alias") && argc == 6)
		alias_symbol(argv[4], argv[5]);
	else if (!strcmp(op, "swapsym") && argc == 6)
		swap_symbols(argv[4], argv[5]);
	else if (!strcmp(op, "fill") && argc == 8)
		fill(argv[4], parse_number(argv[5]), parse_number(argv[6]),
		     parse_number(argv[7]));
	else
		die_usage();

	if (elf_update(elf, ELF_C_WRITE) < 0)
		fail("cannot write: %s", elf_errmsg(-1));
	elf_end(elf);
	close(fd);
	return 0;
}

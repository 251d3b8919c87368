/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ko-mutate.h: the mutation engine of the module fuzzer, shared by the
 * guest init's "fuzz" step (tests/init/init.c, nolibc) and the host tool
 * that writes a mutant again, alone, or applies a kept one
 * (tests/mangle/ko-fuzz.c).
 *
 * A mutant is a copy of a seed module (an ELF64 little-endian .ko, as
 * built for x86_64 and arm64) with one to four changes, each in a region
 * the loader parses: the ELF header, the section header table, the
 * export tables and their CRCs, their names, .gnu.linkonce.this_module
 * (struct module as the file holds it; the fields the series adds are a
 * region of their own), .modinfo, __versions, the symbol table and its
 * names, and the relocations of the tables and of struct module.  Code
 * and data the module runs with are left alone: a module is trusted
 * code, and a changed instruction is no loader's business.
 *
 * Mutant INDEX of run SEED depends on nothing else: any one of a run is
 * written again alone.  Each change is said as "REGION+OFFSET:OP=VALUE"
 * (OP: xor8, set8, set32, add32, set64; or ":trunc": the file ends
 * there), which ko-fuzz -a
 * takes back, so a finding is kept as text that outlives the build of
 * the seed it was found in.
 *
 * Only what nolibc has: the includer provides memcpy, memset, memcmp,
 * strcmp, strncmp and strlen.
 */
#ifndef KO_MUTATE_H
#define KO_MUTATE_H

/* The kernel's names for the sizes, in the two userspace includers. */
typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned char u8;

#define KM_MAX_REGIONS	96
#define KM_MAX_CHANGES	4
#define KM_DESC_SIZE	96

struct km_region {
	char name[48];		/* a section's, "shdr[NAME]", "ehdr", "shdrs", "series" */
	u64 off, size;	/* in the file */
	unsigned int stride;	/* 0, or the size of the entries ... */
	unsigned int field;	/* ... of which only the WIDTH bytes at FIELD */
	unsigned int width;
};

struct km_seed {
	const u8 *data;
	u64 size;
	u64 shoff;
	unsigned int shnum, shstrndx;
	struct km_region region[KM_MAX_REGIONS];
	unsigned int nregions;
};

struct km_change {
	char desc[KM_DESC_SIZE];
};

static inline u64 km_get(const u8 *p, unsigned int width)
{
	u64 v = 0;

	while (width--)
		v = v << 8 | p[width];
	return v;
}

static inline void km_put(u8 *p, unsigned int width, u64 v)
{
	unsigned int i;

	for (i = 0; i < width; i++, v >>= 8)
		p[i] = v & 0xff;
}

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* The fields of an Elf64_Shdr the engine reads, by offset. */
enum { KM_SH_NAME = 0, KM_SH_TYPE = 4, KM_SH_OFFSET = 0x18, KM_SH_SIZE = 0x20 };
#define KM_SHT_NOBITS	8

/* Field FIELD of section header I: sh_name and sh_type are 32-bit. */
static inline u64 km_shdr(const struct km_seed *s, unsigned int i, unsigned int field)
{
	return km_get(s->data + s->shoff + (u64)i * 64 + field, field < 8 ? 4 : 8);
}

/* The name of section I, or "" when it lies outside the file. */
static inline const char *km_section_name(const struct km_seed *s, unsigned int i)
{
	u64 strs = km_shdr(s, s->shstrndx, KM_SH_OFFSET);
	u64 strsize = km_shdr(s, s->shstrndx, KM_SH_SIZE);
	u64 name = km_shdr(s, i, KM_SH_NAME);
	u64 n;

	if (strs > s->size || strsize > s->size - strs || name >= strsize)
		return "";
	for (n = name; n < strsize; n++)
		if (!s->data[strs + n])
			return (const char *)s->data + strs + name;
	return "";
}

/* The section called NAME, or -1. */
static inline int km_find_section(const struct km_seed *s, const char *name)
{
	unsigned int i;

	for (i = 1; i < s->shnum; i++)
		if (!strcmp(km_section_name(s, i), name))
			return i;
	return -1;
}

/*
 * The sections whose bytes are mutated, a prefix when the name ends in
 * '*'.  Checked (the default): what the loader checks before it uses
 * it, the series' export tables foremost, and the section headers of
 * those sections; of the tables' relocations only the addends, which
 * say where an entry's name, value and namespace are.  Trusted (added
 * with "all"): what the loader uses as the file has it, as upstream
 * always has, a module being code: where relocations write and which
 * symbol they take, the symbol table, struct module beyond the series'
 * fields; and every other section header, which upstream checks in
 * part only (the offsets of inactive and NOBITS ones, the types of
 * .modinfo, __versions and .gnu.linkonce.this_module, are not).  A
 * crash there is the unpatched loader's.
 */
#define KM_BYTES	1	/* every byte */
#define KM_HEADER	2	/* its section header */
#define KM_ADDENDS	4	/* the r_addend of each Elf64_Rela */

static const struct km_rule {
	const char *pattern;
	unsigned int checked, trusted;
} km_rules[] = {
	{ "__ksymtab",			KM_BYTES | KM_HEADER,	0 },
	{ "__ksymtab_gpl",		KM_BYTES | KM_HEADER,	0 },
	{ "__ksymtab_gpl_future",	KM_BYTES | KM_HEADER,	0 },
	{ "__kflagstab",		KM_BYTES | KM_HEADER,	0 },
	{ "__kcrctab*",			KM_BYTES | KM_HEADER,	0 },
	{ "__ksymtab_strings",		KM_BYTES | KM_HEADER,	0 },
	{ ".modinfo",			KM_BYTES | KM_HEADER,	0 },
	{ "__versions",			KM_BYTES | KM_HEADER,	0 },
	{ ".strtab",			KM_BYTES,		0 },
	{ ".rela__ksymtab*",		KM_ADDENDS,		KM_BYTES },
	{ ".symtab",			0,			KM_BYTES },
	{ ".gnu.linkonce.this_module",	0,			KM_BYTES },
	{ ".rela.gnu.linkonce.this_module", 0,			KM_BYTES },
};

/* What of section NAME to mutate: KM_* bits. */
static inline unsigned int km_what(const char *name, int all)
{
	const struct km_rule *r;
	unsigned int n;

	for (r = km_rules; r < km_rules + ARRAY_SIZE(km_rules); r++) {
		n = strlen(r->pattern);
		if (r->pattern[n - 1] == '*' ?
		    !strncmp(name, r->pattern, n - 1) : !strcmp(name, r->pattern))
			return r->checked | (all ? r->trusted : 0);
	}
	return 0;
}

/*
 * Add region NAME: SIZE bytes at OFF, or, with STRIDE, the WIDTH bytes
 * at FIELD of each STRIDE-byte entry there.
 */
static inline void km_add_region(struct km_seed *s, const char *name, u64 off,
				 u64 size, unsigned int stride, unsigned int field,
				 unsigned int width)
{
	struct km_region *r = &s->region[s->nregions];
	unsigned int n = strlen(name);

	if (size < (stride ? stride : 1) || s->nregions == KM_MAX_REGIONS)
		return;
	if (n >= sizeof(r->name))
		n = sizeof(r->name) - 1;
	memcpy(r->name, name, n);
	r->name[n] = '\0';
	r->off = off;
	r->size = size;
	r->stride = stride;
	r->field = field;
	r->width = stride ? width : size;
	s->nregions++;
}

/* Append TEXT to the string in BUF (SIZE bytes), as much as fits. */
static inline unsigned int km_append(char *buf, unsigned int size, const char *text)
{
	unsigned int n = strlen(buf);

	while (*text && n < size - 1)
		buf[n++] = *text++;
	buf[n] = '\0';
	return n;
}

/* Append OP and "0xV"; nothing of the number unless all of it fits. */
static inline void km_append_hex(char *buf, unsigned int size, const char *op, u64 v)
{
	unsigned int n = km_append(buf, size, op);
	int i;

	if (n + 19 > size)
		return;
	buf[n++] = '0';
	buf[n++] = 'x';
	for (i = 60; i > 0 && !(v >> i); i -= 4)
		;
	for (; i >= 0; i -= 4)
		buf[n++] = "0123456789abcdef"[(v >> i) & 0xf];
	buf[n] = '\0';
}

/* Section I's header as a region of its own: "shdr[NAME]". */
static inline void km_add_header(struct km_seed *s, unsigned int i)
{
	char name[KM_DESC_SIZE] = "shdr[";

	km_append(name, sizeof(name), km_section_name(s, i));
	km_append(name, sizeof(name), "]");
	km_add_region(s, name, s->shoff + (u64)i * 64, 64, 0, 0, 0);
}

/*
 * Read the seed DATA of SIZE bytes: its regions, the trusted ones too
 * with ALL.  SERIES_OFF and SERIES_SIZE say where in struct module the
 * series' fields lie (0, 0: not known).  Returns NULL, or why the file
 * cannot be a seed.
 */
static inline const char *km_parse(struct km_seed *s, const u8 *data, u64 size,
				   u64 series_off, u64 series_size, int all)
{
	unsigned int i, what;
	u64 off, len;
	int mod;

	memset(s, 0, sizeof(*s));
	s->data = data;
	s->size = size;
	if (size < 64 || memcmp(data, "\177ELF", 4))
		return "not an ELF file";
	if (data[4] != 2 || data[5] != 1)
		return "not ELF64 little-endian";
	s->shoff = km_get(data + 0x28, 8);
	s->shnum = km_get(data + 0x3c, 2);
	s->shstrndx = km_get(data + 0x3e, 2);
	if (km_get(data + 0x3a, 2) != 64 || !s->shnum || s->shstrndx >= s->shnum ||
	    s->shoff > size || (u64)s->shnum * 64 > size - s->shoff)
		return "its section header table is not in the file";
	km_add_region(s, "ehdr", 0, 64, 0, 0, 0);
	if (all)
		km_add_region(s, "shdrs", s->shoff, (u64)s->shnum * 64, 0, 0, 0);
	for (i = 1; i < s->shnum; i++) {
		off = km_shdr(s, i, KM_SH_OFFSET);
		len = km_shdr(s, i, KM_SH_SIZE);
		what = km_what(km_section_name(s, i), all);
		if (km_shdr(s, i, KM_SH_TYPE) == KM_SHT_NOBITS || !what)
			continue;
		if (off > size || len > size - off)
			return "a section is not in the file";
		if ((what & KM_HEADER) && !all)
			km_add_header(s, i);
		if (what & KM_BYTES)
			km_add_region(s, km_section_name(s, i), off, len, 0, 0, 0);
		else if (what & KM_ADDENDS)
			km_add_region(s, km_section_name(s, i), off, len, 24, 16, 8);
	}
	mod = km_find_section(s, ".gnu.linkonce.this_module");
	if (mod > 0 && series_size && series_off < series_size &&
	    series_size <= km_shdr(s, mod, KM_SH_SIZE))
		km_add_region(s, "series", km_shdr(s, mod, KM_SH_OFFSET) + series_off,
			      series_size - series_off, 0, 0, 0);
	return NULL;
}

/* splitmix64: a whole generator in one word of state. */
static inline u64 km_next(u64 *state)
{
	u64 z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline u64 km_below(u64 *state, u64 n)
{
	return n ? km_next(state) % n : 0;
}

/*
 * "REGION+0xOFF" for OFF in the file, in BUF: where a change goes, said
 * stably; in the whole header table, "shdr[NAME]+0xOFF".
 */
static inline void km_where(const struct km_seed *s, const struct km_region *r,
			    u64 off, char *buf, unsigned int size)
{
	u64 rel = off - r->off;

	buf[0] = '\0';
	if (!strcmp(r->name, "shdrs")) {
		km_append(buf, size, "shdr[");
		km_append(buf, size, km_section_name(s, rel / 64));
		km_append(buf, size, "]");
		rel %= 64;
	} else {
		km_append(buf, size, r->name);
	}
	km_append_hex(buf, size, "+", rel);
}

/*
 * Values that sit on a boundary for whoever reads the field: zero, one,
 * the largest and smallest signed and unsigned, and, for offsets and
 * sizes, the file's size and the region's, and one past them.
 */
static inline u64 km_boundary(u64 *state, const struct km_seed *s,
			      const struct km_region *r, unsigned int width)
{
	u64 top = width == 8 ? ~0ULL : (1ULL << (8 * width)) - 1;
	u64 v[] = { 0, 1, top, top >> 1, (top >> 1) + 1, s->size, s->size + 1,
			 r->size, r->size + 1, r->size - 1, top - 1 };

	return v[km_below(state, ARRAY_SIZE(v))] & top;
}

/* Where a change of WIDTH bytes goes in region R: aligned, in a field. */
static inline u64 km_offset(u64 *state, const struct km_region *r, unsigned int width)
{
	u64 base = r->off;

	if (r->stride)
		base += km_below(state, r->size / r->stride) * r->stride + r->field;
	return base + (km_below(state, r->width - width + 1) & ~(u64)(width - 1));
}

/*
 * Make one change to OUT, a mutant of S of *SIZE bytes, and describe it
 * in D.  Returns whether it changed anything: a value equal to the old
 * one, or a cut past the end, does not.
 */
static inline int km_change(const struct km_seed *s, u64 *state, u8 *out,
			    u64 *size, char *d)
{
	static const char *const set[] = { ":set8=", ":set32=", ":set64=" };
	const struct km_region *r = &s->region[km_below(state, s->nregions)];
	unsigned int op = km_below(state, 16), width;
	u64 off, v, old;

	/* Words for 7 in 16 changes, naturally aligned: the fields are. */
	width = op >= 6 && op <= 12 ? (km_below(state, 2) ? 4 : 8) : 1;
	if (width > r->width)
		width = 1;
	off = km_offset(state, r, width);
	old = km_get(out + off, width);
	d[0] = '\0';
	km_where(s, r, off, d, KM_DESC_SIZE);
	if (op <= 3) {
		v = 1 << km_below(state, 8);
		out[off] ^= v;
		km_append_hex(d, KM_DESC_SIZE, ":xor8=", v);
	} else if (op == 13 || op == 14) {
		/* A string loses its end or ends early. */
		v = out[off] ? 0 : 'A';
		out[off] = v;
		km_append_hex(d, KM_DESC_SIZE, ":set8=", v);
	} else if (op == 15) {
		/* The file ends inside the region. */
		km_append(d, KM_DESC_SIZE, ":trunc");
		if (off >= *size)
			return 0;
		*size = off;
		return 1;
	} else if (width == 4 && km_below(state, 3) == 0) {
		/* Near the old value: an index or offset a little off. */
		v = km_below(state, 33) - 16;
		km_put(out + off, 4, old + v);
		km_append_hex(d, KM_DESC_SIZE, ":add32=", v & 0xffffffff);
	} else {
		v = km_boundary(state, s, r, width);
		km_put(out + off, width, v);
		km_append_hex(d, KM_DESC_SIZE, set[width / 4], v);
	}
	return km_get(out + off, width) != old;
}

/*
 * Make mutant INDEX of run SEED from seed S into OUT (S->size bytes);
 * describe its changes in CH.  Returns the mutant's size (a truncation
 * makes it shorter) and sets *NCH.
 */
static inline u64 km_mutate(const struct km_seed *s, u8 *out, u64 seed,
			    u64 index, struct km_change *ch, unsigned int *nch)
{
	u64 state = seed * 0x2545f4914f6cdd1dULL ^ index;
	u64 size = s->size;
	unsigned int i, n, tries;

	memcpy(out, s->data, s->size);
	km_next(&state);
	/* 1 change in 2 mutants, 2 in 4, ... up to KM_MAX_CHANGES. */
	for (n = 1; n < KM_MAX_CHANGES && km_below(&state, 2); n++)
		;
	for (i = 0; i < n; i++) {
		/* One that changes nothing is drawn again. */
		for (tries = 0; tries < 8; tries++)
			if (km_change(s, &state, out, &size, ch[i].desc))
				break;
	}
	*nch = n;
	return size;
}

/* FNV-1a of a mutant: the guest and ko-fuzz print it, to be compared. */
static inline u32 km_sum(const u8 *p, u64 size)
{
	u32 h = 2166136261u;

	while (size--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

/* The seed of mutant INDEX among N: each in turn. */
static inline unsigned int km_pick(u64 index, unsigned int n)
{
	return index % n;
}

/*
 * Where the series' fields lie in struct module: the two 32-bit words
 * (the first field's offset, the struct's size) of the .gplf_layout
 * section of tests/modules/gplf_layout.c's module, read as seed L.
 */
static inline int km_layout(const struct km_seed *l, u64 *off, u64 *size)
{
	int i = km_find_section(l, ".gplf_layout");
	u64 at;

	if (i < 0 || km_shdr(l, i, KM_SH_SIZE) < 8)
		return -1;
	at = km_shdr(l, i, KM_SH_OFFSET);
	if (at > l->size - 8)
		return -1;
	*off = km_get(l->data + at, 4);
	*size = km_get(l->data + at + 4, 4);
	return 0;
}

#endif /* KO_MUTATE_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Read what the audit needs from an ELF image in memory: the .modinfo
 * license and name, the undefined symbols, and the exports.
 *
 * An export shows up in the symbol table as __ksymtab_<name>, both in
 * vmlinux and in a linked .ko, so no relocation has to be applied.  On
 * 6.12 the section it is placed in gives its type (__ksymtab,
 * __ksymtab_gpl or __ksymtab_gpl_future).  Since Linux 7.1 every export
 * is in __ksymtab and a parallel __kflagstab holds one byte of flags per
 * export, labelled __flags_<name>: a file with a __kflagstab takes the
 * type of each __ksymtab export from that byte.  Every offset comes
 * from the file and is checked by libelf or here before it is used.
 */
#include <gelf.h>
#include <string.h>
#include <stdlib.h>

#include "audit.h"

#define KSYMTAB_PREFIX	"__ksymtab_"
/*
 * The CRCs of a module's imports, MODVERSIONS: __versions holds struct
 * modversion_info { unsigned long crc; char name[64 - sizeof(long)]; };
 * since 6.15 __version_ext_crcs and __version_ext_names may hold them
 * too (EXTENDED_MODVERSIONS): 32-bit CRCs, and names one after another.
 */
#define VERSIONS	"__versions"
#define VERSION_ENTRY	64
#define EXT_CRCS	"__version_ext_crcs"
#define EXT_NAMES	"__version_ext_names"
#define FLAGS_PREFIX	"__flags_"
#define KFLAGSTAB	"__kflagstab"

/* include/linux/module_symbol.h (bits 0 and 1); GPL_FUTURE is the series'. */
#define KSYM_FLAG_GPL_ONLY	0x01
#define KSYM_FLAG_GPL_FUTURE	0x02

static const char *const ksymtab_sections[NR_EXPORT_TYPES] = {
	[EXPORT_PLAIN]		= "__ksymtab",
	[EXPORT_GPL]		= "__ksymtab_gpl",
	[EXPORT_GPL_FUTURE]	= "__ksymtab_gpl_future",
};

struct elf_sections {
	Elf_Scn *symtab;
	Elf_Scn *modinfo;
	/* Section index of each export table, 0 when absent. */
	size_t ksymtab[NR_EXPORT_TYPES];
	/* Since 7.1: the flags of the __ksymtab exports, or NULL. */
	Elf_Scn *kflagstab;
	Elf_Data *kflags;
	GElf_Shdr kflags_shdr;
	unsigned int machine;	/* e_machine */
	Elf_Scn *versions, *ext_crcs, *ext_names;	/* or NULL */
	bool msb, elf64;	/* the file's byte order and class */
};

/* A __flags_<name> symbol: where the flags of export <name> are. */
struct flags_sym {
	const char *name;	/* <name>, in the string table */
	GElf_Sym sym;
};

static bool past_end(unsigned long long off, unsigned long long size,
		     size_t len)
{
	return off > len || size > len - off;
}

/*
 * Finds the sections the audit reads, in an image of len bytes.  A file
 * cut short loses the data of its last sections after its headers
 * (check_headers()): say so, rather than what libelf makes of what is
 * left.
 */
static int find_sections(Elf *elf, size_t len, struct elf_sections *secs,
			 const char **err)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Shdr shdr;
	const char *name;
	int type;

	if (elf_getshdrstrndx(elf, &shstrndx)) {
		*err = "no section name table";
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr)) {
			*err = "bad section header";
			return -1;
		}
		if (shdr.sh_type != SHT_NOBITS &&
		    past_end(shdr.sh_offset, shdr.sh_size, len)) {
			*err = "truncated: a section ends past the end of the file";
			return -1;
		}
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (!name)
			continue;
		if (shdr.sh_type == SHT_SYMTAB && !secs->symtab)
			secs->symtab = scn;
		else if (!strcmp(name, ".modinfo"))
			secs->modinfo = scn;
		else if (!strcmp(name, KFLAGSTAB) && !secs->kflagstab)
			secs->kflagstab = scn;
		else if (!strcmp(name, VERSIONS))
			secs->versions = scn;
		else if (!strcmp(name, EXT_CRCS))
			secs->ext_crcs = scn;
		else if (!strcmp(name, EXT_NAMES))
			secs->ext_names = scn;
		type = index_of(ksymtab_sections, ARRAY_SIZE(ksymtab_sections), name);
		if (type >= 0)
			secs->ksymtab[type] = elf_ndxscn(scn);
	}
	if (!secs->symtab) {
		*err = "no symbol table";
		return -1;
	}
	return 0;
}

static int read_kflagstab(struct elf_sections *secs, const char **err)
{
	secs->kflags = elf_getdata(secs->kflagstab, NULL);
	if (!secs->kflags ||
	    !gelf_getshdr(secs->kflagstab, &secs->kflags_shdr) ||
	    (!secs->kflags->d_buf && secs->kflags->d_size)) {
		*err = "unreadable " KFLAGSTAB;
		return -1;
	}
	return 0;
}

/*
 * The value of the "key=value" string after *pos, or NULL; *pos moves
 * past it, so repeated calls give every value of a key in turn.
 */
static char *modinfo_next(const char *p, size_t size, const char *key, size_t *pos)
{
	size_t keylen = strlen(key), len;
	const char *s;

	for (; *pos < size; *pos += len + 1) {
		s = p + *pos;
		len = strnlen(s, size - *pos);
		if (len > keylen && s[keylen] == '=' && !memcmp(s, key, keylen)) {
			*pos += len + 1;
			return xstrndup(s + keylen + 1, len - keylen - 1);
		}
	}
	return NULL;
}

static char *modinfo_get(const char *p, size_t size, const char *key)
{
	size_t pos = 0;

	return modinfo_next(p, size, key, &pos);
}

/* Every import_ns= of the .modinfo: the namespaces the module may use. */
static void read_import_ns(const char *p, size_t size, struct elf_info *info)
{
	size_t pos = 0;
	char *ns;

	while ((ns = modinfo_next(p, size, "import_ns", &pos))) {
		info->import_ns = xrealloc(info->import_ns,
					   (info->nr_import_ns + 1) * sizeof(*info->import_ns));
		info->import_ns[info->nr_import_ns++] = ns;
	}
}

static int read_modinfo(Elf_Scn *scn, struct elf_info *info,
			const char **err)
{
	Elf_Data *data = elf_getdata(scn, NULL);

	if (!data || (!data->d_buf && data->d_size)) {
		*err = "unreadable .modinfo";
		return -1;
	}
	info->has_modinfo = true;
	/* An empty section may have no buffer: size 0 reads nothing. */
	info->license = modinfo_get(data->d_buf, data->d_size, "license");
	info->modname = modinfo_get(data->d_buf, data->d_size, "name");
	read_import_ns(data->d_buf, data->d_size, info);
	return 0;
}

static int export_type_of(const struct elf_sections *secs, size_t shndx)
{
	int type;

	if (!shndx)
		return -1;
	for (type = 0; type < NR_EXPORT_TYPES; type++)
		if (secs->ksymtab[type] == shndx)
			return type;
	return -1;
}

/*
 * Undefined symbols that no export provides and modpost does not report
 * (its ignore_undef_symbol()): the GOT, and on powerpc the TOC base
 * (the loader sets it) and the register save and restore helpers the
 * final link of a module adds.  EM_NONE: every architecture.
 */
static const struct {
	unsigned int machine;
	const char *name;
	bool prefix;
} link_provided[] = {
	{ EM_NONE, "__this_module", false },
	{ EM_NONE, "_GLOBAL_OFFSET_TABLE_", false },
	{ EM_PPC, "_restgpr_", true }, { EM_PPC, "_savegpr_", true },
	{ EM_PPC, "_rest32gpr_", true }, { EM_PPC, "_save32gpr_", true },
	{ EM_PPC, "_restvr_", true }, { EM_PPC, "_savevr_", true },
	{ EM_PPC64, ".TOC.", false },
	{ EM_PPC64, "_restgpr0_", true }, { EM_PPC64, "_savegpr0_", true },
	{ EM_PPC64, "_restgpr1_", true }, { EM_PPC64, "_savegpr1_", true },
	{ EM_PPC64, "_restfpr_", true }, { EM_PPC64, "_savefpr_", true },
	{ EM_PPC64, "_restvr_", true }, { EM_PPC64, "_savevr_", true },
};

static bool is_link_provided(const char *name, unsigned int machine)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(link_provided); i++) {
		if (link_provided[i].machine != EM_NONE &&
		    link_provided[i].machine != machine)
			continue;
		len = link_provided[i].prefix ? strlen(link_provided[i].name) :
						 strlen(name) + 1;
		if (!strncmp(name, link_provided[i].name, len))
			return true;
	}
	return false;
}

static void add_symbol(struct elf_info *info, const struct elf_sections *secs,
		       const GElf_Sym *sym, const char *name,
		       struct flags_sym *flags, size_t *nr_flags)
{
	int bind = GELF_ST_BIND(sym->st_info);
	int type;

	if (sym->st_shndx == SHN_UNDEF) {
		if ((bind != STB_GLOBAL && bind != STB_WEAK) ||
		    is_link_provided(name, secs->machine))
			return;
		info->imports[info->nr_imports].name = xstrdup(name);
		info->imports[info->nr_imports].crc = 0;
		info->imports[info->nr_imports].order = info->nr_imports;
		info->imports[info->nr_imports++].weak = bind == STB_WEAK;
		return;
	}
	if (!strncmp(name, FLAGS_PREFIX, strlen(FLAGS_PREFIX))) {
		flags[*nr_flags].name = name + strlen(FLAGS_PREFIX);
		flags[(*nr_flags)++].sym = *sym;
		return;
	}
	if (strncmp(name, KSYMTAB_PREFIX, strlen(KSYMTAB_PREFIX)))
		return;
	type = export_type_of(secs, sym->st_shndx);
	if (type < 0)
		return;
	name += strlen(KSYMTAB_PREFIX);
	info->exports[info->nr_exports].name = xstrdup(name);
	info->exports[info->nr_exports++].type = type;
}

static int cmp_flags(const void *a, const void *b)
{
	return strcmp(((const struct flags_sym *)a)->name,
		      ((const struct flags_sym *)b)->name);
}

/* The type the byte of f says, or -1 with *err set. */
static int flags_type(const struct elf_sections *secs, bool relocatable,
		      const struct flags_sym *f, const char **err)
{
	unsigned long long off = f->sym.st_value;

	if (f->sym.st_shndx != elf_ndxscn(secs->kflagstab)) {
		*err = "export flags symbol outside " KFLAGSTAB;
		return -1;
	}
	/* A .ko symbol is an offset in its section, a vmlinux one an address. */
	if (!relocatable) {
		if (off < secs->kflags_shdr.sh_addr) {
			*err = "export flags outside " KFLAGSTAB;
			return -1;
		}
		off -= secs->kflags_shdr.sh_addr;
	}
	if (off >= secs->kflags->d_size) {
		*err = "export flags outside " KFLAGSTAB;
		return -1;
	}
	switch (((const unsigned char *)secs->kflags->d_buf)[off]) {
	case 0:
		return EXPORT_PLAIN;
	case KSYM_FLAG_GPL_ONLY:
		return EXPORT_GPL;
	case KSYM_FLAG_GPL_FUTURE:
		return EXPORT_GPL_FUTURE;
	}
	*err = "unknown export flags in " KFLAGSTAB;
	return -1;
}

/*
 * Gives each export found in __ksymtab the type its __flags_<name> byte
 * says, when the file has a __kflagstab.  A file without one has the
 * layout before 7.1, unless an export has such a byte all the same: its
 * table is gone, and its exports are not known to be plain.
 */
static int apply_flags(const struct elf_sections *secs, struct elf_info *info,
		       struct flags_sym *flags, size_t nr_flags,
		       const char **err)
{
	struct flags_sym key, *f;
	size_t i;
	int type;

	if (!nr_flags && !secs->kflagstab)
		return 0;
	qsort(flags, nr_flags, sizeof(*flags), cmp_flags);
	for (i = 0; i < info->nr_exports; i++) {
		if (info->exports[i].type != EXPORT_PLAIN)
			continue;	/* from __ksymtab_gpl{,_future} */
		key.name = info->exports[i].name;
		f = nr_flags ? bsearch(&key, flags, nr_flags, sizeof(*flags),
				       cmp_flags) : NULL;
		if (f && !secs->kflagstab) {
			*err = "export flags symbols but no " KFLAGSTAB;
			return -1;
		}
		if (!secs->kflagstab)
			continue;
		if (!f) {
			*err = "export without flags in " KFLAGSTAB;
			return -1;
		}
		if ((f > flags && !cmp_flags(f - 1, f)) ||
		    (f < flags + nr_flags - 1 && !cmp_flags(f, f + 1))) {
			*err = "export with two flags symbols";
			return -1;
		}
		type = flags_type(secs, info->relocatable, f, err);
		if (type < 0)
			return -1;
		info->exports[i].type = type;
	}
	return 0;
}

static int read_symbols(Elf *elf, const struct elf_sections *secs,
			struct elf_info *info, const char **err)
{
	Elf_Data *data = elf_getdata(secs->symtab, NULL);
	size_t symsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	struct flags_sym *flags;
	size_t i, nr_syms, nr_flags = 0;
	GElf_Shdr shdr;
	GElf_Sym sym;
	const char *name;
	int ret = -1;

	if (!data || !symsize || !gelf_getshdr(secs->symtab, &shdr) ||
	    (!data->d_buf && data->d_size)) {
		*err = "unreadable symbol table";
		return -1;
	}
	/* A built module has symbols; none means a damaged table. */
	nr_syms = data->d_size / symsize;
	if (nr_syms < 2) {
		*err = "empty symbol table";
		return -1;
	}
	/* Room for every symbol, trimmed below: no growth per symbol. */
	info->imports = xmalloc(nr_syms * sizeof(*info->imports));
	info->exports = xmalloc(nr_syms * sizeof(*info->exports));
	flags = xmalloc(nr_syms * sizeof(*flags));
	/* Entry 0 is the null symbol. */
	for (i = 1; i < nr_syms; i++) {
		if (!gelf_getsym(data, i, &sym)) {
			*err = "bad symbol";
			goto out;
		}
		name = elf_strptr(elf, shdr.sh_link, sym.st_name);
		if (!name) {
			*err = "symbol name out of bounds";
			goto out;
		}
		if (*name)
			add_symbol(info, secs, &sym, name, flags, &nr_flags);
	}
	info->imports = xrealloc(info->imports, info->nr_imports *
				 sizeof(*info->imports));
	info->exports = xrealloc(info->exports, info->nr_exports *
				 sizeof(*info->exports));
	ret = apply_flags(secs, info, flags, nr_flags, err);
out:
	free(flags);
	return ret;
}

static int cmp_imports(const void *a, const void *b)
{
	return strcmp(((const struct import *)a)->name,
		      ((const struct import *)b)->name);
}

/* A word of the file's byte order, of 4 or 8 bytes; its low 32 bits. */
static unsigned int read_crc(const unsigned char *p, size_t size, bool msb)
{
	unsigned int crc = 0;
	size_t i;

	for (i = 0; i < 4; i++)
		crc |= (unsigned int)p[msb ? size - 1 - i : i] << (8 * i);
	return crc;
}

static void set_crc(struct elf_info *info, const char *name, unsigned int crc)
{
	struct import key = { .name = (char *)name }, *imp;

	imp = bsearch(&key, info->imports, info->nr_imports, sizeof(key), cmp_imports);
	if (imp)
		imp->crc = crc;
}

/* The contents of scn, or NULL when it has none to read. */
static Elf_Data *contents(Elf_Scn *scn)
{
	Elf_Data *data = scn ? elf_getdata(scn, NULL) : NULL;

	return data && data->d_buf && data->d_size ? data : NULL;
}

/*
 * The CRCs the module was built against, given to its imports.  Only a
 * diagnostic: an entry that is not whole, or a name that is not ended,
 * is passed over, as the tables of a module the loader would refuse.
 */
static void read_versions(const struct elf_sections *secs, struct elf_info *info)
{
	Elf_Data *v = contents(secs->versions);
	Elf_Data *crcs = contents(secs->ext_crcs), *names = contents(secs->ext_names);
	size_t word = secs->elf64 ? 8 : 4, i, off, len;
	const unsigned char *e;

	qsort(info->imports, info->nr_imports, sizeof(*info->imports), cmp_imports);
	for (i = 0; v && (i + 1) * VERSION_ENTRY <= v->d_size; i++) {
		e = (const unsigned char *)v->d_buf + i * VERSION_ENTRY;
		if (memchr(e + word, '\0', VERSION_ENTRY - word))
			set_crc(info, (const char *)e + word, read_crc(e, word, secs->msb));
	}
	if (!crcs || !names)
		return;
	for (i = 0, off = 0; (i + 1) * 4 <= crcs->d_size && off < names->d_size; i++) {
		e = (const unsigned char *)names->d_buf + off;
		len = strnlen((const char *)e, names->d_size - off);
		if (len == names->d_size - off)
			break;
		set_crc(info, (const char *)e,
			read_crc((const unsigned char *)crcs->d_buf + 4 * i, 4, secs->msb));
		off += len + 1;
	}
}

/* Whether buf[len] starts like an ELF file but ends inside its header. */
static bool header_cut_short(const unsigned char *buf, size_t len)
{
	if (len < SELFMAG || memcmp(buf, ELFMAG, SELFMAG))
		return false;
	if (len <= EI_CLASS)
		return true;
	return len < (buf[EI_CLASS] == ELFCLASS32 ? sizeof(Elf32_Ehdr) :
		      sizeof(Elf64_Ehdr));
}

/*
 * A file cut short loses its section headers first: the linker puts
 * them last.
 */
static int check_headers(Elf *elf, const GElf_Ehdr *ehdr, size_t len,
			 const char **err)
{
	size_t nr = ehdr->e_shnum ? ehdr->e_shnum : 1;

	if (!ehdr->e_shoff)
		return 0;	/* no section headers: find_sections() says */
	/* With over 65279 sections, the count is in section 0's header. */
	if (past_end(ehdr->e_shoff, (unsigned long long)nr * ehdr->e_shentsize, len))
		goto truncated;
	if (elf_getshdrnum(elf, &nr)) {
		*err = "bad section header count";
		return -1;
	}
	if (!past_end(ehdr->e_shoff, (unsigned long long)nr * ehdr->e_shentsize, len))
		return 0;
truncated:
	*err = "truncated: its section headers end past the end of the file";
	return -1;
}

static int parse(Elf *elf, size_t len, struct elf_info *info,
		 const char **err)
{
	struct elf_sections secs = { 0 };
	GElf_Ehdr ehdr;

	if (elf_kind(elf) != ELF_K_ELF) {
		*err = "not an ELF file";
		return -1;
	}
	if (!gelf_getehdr(elf, &ehdr)) {
		*err = "bad ELF header";
		return -1;
	}
	info->relocatable = ehdr.e_type == ET_REL;
	info->machine = ehdr.e_machine;
	info->elf_class = ehdr.e_ident[EI_CLASS];
	info->elf_data = ehdr.e_ident[EI_DATA];
	secs.machine = ehdr.e_machine;
	secs.msb = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
	secs.elf64 = ehdr.e_ident[EI_CLASS] == ELFCLASS64;
	if (check_headers(elf, &ehdr, len, err) ||
	    find_sections(elf, len, &secs, err))
		return -1;
	if (secs.kflagstab && read_kflagstab(&secs, err))
		return -1;
	if (secs.modinfo && read_modinfo(secs.modinfo, info, err))
		return -1;
	if (read_symbols(elf, &secs, info, err))
		return -1;
	read_versions(&secs, info);
	return 0;
}

/* Once, before any thread parses: elf_version() sets libelf's state. */
int elf_info_init(void)
{
	return elf_version(EV_CURRENT) == EV_NONE ? -1 : 0;
}

/*
 * Fills info from the ELF image buf[len], which libelf may rewrite in
 * place (byte order).  Returns 0, or -1 with *err set and info empty.
 */
int elf_info_parse(void *buf, size_t len, struct elf_info *info,
		   const char **err)
{
	Elf *elf;
	int ret;

	memset(info, 0, sizeof(*info));
	if (header_cut_short(buf, len)) {
		*err = "truncated: the file ends inside its ELF header";
		return -1;
	}
	elf = elf_memory(buf, len);
	if (!elf) {
		*err = "not an ELF file";
		return -1;
	}
	ret = parse(elf, len, info, err);
	elf_end(elf);
	if (ret)
		elf_info_free(info);
	return ret;
}

void elf_info_free(struct elf_info *info)
{
	size_t i;

	for (i = 0; i < info->nr_imports; i++)
		free(info->imports[i].name);
	for (i = 0; i < info->nr_exports; i++)
		free(info->exports[i].name);
	free(info->imports);
	free(info->exports);
	for (i = 0; i < info->nr_import_ns; i++)
		free(info->import_ns[i]);
	free(info->import_ns);
	free(info->modname);
	free(info->license);
	memset(info, 0, sizeof(*info));
}

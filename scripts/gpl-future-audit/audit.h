/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpl-future-audit: which modules use symbols that are, or will become,
 * GPL-only.  Shared declarations.
 */
#ifndef GPL_FUTURE_AUDIT_H
#define GPL_FUTURE_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The three export types the series knows: a table each on 6.12, a
 * __kflagstab flag each since Linux 7.1.
 */
enum export_type {
	EXPORT_PLAIN,		/* EXPORT_SYMBOL */
	EXPORT_GPL,		/* EXPORT_SYMBOL_GPL */
	EXPORT_GPL_FUTURE,	/* EXPORT_SYMBOL_GPL_FUTURE */
	NR_EXPORT_TYPES
};

struct import {
	char *name;
	bool weak;		/* may stay unresolved, as modpost allows */
	unsigned int crc;	/* its __versions CRC, 0 when it has none */
	size_t order;		/* its place in the symbol table: the loader's order */
};

struct export {
	char *name;
	enum export_type type;
};

/* What one ELF file tells: its .modinfo, its imports, its exports. */
struct elf_info {
	bool relocatable;	/* ET_REL: a module, not vmlinux */
	unsigned int machine;	/* e_machine */
	unsigned char elf_class, elf_data;	/* ELFCLASS64, ELFDATA2LSB... */
	bool has_modinfo;
	char *modname;		/* .modinfo name=, or NULL */
	char *license;		/* .modinfo license=, or NULL */
	char **import_ns;	/* .modinfo import_ns=, each (MODULE_IMPORT_NS) */
	size_t nr_import_ns;
	struct import *imports;	/* undefined global and weak symbols */
	size_t nr_imports;
	struct export *exports;	/* __ksymtab_<name> symbols */
	size_t nr_exports;
};

/*
 * How large an input may be, uncompressed: a module over 256 MiB is
 * refused as such (the largest of Debian 6.12's 4230, amdgpu, is 28
 * MiB); vmlinux with debug information and Module.symvers
 * may take up to 1 GiB.  A limit keeps a compression bomb from eating
 * the machine.
 */
#define AUDIT_MAX_MODULE_MIB	256
#define AUDIT_MAX_FILE_MIB	1024

struct input_limit {
	size_t max;
	const char *too_large;	/* the error when an input passes max */
};

extern const struct input_limit module_limit, file_limit;

#define __printf(a, b)	__attribute__((format(printf, a, b)))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define STRINGIFY_ARG(x)	#x
#define STRINGIFY(x)		STRINGIFY_ARG(x)

/* The exit status is a bit field: one run can say several of these. */
enum exit_bits {
	EXIT_CLEAN	= 0,
	EXIT_AFFECTED	= 1,	/* a non-GPL module uses a GPL-only or future-GPL export */
	EXIT_ERROR	= 2,	/* usage or input error, a file skipped */
	EXIT_UNRESOLVED	= 4,	/* an import of a non-GPL module resolves nowhere */
	EXIT_MISMATCH	= 8,	/* an import's CRC is not the export's */
	EXIT_NAMESPACE	= 16,	/* an import is in a namespace the module does not import */
	EXIT_DUPLICATE	= 32,	/* a module exports a symbol vmlinux exports */
};

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);
__printf(1, 2) char *xasprintf(const char *fmt, ...);
int index_of(const char *const *names, size_t nr, const char *s);
size_t utf8_char_len(const char *s);

int elf_info_init(void);
int elf_info_parse(void *buf, size_t len, struct elf_info *info,
		   const char **err);
void elf_info_free(struct elf_info *info);

/* A regular file, uncompressed; 0, or -1 with *err set and nothing kept. */
int read_file(const char *path, const struct input_limit *limit, void **buf,
	      size_t *len, const char **err);
char *read_text(const char *path, const char **err);
int decompress(void **buf, size_t *len, const struct input_limit *limit,
	       const char **err);
void input_free(void *buf);

struct export_table;
struct export_table *export_table_new(void);
void export_table_free(struct export_table *t);
/* Adds name unless present (false): the first source named wins. */
bool export_table_add(struct export_table *t, const char *name,
		      enum export_type type, const char *exporter);
const char *export_table_namespace(const struct export_table *t,
				   const char *name);
unsigned int export_table_crc(const struct export_table *t, const char *name);
bool export_table_find(const struct export_table *t, const char *name,
		       enum export_type *type, const char **exporter);
size_t export_table_size(const struct export_table *t);
/* Module.symvers entries of these exporters are skipped (t keeps it). */
void export_table_skip_exporters(struct export_table *t,
				 const struct export_table *exporters);
int parse_symvers(struct export_table *t, char *text, const char **err);
int read_symvers(struct export_table *t, const char *path, const char **err);
void export_table_for_each(const struct export_table *t,
			   void (*fn)(const char *name, enum export_type type,
				      const char *exporter, void *arg),
			   void *arg);
extern const char *const symvers_types[NR_EXPORT_TYPES];

#endif

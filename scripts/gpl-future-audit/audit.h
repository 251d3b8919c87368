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
};

struct export {
	char *name;
	enum export_type type;
};

/* What one ELF file tells: its .modinfo, its imports, its exports. */
struct elf_info {
	bool relocatable;	/* ET_REL: a module, not vmlinux */
	bool has_modinfo;
	char *modname;		/* .modinfo name=, or NULL */
	char *license;		/* .modinfo license=, or NULL */
	char **imports;		/* undefined global symbols */
	size_t nr_imports;
	struct export *exports;	/* __ksymtab_<name> symbols */
	size_t nr_exports;
};

/* Longest file, compressed or not, the tool will read into memory. */
#define AUDIT_MAX_FILE	(1024UL * 1024 * 1024)

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
int export_type_named(const char *const *names, const char *s);
char *xstrndup(const char *s, size_t len);

int elf_info_parse(void *buf, size_t len, struct elf_info *info,
		   const char **err);
void elf_info_free(struct elf_info *info);

int read_module_file(const char *path, void **buf, size_t *len,
		     const char **err);
int decompress(void **buf, size_t *len, const char **err);

struct export_table;
struct export_table *export_table_new(void);
void export_table_free(struct export_table *t);
/* Adds name unless present: the first source named wins. */
void export_table_add(struct export_table *t, const char *name,
		      enum export_type type, const char *exporter);
bool export_table_find(const struct export_table *t, const char *name,
		       enum export_type *type, const char **exporter);
size_t export_table_size(const struct export_table *t);
int read_symvers(struct export_table *t, const char *path, const char **err);

#endif

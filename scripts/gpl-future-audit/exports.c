// SPDX-License-Identifier: GPL-2.0
/*
 * The export table: symbol name -> export type and exporter, filled from
 * Module.symvers files and from the ksymtab sections of ELF files.  Open
 * addressing, so a lookup per import costs one hash and a short probe.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

struct export_entry {
	char *name;		/* NULL: free slot */
	char *exporter;
	enum export_type type;
	unsigned int crc;	/* 0: none known (no MODVERSIONS, an ELF table) */
	char *ns;		/* its namespace, NULL: none (or an ELF table) */
};

struct export_table {
	struct export_entry *slots;
	size_t size;		/* power of two */
	size_t used;
	const struct export_table *skip;	/* exporters parse_symvers() skips */
};

const char *const symvers_types[NR_EXPORT_TYPES] = {
	[EXPORT_PLAIN]		= "EXPORT_SYMBOL",
	[EXPORT_GPL]		= "EXPORT_SYMBOL_GPL",
	[EXPORT_GPL_FUTURE]	= "EXPORT_SYMBOL_GPL_FUTURE",
};

static unsigned int hash_name(const char *s)
{
	unsigned int h = 2166136261u;	/* 32-bit FNV-1a */

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

static struct export_entry *find_slot(struct export_entry *slots, size_t size,
				      const char *name)
{
	size_t i = hash_name(name) & (size - 1);

	while (slots[i].name && strcmp(slots[i].name, name))
		i = (i + 1) & (size - 1);
	return &slots[i];
}

struct export_table *export_table_new(void)
{
	struct export_table *t = xmalloc(sizeof(*t));

	t->size = 1024;
	t->used = 0;
	t->skip = NULL;
	t->slots = xcalloc(t->size, sizeof(*t->slots));
	return t;
}

void export_table_skip_exporters(struct export_table *t,
				 const struct export_table *exporters)
{
	t->skip = exporters;
}

/* Keeps the table at most half full, so probes stay short. */
static void grow_table(struct export_table *t)
{
	struct export_entry *old = t->slots;
	size_t i, old_size = t->size;

	t->size *= 2;
	t->slots = xcalloc(t->size, sizeof(*t->slots));
	for (i = 0; i < old_size; i++)
		if (old[i].name)
			*find_slot(t->slots, t->size, old[i].name) = old[i];
	free(old);
}

bool export_table_add(struct export_table *t, const char *name,
		      enum export_type type, const char *exporter)
{
	struct export_entry *e;

	if (2 * (t->used + 1) > t->size)
		grow_table(t);
	e = find_slot(t->slots, t->size, name);
	if (e->name)
		return false;
	e->name = xstrdup(name);
	e->exporter = xstrdup(exporter ? exporter : "");
	e->type = type;
	t->used++;
	return true;
}

/* The namespace of an export, NULL when it has none or none is known. */
const char *export_table_namespace(const struct export_table *t, const char *name)
{
	const struct export_entry *e = find_slot(t->slots, t->size, name);

	return e->name ? e->ns : NULL;
}

/* The CRC of an export, 0 when none is known. */
unsigned int export_table_crc(const struct export_table *t, const char *name)
{
	const struct export_entry *e = find_slot(t->slots, t->size, name);

	return e->name ? e->crc : 0;
}

bool export_table_find(const struct export_table *t, const char *name,
		       enum export_type *type, const char **exporter)
{
	struct export_entry *e = find_slot(t->slots, t->size, name);

	if (!e->name)
		return false;
	if (type)
		*type = e->type;
	if (exporter)
		*exporter = e->exporter;
	return true;
}

size_t export_table_size(const struct export_table *t)
{
	return t->used;
}

void export_table_free(struct export_table *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->size; i++) {
		free(t->slots[i].name);
		free(t->slots[i].exporter);
		free(t->slots[i].ns);
	}
	free(t->slots);
	free(t);
}

/*
 * Whether exporter, a module's file name in Module.symvers, names one of
 * skip, module names: in those '-' is '_', as kbuild makes KBUILD_MODNAME.
 */
static bool is_skipped(const struct export_table *skip, const char *exporter)
{
	char *name = xstrdup(exporter), *p;
	bool found;

	for (p = name; *p; p++)
		if (*p == '-')
			*p = '_';
	found = export_table_find(skip, name, NULL, NULL);
	free(name);
	return found;
}

/*
 * "<crc>\t<symbol>\t<module>\t<type>\t<namespace>", as modpost writes
 * since 5.10 (before 5.4 without the namespace; 5.4 to 5.9 put it
 * third, and such a file is refused).
 */
static int parse_symvers_line(struct export_table *t, char *line)
{
	char *field[4], *exporter, *end;
	struct export_entry *e;
	unsigned long crc;
	int i, type;

	for (i = 0; i < 4; i++) {
		field[i] = strsep(&line, "\t");
		if (!field[i] || !*field[i])
			return -1;
	}
	type = index_of(symvers_types, NR_EXPORT_TYPES, field[3]);
	crc = strtoul(field[0], &end, 16);
	if (type < 0 || *end || crc > 0xffffffffUL)
		return -1;
	exporter = strrchr(field[2], '/');
	exporter = exporter ? exporter + 1 : field[2];
	if (t->skip && is_skipped(t->skip, exporter))
		return 0;
	if (!export_table_add(t, field[1], type, exporter))
		return 0;
	e = find_slot(t->slots, t->size, field[1]);
	e->crc = crc;
	if (line && *line)
		e->ns = xstrdup(line);
	return 0;
}

/* The text of a Module.symvers, NUL-terminated; cut into lines here. */
int parse_symvers(struct export_table *t, char *text, const char **err)
{
	static char msg[64];
	unsigned long lineno = 0;
	char *line;

	while ((line = strsep(&text, "\n")) && (*line || text)) {
		lineno++;
		if (parse_symvers_line(t, line)) {
			snprintf(msg, sizeof(msg), "line %lu is not a Module.symvers entry",
				 lineno);
			*err = msg;
			return -1;
		}
	}
	/* Every kernel exports something: an empty file was cut short. */
	if (!lineno) {
		*err = "no Module.symvers entry";
		return -1;
	}
	return 0;
}

/* A Module.symvers file, as modpost writes it or compressed (symvers.gz). */
int read_symvers(struct export_table *t, const char *path, const char **err)
{
	char *text = read_text(path, err);
	int ret;

	if (!text)
		return -1;
	ret = parse_symvers(t, text, err);
	free(text);
	return ret;
}

void export_table_for_each(const struct export_table *t,
			   void (*fn)(const char *name, enum export_type type,
				      const char *exporter, void *arg),
			   void *arg)
{
	size_t i;

	for (i = 0; i < t->size; i++)
		if (t->slots[i].name)
			fn(t->slots[i].name, t->slots[i].type,
			   t->slots[i].exporter, arg);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpl-future-audit: what one run shares between main.c (the options,
 * the sources of exports, the classification), walk.c (the modules it
 * finds), depmod.c (which of one name modprobe loads) and output.c (the
 * three formats).
 */
#ifndef GPL_FUTURE_AUDIT_RUN_H
#define GPL_FUTURE_AUDIT_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "audit.h"

#define PROG		"gpl-future-audit"

enum format { FORMAT_TABLE, FORMAT_TSV, FORMAT_JSON, NR_FORMATS };

/*
 * What an import of a non-GPL module is found to be; and, of any module,
 * an import whose CRC is not the export's (the module is another
 * kernel's, or the Module.symvers is), or that is in a namespace the
 * module does not import; and of any module, an export of a symbol
 * vmlinux exports.
 */
enum finding_kind {
	FIND_GPL_FUTURE, FIND_ASSUMED_FUTURE, FIND_GPL_ONLY, FIND_UNRESOLVED,
	FIND_CRC_MISMATCH, FIND_NAMESPACE, FIND_DUPLICATE, NR_KINDS
};

extern const char *const kind_names[NR_KINDS];

struct module {
	char *path;
	char *found_as;		/* in an image, the link it was reached through */
	char *name;		/* modinfo name=, else from the file name */
	dev_t dev;		/* the real file, found once however linked */
	ino_t ino;
	struct elf_info info;
	const char *err;	/* set when the file was skipped */
	bool proprietary;	/* as the kernel taints it: see mark_proprietary() */
	int shadow_rank;	/* depmod's, among modules of its name: drop_shadowed() */
};

/* The modules of the run (walk.c), in path order. */
extern struct module *modules;
extern size_t nr_modules;

struct finding {
	const struct module *mod;
	const char *symbol;
	const char *exporter;	/* NULL: unresolved */
	const char *ns;		/* the namespace of a FIND_NAMESPACE, else NULL */
	enum finding_kind kind;
};

struct findings {
	struct finding *list;
	size_t nr, cap;
};

struct summary {
	size_t scanned, skipped, non_gpl, affected, unresolved, known, mismatched;
	size_t namespace, duplicate;
	/* forecast: modules the new kernel would refuse, or load with a warning */
	size_t refused, warned;
};

struct options {
	char **symvers;
	size_t nr_symvers;
	char **exports;
	size_t nr_exports;
	const char *assume_future;
	const char *baseline;
	const char *release;	/* -k: whose Module.symvers to look for */
	const char *basedir;	/* -b: where /lib/modules and /boot are */
	char **paths;		/* what to audit */
	int nr_paths;
	enum format format;
	long jobs;
	bool quiet;
	bool stats;
	bool forecast;		/* the exports are the next kernel's: forecast */
};

/* walk.c */
char *resolve_in_root(const char *root, const char *path);
int collect_paths(char **paths, int nr, const char *image);
void drop_duplicate_files(void);
int cmp_modules(const void *a, const void *b);
void free_module(struct module *m);
void free_modules(void);

/* depmod.c */
struct depmod_cfg;
struct depmod_cfg *depmod_cfg_read(const char *root, const char *release);
void depmod_cfg_free(struct depmod_cfg *cfg);
int depmod_rank(const struct depmod_cfg *cfg, const char *rel);

/* output.c */
char *plain_text(const char *s);
void report(const struct findings *found, const struct summary *sum,
	    const struct options *opt);

#endif

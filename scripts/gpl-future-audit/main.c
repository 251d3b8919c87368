// SPDX-License-Identifier: GPL-2.0
/*
 * gpl-future-audit - find, without booting, the modules that use symbols
 * exported with EXPORT_SYMBOL_GPL_FUTURE (they will break when those
 * become GPL-only) or EXPORT_SYMBOL_GPL (they cannot load today).
 *
 * The run has three phases: parse every module file the walk found
 * (walk.c; in parallel, each worker owning its slots), build the export
 * table from Module.symvers, --exports files and the scanned modules
 * themselves, then resolve each non-GPL module's undefined symbols
 * against it, and report (output.c).  This file holds the options, the
 * sources of exports, the baseline, the classification and "diff".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "run.h"

#define VERSION		"1.2"
#define MAX_JOBS	64

static const char *const format_names[NR_FORMATS] = {
	[FORMAT_TABLE] = "table", [FORMAT_TSV] = "tsv", [FORMAT_JSON] = "json",
};

/* A finding known and accepted: a line of --baseline. */
struct known {
	char *module;
	char *symbol;
	enum finding_kind kind;
};

struct baseline {
	struct known *known;
	size_t nr;
	char *text;		/* the file, which the entries point into */
};

struct scan {
	size_t next;		/* next module to parse, taken atomically */
	size_t done;
	bool progress;
};

static void print_help(void)
{
	printf("Usage: " PROG " [OPTION]... PATH...\n"
	       "  or:  " PROG " forecast [OPTION]... -s NEW.symvers|-k RELEASE PATH...\n"
	       "  or:  " PROG " diff OLD.symvers NEW.symvers\n"
	       "Report the kernel modules under PATH (files or directories of .ko,\n"
	       ".ko.xz, .ko.zst, .ko.gz) the kernel treats as proprietary (a license\n"
	       "that is not GPL-compatible, or the use of a proprietary module's\n"
	       "exports) that use symbols exported with EXPORT_SYMBOL_GPL_FUTURE, which\n"
	       "will become GPL-only, or with EXPORT_SYMBOL_GPL, which they cannot use\n"
	       "today.  forecast reads the modules against the exports of the kernel\n"
	       "they are to move to: which it would refuse (of any module also an\n"
	       "import gone or in a namespace not imported), or warn about; CRCs are\n"
	       "not compared.  The diff form lists the exports whose type changed.\n"
	       "\n"
	       "Export types come from the options below and from the export tables\n"
	       "of the scanned modules; the first source that names a symbol wins.\n"
	       "Without -s or -e, the Module.symvers of kernel RELEASE is looked for\n"
	       "in /lib/modules/RELEASE/build, /lib/modules/RELEASE, /boot and\n"
	       "/usr/src; -k and -b only choose where.  RELEASE (and the root) are\n"
	       "those of a ROOT/lib/modules/RELEASE all PATHs are in, else uname's;\n"
	       "PATHs in different such trees need -k.\n"
	       "  -s, --symvers=FILE        Module.symvers of the kernel, or compressed\n"
	       "                            (repeatable)\n"
	       "  -e, --exports=ELF         the export tables (__ksymtab*, __kflagstab)\n"
	       "                            of a vmlinux or .ko (repeatable)\n"
	       "  -k, --release=RELEASE     the kernel whose Module.symvers to look for\n"
	       "                            (default: the running one)\n"
	       "  -b, --basedir=DIR         look for it under DIR, not /\n"
	       "  -a, --assume-future=FILE  also treat these plain exports (one symbol\n"
	       "                            per line, # comments) as future-GPL\n"
	       "      --baseline=FILE       known findings: lines of -f tsv output with a\n"
	       "                            7th column saying why; only others count\n"
	       "  -f, --format=FORMAT       table (default), tsv or json\n"
	       "  -j, --jobs=N              parse with N threads, 1 to 64 (default: CPUs)\n"
	       "  -q, --quiet               no progress or notes on stderr\n"
	       "      --stats               files, time and peak memory on stderr\n"
	       "  -h, --help                this text\n"
	       "      --version             the version\n"
	       "\n"
	       "Kinds: gpl-future (loads with a warning today), assumed-gpl-future\n"
	       "(would, with --assume-future), gpl-only (refused today), unresolved\n"
	       "(exported by nothing given: the wrong Module.symvers?), and of any\n"
	       "module crc-mismatch (another kernel's Module.symvers, or module) and\n"
	       "namespace (exported in a namespace the module does not import) and\n"
	       "duplicate (exports a symbol vmlinux exports).\n"
	       "Exit status, a sum of: 1 some module affected, 2 usage or input error\n"
	       "(a file that cannot be read is reported and skipped), 4 an import\n"
	       "unresolved, 8 a CRC mismatch, 16 a namespace not imported, 32 a\n"
	       "duplicate export; 0 when every module was read and none of these\n"
	       "was found.\n"
	       "diff exits 0 when no type changed, 1 when one did, 2 on error.\n");
}

/* "foo" from ".../foo.ko.xz", in a copy the module keeps. */
static char *name_from_path(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strcspn(base, ".");
	return xstrndup(base, len ? len : strlen(base));
}

/* A module is known by its modinfo name=, else by its file name. */
static char *module_name(const struct elf_info *info, const char *path)
{
	return info->modname ? xstrdup(info->modname) : name_from_path(path);
}

static const char *parse_file(const char *path, const struct input_limit *limit,
			      struct elf_info *info)
{
	const char *err = NULL;
	void *buf;
	size_t len;

	if (read_file(path, limit, &buf, &len, &err))
		return err;
	elf_info_parse(buf, len, info, &err);
	input_free(buf);
	return err;
}

static void parse_module(struct module *m)
{
	if (m->err)
		return;		/* not to be opened */
	m->err = parse_file(m->path, &module_limit, &m->info);
	if (m->err)
		return;
	if (!m->info.relocatable)
		m->err = "not a module (give vmlinux with --exports)";
	else if (!m->info.has_modinfo)
		m->err = "no .modinfo section (not a kernel module)";
	if (m->err)
		elf_info_free(&m->info);
	else
		m->name = module_name(&m->info, m->path);
}

static void *scan_worker(void *arg)
{
	struct scan *scan = arg;
	size_t i, done;

	while ((i = __atomic_fetch_add(&scan->next, 1, __ATOMIC_RELAXED)) <
	       nr_modules) {
		parse_module(&modules[i]);
		done = __atomic_add_fetch(&scan->done, 1, __ATOMIC_RELAXED);
		if (scan->progress && (done % 256 == 0 || done == nr_modules))
			fprintf(stderr, "\r" PROG ": %zu/%zu files", done, nr_modules);
	}
	return NULL;
}

static void scan_modules(long jobs, bool progress)
{
	struct scan scan = { .progress = progress };
	pthread_t threads[MAX_JOBS];
	long i, started;

	for (started = 0; started < jobs; started++)
		if (pthread_create(&threads[started], NULL, scan_worker, &scan))
			break;
	if (!started)
		scan_worker(&scan);
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	if (progress && nr_modules)
		fputc('\n', stderr);
}

/*
 * Where distributions put a kernel's Module.symvers, under the root:
 * kbuild's modules_install and Debian's headers package (build/),
 * Fedora and RHEL's kernel-core (symvers.xz or .gz beside the modules,
 * a copy in /boot), SUSE (/boot), Debian's and Fedora's headers trees.
 */
static const char *const symvers_places[] = {
	"lib/modules/%s/build/Module.symvers",
	"lib/modules/%s/symvers.xz",
	"lib/modules/%s/symvers.gz",
	"boot/symvers-%s.xz",
	"boot/symvers-%s.gz",
	"usr/src/linux-headers-%s/Module.symvers",
	"usr/src/kernels/%s/Module.symvers",
};

/*
 * The root and release a PATH names when it is ROOT/lib/modules/RELEASE
 * or below: the kernel whose modules these are.  Strings to free.
 */
static bool tree_of(const char *path, char **root, char **release)
{
	const char *p = path, *r;

	while ((p = strstr(p, "lib/modules/")) && p > path && p[-1] != '/')
		p++;
	if (!p)
		return false;
	r = p + strlen("lib/modules/");
	if (!*r || *r == '/')
		return false;
	/* Merged /usr: ROOT/usr/lib/modules is ROOT/lib/modules. */
	if (p - path >= 4 && !strncmp(p - 4, "usr/", 4) && (p - path == 4 || p[-5] == '/'))
		p -= 4;
	*root = xstrndup(path, p - path);
	*release = xstrndup(r, strcspn(r, "/"));
	return true;
}

/*
 * Without -k, audit /lib/modules/6.1.0-x on a machine running 6.12 against
 * 6.1.0-x's exports, and an image's tree against the image's (its root
 * for -b): when every PATH names the same tree, it is the default.
 * Both NULL when they do not.  False when two PATHs name different trees:
 * no kernel is the default then, the running one least of all.
 */
static bool paths_tree(const struct options *opt, bool quiet, char **root, char **release)
{
	bool same = true, differ = false, other;
	char *r, *rel;
	int i, first = 0;

	*root = *release = NULL;
	for (i = 0; i < opt->nr_paths; i++) {
		if (!tree_of(opt->paths[i], &r, &rel)) {
			same = false;
			continue;
		}
		if (!*release) {
			*root = r;
			*release = rel;
			first = i;
			continue;
		}
		other = strcmp(r, *root) || strcmp(rel, *release);
		if (other && !quiet)
			fprintf(stderr, PROG ": %s and %s are in different lib/modules trees\n",
				opt->paths[first], opt->paths[i]);
		differ = differ || other;
		free(r);
		free(rel);
	}
	if (!same || differ) {
		free(*root);
		free(*release);
		*root = *release = NULL;
	}
	return !differ;
}

/* The first of symvers_places that exists, in a string to free, or NULL. */
static char *default_symvers(const struct options *opt)
{
	char *root, *place, *path = NULL, *tree_root, *tree_release;
	const char *release = opt->release;
	struct utsname uts;
	size_t i;

	if (!paths_tree(opt, opt->quiet || release, &tree_root, &tree_release) && !release) {
		fprintf(stderr, PROG ": %s\n",
			"the paths are modules of different kernels: give --release, or --symvers");
		return NULL;
	}
	if (!release)
		release = tree_release;
	if (!release) {
		if (uname(&uts)) {
			fprintf(stderr, PROG ": uname: %s\n", strerror(errno));
			free(tree_root);
			return NULL;
		}
		release = uts.release;
	}
	/* "" for /: the places are joined to it with a slash. */
	root = xstrdup(opt->basedir ? opt->basedir :
		       tree_release && !opt->release ? tree_root : "");
	while (*root && root[strlen(root) - 1] == '/')
		root[strlen(root) - 1] = '\0';
	for (i = 0; i < ARRAY_SIZE(symvers_places) && !path; i++) {
		place = xasprintf(symvers_places[i], release);
		path = resolve_in_root(root, place);
		free(place);
	}
	if (path) {
		if (!opt->quiet)
			fprintf(stderr, PROG ": exports from %s\n", path);
	} else {
		fprintf(stderr, PROG ": no Module.symvers of %s found in:\n", release);
		for (i = 0; i < ARRAY_SIZE(symvers_places); i++) {
			fprintf(stderr, "  %s/", root);
			fprintf(stderr, symvers_places[i], release);
			fputc('\n', stderr);
		}
		fprintf(stderr, PROG ": %s\n",
			"give --symvers or --exports, or --release for another kernel");
	}
	free(root);
	free(tree_root);
	free(tree_release);
	return path;
}

static int add_exports_of(struct export_table *t, const char *path)
{
	struct elf_info info;
	const char *err;
	char *name;
	size_t i;

	err = parse_file(path, &file_limit, &info);
	if (err) {
		fprintf(stderr, PROG ": %s: %s\n", path, err);
		return -1;
	}
	name = module_name(&info, path);
	for (i = 0; i < info.nr_exports; i++)
		export_table_add(t, info.exports[i].name, info.exports[i].type,
				 name);
	free(name);
	elf_info_free(&info);
	return 0;
}

static int add_symvers(struct export_table *t, const char *path)
{
	const char *err;

	if (!read_symvers(t, path, &err))
		return 0;
	fprintf(stderr, PROG ": %s: %s\n", path, err);
	return -1;
}

/*
 * The kernel's exports must come from somewhere: the modules' own never
 * stand for it, or every import of vmlinux would go unresolved unseen.
 */
static int load_export_sources(struct export_table *t,
			       const struct export_table *names,
			       const struct options *opt)
{
	char *path;
	size_t i, j;
	int ret;

	/*
	 * In a forecast the scanned modules are what the new kernel would
	 * load: one of theirs replaces its module of the same name, exports
	 * and all.
	 */
	if (opt->forecast)
		export_table_skip_exporters(t, names);
	if (!opt->nr_symvers && !opt->nr_exports) {
		path = default_symvers(opt);
		if (!path)
			return -1;
		ret = add_symvers(t, path);
		free(path);
		if (ret)
			return -1;
	}
	for (i = 0; i < opt->nr_symvers; i++)
		if (add_symvers(t, opt->symvers[i]))
			return -1;
	for (i = 0; i < opt->nr_exports; i++)
		if (add_exports_of(t, opt->exports[i]))
			return -1;
	for (i = 0; i < nr_modules; i++)
		for (j = 0; j < modules[i].info.nr_exports; j++)
			export_table_add(t, modules[i].info.exports[j].name,
					 modules[i].info.exports[j].type,
					 modules[i].name);
	return 0;
}

/*
 * The symbols of --assume-future, as a table of names: the first word
 * of each line, so the output of "diff" is such a file too.  Returns -1
 * when the file cannot be read, else how many names it gets wrong: a
 * name no source exports (a typo would hide its users), or none at all.
 */
static int read_assume_future(struct export_table *assumed,
			      const struct export_table *exports,
			      const char *path)
{
	int wrong = 0;
	char *text, *rest, *line, *sym;
	enum export_type type;
	const char *err;
	size_t len;

	text = read_text(path, &err);
	if (!text) {
		fprintf(stderr, PROG ": %s: %s\n", path, err);
		return -1;
	}
	rest = text;
	while ((line = strsep(&rest, "\n"))) {
		sym = line + strspn(line, " \t");
		len = strcspn(sym, " \t\r#");
		if (!len)
			continue;
		sym[len] = '\0';
		if (!export_table_find(exports, sym, &type, NULL)) {
			fprintf(stderr, PROG ": %s: %s is not a known export\n",
				path, sym);
			wrong++;
		} else if (type != EXPORT_PLAIN) {
			fprintf(stderr, PROG ": %s: %s is already %s\n", path, sym,
				type == EXPORT_GPL ? "GPL-only" : "future-GPL");
		}
		export_table_add(assumed, sym, EXPORT_GPL_FUTURE, NULL);
	}
	free(text);
	if (!export_table_size(assumed)) {
		fprintf(stderr, PROG ": %s: names no symbol\n", path);
		wrong++;
	}
	return wrong;
}

static int cmp_known(const void *a, const void *b)
{
	const struct known *x = a, *y = b;
	int c = strcmp(x->module, y->module);

	if (!c)
		c = strcmp(x->symbol, y->symbol);
	return c ? c : (int)x->kind - (int)y->kind;
}

/* Columns of -f tsv: module, license, symbol, kind, exporter, file, why. */
#define BASELINE_COLUMNS	7

/* One line of --baseline into *k; false when it is not one. */
static bool parse_known(char *line, struct known *k)
{
	char *col[BASELINE_COLUMNS];
	int i, kind;

	for (i = 0; i < BASELINE_COLUMNS; i++) {
		col[i] = strsep(&line, "\t");
		if (!col[i])
			return false;
	}
	kind = index_of(kind_names, NR_KINDS, col[3]);
	/* A known finding is accepted for a reason, as ksc asks. */
	if (!*col[0] || !*col[2] || kind < 0 || !col[6][strspn(col[6], " \r")])
		return false;
	k->module = col[0];
	k->symbol = col[2];
	k->kind = kind;
	return true;
}

static int read_baseline(struct baseline *bl, const char *path)
{
	unsigned long lineno = 0;
	char *rest, *line;
	const char *err;
	size_t cap = 0;

	bl->text = read_text(path, &err);
	if (!bl->text) {
		fprintf(stderr, PROG ": %s: %s\n", path, err);
		return -1;
	}
	rest = bl->text;
	while ((line = strsep(&rest, "\n"))) {
		lineno++;
		if (!*line || *line == '#')
			continue;
		if (bl->nr == cap) {
			cap = cap ? 2 * cap : 64;
			bl->known = xrealloc(bl->known, cap * sizeof(*bl->known));
		}
		if (!parse_known(line, &bl->known[bl->nr++])) {
			fprintf(stderr, PROG ": %s: line %lu: %s\n", path, lineno,
				"not a line of -f tsv output with a 7th column saying why");
			return -1;
		}
	}
	if (bl->known)
		qsort(bl->known, bl->nr, sizeof(*bl->known), cmp_known);
	return 0;
}

/* As the baseline was written: from -f tsv output, names as shown. */
static bool is_known(const struct baseline *bl, const struct finding *f)
{
	struct known key = { .kind = f->kind };
	bool known;

	if (!bl->nr)
		return false;
	key.module = plain_text(f->mod->name);
	key.symbol = plain_text(f->symbol);
	known = bsearch(&key, bl->known, bl->nr, sizeof(key), cmp_known);
	free(key.module);
	free(key.symbol);
	return known;
}

/* As the kernel's license_is_gpl_compatible() (include/linux/license.h). */
static bool license_is_gpl_compatible(const char *license)
{
	static const char *const gpl[] = {
		"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL",
		"Dual MIT/GPL", "Dual MPL/GPL",
	};
	size_t i;

	for (i = 0; license && i < ARRAY_SIZE(gpl); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

/* Names the kernel taints as proprietary whatever their license says. */
static const char *const tainted_names[] = { "driverloader", "lve" };

/* Marks m proprietary; says why (and frees it) unless quiet or NULL. */
static void taint(struct module *m, struct export_table *owners, bool quiet,
		  char *why)
{
	m->proprietary = true;
	export_table_add(owners, m->name, EXPORT_PLAIN, NULL);
	if (why && !quiet)
		fprintf(stderr, PROG ": %s: treated as proprietary: %s\n", m->name, why);
	free(why);
}

/* The proprietary module whose export m uses first, or NULL. */
static const char *proprietary_owner(const struct module *m,
				     const struct export_table *exports,
				     const struct export_table *owners,
				     const char **sym)
{
	const char *owner;
	size_t i;

	for (i = 0; i < m->info.nr_imports; i++) {
		*sym = m->info.imports[i].name;
		if (export_table_find(exports, *sym, NULL, &owner) &&
		    export_table_find(owners, owner, NULL, NULL))
			return owner;
	}
	return NULL;
}

/*
 * Which modules the kernel treats as proprietary (TAINT_PROPRIETARY_MODULE):
 * a license that is not GPL-compatible, one of tainted_names, or, by
 * inherit_taint(), any use of a proprietary module's export: such a
 * module is refused GPL-only symbols, whatever its license, and will be
 * refused the future-GPL ones.  Inheritance goes on down a chain of
 * modules, hence the rounds until none is added.
 */
static void mark_proprietary(const struct export_table *exports, bool quiet)
{
	struct export_table *owners = export_table_new();
	const char *owner, *sym;
	bool added = true;
	struct module *m;
	size_t i;

	for (i = 0; i < nr_modules; i++) {
		m = &modules[i];
		if (m->err)
			continue;
		if (!license_is_gpl_compatible(m->info.license))
			taint(m, owners, quiet, NULL);
		else if (index_of(tainted_names, ARRAY_SIZE(tainted_names), m->name) >= 0)
			taint(m, owners, quiet, xstrdup("the kernel taints this name"));
	}
	while (added && export_table_size(owners)) {
		added = false;
		for (i = 0; i < nr_modules; i++) {
			m = &modules[i];
			if (m->err || m->proprietary)
				continue;
			owner = proprietary_owner(m, exports, owners, &sym);
			if (!owner)
				continue;
			taint(m, owners, quiet,
			      xasprintf("uses %s of proprietary module %s", sym, owner));
			added = true;
		}
	}
	export_table_free(owners);
}

/*
 * What an import is, or false when it is nothing to report: a plain
 * export, or a weak import found nowhere (the loader leaves it 0, and
 * modpost does not warn).  In a forecast an export of a module that
 * would be refused (in refused) is found nowhere either; the finding
 * still names that module.
 */
static bool classify(const struct import *imp, const struct export_table *exports,
		     const struct export_table *assumed, const struct export_table *refused,
		     struct finding *f)
{
	enum export_type type;

	f->symbol = imp->name;
	f->exporter = NULL;
	if (!export_table_find(exports, imp->name, &type, &f->exporter) ||
	    export_table_find(refused, f->exporter, NULL, NULL))
		f->kind = FIND_UNRESOLVED;
	else if (type == EXPORT_GPL_FUTURE)
		f->kind = FIND_GPL_FUTURE;
	else if (type == EXPORT_GPL)
		f->kind = FIND_GPL_ONLY;
	else if (assumed && export_table_find(assumed, imp->name, NULL, NULL))
		f->kind = FIND_ASSUMED_FUTURE;
	else
		return false;
	return f->kind != FIND_UNRESOLVED || !imp->weak;
}

static int cmp_findings(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->mod != y->mod)
		return x->mod < y->mod ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return strcmp(x->symbol, y->symbol);
}

static void add_finding(struct findings *found, const struct finding *f)
{
	if (found->nr == found->cap) {
		found->cap = found->cap ? 2 * found->cap : 64;
		found->list = xrealloc(found->list, found->cap * sizeof(*found->list));
	}
	found->list[found->nr++] = *f;
}

/* Adds f unless the baseline knows it; false when known. */
static bool add_new_finding(const struct baseline *bl, const struct finding *f,
			    struct findings *found, struct summary *sum)
{
	if (is_known(bl, f)) {
		sum->known++;
		return false;
	}
	add_finding(found, f);
	return true;
}

/*
 * The findings of one module not in the baseline: of a non-GPL module,
 * its imports that are GPL-only, future-GPL or unresolved; of a GPL one
 * in a forecast, the unresolved, which the new kernel would refuse it
 * as well.
 */
static void resolve_module(const struct module *m,
			   const struct export_table *exports,
			   const struct export_table *assumed,
			   const struct export_table *refused, bool forecast,
			   const struct baseline *bl, struct findings *found,
			   struct summary *sum)
{
	bool affected = false;
	struct finding f = { .mod = m };
	size_t i;

	for (i = 0; i < m->info.nr_imports; i++) {
		if (!classify(&m->info.imports[i], exports, assumed, refused, &f))
			continue;
		if (!m->proprietary && !(forecast && f.kind == FIND_UNRESOLVED))
			continue;
		if (!add_new_finding(bl, &f, found, sum))
			continue;
		if (f.kind == FIND_UNRESOLVED)
			sum->unresolved++;
		else
			affected = true;
	}
	sum->affected += affected;
}

/*
 * As the loader's verify_module_namespace(): a "module:" namespace
 * (EXPORT_SYMBOL_FOR_MODULES) lists the modules it is for, each name
 * perhaps ending in '*'; '-' and '_' are the same in a module name.
 */
static bool namespace_names_module(const char *ns, const char *modname)
{
	static const char prefix[] = "module:";
	size_t len, i, modlen = strlen(modname);
	const char *sep;
	bool glob, same;
	char a, b;

	if (strncmp(ns, prefix, strlen(prefix)))
		return false;
	for (ns += strlen(prefix); *ns; ns = *sep ? sep + 1 : sep) {
		sep = strchrnul(ns, ',');
		len = sep - ns;
		glob = len && sep[-1] == '*';
		len -= glob;
		same = true;
		for (i = 0; i < len && same; i++) {
			a = ns[i] == '-' ? '_' : ns[i];
			b = modname[i] == '-' ? '_' : modname[i];
			same = a == b && b;
		}
		if (same && (glob || len == modlen))
			return true;
	}
	return false;
}

/* Whether m may use an export of namespace ns (MODULE_IMPORT_NS). */
static bool imports_namespace(const struct module *m, const char *ns)
{
	size_t i;

	if (namespace_names_module(ns, m->name))
		return true;
	for (i = 0; i < m->info.nr_import_ns; i++)
		if (!strcmp(m->info.import_ns[i], ns))
			return true;
	return false;
}

/*
 * The loader refuses any module, GPL or not, an export in a namespace
 * it does not import (verify_namespace_is_imported()), a weak import
 * too.  Namespaces come from a Module.symvers: none is known of an
 * export read from an ELF file.
 */
static void check_namespaces(const struct module *m, const struct export_table *exports,
			     const struct baseline *bl, struct findings *found,
			     struct summary *sum)
{
	struct finding f = { .mod = m, .kind = FIND_NAMESPACE };
	size_t i;

	for (i = 0; i < m->info.nr_imports; i++) {
		f.symbol = m->info.imports[i].name;
		f.ns = export_table_namespace(exports, f.symbol);
		if (!f.ns || imports_namespace(m, f.ns))
			continue;
		export_table_find(exports, f.symbol, NULL, &f.exporter);
		if (add_new_finding(bl, &f, found, sum))
			sum->namespace++;
	}
}

/*
 * The loader refuses any module that exports a symbol vmlinux exports
 * ("exports duplicate symbol", verify_exported_symbols()).
 */
static bool vmlinux_exports(const struct export_table *exports, const char *name,
			    const char **exporter)
{
	return export_table_find(exports, name, NULL, exporter) && !strcmp(*exporter, "vmlinux");
}

static void check_duplicates(const struct module *m, const struct export_table *exports,
			     const struct baseline *bl, struct findings *found,
			     struct summary *sum)
{
	struct finding f = { .mod = m, .kind = FIND_DUPLICATE };
	size_t i;

	for (i = 0; i < m->info.nr_exports; i++) {
		f.symbol = m->info.exports[i].name;
		if (!vmlinux_exports(exports, f.symbol, &f.exporter))
			continue;
		if (add_new_finding(bl, &f, found, sum))
			sum->duplicate++;
	}
}

/*
 * With MODVERSIONS, the loader refuses an import whose CRC is not the
 * export's ("disagrees about version of symbol"): a module and a
 * Module.symvers of different kernels.  Any module, GPL or not; a CRC
 * of 0 on either side is none (no MODVERSIONS, an ELF table).
 */
static void check_crcs(const struct module *m, const struct export_table *exports,
		       const struct export_table *scanned, const struct baseline *bl,
		       struct findings *found, struct summary *sum)
{
	struct finding f = { .mod = m, .kind = FIND_CRC_MISMATCH };
	const struct import *imp;
	unsigned int crc;
	size_t i;

	for (i = 0; i < m->info.nr_imports; i++) {
		imp = &m->info.imports[i];
		/*
		 * A scanned module that exports the symbol (a DKMS or vendor
		 * build in updates/) is what the import binds, with its own CRC.
		 */
		crc = imp->crc && !export_table_find(scanned, imp->name, NULL, NULL) ?
		      export_table_crc(exports, imp->name) : 0;
		if (!crc || crc == imp->crc ||
		    !export_table_find(exports, imp->name, NULL, &f.exporter))
			continue;
		f.symbol = imp->name;
		if (add_new_finding(bl, &f, found, sum))
			sum->mismatched++;
	}
}

static int cmp_order(const void *a, const void *b)
{
	const struct import *x = *(const struct import *const *)a;
	const struct import *y = *(const struct import *const *)b;

	return x->order < y->order ? -1 : x->order > y->order;
}

/* The verdict on a module: refused, or loaded with or without the warning. */
enum verdict { UNSEEN, JUDGING, LOADS, WARNED, REFUSED };

/*
 * A forecast's state: each scanned module's verdict and final taint,
 * and its index by name (the exporter names the loader would find).
 */
struct forecast {
	const struct export_table *exports;
	enum verdict *verdict;
	bool *tainted;
	size_t *by_name;	/* indices of the modules read, sorted by name */
	size_t nr_names;
};

static int cmp_index_names(const void *a, const void *b)
{
	return strcmp(modules[*(const size_t *)a].name, modules[*(const size_t *)b].name);
}

static int cmp_name_index(const void *key, const void *b)
{
	return strcmp(key, modules[*(const size_t *)b].name);
}

/* The scanned module an export comes from, or -1 (vmlinux, the new kernel's). */
static long exporting_module(const struct forecast *fc, const char *exporter)
{
	const size_t *i = bsearch(exporter, fc->by_name, fc->nr_names, sizeof(*i),
				  cmp_name_index);

	return i ? (long)*i : -1;
}

static enum verdict judge(struct forecast *fc, size_t i);

/*
 * Whether an import of symbol name is bound to a loaded module's export
 * (or vmlinux's, or one of the new kernel's own modules'): a scanned
 * exporter is judged first, as modprobe loads it first; one being
 * judged (a cycle) is not loaded yet.  *prop: the exporter is tainted.
 */
static bool exporter_loaded(struct forecast *fc, const char *exporter, bool *prop)
{
	long j = exporting_module(fc, exporter);

	*prop = false;
	if (j < 0)
		return true;
	if (fc->verdict[j] == UNSEEN)
		judge(fc, j);
	*prop = fc->tainted[j];
	return fc->verdict[j] == LOADS || fc->verdict[j] == WARNED;
}

/* Whether m exports a symbol vmlinux exports: refused as a duplicate. */
static bool exports_duplicate(const struct module *m, const struct export_table *exports)
{
	const char *exporter;
	size_t i;

	for (i = 0; i < m->info.nr_exports; i++)
		if (vmlinux_exports(exports, m->info.exports[i].name, &exporter))
			return true;
	return false;
}

/*
 * Whether the kernel whose exports these are would load module i, going
 * through its imports in symbol-table order as simplify_symbols() does,
 * each as resolve_symbol() decides: found nowhere (or only in a module
 * that would be refused), or GPL-only once the module is tainted, or from
 * a tainted module once it uses GPL-only symbols, is refused, and a weak
 * import is then left unbound instead; an import in a namespace it does
 * not import is refused, weak or not, and so is a module exporting a
 * symbol vmlinux exports (verify_exported_symbols()).  Binding a tainted
 * module's export taints it; it is warned when it ends tainted with a
 * future-GPL symbol bound (the warn policy).  Version magic and CRCs
 * aside: see FORECAST_NOTE.
 */
static enum verdict judge(struct forecast *fc, size_t i)
{
	const struct module *m = &modules[i];
	bool tainted = !license_is_gpl_compatible(m->info.license) ||
		       index_of(tainted_names, ARRAY_SIZE(tainted_names), m->name) >= 0;
	bool gplonly = false, future = false, bound, prop;
	const struct import **imps;
	const char *exporter, *ns;
	enum export_type type;
	bool ok = true;
	size_t k;

	fc->verdict[i] = JUDGING;
	imps = xcalloc(m->info.nr_imports + 1, sizeof(*imps));
	for (k = 0; k < m->info.nr_imports; k++)
		imps[k] = &m->info.imports[k];
	qsort(imps, m->info.nr_imports, sizeof(*imps), cmp_order);
	for (k = 0; ok && k < m->info.nr_imports; k++) {
		bound = export_table_find(fc->exports, imps[k]->name, &type, &exporter) &&
			exporter_loaded(fc, exporter, &prop) &&
			!(type == EXPORT_GPL && tainted);
		gplonly |= bound && type == EXPORT_GPL;
		if (bound && prop) {
			bound = !gplonly;
			tainted |= bound;
		}
		if (!bound) {
			ok = imps[k]->weak;
			continue;
		}
		ns = export_table_namespace(fc->exports, imps[k]->name);
		ok = !ns || imports_namespace(m, ns);
		future |= type == EXPORT_GPL_FUTURE;
	}
	free(imps);
	fc->tainted[i] = tainted;
	if (!ok || exports_duplicate(m, fc->exports))
		fc->verdict[i] = REFUSED;
	else
		fc->verdict[i] = tainted && future ? WARNED : LOADS;
	return fc->verdict[i];
}

/*
 * The verdicts of a forecast, each module after the scanned modules it
 * needs (a refused one exports nothing, so its users are refused in
 * turn).  Counted in sum; refused gets the refused modules' names.
 */
static void forecast(const struct export_table *exports, struct export_table *refused,
		     struct summary *sum)
{
	struct forecast fc = { .exports = exports };
	size_t i;

	fc.verdict = xcalloc(nr_modules + 1, sizeof(*fc.verdict));
	fc.tainted = xcalloc(nr_modules + 1, sizeof(*fc.tainted));
	fc.by_name = xcalloc(nr_modules + 1, sizeof(*fc.by_name));
	for (i = 0; i < nr_modules; i++)
		if (!modules[i].err)
			fc.by_name[fc.nr_names++] = i;
	qsort(fc.by_name, fc.nr_names, sizeof(*fc.by_name), cmp_index_names);
	for (i = 0; i < nr_modules; i++) {
		if (modules[i].err)
			continue;
		if (fc.verdict[i] == UNSEEN)
			judge(&fc, i);
		sum->warned += fc.verdict[i] == WARNED;
		sum->refused += fc.verdict[i] == REFUSED;
		if (fc.verdict[i] == REFUSED)
			export_table_add(refused, modules[i].name, EXPORT_PLAIN, NULL);
	}
	free(fc.by_name);
	free(fc.tainted);
	free(fc.verdict);
}

/*
 * A forecast reads modules built for one kernel against the exports of
 * the next: their CRCs are another kernel's by design (with MODVERSIONS
 * they must be rebuilt anyway), so they are not compared.
 */
static void resolve(const struct export_table *exports,
		    const struct export_table *assumed, bool forecasting,
		    const struct baseline *bl, struct findings *found,
		    struct summary *sum)
{
	struct export_table *scanned = export_table_new();
	struct export_table *refused = export_table_new();
	const struct module *m;
	size_t i, j;

	for (i = 0; i < nr_modules; i++)
		for (j = 0; !modules[i].err && j < modules[i].info.nr_exports; j++)
			export_table_add(scanned, modules[i].info.exports[j].name,
					 EXPORT_PLAIN, NULL);
	if (forecasting)
		forecast(exports, refused, sum);
	for (i = 0; i < nr_modules; i++) {
		m = &modules[i];
		if (m->err) {
			sum->skipped++;
			continue;
		}
		sum->scanned++;
		sum->non_gpl += m->proprietary;
		if (!forecasting)
			check_crcs(m, exports, scanned, bl, found, sum);
		check_namespaces(m, exports, bl, found, sum);
		check_duplicates(m, exports, bl, found, sum);
		resolve_module(m, exports, assumed, refused, forecasting, bl, found, sum);
	}
	export_table_free(refused);
	export_table_free(scanned);
	if (found->nr)
		qsort(found->list, found->nr, sizeof(*found->list), cmp_findings);
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) + (now.tv_nsec - start->tv_nsec) / 1e9;
}

static void print_stats(const struct timespec *start, size_t nr_exports)
{
	struct rusage ru;
	double secs = seconds_since(start);

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, PROG ": %zu files in %.2f s (%.0f files/s), ",
		nr_modules, secs, secs > 0 ? nr_modules / secs : 0.0);
	fprintf(stderr, "peak RSS %ld KiB, %zu exports known\n", ru.ru_maxrss,
		nr_exports);
}

static void add_arg(char ***list, size_t *nr, char *arg)
{
	*list = xrealloc(*list, (*nr + 1) * sizeof(**list));
	(*list)[(*nr)++] = arg;
}

enum { OPT_STATS = 256, OPT_BASELINE, OPT_VERSION };

static const struct option long_options[] = {
	{ "symvers", required_argument, NULL, 's' },
	{ "exports", required_argument, NULL, 'e' },
	{ "release", required_argument, NULL, 'k' },
	{ "basedir", required_argument, NULL, 'b' },
	{ "assume-future", required_argument, NULL, 'a' },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "format", required_argument, NULL, 'f' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ }
};

/* Fills opt, its PATHs included; -1 after a usage error. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	int c, format;
	char *end;

	opt->jobs = sysconf(_SC_NPROCESSORS_ONLN);
	while ((c = getopt_long(argc, argv, "s:e:k:b:a:f:j:qh", long_options,
				NULL)) != -1) {
		switch (c) {
		case 's':
			add_arg(&opt->symvers, &opt->nr_symvers, optarg);
			break;
		case 'e':
			add_arg(&opt->exports, &opt->nr_exports, optarg);
			break;
		case 'k':
			opt->release = optarg;
			break;
		case 'b':
			opt->basedir = optarg;
			break;
		case 'a':
			opt->assume_future = optarg;
			break;
		case OPT_BASELINE:
			opt->baseline = optarg;
			break;
		case 'f':
			format = index_of(format_names, NR_FORMATS, optarg);
			if (format < 0) {
				fprintf(stderr, PROG ": unknown format '%s' (table, tsv or json)\n",
					optarg);
				return -1;
			}
			opt->format = format;
			break;
		case 'j':
			errno = 0;
			opt->jobs = strtol(optarg, &end, 10);
			if (errno || *end || opt->jobs < 1 || opt->jobs > MAX_JOBS) {
				fprintf(stderr, PROG ": --jobs wants 1 to %d\n", MAX_JOBS);
				return -1;
			}
			break;
		case 'q':
			opt->quiet = true;
			break;
		case OPT_STATS:
			opt->stats = true;
			break;
		case 'h':
			print_help();
			exit(EXIT_CLEAN);
		case OPT_VERSION:
			printf(PROG " " VERSION "\n");
			exit(EXIT_CLEAN);
		default:
			return -1;
		}
	}
	if (opt->jobs < 1 || opt->jobs > MAX_JOBS)
		opt->jobs = opt->jobs < 1 ? 1 : MAX_JOBS;
	if ((opt->release || opt->basedir) && (opt->nr_symvers || opt->nr_exports)) {
		fprintf(stderr, PROG ": %s: not with --symvers or --exports\n",
			"--release and --basedir find a Module.symvers");
		return -1;
	}
	/*
	 * The modules' own kernel is the default, the wrong one here; and
	 * an ELF's export tables give no namespaces.
	 */
	if (opt->forecast && (opt->nr_exports || (!opt->nr_symvers && !opt->release))) {
		fprintf(stderr, PROG ": forecast: %s\n",
			"give the new kernel's Module.symvers (-s) or release (-k)");
		return -1;
	}
	if (optind == argc) {
		fprintf(stderr, PROG ": no module file or directory given\n");
		return -1;
	}
	opt->paths = argv + optind;
	opt->nr_paths = argc - optind;
	return 0;
}

static int exit_status(const struct summary *sum)
{
	int ret = EXIT_CLEAN;

	if (sum->affected)
		ret |= EXIT_AFFECTED;
	if (sum->skipped)
		ret |= EXIT_ERROR;
	if (sum->unresolved)
		ret |= EXIT_UNRESOLVED;
	if (sum->mismatched)
		ret |= EXIT_MISMATCH;
	if (sum->namespace)
		ret |= EXIT_NAMESPACE;
	if (sum->duplicate)
		ret |= EXIT_DUPLICATE;
	return ret;
}

static int flush_stdout(int ret)
{
	if (!fflush(stdout) && !ferror(stdout))
		return ret;
	fprintf(stderr, PROG ": write error: %s\n", strerror(errno));
	return ret | EXIT_ERROR;
}

struct run {
	struct options opt;
	struct export_table *exports;
	struct export_table *assumed;
	struct baseline baseline;
	struct findings found;
	bool input_error;	/* a wrong --assume-future list: said, not fatal */
};

/* Frees what the run allocated, so a leak checker sees only real leaks. */
static int finish(int ret, struct run *run)
{
	free(run->found.list);
	free(run->baseline.known);
	free(run->baseline.text);
	export_table_free(run->assumed);
	export_table_free(run->exports);
	free_modules();
	free(run->opt.symvers);
	free(run->opt.exports);
	return ret;
}

/* The sources of what the findings are checked against. */
static int load_references(struct run *run)
{
	struct export_table *names = export_table_new();
	size_t i;
	int wrong;

	for (i = 0; i < nr_modules; i++)
		if (!modules[i].err)
			export_table_add(names, modules[i].name, EXPORT_PLAIN, NULL);
	run->exports = export_table_new();
	wrong = load_export_sources(run->exports, names, &run->opt);
	export_table_skip_exporters(run->exports, NULL);
	export_table_free(names);
	if (wrong)
		return -1;
	if (run->opt.assume_future) {
		run->assumed = export_table_new();
		wrong = read_assume_future(run->assumed, run->exports,
					   run->opt.assume_future);
		if (wrong < 0)
			return -1;
		run->input_error = wrong > 0;
	}
	if (run->opt.baseline && read_baseline(&run->baseline, run->opt.baseline))
		return -1;
	return 0;
}

/* The image the PATHs are in: -b's, or their one tree's. */
static char *image_root(const struct options *opt)
{
	char *root = NULL, *release = NULL;
	size_t len;

	if (opt->basedir)
		root = xstrdup(opt->basedir);
	else
		paths_tree(opt, true, &root, &release);
	free(release);
	if (!root)
		return NULL;
	len = strlen(root);
	while (len && root[len - 1] == '/')
		root[--len] = '\0';
	if (!len) {
		free(root);
		return NULL;
	}
	return root;
}

/* The architecture a module is for: machine, ELF class and byte order. */
static unsigned long arch_of(const struct module *m)
{
	return (unsigned long)m->info.machine << 16 | m->info.elf_class << 8 |
	       m->info.elf_data;
}

/*
 * The modules of one run are one kernel's, so of one architecture: the
 * one most of them are for (machine, ELF class and byte order: ppc64 and
 * ppc64le share a machine), on a tie the first's in path order.  A
 * module for another, which that kernel would refuse, is skipped.
 */
static void refuse_other_machines(void)
{
	unsigned long arch = 0;
	size_t i, j, n, most = 0;

	for (i = 0; i < nr_modules; i++) {
		if (modules[i].err)
			continue;
		n = 0;
		for (j = i; j < nr_modules; j++)
			n += !modules[j].err && arch_of(&modules[j]) == arch_of(&modules[i]);
		if (n > most) {
			most = n;
			arch = arch_of(&modules[i]);
		}
	}
	for (i = 0; i < nr_modules; i++) {
		if (modules[i].err || arch_of(&modules[i]) == arch)
			continue;
		elf_info_free(&modules[i].info);
		free(modules[i].name);
		modules[i].name = NULL;
		modules[i].err = "another architecture than the other modules (ELF machine)";
	}
}

/* By name, then by depmod's rank (shadow_rank), then by path. */
static int cmp_names_ranks(const void *a, const void *b)
{
	const struct module *x = a, *y = b;
	int ret;

	if (!x->err != !y->err)
		return x->err ? 1 : -1;
	if (x->err)
		return cmp_modules(a, b);
	ret = strcmp(x->name, y->name);
	if (ret)
		return ret;
	if (x->shadow_rank != y->shadow_rank)
		return x->shadow_rank < y->shadow_rank ? -1 : 1;
	return cmp_modules(a, b);
}

/*
 * Of one kernel's modules of one name, modprobe loads the one depmod
 * ranks first (depmod.c: the root's depmod.d, else "updates built-in"):
 * only that one is audited, and the others are said to be shadowed
 * (DKMS's updates/, RHEL's extra/ and weak-updates/ over the kernel's
 * own).  Only when every PATH is in one lib/modules/RELEASE tree.
 */
static void drop_shadowed(const struct options *opt)
{
	char *root, *release, *top[2];
	const struct module *prev;
	struct depmod_cfg *cfg;
	const char *where;
	size_t i, kept = 0, t;

	if (!paths_tree(opt, true, &root, &release) || !release)
		return;
	/* Merged /usr: the tree is found under either name. */
	top[0] = xasprintf("%slib/modules/%s/", root, release);
	top[1] = xasprintf("%susr/lib/modules/%s/", root, release);
	while (*root && root[strlen(root) - 1] == '/')
		root[strlen(root) - 1] = '\0';
	cfg = depmod_cfg_read(root, release);
	for (i = 0; i < nr_modules; i++) {
		where = modules[i].found_as ? modules[i].found_as : modules[i].path;
		modules[i].shadow_rank = INT_MAX;
		for (t = 0; t < 2; t++)
			if (!strncmp(where, top[t], strlen(top[t])))
				modules[i].shadow_rank =
					depmod_rank(cfg, where + strlen(top[t]));
	}
	qsort(modules, nr_modules, sizeof(*modules), cmp_names_ranks);
	for (i = 0; i < nr_modules; i++) {
		prev = kept ? &modules[kept - 1] : NULL;
		if (!prev || modules[i].err || prev->err || strcmp(modules[i].name, prev->name)) {
			modules[kept++] = modules[i];
			continue;
		}
		/* A tie depmod breaks by directory order: both are audited. */
		if (modules[i].shadow_rank == prev->shadow_rank) {
			if (!opt->quiet)
				fprintf(stderr, PROG ": %s and %s: %s\n",
					prev->found_as ?: prev->path,
					modules[i].found_as ?: modules[i].path,
					"which modprobe loads depends on depmod's directory order");
			modules[kept++] = modules[i];
			continue;
		}
		if (!opt->quiet)
			fprintf(stderr, PROG ": %s: shadowed by %s, %s\n",
				modules[i].found_as ?: modules[i].path,
				prev->found_as ?: prev->path,
				"which modprobe loads (depmod)");
		free_module(&modules[i]);
	}
	nr_modules = kept;
	qsort(modules, nr_modules, sizeof(*modules), cmp_modules);
	depmod_cfg_free(cfg);
	free(top[0]);
	free(top[1]);
	free(root);
	free(release);
}

static int audit(int argc, char **argv, bool forecast)
{
	struct run run = { .opt.format = FORMAT_TABLE, .opt.forecast = forecast };
	struct summary sum = { 0 };
	struct timespec start;
	char *image;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (parse_options(argc, argv, &run.opt)) {
		fprintf(stderr, "Try '" PROG " --help'.\n");
		return finish(EXIT_ERROR, &run);
	}
	image = image_root(&run.opt);
	ret = collect_paths(run.opt.paths, run.opt.nr_paths, image);
	free(image);
	if (ret)
		return finish(EXIT_ERROR, &run);
	drop_duplicate_files();
	scan_modules(run.opt.jobs, !run.opt.quiet && isatty(STDERR_FILENO));
	refuse_other_machines();
	drop_shadowed(&run.opt);
	if (load_references(&run))
		return finish(EXIT_ERROR, &run);
	mark_proprietary(run.exports, run.opt.quiet);
	resolve(run.exports, run.assumed, run.opt.forecast, &run.baseline, &run.found,
		&sum);
	report(&run.found, &sum, &run.opt);
	if (run.opt.stats)
		print_stats(&start, export_table_size(run.exports));
	return finish(flush_stdout(exit_status(&sum) |
				   (run.input_error ? EXIT_ERROR : 0)), &run);
}

/* From least to most restrictive. */
static int restriction(enum export_type type)
{
	static const int rank[] = {
		[EXPORT_PLAIN] = 0, [EXPORT_GPL_FUTURE] = 1, [EXPORT_GPL] = 2,
	};

	return rank[type];
}

struct type_change {
	const char *name;
	const char *exporter;
	enum export_type from, to;
};

struct diff {
	const struct export_table *old;
	struct type_change *changes;
	size_t nr, cap;
};

static void compare_export(const char *name, enum export_type type,
			   const char *exporter, void *arg)
{
	struct diff *d = arg;
	enum export_type old;

	if (!export_table_find(d->old, name, &old, NULL) || old == type)
		return;
	if (d->nr == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 64;
		d->changes = xrealloc(d->changes, d->cap * sizeof(*d->changes));
	}
	d->changes[d->nr++] = (struct type_change){ name, exporter, old, type };
}

static int cmp_changes(const void *a, const void *b)
{
	return strcmp(((const struct type_change *)a)->name,
		      ((const struct type_change *)b)->name);
}

/*
 * The exports whose type changed: a line for each that became more
 * restrictive, its symbol first (an --assume-future file), a comment
 * for each that became less.
 */
static int diff_symvers(int argc, char **argv)
{
	struct export_table *old = export_table_new(), *new = export_table_new();
	struct diff d = { .old = old };
	const struct type_change *c;
	int ret = EXIT_ERROR;
	size_t i;

	if (argc != 4) {
		fprintf(stderr, PROG ": diff wants OLD.symvers NEW.symvers\n");
		goto out;
	}
	if (add_symvers(old, argv[2]) || add_symvers(new, argv[3]))
		goto out;
	export_table_for_each(new, compare_export, &d);
	if (d.nr)
		qsort(d.changes, d.nr, sizeof(*d.changes), cmp_changes);
	printf("#symbol\told\tnew\texporter\n");
	for (i = 0; i < d.nr; i++) {
		c = &d.changes[i];
		printf("%s%s\t%s\t%s\t%s\n",
		       restriction(c->to) < restriction(c->from) ? "# less restrictive: " : "",
		       c->name, symvers_types[c->from], symvers_types[c->to],
		       c->exporter);
	}
	ret = flush_stdout(d.nr ? EXIT_AFFECTED : EXIT_CLEAN);
out:
	free(d.changes);
	export_table_free(old);
	export_table_free(new);
	return ret;
}

int main(int argc, char **argv)
{
	argv[0] = PROG;		/* getopt's messages name the tool, not its path */
	if (elf_info_init()) {
		fprintf(stderr, PROG ": libelf is out of date\n");
		return EXIT_ERROR;
	}
	if (argc > 1 && !strcmp(argv[1], "diff"))
		return diff_symvers(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "forecast")) {
		argv[1] = PROG " forecast";
		return audit(argc - 1, argv + 1, true);
	}
	return audit(argc, argv, false);
}

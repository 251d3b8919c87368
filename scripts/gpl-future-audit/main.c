// SPDX-License-Identifier: GPL-2.0
/*
 * gpl-future-audit - find, without booting, the modules that use symbols
 * exported with EXPORT_SYMBOL_GPL_FUTURE (they will break when those
 * become GPL-only) or EXPORT_SYMBOL_GPL (they cannot load today).
 *
 * The run has three phases: parse every module file (in parallel; each
 * worker owns its slots), build the export table from Module.symvers,
 * --exports files and the scanned modules themselves, then resolve each
 * non-GPL module's undefined symbols against it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"

#define PROG		"gpl-future-audit"
#define MAX_JOBS	64

enum exit_code { EXIT_CLEAN, EXIT_AFFECTED, EXIT_ERROR };
enum format { FORMAT_TABLE, FORMAT_TSV, FORMAT_JSON };

/* What an import of a non-GPL module is found to be. */
enum finding_kind { FIND_GPL_FUTURE, FIND_ASSUMED_FUTURE, FIND_GPL_ONLY };

static const char *const kind_names[] = {
	[FIND_GPL_FUTURE]	= "gpl-future",
	[FIND_ASSUMED_FUTURE]	= "assumed-gpl-future",
	[FIND_GPL_ONLY]		= "gpl-only",
};

struct module {
	char *path;
	char *name;		/* modinfo name=, else from the file name */
	struct elf_info info;
	const char *err;	/* set when the file was skipped */
};

struct finding {
	const struct module *mod;
	const char *symbol;
	const char *exporter;
	enum finding_kind kind;
};

struct options {
	char **symvers;
	size_t nr_symvers;
	char **exports;
	size_t nr_exports;
	const char *assume_future;
	enum format format;
	long jobs;
	bool quiet;
	bool stats;
};

static struct module *modules;
static size_t nr_modules, cap_modules;

struct scan {
	size_t next;		/* next module to parse, taken atomically */
	size_t done;
	bool progress;
};

static void print_help(FILE *f)
{
	fprintf(f,
		"Usage: " PROG " [OPTION]... PATH...\n"
		"Report the non-GPL kernel modules under PATH (files or directories of\n"
		".ko, .ko.xz, .ko.zst) that use symbols exported with\n"
		"EXPORT_SYMBOL_GPL_FUTURE, which will become GPL-only, or with\n"
		"EXPORT_SYMBOL_GPL, which they cannot use today.\n"
		"\n"
		"Export types come from the options below and from the export tables\n"
		"of the scanned modules; the first source that names a symbol wins.\n"
		"  -s, --symvers=FILE        Module.symvers of the kernel (repeatable)\n"
		"  -e, --exports=ELF         the export tables (__ksymtab*, __kflagstab)\n"
		"                            of a vmlinux or .ko (repeatable)\n"
		"  -a, --assume-future=FILE  also treat these plain exports (one symbol\n"
		"                            per line, # comments) as future-GPL\n"
		"  -f, --format=FORMAT       table (default), tsv or json\n"
		"  -j, --jobs=N              parse with N threads (default: CPUs)\n"
		"  -q, --quiet               no progress on stderr\n"
		"      --stats               files, time and peak memory on stderr\n"
		"  -h, --help                this text\n"
		"\n"
		"Kinds: gpl-future (loads with a warning today), assumed-gpl-future\n"
		"(would, with --assume-future), gpl-only (refused today).\n"
		"Exit status: 0 nothing affected, 1 some module affected, 2 usage or\n"
		"input error (a file that cannot be read is reported and skipped).\n");
}

static void add_module_path(const char *path)
{
	if (nr_modules == cap_modules) {
		cap_modules = cap_modules ? 2 * cap_modules : 256;
		modules = xrealloc(modules, cap_modules * sizeof(*modules));
	}
	memset(&modules[nr_modules], 0, sizeof(*modules));
	modules[nr_modules++].path = xstrdup(path);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t len = strlen(s), slen = strlen(suffix);

	return len >= slen && !strcmp(s + len - slen, suffix);
}

static bool is_module_name(const char *path)
{
	return ends_with(path, ".ko") || ends_with(path, ".ko.xz") ||
	       ends_with(path, ".ko.zst");
}

static int walk_entry(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	if (flag == FTW_DNR)
		fprintf(stderr, PROG ": %s: cannot read directory (skipped)\n", path);
	else if (flag == FTW_F && S_ISREG(st->st_mode) && is_module_name(path))
		add_module_path(path);
	return 0;
}

/* Directories are walked without following links; files are taken as named. */
static int collect_paths(char **paths, int nr)
{
	struct stat st;
	int i;

	for (i = 0; i < nr; i++) {
		if (stat(paths[i], &st)) {
			fprintf(stderr, PROG ": %s: %s\n", paths[i], strerror(errno));
			return -1;
		}
		if (!S_ISDIR(st.st_mode))
			add_module_path(paths[i]);
		else if (nftw(paths[i], walk_entry, 32, FTW_PHYS))
			return -1;
	}
	return 0;
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

static const char *parse_file(const char *path, struct elf_info *info)
{
	const char *err = NULL;
	void *buf;
	size_t len;

	if (read_module_file(path, &buf, &len, &err))
		return err;
	if (!decompress(&buf, &len, &err))
		elf_info_parse(buf, len, info, &err);
	free(buf);
	return err;
}

static void parse_module(struct module *m)
{
	m->err = parse_file(m->path, &m->info);
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

static int cmp_modules(const void *a, const void *b)
{
	return strcmp(((const struct module *)a)->path,
		      ((const struct module *)b)->path);
}

static int load_export_sources(struct export_table *t,
			       const struct options *opt)
{
	struct elf_info info;
	const char *err;
	size_t i, j;
	char *name;

	for (i = 0; i < opt->nr_symvers; i++) {
		if (read_symvers(t, opt->symvers[i], &err)) {
			fprintf(stderr, PROG ": %s: %s\n", opt->symvers[i], err);
			return -1;
		}
	}
	for (i = 0; i < opt->nr_exports; i++) {
		err = parse_file(opt->exports[i], &info);
		if (err) {
			fprintf(stderr, PROG ": %s: %s\n", opt->exports[i], err);
			return -1;
		}
		name = module_name(&info, opt->exports[i]);
		for (j = 0; j < info.nr_exports; j++)
			export_table_add(t, info.exports[j].name,
					 info.exports[j].type, name);
		free(name);
		elf_info_free(&info);
	}
	for (i = 0; i < nr_modules; i++)
		for (j = 0; j < modules[i].info.nr_exports; j++)
			export_table_add(t, modules[i].info.exports[j].name,
					 modules[i].info.exports[j].type,
					 modules[i].name);
	return 0;
}

/* The symbols of --assume-future, as a table of names. */
static int read_assume_future(struct export_table *assumed,
			      const struct export_table *exports,
			      const char *path)
{
	size_t cap = 0, len;
	enum export_type type;
	char *line = NULL, *sym;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) > 0) {
		sym = line + strspn(line, " \t");
		len = strcspn(sym, " \t\r\n#");
		if (!len)
			continue;
		sym[len] = '\0';
		if (!export_table_find(exports, sym, &type, NULL))
			fprintf(stderr, PROG ": %s: %s is not a known export\n",
				path, sym);
		else if (type != EXPORT_PLAIN)
			fprintf(stderr, PROG ": %s: %s is already %s\n", path, sym,
				type == EXPORT_GPL ? "GPL-only" : "future-GPL");
		export_table_add(assumed, sym, EXPORT_GPL_FUTURE, NULL);
	}
	free(line);
	fclose(f);
	return 0;
}

/* As the kernel's license_is_gpl_compatible(). */
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

/* Whether an import exported as TYPE is a finding, and of which kind. */
static bool classify(const char *sym, enum export_type type,
		     const struct export_table *assumed, struct finding *f)
{
	if (type == EXPORT_GPL_FUTURE)
		f->kind = FIND_GPL_FUTURE;
	else if (type == EXPORT_GPL)
		f->kind = FIND_GPL_ONLY;
	else if (assumed && export_table_find(assumed, sym, NULL, NULL))
		f->kind = FIND_ASSUMED_FUTURE;
	else
		return false;
	f->symbol = sym;
	return true;
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

struct summary {
	size_t scanned, skipped, non_gpl, affected, unresolved;
};

static struct finding *resolve(const struct export_table *exports,
			       const struct export_table *assumed,
			       size_t *nr, struct summary *sum)
{
	struct finding *found = NULL, f;
	size_t i, j, cap = 0, before;
	const struct module *m;
	enum export_type type;

	*nr = 0;
	for (i = 0; i < nr_modules; i++) {
		m = &modules[i];
		if (m->err) {
			sum->skipped++;
			continue;
		}
		sum->scanned++;
		if (license_is_gpl_compatible(m->info.license))
			continue;
		sum->non_gpl++;
		before = *nr;
		for (j = 0; j < m->info.nr_imports; j++) {
			f.mod = m;
			if (!export_table_find(exports, m->info.imports[j], &type,
					       &f.exporter)) {
				sum->unresolved++;
				continue;
			}
			if (!classify(m->info.imports[j], type, assumed, &f))
				continue;
			if (*nr == cap) {
				cap = cap ? 2 * cap : 64;
				found = xrealloc(found, cap * sizeof(*found));
			}
			found[(*nr)++] = f;
		}
		sum->affected += *nr > before;
	}
	if (found)
		qsort(found, *nr, sizeof(*found), cmp_findings);
	return found;
}

static const char *license_of(const struct module *m)
{
	return m->info.license ? m->info.license : "unspecified";
}

/* Control bytes would break a table row or a TSV line. */
static void put_plain(const char *s, int width, bool tsv)
{
	int n = 0;

	for (; *s; s++, n++)
		putchar((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
	if (tsv)
		return;
	for (; n < width; n++)
		putchar(' ');
}

/* Bytes outside printable ASCII become \u00XX, so the output is valid JSON. */
static void put_json(const char *key, const char *s, bool last)
{
	unsigned char c;

	printf("\"%s\": \"", key);
	for (; (c = *s); s++) {
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	printf(last ? "\"" : "\", ");
}

#define NR_COLUMNS	6

static void finding_fields(const struct finding *f, const char **col)
{
	col[0] = f->mod->name;
	col[1] = license_of(f->mod);
	col[2] = f->symbol;
	col[3] = kind_names[f->kind];
	col[4] = f->exporter;
	col[5] = f->mod->path;
}

static const char *const headers[NR_COLUMNS] = {
	"MODULE", "LICENSE", "SYMBOL", "KIND", "EXPORTER", "FILE",
};

static const char *const json_keys[NR_COLUMNS] = {
	"module", "license", "symbol", "kind", "exporter", "file",
};

static void print_rows(const struct finding *found, size_t nr, bool tsv)
{
	int width[NR_COLUMNS], c, len;
	const char *col[NR_COLUMNS];
	size_t i;

	for (c = 0; c < NR_COLUMNS; c++)
		width[c] = strlen(headers[c]);
	for (i = 0; i < nr; i++) {
		finding_fields(&found[i], col);
		for (c = 0; c < NR_COLUMNS; c++) {
			len = strlen(col[c]);
			if (len > width[c])
				width[c] = len;
		}
	}
	for (c = 0; c < NR_COLUMNS; c++) {
		if (tsv)
			printf("%s%s", c ? "\t" : "#", json_keys[c]);
		else
			printf("%-*s%s", c < NR_COLUMNS - 1 ? width[c] : 0,
			       headers[c], c < NR_COLUMNS - 1 ? "  " : "");
	}
	putchar('\n');
	for (i = 0; i < nr; i++) {
		finding_fields(&found[i], col);
		for (c = 0; c < NR_COLUMNS; c++) {
			put_plain(col[c], c < NR_COLUMNS - 1 ? width[c] : 0, tsv);
			if (c < NR_COLUMNS - 1)
				fputs(tsv ? "\t" : "  ", stdout);
		}
		putchar('\n');
	}
}

static void print_json(const struct finding *found, size_t nr,
		       const struct summary *sum)
{
	const char *col[NR_COLUMNS];
	size_t i;
	int c;

	printf("{\"scanned\": %zu, \"skipped\": %zu, ", sum->scanned, sum->skipped);
	printf("\"non_gpl\": %zu, \"affected\": %zu, ", sum->non_gpl, sum->affected);
	printf("\"findings\": [");
	for (i = 0; i < nr; i++) {
		finding_fields(&found[i], col);
		printf("%s\n  {", i ? "," : "");
		for (c = 0; c < NR_COLUMNS; c++)
			put_json(json_keys[c], col[c], c == NR_COLUMNS - 1);
		putchar('}');
	}
	printf("\n]}\n");
}

static void print_summary(FILE *f, const struct summary *sum)
{
	fprintf(f, "%zu modules scanned, %zu not GPL-compatible, %zu affected, %zu skipped\n",
		sum->scanned, sum->non_gpl, sum->affected, sum->skipped);
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) + (now.tv_nsec - start->tv_nsec) / 1e9;
}

static void print_stats(const struct timespec *start, const struct summary *sum,
			size_t nr_exports)
{
	struct rusage ru;
	double secs = seconds_since(start);

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, PROG ": %zu files in %.2f s (%.0f files/s), peak RSS %ld KiB\n",
		nr_modules, secs, secs > 0 ? nr_modules / secs : 0.0, ru.ru_maxrss);
	fprintf(stderr, PROG ": %zu exports known, %zu imports of non-GPL modules unresolved\n",
		nr_exports, sum->unresolved);
}

static void add_arg(char ***list, size_t *nr, char *arg)
{
	*list = xrealloc(*list, (*nr + 1) * sizeof(**list));
	(*list)[(*nr)++] = arg;
}

static int parse_format(const char *s, enum format *format)
{
	if (!strcmp(s, "table"))
		*format = FORMAT_TABLE;
	else if (!strcmp(s, "tsv"))
		*format = FORMAT_TSV;
	else if (!strcmp(s, "json"))
		*format = FORMAT_JSON;
	else
		return -1;
	return 0;
}

enum { OPT_STATS = 256 };

static const struct option long_options[] = {
	{ "symvers", required_argument, NULL, 's' },
	{ "exports", required_argument, NULL, 'e' },
	{ "assume-future", required_argument, NULL, 'a' },
	{ "format", required_argument, NULL, 'f' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "help", no_argument, NULL, 'h' },
	{ }
};

/* Returns the index of the first PATH, or -1 after a usage error. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	char *end;
	int c;

	opt->jobs = sysconf(_SC_NPROCESSORS_ONLN);
	while ((c = getopt_long(argc, argv, "s:e:a:f:j:qh", long_options,
				NULL)) != -1) {
		switch (c) {
		case 's':
			add_arg(&opt->symvers, &opt->nr_symvers, optarg);
			break;
		case 'e':
			add_arg(&opt->exports, &opt->nr_exports, optarg);
			break;
		case 'a':
			opt->assume_future = optarg;
			break;
		case 'f':
			if (parse_format(optarg, &opt->format)) {
				fprintf(stderr, PROG ": unknown format '%s' (table, tsv or json)\n",
					optarg);
				return -1;
			}
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
			print_help(stdout);
			exit(EXIT_CLEAN);
		default:
			return -1;
		}
	}
	if (opt->jobs < 1 || opt->jobs > MAX_JOBS)
		opt->jobs = opt->jobs < 1 ? 1 : MAX_JOBS;
	if (optind == argc) {
		fprintf(stderr, PROG ": no module file or directory given\n");
		return -1;
	}
	return optind;
}

static void report(const struct finding *found, size_t nr,
		   const struct summary *sum, enum format format)
{
	size_t i;

	for (i = 0; i < nr_modules; i++)
		if (modules[i].err)
			fprintf(stderr, PROG ": %s: %s (skipped)\n",
				modules[i].path, modules[i].err);
	if (format == FORMAT_JSON) {
		print_json(found, nr, sum);
		return;
	}
	if (nr)
		print_rows(found, nr, format == FORMAT_TSV);
	if (format == FORMAT_TABLE)
		print_summary(stdout, sum);
}

static void free_modules(void)
{
	size_t i;

	for (i = 0; i < nr_modules; i++) {
		elf_info_free(&modules[i].info);
		free(modules[i].name);
		free(modules[i].path);
	}
	free(modules);
}

/* Frees what main() allocated, so a leak checker sees only real leaks. */
static int finish(int ret, struct options *opt, struct export_table *exports,
		  struct export_table *assumed, struct finding *found)
{
	free(found);
	export_table_free(assumed);
	export_table_free(exports);
	free_modules();
	free(opt->symvers);
	free(opt->exports);
	return ret;
}

int main(int argc, char **argv)
{
	struct export_table *exports = NULL, *assumed = NULL;
	struct options opt = { .format = FORMAT_TABLE };
	struct summary sum = { 0 };
	struct finding *found = NULL;
	struct timespec start;
	size_t nr_found;
	int first, ret;

	clock_gettime(CLOCK_MONOTONIC, &start);
	first = parse_options(argc, argv, &opt);
	if (first < 0) {
		fprintf(stderr, "Try '" PROG " --help'.\n");
		return finish(EXIT_ERROR, &opt, NULL, NULL, NULL);
	}
	if (collect_paths(argv + first, argc - first))
		return finish(EXIT_ERROR, &opt, NULL, NULL, NULL);
	if (modules)
		qsort(modules, nr_modules, sizeof(*modules), cmp_modules);
	scan_modules(opt.jobs, !opt.quiet && isatty(STDERR_FILENO));

	exports = export_table_new();
	if (load_export_sources(exports, &opt))
		return finish(EXIT_ERROR, &opt, exports, NULL, NULL);
	if (!export_table_size(exports)) {
		fprintf(stderr, PROG ": no exports known: give --symvers or --exports\n");
		return finish(EXIT_ERROR, &opt, exports, NULL, NULL);
	}
	if (opt.assume_future) {
		assumed = export_table_new();
		if (read_assume_future(assumed, exports, opt.assume_future))
			return finish(EXIT_ERROR, &opt, exports, assumed, NULL);
	}

	found = resolve(exports, assumed, &nr_found, &sum);
	report(found, nr_found, &sum, opt.format);
	if (opt.stats)
		print_stats(&start, &sum, export_table_size(exports));
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, PROG ": write error: %s\n", strerror(errno));
		ret = EXIT_ERROR;
	} else if (sum.skipped) {
		ret = EXIT_ERROR;
	} else {
		ret = nr_found ? EXIT_AFFECTED : EXIT_CLEAN;
	}
	return finish(ret, &opt, exports, assumed, found);
}

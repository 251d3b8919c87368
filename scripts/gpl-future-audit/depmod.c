// SPDX-License-Identifier: GPL-2.0
/*
 * Which of a kernel's modules of one name modprobe loads.  modprobe takes
 * the path modules.dep gives, which depmod wrote: when the tree has a
 * modules.dep, that is the answer.  Without one (an image before depmod
 * ran), depmod's choice is worked out from depmod.d(5) as kmod's depmod
 * makes it: an "override NAME RELEASE SUBDIR" line whose RELEASE (a
 * regular expression) matches names the copy directly in SUBDIR; else
 * the "search" lines, in the order read, rank the subdirectories of
 * lib/modules/RELEASE, "built-in" standing for every one no other entry
 * names, and "updates built-in" when there is no search line.  Modules
 * under a directory named by "exclude", or under build/ or source/, are
 * not depmod's.  The files are the *.conf of the depmod.d directories of
 * the root, read in name order, a name in an earlier directory hiding the
 * same name in a later one, every path resolved inside the root.  The
 * "external" directories, outside lib/modules, are not followed.
 */
#include <dirent.h>
#include <limits.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

struct depmod_override {
	char *name, *release, *dir;
};

struct depmod_cfg {
	char *release;
	char **search;		/* a NULL entry: built-in */
	size_t nr_search;
	struct depmod_override *override;
	size_t nr_override;
	char **exclude;
	size_t nr_exclude;
	char **dep;		/* modules.dep's paths, sorted; NULL: no file */
	size_t nr_dep;
};

/* Where kmod's depmod reads its configuration, in its order. */
static const char *const depmod_dirs[] = {
	"etc/depmod.d", "run/depmod.d", "usr/local/lib/depmod.d",
	"usr/lib/depmod.d", "lib/depmod.d",
};

static void add_string(char ***list, size_t *nr, const char *s)
{
	*list = xrealloc(*list, (*nr + 1) * sizeof(**list));
	(*list)[(*nr)++] = s ? xstrdup(s) : NULL;
}

static void add_override(struct depmod_cfg *cfg, char **w)
{
	struct depmod_override *o;

	cfg->override = xrealloc(cfg->override,
				 (cfg->nr_override + 1) * sizeof(*cfg->override));
	o = &cfg->override[cfg->nr_override++];
	o->name = xstrdup(w[0]);
	o->release = xstrdup(w[1]);
	o->dir = xstrdup(w[2]);
}

static void read_line(struct depmod_cfg *cfg, char *line)
{
	char *save = NULL, *key = strtok_r(line, " \t", &save), *w[3];
	int i;

	if (!key || *key == '#')
		return;
	if (!strcmp(key, "search")) {
		while ((w[0] = strtok_r(NULL, " \t", &save)))
			if (strcmp(w[0], "external"))
				add_string(&cfg->search, &cfg->nr_search,
					   strcmp(w[0], "built-in") ? w[0] : NULL);
	} else if (!strcmp(key, "override")) {
		for (i = 0; i < 3; i++)
			w[i] = strtok_r(NULL, " \t", &save);
		if (w[2])
			add_override(cfg, w);
	} else if (!strcmp(key, "exclude")) {
		while ((w[0] = strtok_r(NULL, " \t", &save)))
			add_string(&cfg->exclude, &cfg->nr_exclude, w[0]);
	}
}

static void read_conf(struct depmod_cfg *cfg, const char *root, const char *path)
{
	char *real = resolve_in_root(root, path), *text, *line, *rest;
	const char *err;

	text = real ? read_text(real, &err) : NULL;
	free(real);
	if (!text)
		return;
	for (rest = text; (line = strsep(&rest, "\n"));)
		read_line(cfg, line);
	free(text);
}

struct conf_file {
	char *name, *dir;
};

static int cmp_conf_files(const void *a, const void *b)
{
	return strcmp(((const struct conf_file *)a)->name,
		      ((const struct conf_file *)b)->name);
}

static bool is_conf(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len > 5 && !strcmp(name + len - 5, ".conf");
}

static void read_confs(struct depmod_cfg *cfg, const char *root)
{
	struct conf_file *files = NULL;
	size_t nr = 0, i, d;
	struct dirent *e;
	char *path;
	DIR *dir;

	for (d = 0; d < ARRAY_SIZE(depmod_dirs); d++) {
		path = resolve_in_root(root, depmod_dirs[d]);
		dir = path ? opendir(path) : NULL;
		free(path);
		while (dir && (e = readdir(dir))) {
			if (!is_conf(e->d_name))
				continue;
			for (i = 0; i < nr && strcmp(files[i].name, e->d_name); i++)
				;
			if (i < nr)
				continue;	/* hidden by an earlier directory's */
			files = xrealloc(files, (nr + 1) * sizeof(*files));
			files[nr].name = xstrdup(e->d_name);
			files[nr++].dir = xstrdup(depmod_dirs[d]);
		}
		if (dir)
			closedir(dir);
	}
	if (nr)
		qsort(files, nr, sizeof(*files), cmp_conf_files);
	for (i = 0; i < nr; i++) {
		path = xasprintf("%s/%s", files[i].dir, files[i].name);
		read_conf(cfg, root, path);
		free(path);
		free(files[i].name);
		free(files[i].dir);
	}
	free(files);
}

static int cmp_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* modules.dep's module paths ("PATH: DEPS" lines), when the tree has one. */
static void read_modules_dep(struct depmod_cfg *cfg, const char *root)
{
	char *place = xasprintf("lib/modules/%s/modules.dep", cfg->release);
	char *real = resolve_in_root(root, place), *text, *line, *rest, *colon;
	const char *err;

	free(place);
	text = real ? read_text(real, &err) : NULL;
	free(real);
	if (!text)
		return;
	cfg->dep = xmalloc(sizeof(*cfg->dep));	/* a file, maybe empty */
	for (rest = text; (line = strsep(&rest, "\n"));) {
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		add_string(&cfg->dep, &cfg->nr_dep, line);
	}
	free(text);
	if (cfg->nr_dep)
		qsort(cfg->dep, cfg->nr_dep, sizeof(*cfg->dep), cmp_strings);
}

/* The configuration of kernel RELEASE under ROOT ("" for /): never NULL. */
struct depmod_cfg *depmod_cfg_read(const char *root, const char *release)
{
	struct depmod_cfg *cfg = xcalloc(1, sizeof(*cfg));

	cfg->release = xstrdup(release);
	read_modules_dep(cfg, root);
	read_confs(cfg, root);
	if (!cfg->nr_search) {
		add_string(&cfg->search, &cfg->nr_search, "updates");
		add_string(&cfg->search, &cfg->nr_search, NULL);
	}
	add_string(&cfg->exclude, &cfg->nr_exclude, "build");
	add_string(&cfg->exclude, &cfg->nr_exclude, "source");
	return cfg;
}

static void free_strings(char **list, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(list[i]);
	free(list);
}

void depmod_cfg_free(struct depmod_cfg *cfg)
{
	size_t i;

	if (!cfg)
		return;
	for (i = 0; i < cfg->nr_override; i++) {
		free(cfg->override[i].name);
		free(cfg->override[i].release);
		free(cfg->override[i].dir);
	}
	free(cfg->override);
	free_strings(cfg->search, cfg->nr_search);
	free_strings(cfg->exclude, cfg->nr_exclude);
	free_strings(cfg->dep, cfg->nr_dep);
	free(cfg->release);
	free(cfg);
}

/* Whether REL, a path under lib/modules/RELEASE, is in subdirectory DIR. */
static bool in_dir(const char *rel, const char *dir)
{
	size_t len = strlen(dir);

	while (len && dir[len - 1] == '/')
		len--;
	return !strncmp(rel, dir, len) && rel[len] == '/';
}

/* Whether a directory of REL is one depmod leaves out. */
static bool excluded(const struct depmod_cfg *cfg, const char *rel)
{
	const char *p, *slash;
	size_t i;

	for (p = rel; (slash = strchr(p, '/')); p = slash + 1)
		for (i = 0; i < cfg->nr_exclude; i++)
			if ((size_t)(slash - p) == strlen(cfg->exclude[i]) &&
			    !strncmp(p, cfg->exclude[i], slash - p))
				return true;
	return false;
}

/* depmod's name for the module at REL: its file name, '-' as '_'. */
static char *file_module_name(const char *rel)
{
	const char *base = strrchr(rel, '/');
	char *name, *p;

	name = xstrndup(base ? base + 1 : rel, strcspn(base ? base + 1 : rel, "."));
	for (p = name; *p; p++)
		if (*p == '-')
			*p = '_';
	return name;
}

/* An override of REL's module, matching RELEASE, naming REL's directory. */
static bool overridden(const struct depmod_cfg *cfg, const char *rel)
{
	const char *base = strrchr(rel, '/');
	char *name = file_module_name(rel);
	const struct depmod_override *o;
	bool found = false;
	regex_t re;
	size_t i;

	for (i = 0; i < cfg->nr_override && !found && base; i++) {
		o = &cfg->override[i];
		if (strcmp(o->name, name) || strlen(o->dir) != (size_t)(base - rel) ||
		    strncmp(o->dir, rel, base - rel) ||
		    regcomp(&re, o->release, REG_EXTENDED | REG_NOSUB))
			continue;
		found = !regexec(&re, cfg->release, 0, NULL, 0);
		regfree(&re);
	}
	free(name);
	return found;
}

/*
 * The rank of the module at REL (its path under lib/modules/RELEASE): the
 * lower, the more depmod prefers it.  Equal ranks are a tie depmod breaks
 * by the order it happens to read the directories in.
 */
int depmod_rank(const struct depmod_cfg *cfg, const char *rel)
{
	int builtin = INT_MAX - 1;
	size_t i;

	if (cfg->dep)
		return bsearch(&rel, cfg->dep, cfg->nr_dep, sizeof(*cfg->dep),
			       cmp_strings) ? 0 : INT_MAX;
	if (excluded(cfg, rel))
		return INT_MAX;
	if (overridden(cfg, rel))
		return -1;
	for (i = 0; i < cfg->nr_search; i++) {
		if (!cfg->search[i]) {
			if (builtin == INT_MAX - 1)
				builtin = i;
		} else if (in_dir(rel, cfg->search[i])) {
			return i;
		}
	}
	return builtin;
}

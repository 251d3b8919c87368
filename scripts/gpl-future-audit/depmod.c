// SPDX-License-Identifier: GPL-2.0
/*
 * Which of a kernel's modules of one name modprobe loads, as depmod picks
 * it (depmod.d(5)): an "override NAME RELEASE SUBDIR" line names the
 * subdirectory whose copy wins; else the "search" lines, in the order
 * read, rank the subdirectories of lib/modules/RELEASE, "built-in"
 * standing for every one no other entry names; without a search line,
 * depmod searches "updates built-in".  The files are the *.conf of the
 * depmod.d directories of the root, read in name order, a name in an
 * earlier directory hiding the same name in a later one.  The "external"
 * directories, outside lib/modules, are not followed.
 */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

struct depmod_search {
	char *dir;		/* NULL: built-in */
};

struct depmod_override {
	char *name, *release, *dir;
};

struct depmod_cfg {
	struct depmod_search *search;
	size_t nr_search;
	struct depmod_override *override;
	size_t nr_override;
};

/* Where kmod's depmod reads its configuration, in its order. */
static const char *const depmod_dirs[] = {
	"etc/depmod.d", "run/depmod.d", "usr/local/lib/depmod.d",
	"usr/lib/depmod.d", "lib/depmod.d",
};

static void add_search(struct depmod_cfg *cfg, const char *dir)
{
	cfg->search = xrealloc(cfg->search, (cfg->nr_search + 1) * sizeof(*cfg->search));
	cfg->search[cfg->nr_search++].dir = strcmp(dir, "built-in") ? xstrdup(dir) : NULL;
}

static void add_override(struct depmod_cfg *cfg, const char *name,
			 const char *release, const char *dir)
{
	struct depmod_override *o;

	cfg->override = xrealloc(cfg->override,
				 (cfg->nr_override + 1) * sizeof(*cfg->override));
	o = &cfg->override[cfg->nr_override++];
	o->name = xstrdup(name);
	o->release = xstrdup(release);
	o->dir = xstrdup(dir);
}

static void read_line(struct depmod_cfg *cfg, char *line)
{
	char *save = NULL, *key = strtok_r(line, " \t", &save), *w[3];
	int i;

	if (!key || *key == '#')
		return;
	if (!strcmp(key, "search")) {
		while ((w[0] = strtok_r(NULL, " \t", &save)))
			add_search(cfg, w[0]);
	} else if (!strcmp(key, "override")) {
		for (i = 0; i < 3; i++)
			w[i] = strtok_r(NULL, " \t", &save);
		if (w[2])
			add_override(cfg, w[0], w[1], w[2]);
	}
}

static void read_conf(struct depmod_cfg *cfg, const char *path)
{
	const char *err;
	char *text = read_text(path, &err), *line, *rest;

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

/* The configuration of the system under ROOT ("" for /): never NULL. */
struct depmod_cfg *depmod_cfg_read(const char *root)
{
	struct depmod_cfg *cfg = xcalloc(1, sizeof(*cfg));
	struct conf_file *files = NULL;
	size_t nr = 0, i, d;
	struct dirent *e;
	char *path;
	DIR *dir;

	for (d = 0; d < ARRAY_SIZE(depmod_dirs); d++) {
		path = xasprintf("%s/%s", root, depmod_dirs[d]);
		dir = opendir(path);
		while (dir && (e = readdir(dir))) {
			if (!is_conf(e->d_name))
				continue;
			for (i = 0; i < nr && strcmp(files[i].name, e->d_name); i++)
				;
			if (i < nr)
				continue;	/* hidden by an earlier directory's */
			files = xrealloc(files, (nr + 1) * sizeof(*files));
			files[nr].name = xstrdup(e->d_name);
			files[nr++].dir = xstrdup(path);
		}
		if (dir)
			closedir(dir);
		free(path);
	}
	if (nr)
		qsort(files, nr, sizeof(*files), cmp_conf_files);
	for (i = 0; i < nr; i++) {
		path = xasprintf("%s/%s", files[i].dir, files[i].name);
		read_conf(cfg, path);
		free(path);
		free(files[i].name);
		free(files[i].dir);
	}
	free(files);
	if (!cfg->nr_search) {
		add_search(cfg, "updates");
		add_search(cfg, "built-in");
	}
	return cfg;
}

void depmod_cfg_free(struct depmod_cfg *cfg)
{
	size_t i;

	if (!cfg)
		return;
	for (i = 0; i < cfg->nr_search; i++)
		free(cfg->search[i].dir);
	for (i = 0; i < cfg->nr_override; i++) {
		free(cfg->override[i].name);
		free(cfg->override[i].release);
		free(cfg->override[i].dir);
	}
	free(cfg->search);
	free(cfg->override);
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

/*
 * The rank of module NAME at REL (its path under lib/modules/RELEASE):
 * the lower, the more depmod prefers it.
 */
int depmod_rank(const struct depmod_cfg *cfg, const char *release,
		const char *name, const char *rel)
{
	const struct depmod_override *o;
	int builtin = INT_MAX;
	size_t i;

	for (i = 0; i < cfg->nr_override; i++) {
		o = &cfg->override[i];
		if (!strcmp(o->name, name) &&
		    (!strcmp(o->release, "*") || !strcmp(o->release, release)) &&
		    in_dir(rel, o->dir))
			return -1;
	}
	for (i = 0; i < cfg->nr_search; i++) {
		if (!cfg->search[i].dir) {
			if (builtin == INT_MAX)
				builtin = i;
		} else if (in_dir(rel, cfg->search[i].dir)) {
			return i;
		}
	}
	return builtin;
}

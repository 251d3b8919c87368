// SPDX-License-Identifier: GPL-2.0
/*
 * gpl-future-audit: the modules of a run.  Each PATH is walked (a
 * directory) or taken as named (a file); a module reached twice, through
 * links, is kept once; in an image, links resolve inside it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run.h"

struct module *modules;
size_t nr_modules;
static size_t cap_modules;

static void add_module(const char *path, const struct stat *st, const char *err)
{
	struct module *m;

	if (nr_modules == cap_modules) {
		cap_modules = cap_modules ? 2 * cap_modules : 256;
		modules = xrealloc(modules, cap_modules * sizeof(*modules));
	}
	m = &modules[nr_modules++];
	memset(m, 0, sizeof(*m));
	m->path = xstrdup(path);
	m->err = err;
	if (st) {
		m->dev = st->st_dev;
		m->ino = st->st_ino;
	}
}

/* Only regular files are opened: a FIFO or a device may never end. */
static void add_file(const char *path, const struct stat *st)
{
	add_module(path, st, S_ISREG(st->st_mode) ? NULL : "not a regular file");
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t len = strlen(s), slen = strlen(suffix);

	return len >= slen && !strcmp(s + len - slen, suffix);
}

static bool is_module_name(const char *path)
{
	return ends_with(path, ".ko") || ends_with(path, ".ko.xz") ||
	       ends_with(path, ".ko.zst") || ends_with(path, ".ko.gz");
}

#define MAX_LINKS	40	/* as the kernel's path walk */

/*
 * PATH (relative) resolved inside ROOT as if ROOT were /, in a string to
 * free, or NULL when a part of it is missing.  An absolute link (Debian's
 * lib/modules/R/build -> /usr/src/linux-headers-R) stays in the image
 * given with -b: followed by the system, it would reach the host's own
 * headers, another kernel's exports.
 */
char *resolve_in_root(const char *root, const char *path)
{
	char *done = xstrdup(root), *todo = xstrdup(path), *next, *part;
	char target[4096];
	struct stat st;
	int links = 0;
	ssize_t len;

	while (todo[strspn(todo, "/")]) {
		part = todo + strspn(todo, "/");
		next = part + strcspn(part, "/");
		part = xstrndup(part, next - part);
		next = xstrdup(next);
		free(todo);
		todo = next;
		if (!strcmp(part, "..")) {
			next = strrchr(done, '/');
			if (next && next - done >= (ptrdiff_t)strlen(root))
				*next = '\0';
		} else if (strcmp(part, ".")) {
			next = xasprintf("%s/%s", done, part);
			if (lstat(next, &st) || (S_ISLNK(st.st_mode) && ++links > MAX_LINKS)) {
				free(next);
				free(part);
				goto missing;
			}
			if (!S_ISLNK(st.st_mode)) {
				free(done);
				done = next;
			} else {
				len = readlink(next, target, sizeof(target) - 1);
				free(next);
				/* A target that fills the buffer may be cut: none. */
				if (len < 0 || len == sizeof(target) - 1) {
					free(part);
					goto missing;
				}
				target[len] = '\0';
				next = xasprintf("%s/%s", target, todo);
				free(todo);
				todo = next;
				if (*target == '/')
					done[strlen(root)] = '\0';
			}
		}
		free(part);
	}
	free(todo);
	return done;
missing:
	free(todo);
	free(done);
	return NULL;
}

/*
 * The image a walk is in (-b, or the ROOT/lib/modules/RELEASE tree every
 * PATH is in), NULL for the host's own root: collect_paths().
 */
static const char *walk_root;

/*
 * PATH as the walk reads it, in a string to free: in the image, resolved
 * inside it (a PATH may be a link, a weak-updates/ one or a directory's),
 * NULL when it leads nowhere there.
 */
static char *in_image(const char *path)
{
	size_t len = walk_root ? strlen(walk_root) : 0;

	if (!len || strncmp(path, walk_root, len) || path[len] != '/')
		return xstrdup(path);
	return resolve_in_root(walk_root, path + len);
}

/*
 * A link to a module.  In an image it is resolved as a chroot into it
 * would resolve it, and the module read and shown where it leads: RHEL's
 * weak-updates/ links are absolute, and followed by the build host they
 * reach its own files.
 */
static void add_link(const char *path)
{
	char *real = in_image(path);
	bool host = real && !strcmp(real, path);
	struct stat target;

	if (!real || stat(real, &target)) {
		add_module(path, NULL, host ? "broken symbolic link" :
					      "broken symbolic link (in the image)");
	} else {
		add_file(real, &target);
		if (!host)
			modules[nr_modules - 1].found_as = xstrdup(path);
	}
	free(real);
}

/*
 * A symbolic link to a module is followed (RHEL's weak-updates/ is made
 * of them); one to a directory is not, so a tree cannot loop.
 */
static int walk_entry(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	if (flag == FTW_DNR)
		add_module(path, NULL, "cannot read directory");
	else if (!is_module_name(path) || flag == FTW_D)
		return 0;
	else if (flag == FTW_F)
		add_file(path, st);
	else if (flag == FTW_NS)
		add_module(path, NULL, "cannot stat");
	else if (flag == FTW_SL)
		add_link(path);
	return 0;
}

/*
 * nftw() does not follow a link it is given, so a PATH that is a link to
 * a directory (a vendor's "current") is walked at the link's target.
 */
static int walk(const char *dir)
{
	char *real = NULL, *bare = xstrdup(dir);
	size_t len = strlen(bare);
	struct stat st;
	int ret;

	/* nftw() takes "link/" as "link": so does this check. */
	while (len > 1 && bare[len - 1] == '/')
		bare[--len] = '\0';
	ret = lstat(bare, &st);
	free(bare);
	if (!ret && S_ISLNK(st.st_mode)) {
		real = realpath(dir, NULL);
		if (!real) {
			fprintf(stderr, PROG ": %s: %s\n", dir, strerror(errno));
			return -1;
		}
	}
	ret = nftw(real ? real : dir, walk_entry, 32, FTW_PHYS);
	if (ret)
		fprintf(stderr, PROG ": %s: %s\n", dir, strerror(errno));
	free(real);
	return ret;
}

/* Directories are walked; files are taken as named.  Each must give one. */
static int collect(char **paths, int nr)
{
	size_t before;
	struct stat st;
	char *path;
	int i, ret;

	for (i = 0; i < nr; i++) {
		before = nr_modules;
		path = in_image(paths[i]);
		if (!path || stat(path, &st)) {
			fprintf(stderr, PROG ": %s: %s\n", paths[i],
				path ? strerror(errno) : "not found inside the image");
			free(path);
			return -1;
		}
		if (!S_ISDIR(st.st_mode))
			add_file(path, &st);
		ret = S_ISDIR(st.st_mode) ? walk(path) : 0;
		free(path);
		if (ret)
			return -1;
		if (nr_modules == before) {
			fprintf(stderr, PROG ": %s: no module in it (%s)\n",
				paths[i], "*.ko, *.ko.xz, *.ko.zst, *.ko.gz");
			return -1;
		}
	}
	return 0;
}

/* The modules of PATHs, in an image under IMAGE unless it is NULL. */
int collect_paths(char **paths, int nr, const char *image)
{
	int ret;

	walk_root = image;
	ret = collect(paths, nr);
	walk_root = NULL;
	return ret;
}

int cmp_modules(const void *a, const void *b)
{
	return strcmp(((const struct module *)a)->path,
		      ((const struct module *)b)->path);
}

/* Files to read first, then by real file, each file's names in order. */
static int cmp_real_files(const void *a, const void *b)
{
	const struct module *x = a, *y = b;

	if (!x->err != !y->err)
		return x->err ? 1 : -1;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return cmp_modules(a, b);
}

/*
 * Keeps each real file once, under the first of its names, so a module
 * reached through a symbolic link too (or named twice) is not counted
 * twice.  Leaves the list in path order.
 */
void drop_duplicate_files(void)
{
	size_t i, kept = 0;

	qsort(modules, nr_modules, sizeof(*modules), cmp_real_files);
	for (i = 0; i < nr_modules; i++) {
		if (kept && !modules[i].err && !modules[kept - 1].err &&
		    modules[i].dev == modules[kept - 1].dev &&
		    modules[i].ino == modules[kept - 1].ino) {
			free_module(&modules[i]);
			continue;
		}
		modules[kept++] = modules[i];
	}
	nr_modules = kept;
	qsort(modules, nr_modules, sizeof(*modules), cmp_modules);
}

/* What a module holds, for a module dropped from the list or at the end. */
void free_module(struct module *m)
{
	elf_info_free(&m->info);
	free(m->name);
	free(m->path);
	free(m->found_as);
}

void free_modules(void)
{
	size_t i;

	for (i = 0; i < nr_modules; i++)
		free_module(&modules[i]);
	free(modules);
}

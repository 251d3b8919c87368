// SPDX-License-Identifier: GPL-2.0
/*
 * audit-kmod DIR: should gpl-future-audit read modules through libkmod?
 * Times, on every module under DIR, what the audit needs from a file
 * (its license and name from .modinfo, its undefined symbols) read
 * through libkmod (kmod_module_new_from_path(), get_info(),
 * get_dependency_symbols(): open, decompress, parse) against the
 * audit's own read_file() and elf_info_parse(), one thread each, the
 * two alternating over three rounds; prints the best time of each and
 * the ratio.  Both must find the same number of imports.  libkmod has
 * no call that walks a tree (depmod does it itself), so both take the
 * same list of paths.
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <libkmod.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../gpl-future-audit/audit.h"

#define ROUNDS	3

static char **paths;
static size_t nr_paths;

static int add_path(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	if (flag == FTW_F && strstr(path, ".ko")) {
		paths = xrealloc(paths, (nr_paths + 1) * sizeof(*paths));
		paths[nr_paths++] = xstrdup(path);
	}
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* libkmod adds what __versions checks the module's layout against. */
static bool is_version_marker(const struct kmod_list *sym)
{
	return !strcmp(kmod_module_dependency_symbol_get_symbol(sym), "module_layout");
}

/* The license, the name and the imports of each file, through libkmod. */
static size_t read_with_libkmod(struct kmod_ctx *ctx)
{
	struct kmod_list *info, *syms, *l;
	struct kmod_module *mod;
	size_t i, imports = 0;

	for (i = 0; i < nr_paths; i++) {
		if (kmod_module_new_from_path(ctx, paths[i], &mod) < 0)
			continue;
		info = NULL;
		syms = NULL;
		if (kmod_module_get_info(mod, &info) >= 0 &&
		    kmod_module_get_dependency_symbols(mod, &syms) >= 0)
			kmod_list_foreach(l, syms)
				imports += !is_version_marker(l);
		kmod_module_info_free_list(info);
		kmod_module_dependency_symbols_free_list(syms);
		kmod_module_unref(mod);
	}
	return imports;
}

/* The same, as gpl-future-audit reads it. */
static size_t read_with_audit(void)
{
	struct elf_info info;
	size_t i, imports = 0;
	const char *err;
	size_t len;
	void *buf;

	for (i = 0; i < nr_paths; i++) {
		if (read_file(paths[i], &module_limit, &buf, &len, &err))
			continue;
		if (!elf_info_parse(buf, len, &info, &err)) {
			imports += info.nr_imports;
			elf_info_free(&info);
		}
		input_free(buf);
	}
	return imports;
}

int main(int argc, char **argv)
{
	double t, best_kmod = 1e9, best_audit = 1e9;
	size_t n_kmod = 0, n_audit = 0;
	struct kmod_ctx *ctx;
	int round;

	if (argc != 2 || nftw(argv[1], add_path, 32, FTW_PHYS) || !nr_paths) {
		fprintf(stderr, "usage: audit-kmod DIR (a tree of modules)\n");
		return 2;
	}
	ctx = kmod_new(NULL, NULL);
	if (!ctx || elf_info_init()) {
		fprintf(stderr, "audit-kmod: cannot start libkmod or libelf\n");
		return 2;
	}
	for (round = 0; round < ROUNDS; round++) {
		t = now();
		n_kmod = read_with_libkmod(ctx);
		t = now() - t;
		best_kmod = t < best_kmod ? t : best_kmod;
		t = now();
		n_audit = read_with_audit();
		t = now() - t;
		best_audit = t < best_audit ? t : best_audit;
	}
	kmod_unref(ctx);
	printf("audit-kmod: %zu modules, one thread, best of %d: ", nr_paths, ROUNDS);
	printf("libkmod %.2f s (%zu imports), readfile.c and libelf %.2f s (%zu imports), ",
	       best_kmod, n_kmod, best_audit, n_audit);
	printf("libkmod/own %.2f\n", best_kmod / best_audit);
	return n_kmod == n_audit ? 0 : 1;
}

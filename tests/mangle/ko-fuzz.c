// SPDX-License-Identifier: GPL-2.0
/*
 * ko-fuzz: the host side of the guest's module fuzzer (the init's "fuzz"
 * step, tests/suite/fuzz.t), with its mutation engine, ko-mutate.h.
 *
 *   ko-fuzz [-l LAYOUT.ko] [-A] SEED INDEX OUT FILE...
 *       write mutant INDEX of run SEED to OUT, made from the FILE the
 *       guest makes it from (the suite's list, in its order), and print
 *       "FILE SUM CHANGE...", SUM the checksum the guest prints too: a
 *       finding of make fuzz-guest, written again;
 *       -A: of a run that mutates what the loader trusts too
 *       ("fuzz_regions=all" in the guest)
 *   ko-fuzz [-l LAYOUT.ko] -a IN OUT CHANGE...
 *       write IN with the CHANGEs ("REGION+OFFSET:OP=VALUE", as printed)
 *       to OUT: a kept finding, made anew from a newly built module
 *
 * LAYOUT.ko is tests/modules/gplf_layout.c's module; with it the fields
 * the series adds to struct module are the region "series".  Any error
 * exits 1 and leaves no OUT.
 */
#include <err.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOOL "ko-fuzz"
#include "tool-fail.h"
#include "ko-mutate.h"

static u8 *read_all(const char *path, u64 *size)
{
	FILE *f = fopen(path, "rb");
	u8 *buf = NULL;
	size_t len = 0, n;

	if (!f)
		fail("cannot open %s", path);
	do {
		buf = realloc(buf, len + 65536);
		if (!buf)
			fail("%s: out of memory", path);
		n = fread(buf + len, 1, 65536, f);
		len += n;
	} while (n == 65536);
	if (ferror(f))
		fail("cannot read %s", path);
	fclose(f);
	*size = len;
	return buf;
}

static void write_all(const char *path, const u8 *buf, u64 size)
{
	FILE *f;

	out_path = path;
	f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, size, f) != size || fclose(f))
		fail("cannot write %s", path);
}

static void parse_seed(struct km_seed *s, const char *path, u64 series_off,
		       u64 series_size, int all)
{
	u64 size;
	u8 *data = read_all(path, &size);
	const char *why = km_parse(s, data, size, series_off, series_size, all);

	char msg[512];

	if (why) {
		snprintf(msg, sizeof(msg), "%s: %s", path, why);
		fail("%s", msg);
	}
}

static u64 parse_number(const char *s, const char *what)
{
	char *end;
	u64 v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end)
		fail("bad number in '%s'", what);
	return v;
}

/* Where CHANGE's "REGION+OFFSET" lies in the file, and how many bytes follow. */
static u64 locate(const struct km_seed *s, const char *change, u64 *room)
{
	const char *plus = strrchr(change, '+');
	char name[64];
	u64 rel;
	size_t n;
	unsigned int i;
	int sec;

	n = plus ? (size_t)(plus - change) : sizeof(name);
	if (n >= sizeof(name))
		fail("'%s' is not REGION+OFFSET:OP=VALUE", change);
	memcpy(name, change, n);
	name[n] = '\0';
	rel = parse_number(plus + 1, change);
	if (!strncmp(name, "shdr[", 5) && name[n - 1] == ']') {
		name[n - 1] = '\0';
		sec = n == 6 ? 0 : km_find_section(s, name + 5);
		if (sec < 0 || rel >= 64)
			fail("no section header '%s'", change);
		*room = 64 - rel;
		return s->shoff + (u64)sec * 64 + rel;
	}
	for (i = 0; i < s->nregions; i++) {
		if (strcmp(s->region[i].name, name) || rel >= s->region[i].size)
			continue;
		*room = s->region[i].size - rel;
		return s->region[i].off + rel;
	}
	fail("'%s' is not in a region of the module", change);
	return 0;
}

/* Apply one change to OUT; return the file's new size. */
static u64 apply(const struct km_seed *s, u8 *out, u64 size, char *change)
{
	static const struct {
		const char *op;
		unsigned int width;
	} ops[] = {
		{ "xor8", 1 }, { "set8", 1 }, { "set32", 4 }, { "add32", 4 }, { "set64", 8 },
	};
	char *colon = strchr(change, ':'), *eq;
	u64 at, room, v;
	unsigned int i;

	if (!colon)
		fail("'%s' is not REGION+OFFSET:OP=VALUE", change);
	*colon = '\0';
	at = locate(s, change, &room);
	*colon = ':';
	if (!strcmp(colon + 1, "trunc"))
		return at < size ? at : size;
	eq = strchr(colon, '=');
	if (!eq)
		fail("'%s' is not REGION+OFFSET:OP=VALUE", change);
	*eq = '\0';
	for (i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strcmp(colon + 1, ops[i].op))
			break;
	*eq = '=';
	if (i == ARRAY_SIZE(ops))
		fail("unknown operation in '%s'", change);
	if (ops[i].width > room)
		fail("'%s' runs past its region", change);
	v = parse_number(eq + 1, change);
	if (!strncmp(ops[i].op, "xor", 3))
		v ^= out[at];
	else if (!strncmp(ops[i].op, "add", 3))
		v += km_get(out + at, 4);
	km_put(out + at, ops[i].width, v);
	return size;
}

static void die_usage(void)
{
	fprintf(stderr, "usage: ko-fuzz [-l LAYOUT.ko] [-A] SEED INDEX OUT FILE...\n"
		"       ko-fuzz [-l LAYOUT.ko] -a IN OUT CHANGE...\n");
	exit(1);
}

int main(int argc, char **argv)
{
	u64 series_off = 0, series_size = 0, size, seed, index;
	const char *file;
	struct km_change ch[KM_MAX_CHANGES];
	struct km_seed s;
	unsigned int n, i;
	u8 *out;
	bool apply_changes = false, all = false;
	int opt;

	while ((opt = getopt(argc, argv, "+Aal:")) != -1) {
		if (opt == 'A' || opt == 'a') {
			*(opt == 'A' ? &all : &apply_changes) = true;
			continue;
		}
		if (opt != 'l')
			die_usage();
		parse_seed(&s, optarg, 0, 0, 0);
		if (km_layout(&s, &series_off, &series_size))
			fail("%s has no .gplf_layout section", optarg);
	}
	argv += optind;
	argc -= optind;
	if (apply_changes) {
		if (argc < 2)
			die_usage();
		/* Any region a change can name. */
		parse_seed(&s, argv[0], series_off, series_size, 1);
		out = malloc(s.size);
		if (!out)
			fail("%s", "out of memory");
		memcpy(out, s.data, s.size);
		size = s.size;
		for (i = 2; i < (unsigned int)argc; i++)
			size = apply(&s, out, size, argv[i]);
		write_all(argv[1], out, size);
		return 0;
	}
	if (argc < 4)
		die_usage();
	seed = parse_number(argv[0], argv[0]);
	index = parse_number(argv[1], argv[1]);
	file = argv[3 + km_pick(index, argc - 3)];
	parse_seed(&s, file, series_off, series_size, all);
	out = malloc(s.size);
	if (!out)
		fail("%s", "out of memory");
	size = km_mutate(&s, out, seed, index, ch, &n);
	write_all(argv[2], out, size);
	printf("%s 0x%x", file, km_sum(out, size));
	for (i = 0; i < n; i++)
		printf(" %s", ch[i].desc);
	printf("\n");
	return 0;
}

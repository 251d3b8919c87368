// SPDX-License-Identifier: GPL-2.0
/*
 * gpl-future-audit: the findings of a run as a table with a summary,
 * as TSV or as JSON, and the files it skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

const char *const kind_names[NR_KINDS] = {
	[FIND_GPL_FUTURE]	= "gpl-future",
	[FIND_ASSUMED_FUTURE]	= "assumed-gpl-future",
	[FIND_GPL_ONLY]		= "gpl-only",
	[FIND_UNRESOLVED]	= "unresolved",
	[FIND_CRC_MISMATCH]	= "crc-mismatch",
	[FIND_NAMESPACE]	= "namespace",
	[FIND_DUPLICATE]	= "duplicate",
};

/*
 * What a forecast cannot know, said with its every output: it reads the
 * binaries it is given, not what a rebuild would import.
 */
#define FORECAST_NOTE	"A forecast is about the symbols these binaries import and export: the new kernel refuses a module built for another kernel (its version magic, with MODVERSIONS its CRCs) unless it is rebuilt or loaded with modprobe --force, and rebuilt, a module may import other symbols (drivers choose code by kernel version)"

/*
 * s as the table and TSV show it, in a string to free: UTF-8 as it is;
 * control bytes, which would break a row or a TSV line, and bytes that
 * are not UTF-8 as '?'.
 */
char *plain_text(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *p = out;
	size_t len;

	for (; *s; s += len ? len : 1) {
		len = utf8_char_len(s);
		if (len > 1) {
			memcpy(p, s, len);
			p += len;
		} else {
			*p++ = !len || (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s;
		}
	}
	*p = '\0';
	return out;
}

static const char *license_of(const struct module *m)
{
	return m->info.license ? m->info.license : "unspecified";
}

/* Characters, not bytes: a UTF-8 name takes the room it shows. */
static int display_width(const char *s)
{
	size_t n;
	int width = 0;

	for (; *s; s += n ? n : 1, width++)
		n = utf8_char_len(s);
	return width;
}

/* A field of a row, padded to width characters in a table. */
static void put_plain(const char *s, int width, bool tsv)
{
	char *text = plain_text(s);
	int n = display_width(text);

	fputs(text, stdout);
	free(text);
	for (; !tsv && n < width; n++)
		putchar(' ');
}

/* JSON is UTF-8: sequences as they are, other bytes as U+FFFD. */
static void put_json_string(const char *s)
{
	unsigned char c;
	size_t len;

	putchar('"');
	for (; (c = *s); s += len ? len : 1) {
		len = utf8_char_len(s);
		if (!len)
			fputs("\\ufffd", stdout);
		else if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			fwrite(s, 1, len, stdout);
	}
	putchar('"');
}

static void put_json(const char *key, const char *s, bool last)
{
	printf("\"%s\": ", key);
	if (s)
		put_json_string(s);
	else
		fputs("null", stdout);
	if (!last)
		fputs(", ", stdout);
}

#define NR_COLUMNS	7

static void finding_fields(const struct finding *f, const char **col)
{
	col[0] = f->mod->name;
	col[1] = license_of(f->mod);
	col[2] = f->symbol;
	col[3] = kind_names[f->kind];
	col[4] = f->exporter;
	col[5] = f->mod->path;
	col[6] = f->ns;
}

/* The table and TSV show the first six; the namespace is JSON's. */
#define NR_ROW_COLUMNS	6

static const char *const headers[NR_ROW_COLUMNS] = {
	"MODULE", "LICENSE", "SYMBOL", "KIND", "EXPORTER", "FILE",
};

static const char *const json_keys[NR_COLUMNS] = {
	"module", "license", "symbol", "kind", "exporter", "file", "namespace",
};

/*
 * A table row or TSV line: an unresolved import's exporter is "-"; the
 * table names the namespace a namespace finding is about in its kind
 * (TSV keeps the kind a key of --baseline).
 */
static void finding_row(const struct finding *f, const char **col, char **kind,
			bool tsv)
{
	finding_fields(f, col);
	if (!col[4])
		col[4] = "-";
	*kind = f->ns && !tsv ? xasprintf("%s %s", kind_names[f->kind], f->ns) : NULL;
	if (*kind)
		col[3] = *kind;
}

static void print_rows(const struct findings *found, bool tsv)
{
	int width[NR_ROW_COLUMNS], c, len;
	const char *col[NR_COLUMNS];
	char *kind;
	size_t i;

	for (c = 0; c < NR_ROW_COLUMNS; c++)
		width[c] = strlen(headers[c]);
	for (i = 0; !tsv && i < found->nr; i++) {
		finding_row(&found->list[i], col, &kind, tsv);
		for (c = 0; c < NR_ROW_COLUMNS; c++) {
			len = display_width(col[c]);
			if (len > width[c])
				width[c] = len;
		}
		free(kind);
	}
	for (c = 0; c < NR_ROW_COLUMNS; c++) {
		if (tsv)
			printf("%s%s", c ? "\t" : "#", json_keys[c]);
		else
			printf("%-*s%s", c < NR_ROW_COLUMNS - 1 ? width[c] : 0,
			       headers[c], c < NR_ROW_COLUMNS - 1 ? "  " : "");
	}
	putchar('\n');
	for (i = 0; i < found->nr; i++) {
		finding_row(&found->list[i], col, &kind, tsv);
		for (c = 0; c < NR_ROW_COLUMNS; c++) {
			put_plain(col[c], c < NR_ROW_COLUMNS - 1 ? width[c] : 0, tsv);
			if (c < NR_ROW_COLUMNS - 1)
				fputs(tsv ? "\t" : "  ", stdout);
		}
		putchar('\n');
		free(kind);
	}
}

static void print_json(const struct findings *found, const struct summary *sum,
		       bool forecast)
{
	const char *col[NR_COLUMNS];
	bool first = true;
	size_t i;
	int c;

	printf("{\"scanned\": %zu, \"skipped\": %zu, ", sum->scanned, sum->skipped);
	printf("\"non_gpl\": %zu, \"affected\": %zu, ", sum->non_gpl, sum->affected);
	printf("\"unresolved\": %zu, \"known\": %zu, ", sum->unresolved, sum->known);
	printf("\"mismatched\": %zu, \"namespace\": %zu, ", sum->mismatched, sum->namespace);
	printf("\"duplicate\": %zu, ", sum->duplicate);
	if (forecast) {
		printf("\"forecast\": {\"refused\": %zu, \"warned\": %zu, ",
		       sum->refused, sum->warned);
		put_json("note", FORECAST_NOTE ".", true);
		printf("}, ");
	}
	printf("\"findings\": [");
	for (i = 0; i < found->nr; i++) {
		finding_fields(&found->list[i], col);
		printf("%s\n  {", i ? "," : "");
		for (c = 0; c < NR_COLUMNS; c++)
			put_json(json_keys[c], col[c], c == NR_COLUMNS - 1);
		putchar('}');
	}
	printf("\n], \"skipped_files\": [");
	for (i = 0; i < nr_modules; i++) {
		if (!modules[i].err)
			continue;
		printf("%s\n  {", first ? "" : ",");
		put_json("file", modules[i].path, false);
		put_json("reason", modules[i].err, true);
		putchar('}');
		first = false;
	}
	printf("\n]}\n");
}

static void print_summary(const struct summary *sum, bool baseline, bool forecast)
{
	printf("%zu modules scanned, %zu not GPL-compatible, %zu affected, ",
	       sum->scanned, sum->non_gpl, sum->affected);
	printf("%zu imports unresolved, %zu skipped", sum->unresolved, sum->skipped);
	if (baseline)
		printf(", %zu known (baseline)", sum->known);
	putchar('\n');
	if (sum->namespace)
		printf("%zu imports from a namespace the module does not import\n",
		       sum->namespace);
	if (sum->duplicate)
		printf("%zu exports of symbols vmlinux exports\n", sum->duplicate);
	if (sum->mismatched)
		printf("%zu imports with another CRC than the export's: %s\n", sum->mismatched,
		       "these modules and this Module.symvers are not of one kernel");
	if (forecast)
		printf("Forecast: %zu modules would be refused on their symbols, %zu %s.\n%s.\n",
		       sum->refused, sum->warned, "would load with a future-GPL warning",
		       FORECAST_NOTE);
}

void report(const struct findings *found, const struct summary *sum,
	    const struct options *opt)
{
	size_t i;

	for (i = 0; i < nr_modules; i++)
		if (modules[i].err)
			fprintf(stderr, PROG ": %s: %s (skipped)\n",
				modules[i].path, modules[i].err);
	if (opt->format == FORMAT_JSON) {
		print_json(found, sum, opt->forecast);
		return;
	}
	/* TSV keeps its header with no row: a reader keys on it. */
	if (found->nr || opt->format == FORMAT_TSV)
		print_rows(found, opt->format == FORMAT_TSV);
	if (opt->format == FORMAT_TSV && opt->forecast)
		printf("# %s.\n", FORECAST_NOTE);
	if (opt->format == FORMAT_TABLE)
		print_summary(sum, opt->baseline, opt->forecast);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers: allocation that does not fail (out of memory ends the run,
 * loudly), a name's index, UTF-8.
 */
#define _GNU_SOURCE	/* vasprintf() */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static void out_of_memory(size_t size)
{
	fprintf(stderr, "gpl-future-audit: out of memory (%zu bytes)\n", size);
	exit(EXIT_ERROR);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		out_of_memory(nmemb * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

char *xstrndup(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (ret < 0)
		out_of_memory(strlen(fmt));
	return p;
}

/* The index of s in names[0..nr), or -1: a name to an enum. */
int index_of(const char *const *names, size_t nr, const char *s)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (names[i] && !strcmp(s, names[i]))
			return i;
	return -1;
}

/*
 * The length of the UTF-8 sequence s starts with, or 0 when s does not
 * start with a valid one (overlong, surrogate, past U+10FFFF, cut).
 */
size_t utf8_char_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned int c = p[0], min;
	size_t len, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	c &= 0x7f >> len;	/* the lead byte's value bits */
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return len;
}

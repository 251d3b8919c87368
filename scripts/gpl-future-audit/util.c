// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers: allocation that does not fail (out of memory ends the run,
 * loudly) and the export type for a name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static void out_of_memory(size_t size)
{
	fprintf(stderr, "gpl-future-audit: out of memory (%zu bytes)\n", size);
	exit(2);
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

/* The index of s in names[EXPORT_PLAIN..EXPORT_GPL_FUTURE], or -1. */
int export_type_named(const char *const *names, const char *s)
{
	int type;

	for (type = EXPORT_PLAIN; type <= EXPORT_GPL_FUTURE; type++)
		if (!strcmp(s, names[type]))
			return type;
	return -1;
}

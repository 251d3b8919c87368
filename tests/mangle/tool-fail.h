/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How the host tools of tests/mangle/ fail: one line on stderr, prefixed
 * with TOOL (defined before this is included), and no half-written
 * output left behind (out_path, once the tool opened it).
 */
#ifndef TOOL_FAIL_H
#define TOOL_FAIL_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *out_path;

static void fail(const char *fmt, const char *what)
{
	fprintf(stderr, TOOL ": ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	if (out_path)
		unlink(out_path);
	exit(1);
}

#endif

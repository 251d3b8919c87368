// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: whatever bytes a module or Module.symvers file
 * holds, compressed with xz, zstd or gzip or not, uncompressing and
 * parsing them as either must fail cleanly or succeed, never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static void parse_as_symvers(const void *buf, size_t len)
{
	struct export_table *t = export_table_new();
	char *text = xstrndup(buf, len);
	const char *err;

	parse_symvers(t, text, &err);
	free(text);
	export_table_free(t);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return elf_info_init();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_info info;
	const char *err;
	size_t len = size;
	void *buf = xmalloc(size);

	memcpy(buf, data, size);
	if (!decompress(&buf, &len, &module_limit, &err)) {
		parse_as_symvers(buf, len);
		if (!elf_info_parse(buf, len, &info, &err))
			elf_info_free(&info);
	}
	input_free(buf);
	return 0;
}

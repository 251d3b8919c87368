// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: whatever bytes a module file holds, uncompressing
 * and parsing them must fail cleanly or succeed, never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_info info;
	const char *err;
	size_t len = size;
	void *buf = xmalloc(size);

	memcpy(buf, data, size);
	if (!decompress(&buf, &len, &err) &&
	    !elf_info_parse(buf, len, &info, &err))
		elf_info_free(&info);
	free(buf);
	return 0;
}

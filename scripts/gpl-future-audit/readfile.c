// SPDX-License-Identifier: GPL-2.0
/*
 * Read a module file into memory, uncompressing .ko.xz and .ko.zst the
 * way kmod does.  The format is told by the magic bytes, not the name.
 * Nothing is allowed to grow past AUDIT_MAX_FILE, so a compression bomb
 * is an error, not an out-of-memory kill.
 */
#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include "audit.h"

/* kmod packs modules with small dictionaries; this is plenty. */
#define XZ_MEMLIMIT	(256ULL << 20)

static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
static const unsigned char zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };
static const unsigned char gzip_magic[] = { 0x1f, 0x8b };

static bool has_magic(const void *buf, size_t len, const unsigned char *magic,
		      size_t magic_len)
{
	return len >= magic_len && !memcmp(buf, magic, magic_len);
}

int read_module_file(const char *path, void **buf, size_t *len,
		     const char **err)
{
	struct stat st;
	size_t done = 0;
	ssize_t n;
	char *p;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		*err = strerror(errno);
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		*err = "not a regular file";
		goto fail;
	}
	if ((unsigned long long)st.st_size > AUDIT_MAX_FILE) {
		*err = "file too large";
		goto fail;
	}
	p = xmalloc(st.st_size + 1);
	while (done < (size_t)st.st_size) {
		n = read(fd, p + done, st.st_size - done);
		if (n <= 0) {
			*err = n ? strerror(errno) : "file shrank while read";
			free(p);
			goto fail;
		}
		done += n;
	}
	close(fd);
	*buf = p;
	*len = done;
	return 0;
fail:
	close(fd);
	return -1;
}

/* Doubles *cap, up to the limit; 0 when the output would be too large. */
static size_t grow(unsigned char **out, size_t *cap)
{
	if (*cap >= AUDIT_MAX_FILE)
		return 0;
	*cap *= 2;
	*out = xrealloc(*out, *cap);
	return *cap;
}

static int unxz(const void *in, size_t in_len, unsigned char **out,
		size_t *out_len, const char **err)
{
	lzma_stream strm = LZMA_STREAM_INIT;
	size_t cap = in_len * 4 + 4096;
	bool too_large = false;
	lzma_ret ret;

	if (lzma_stream_decoder(&strm, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
		*err = "cannot start the xz decoder";
		return -1;
	}
	*out = xmalloc(cap);
	strm.next_in = in;
	strm.avail_in = in_len;
	strm.next_out = *out;
	strm.avail_out = cap;
	do {
		if (!strm.avail_out) {
			too_large = !grow(out, &cap);
			if (too_large)
				break;
			strm.next_out = *out + strm.total_out;
			strm.avail_out = cap - strm.total_out;
		}
		ret = lzma_code(&strm, LZMA_FINISH);
	} while (ret == LZMA_OK);
	*out_len = strm.total_out;
	lzma_end(&strm);
	if (too_large || ret != LZMA_STREAM_END) {
		*err = too_large ? "uncompressed module too large" :
		       ret == LZMA_MEMLIMIT_ERROR ? "xz data needs too much memory" :
		       "corrupt xz data";
		free(*out);
		return -1;
	}
	return 0;
}

static int unzstd(const void *in, size_t in_len, unsigned char **out,
		  size_t *out_len, const char **err)
{
	ZSTD_DStream *zds = ZSTD_createDStream();
	ZSTD_inBuffer src = { in, in_len, 0 };
	size_t cap = in_len * 4 + 4096;
	ZSTD_outBuffer dst;
	size_t ret = 1;

	if (!zds) {
		*err = "cannot start the zstd decoder";
		return -1;
	}
	*out = xmalloc(cap);
	dst = (ZSTD_outBuffer){ *out, cap, 0 };
	*err = NULL;
	/* 0 means a frame ended and was flushed; go on for any next one. */
	while (src.pos < src.size || ret) {
		if (dst.pos == dst.size) {
			if (!grow(out, &cap)) {
				*err = "uncompressed module too large";
				break;
			}
			dst.dst = *out;
			dst.size = cap;
		}
		ret = ZSTD_decompressStream(zds, &dst, &src);
		if (ZSTD_isError(ret) ||
		    (ret && src.pos == src.size && dst.pos < dst.size)) {
			*err = "corrupt zstd data";
			break;
		}
	}
	ZSTD_freeDStream(zds);
	*out_len = dst.pos;
	if (*err) {
		free(*out);
		return -1;
	}
	return 0;
}

/*
 * Replaces *buf by its uncompressed contents when it is xz or zstd
 * data; leaves anything else alone.
 */
int decompress(void **buf, size_t *len, const char **err)
{
	unsigned char *out;
	size_t out_len;
	int ret;

	if (has_magic(*buf, *len, xz_magic, sizeof(xz_magic))) {
		ret = unxz(*buf, *len, &out, &out_len, err);
	} else if (has_magic(*buf, *len, zstd_magic, sizeof(zstd_magic))) {
		ret = unzstd(*buf, *len, &out, &out_len, err);
	} else if (has_magic(*buf, *len, gzip_magic, sizeof(gzip_magic))) {
		*err = "gzip-compressed modules are not supported (xz, zstd are)";
		return -1;
	} else {
		return 0;
	}
	if (ret)
		return ret;
	free(*buf);
	*buf = out;
	*len = out_len;
	return 0;
}

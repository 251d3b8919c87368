// SPDX-License-Identifier: GPL-2.0
/*
 * Read an input file into memory, uncompressing xz, zstd and gzip the
 * way kmod does for modules (and RPM distributions ship symvers.gz).
 * The format is told by the magic bytes, not the name.  Only regular
 * files are opened: a FIFO would block, a device's open() may act (a
 * watchdog arms, a tape rewinds).  Nothing grows past its limit, so a
 * compression bomb is refused as too large after at most that many
 * bytes, not an out-of-memory kill; and only one input at a time may be
 * larger than BIG_INPUT, or -j64 workers each uncompressing a bomb would
 * hold 64 times the limit.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "audit.h"

/* kmod packs modules with small dictionaries; this is plenty. */
#define XZ_MEMLIMIT	(256ULL << 20)

const struct input_limit module_limit = {
	.max = (size_t)AUDIT_MAX_MODULE_MIB << 20,
	.too_large = "larger than " STRINGIFY(AUDIT_MAX_MODULE_MIB) " MiB uncompressed",
};

const struct input_limit file_limit = {
	.max = (size_t)AUDIT_MAX_FILE_MIB << 20,
	.too_large = "larger than " STRINGIFY(AUDIT_MAX_FILE_MIB) " MiB uncompressed",
};

#define BIG_INPUT	(16UL << 20)

static pthread_mutex_t big_input = PTHREAD_MUTEX_INITIALIZER;
static __thread bool holds_big_input;

/* Waits, if another thread holds an input over BIG_INPUT, until it is freed. */
static void need_big_input(size_t size)
{
	if (size <= BIG_INPUT || holds_big_input)
		return;
	pthread_mutex_lock(&big_input);
	holds_big_input = true;
}

/* Frees what read_file() returned, and lets the next big input grow. */
void input_free(void *buf)
{
	free(buf);
	if (!holds_big_input)
		return;
	holds_big_input = false;
	pthread_mutex_unlock(&big_input);
}

static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
static const unsigned char zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };
static const unsigned char gzip_magic[] = { 0x1f, 0x8b };

static bool has_magic(const void *buf, size_t len, const unsigned char *magic,
		      size_t magic_len)
{
	return len >= magic_len && !memcmp(buf, magic, magic_len);
}

/* The decoders' output: grows by doubling, never past the limit. */
struct outbuf {
	unsigned char *p;
	size_t cap;
	size_t max;
};

static void outbuf_init(struct outbuf *out, size_t hint, size_t max)
{
	out->max = max;
	out->cap = hint < max ? hint : max;
	need_big_input(out->cap);
	out->p = xmalloc(out->cap);
}

/* False when the output would pass the limit. */
static bool outbuf_grow(struct outbuf *out)
{
	if (out->cap >= out->max)
		return false;
	out->cap = out->cap > out->max / 2 ? out->max : 2 * out->cap;
	need_big_input(out->cap);
	out->p = xrealloc(out->p, out->cap);
	return true;
}

static int unxz(const void *in, size_t in_len, struct outbuf *out,
		size_t *out_len, const struct input_limit *limit,
		const char **err)
{
	lzma_stream strm = LZMA_STREAM_INIT;
	lzma_ret ret;

	if (lzma_stream_decoder(&strm, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
		*err = "cannot start the xz decoder";
		return -1;
	}
	strm.next_in = in;
	strm.avail_in = in_len;
	strm.next_out = out->p;
	strm.avail_out = out->cap;
	*err = NULL;
	do {
		if (!strm.avail_out) {
			if (!outbuf_grow(out)) {
				*err = limit->too_large;
				break;
			}
			strm.next_out = out->p + strm.total_out;
			strm.avail_out = out->cap - strm.total_out;
		}
		ret = lzma_code(&strm, LZMA_FINISH);
	} while (ret == LZMA_OK);
	*out_len = strm.total_out;
	lzma_end(&strm);
	if (!*err && ret != LZMA_STREAM_END)
		*err = ret == LZMA_MEMLIMIT_ERROR ? "xz data needs too much memory" :
		       "corrupt xz data";
	return *err ? -1 : 0;
}

static int unzstd(const void *in, size_t in_len, struct outbuf *out,
		  size_t *out_len, const struct input_limit *limit,
		  const char **err)
{
	ZSTD_DStream *zds = ZSTD_createDStream();
	ZSTD_inBuffer src = { in, in_len, 0 };
	ZSTD_outBuffer dst = { out->p, out->cap, 0 };
	size_t ret = 1;

	if (!zds) {
		*err = "cannot start the zstd decoder";
		return -1;
	}
	*err = NULL;
	/* 0 means a frame ended and was flushed; go on for any next one. */
	while (src.pos < src.size || ret) {
		if (dst.pos == dst.size) {
			if (!outbuf_grow(out)) {
				*err = limit->too_large;
				break;
			}
			dst.dst = out->p;
			dst.size = out->cap;
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
	return *err ? -1 : 0;
}

/* Padding after the last gzip member (gzip -t: "trailing zero bytes ignored"). */
static bool only_zeros(const unsigned char *p, size_t len)
{
	while (len && !*p) {
		p++;
		len--;
	}
	return !len;
}

/* gzip members may follow one another, as gunzip and kmod accept. */
static int ungzip(const void *in, size_t in_len, struct outbuf *out,
		  size_t *out_len, const struct input_limit *limit,
		  const char **err)
{
	z_stream strm = { 0 };
	size_t done = 0;
	int ret;

	if (inflateInit2(&strm, 16 + MAX_WBITS) != Z_OK) {
		*err = "cannot start the gzip decoder";
		return -1;
	}
	*err = NULL;
	strm.next_in = (unsigned char *)in;
	strm.avail_in = in_len;		/* at most file_limit: fits a uInt */
	do {
		if (done == out->cap && !outbuf_grow(out)) {
			*err = limit->too_large;
			break;
		}
		strm.next_out = out->p + done;
		strm.avail_out = out->cap - done;
		ret = inflate(&strm, Z_NO_FLUSH);
		done = out->cap - strm.avail_out;
		if (ret == Z_STREAM_END && !only_zeros(strm.next_in, strm.avail_in))
			ret = inflateReset(&strm);	/* the next member */
		else if (ret == Z_BUF_ERROR && !strm.avail_out)
			ret = Z_OK;			/* output full: grow */
	} while (ret == Z_OK);
	inflateEnd(&strm);
	*out_len = done;
	if (!*err && ret != Z_STREAM_END)
		*err = "corrupt gzip data";
	return *err ? -1 : 0;
}

typedef int (*decoder_fn)(const void *in, size_t in_len, struct outbuf *out,
			  size_t *out_len, const struct input_limit *limit,
			  const char **err);

static decoder_fn decoder_for(const void *buf, size_t len)
{
	if (has_magic(buf, len, xz_magic, sizeof(xz_magic)))
		return unxz;
	if (has_magic(buf, len, zstd_magic, sizeof(zstd_magic)))
		return unzstd;
	if (has_magic(buf, len, gzip_magic, sizeof(gzip_magic)))
		return ungzip;
	return NULL;
}

/*
 * The size a zstd frame says it has, or 0: a bomb that says it is
 * refused before a byte of it is uncompressed, and a module that says
 * it gets its buffer at once.
 */
static unsigned long long stated_size(const void *buf, size_t len)
{
	unsigned long long size;

	if (!has_magic(buf, len, zstd_magic, sizeof(zstd_magic)))
		return 0;
	size = ZSTD_getFrameContentSize(buf, len);
	return size == ZSTD_CONTENTSIZE_UNKNOWN ||
	       size == ZSTD_CONTENTSIZE_ERROR ? 0 : size;
}

/*
 * Replaces *buf by its uncompressed contents when it is xz, zstd or
 * gzip data; leaves anything else alone.
 */
int decompress(void **buf, size_t *len, const struct input_limit *limit,
	       const char **err)
{
	decoder_fn decode = decoder_for(*buf, *len);
	unsigned long long size;
	struct outbuf out;
	size_t out_len;

	if (!decode)
		return 0;
	size = stated_size(*buf, *len);
	if (size > limit->max) {
		*err = limit->too_large;
		return -1;
	}
	outbuf_init(&out, size ? size : *len * 4 + 4096, limit->max);
	if (decode(*buf, *len, &out, &out_len, limit, err)) {
		free(out.p);
		return -1;
	}
	free(*buf);
	*buf = out.p;
	*len = out_len;
	return 0;
}

/* The whole of a regular file, its size checked before it is read. */
static int read_whole(const char *path, const struct input_limit *limit,
		      void **buf, size_t *len, const char **err)
{
	struct stat st;
	size_t done = 0;
	ssize_t n;
	char *p;
	int fd;

	if (stat(path, &st)) {
		*err = strerror(errno);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*err = "not a regular file";
		return -1;
	}
	/* O_NONBLOCK and fstat(): a FIFO put in its place since stat() */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		*err = strerror(errno);
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		*err = "not a regular file";
		goto fail;
	}
	if ((unsigned long long)st.st_size > limit->max) {
		*err = limit->too_large;
		goto fail;
	}
	need_big_input(st.st_size);
	p = xmalloc(st.st_size);
	while (done < (size_t)st.st_size) {
		n = read(fd, p + done, st.st_size - done);
		if (n <= 0) {
			*err = n ? strerror(errno) : "file shrank while read";
			input_free(p);
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

int read_file(const char *path, const struct input_limit *limit, void **buf,
	      size_t *len, const char **err)
{
	if (read_whole(path, limit, buf, len, err))
		return -1;
	if (!decompress(buf, len, limit, err))
		return 0;
	input_free(*buf);
	return -1;
}

/* A text file, uncompressed, as one string: a NUL byte would end it early. */
char *read_text(const char *path, const char **err)
{
	char *text = NULL;
	void *buf;
	size_t len;

	if (read_file(path, &file_limit, &buf, &len, err))
		return NULL;
	if (memchr(buf, '\0', len))
		*err = "not a text file (a NUL byte)";
	else
		text = xstrndup(buf, len);
	input_free(buf);
	return text;
}

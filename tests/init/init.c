// SPDX-License-Identifier: GPL-2.0
/*
 * Guest init for the test suite: a tiny interpreter for the step files in
 * tests/suite/, built static against the kernel's tools/include/nolibc.
 *
 * It mounts devtmpfs, proc and sysfs, runs the suite named by the
 * "suite=" boot parameter (the kernel hands unknown parameters to init
 * as environment), or only the cases whose names match "case=GLOB" ('*'
 * any string, '?' any character), prints the result as KTAP version 1
 * on the console and reboots, which ends QEMU because it runs with
 * -no-reboot.
 *
 * A suite is a list of cases; each case a list of steps:
 *
 *   case NAME                     start a test case (one KTAP result)
 *   insmod EXPECT FILE [ARGS]     finit_module(/m/FILE); EXPECT is ok or
 *                                 an errno name such as ENOENT.  A FILE
 *                                 ending .xz, .zst or .gz, here and in
 *                                 every step that loads one, is the
 *                                 kernel's to decompress
 *                                 (MODULE_INIT_COMPRESSED_FILE)
 *   rmmod EXPECT NAME             delete_module(NAME); on a kernel without
 *                                 MODULE_UNLOAD (booted once per case) the
 *                                 case ends here, as passed if the steps
 *                                 before it passed
 *   log COUNT TEXT                the kernel log since the case started
 *                                 holds TEXT exactly COUNT times, or at
 *                                 least once when COUNT is +
 *   bootlog COUNT TEXT            the same for the log of the boot, up to
 *                                 the suite's first case
 *   file PATH TEXT                PATH holds TEXT (TEXT "-" : is empty)
 *   entries DIR COUNT             directory DIR has exactly COUNT entries
 *   nofile PATH                   PATH does not exist
 *   write EXPECT PATH TEXT        write TEXT to PATH
 *   write-nocap EXPECT PATH TEXT  the same from a child process that
 *                                 dropped every capability (still uid 0,
 *                                 so file permissions let it write)
 *   uname-r                       uname -r is the release in /kernelrelease
 *   bench LABEL FILE REPS         time REPS rounds of loading and unloading
 *                                 FILE; print "# bench LABEL" with the
 *                                 median and the 10th/90th percentiles
 *   alloc-fail FILE [NAME]        load FILE once for each slab allocation
 *                                 the load makes, failing that one
 *                                 (/proc/thread-self/fail-nth), unloading
 *                                 it (as NAME, by default FILE without
 *                                 .ko) whenever it loaded; the last load,
 *                                 with no failure left to inject, must
 *                                 work
 *   stress CYCLES FILE...         one process per FILE, in parallel, each
 *                                 loading and unloading its module CYCLES
 *                                 times (the boot parameter
 *                                 "stress_cycles=N" makes it N); then
 *                                 every module left loaded must have
 *                                 refcnt 0 and unload
 *   per-load FILE TEXT            the case log holds TEXT once per load of
 *                                 FILE that succeeded in the last stress
 *   per-fail FILE ERRNO TEXT      ... once per load that failed with ERRNO
 *   warnings-accounted            the case log has exactly as many records
 *                                 at warning level or worse as the
 *                                 per-load and per-fail steps counted
 *   dmesg                         show the case's kernel log as diagnostics
 *   run PROGRAM [ARG...]          run PROGRAM (a path) with ARGs; it must
 *                                 exit 0.  Its output is shown as
 *                                 diagnostics: a kselftest's KTAP, say
 *   needs LINE                    skip the case unless the kernel's .config
 *                                 (packed as /config) has LINE, such as
 *                                 CONFIG_X=y or # CONFIG_X is not set, or,
 *                                 when LINE is a path, unless it exists
 *   end                           finish the case
 *
 * A case passes when every step passes; the first failing step is
 * reported as a KTAP diagnostic with the case's kernel log.
 *
 * Every suite ends with one more case, no_kernel_reports: no record the
 * kernel logged since boot starts like a report of its checkers (a BUG,
 * WARNING or INFO header, as KASAN, lockdep, DEBUG_ATOMIC_SLEEP, WARN_ON
 * and oopses print them), and where the kernel has kmemleak, a scan
 * after the suite finds no unreferenced object.
 */
#include <stdbool.h>
#include <linux/capability.h>
#include <linux/module.h>
#include <linux/reboot.h>

#include "../mangle/ko-mutate.h"

/* nolibc's raw system call macros, my_syscallN, are __nolibc_syscallN on 7.3. */
#ifndef my_syscall2
#define my_syscall2	__nolibc_syscall2
#define my_syscall3	__nolibc_syscall3
#define my_syscall5	__nolibc_syscall5
#endif

#define MODULES_DIR	"/m/"
#define LOG_SIZE	(1024 * 1024)
#define MAX_ARGS	10
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static char suite[64 * 1024];
static char case_log[LOG_SIZE];
static size_t case_log_len;
static char boot_log[LOG_SIZE];
static size_t boot_log_len;
static int kmsg_fd = -1;
static int case_warnings;	/* records at KERN_WARNING or worse */
static int case_accounted;	/* of those, expected by per-* steps */
static int kmsg_lost;		/* records overwritten before we read them */
static char reports[4096];	/* the first report records since boot */
static size_t reports_len;
static int nr_reports;
static char printk_levels[64];	/* /proc/sys/kernel/printk at boot */

static const struct {
	const char *name;
	int value;
} errnos[] = {
	{ "ok", 0 },		{ "EPERM", EPERM },	{ "ENOENT", ENOENT },
	{ "ENOEXEC", ENOEXEC },	{ "EBUSY", EBUSY },	{ "EEXIST", EEXIST },
	{ "EINVAL", EINVAL },	{ "EACCES", EACCES },	{ "ENOSPC", ENOSPC },
	{ "EKEYREJECTED", EKEYREJECTED },		{ "EWOULDBLOCK", EWOULDBLOCK },
	{ "ENODEV", ENODEV },	{ "ENOMEM", ENOMEM },
};

static const char *errno_name(int value)
{
	static char buf[16];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(errnos); i++)
		if (errnos[i].value == value)
			return errnos[i].name;
	strlcpy(buf, "errno ", sizeof(buf));
	strlcat(buf, itoa(value), sizeof(buf));
	return buf;
}

static int errno_value(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(errnos); i++)
		if (!strcmp(errnos[i].name, name))
			return errnos[i].value;
	return -1;
}

static const char *find_text(const char *hay, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	size_t i;

	for (i = 0; n && i + n <= len; i++)
		if (!memcmp(hay + i, needle, n))
			return hay + i;
	return NULL;
}

static int count_text(const char *hay, size_t len, const char *needle)
{
	const char *end = hay + len, *p = hay;
	int count = 0;

	while ((p = find_text(p, end - p, needle))) {
		count++;
		p += strlen(needle);
	}
	return count;
}

static const char *const report_headers[] = {
	"BUG: ", "WARNING: ", "INFO: ", "Oops", "UBSAN: ", "kernel BUG at ",
};

/* Count MSG, one record's text, if it opens a kernel report. */
static void note_report(const char *msg, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(report_headers); i++) {
		if (strncmp(msg, report_headers[i], strlen(report_headers[i])))
			continue;
		nr_reports++;
		if (reports_len + len < sizeof(reports)) {
			memcpy(reports + reports_len, msg, len);
			reports_len += len;
		}
		return;
	}
}

/* Append the kernel log records written since the last call. */
static void drain_kmsg(void)
{
	char rec[2048];
	ssize_t n;
	char *msg, *nl;

	for (;;) {
		n = read(kmsg_fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE) {
			kmsg_lost++;
			continue;
		}
		if (n <= 0)
			break;
		rec[n] = '\0';
		/* "prio,seq,usec,flags;text\n" followed by " KEY=value" lines */
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		if ((atoi(rec) & 7) <= 4)
			case_warnings++;
		msg++;
		nl = strchr(msg, '\n');
		if (nl)
			nl[1] = '\0';
		n = strlen(msg);
		note_report(msg, n);
		if (case_log_len + n < sizeof(case_log)) {
			memcpy(case_log + case_log_len, msg, n);
			case_log_len += n;
		}
	}
}

static void start_case_log(void)
{
	drain_kmsg();
	/* What the first case finds is the log of the boot. */
	if (!boot_log_len) {
		memcpy(boot_log, case_log, case_log_len);
		boot_log_len = case_log_len;
	}
	case_log_len = 0;
	case_warnings = 0;
	case_accounted = 0;
	kmsg_lost = 0;
}

/* Print TEXT line by line as KTAP diagnostics. */
static void show_text(char *text)
{
	char *line = text, *nl;

	while (*line) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		printf("# | %s\n", line);
		if (!nl)
			break;
		*nl = '\n';
		line = nl + 1;
	}
}

static void show_case_log(void)
{
	drain_kmsg();
	case_log[case_log_len] = '\0';
	show_text(case_log);
}

static ssize_t read_file(const char *path, char *buf, size_t size)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while (len < (ssize_t)size - 1 &&
	       (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/*
 * finit_module()'s flags for the module file PATH: a compressed one (make
 * modules_install's suffixes) is the kernel's to decompress.
 */
static int init_flags(const char *path)
{
	static const char *const suffixes[] = { ".xz", ".zst", ".gz" };
	size_t len = strlen(path), i;

	for (i = 0; i < ARRAY_SIZE(suffixes); i++) {
		size_t n = strlen(suffixes[i]);

		if (len > n && !strcmp(path + len - n, suffixes[i]))
			return MODULE_INIT_COMPRESSED_FILE;
	}
	return 0;
}

/*
 * finit_module() of the file PATH; its errno.  The flags are worked out
 * first: my_syscall3() binds its arguments to registers, which a call
 * among them would clobber.
 */
static int load_path(const char *path, const char *params)
{
	int flags = init_flags(path);
	int fd, ret;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return errno;
	ret = my_syscall3(__NR_finit_module, fd, params, flags);
	close(fd);
	return -ret;
}

static int load_module(const char *file, const char *params)
{
	char path[256];

	strlcpy(path, MODULES_DIR, sizeof(path));
	strlcat(path, file, sizeof(path));
	return load_path(path, params);
}

static int unload_module(const char *name)
{
	return -my_syscall2(__NR_delete_module, name, O_NONBLOCK);
}

/* Each step returns 0 on success or prints why it failed and returns 1. */
static int step_result(int expect, int got, const char *what)
{
	if (got == expect)
		return 0;
	printf("# %s: expected %s", what, errno_name(expect));
	printf(", got %s\n", errno_name(got));
	return 1;
}

static int step_log(const char *count, const char *text, int boot)
{
	int got;

	drain_kmsg();
	got = boot ? count_text(boot_log, boot_log_len, text) :
		     count_text(case_log, case_log_len, text);
	if (!strcmp(count, "+") ? got > 0 : got == atoi(count))
		return 0;
	printf("# %s: expected %s x '%s', found %d\n", boot ? "bootlog" : "log",
	       count, text, got);
	return 1;
}

static char file_buf[64 * 1024];

static int step_file(const char *path, const char *text)
{
	char *buf = file_buf;
	ssize_t len = read_file(path, buf, sizeof(file_buf));

	if (len < 0) {
		printf("# file: cannot read %s: %s\n", path, errno_name(errno));
		return 1;
	}
	if (!strcmp(text, "-") ? len == 0 : !!find_text(buf, len, text))
		return 0;
	printf("# file: %s does not hold '%s'; it holds:\n", path, text);
	printf("# | %s\n", buf);
	return 1;
}

/*
 * Call fn(dir, name), when fn is not NULL, for every entry of the
 * directory DIR but "." and "..": how many there are, or -1 with errno
 * set when DIR cannot be read.
 */
static int dir_entries(const char *dir, void (*fn)(const char *dir, const char *name))
{
	char buf[4096];
	struct linux_dirent64 *d;
	int fd = open(dir, O_RDONLY | O_DIRECTORY), got = 0;
	long n, off;

	if (fd < 0)
		return -1;
	while ((n = my_syscall3(__NR_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n; off += d->d_reclen) {
			d = (void *)(buf + off);
			if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
				continue;
			got++;
			if (fn)
				fn(dir, d->d_name);
		}
	}
	close(fd);
	if (n < 0) {
		errno = -n;
		return -1;
	}
	return got;
}

static int step_entries(const char *dir, const char *count)
{
	int got = dir_entries(dir, NULL);

	if (got < 0) {
		printf("# entries: cannot read %s: %s\n", dir, errno_name(errno));
		return 1;
	}
	if (got == atoi(count))
		return 0;
	printf("# entries: %s has %d entries, expected %s\n", dir, got, count);
	return 1;
}

static int step_nofile(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return 0;
	printf("# nofile: %s exists\n", path);
	return 1;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	int got = 0;

	if (fd < 0)
		got = errno;
	else if (write(fd, text, strlen(text)) < 0)
		got = errno;
	if (fd >= 0)
		close(fd);
	return got;
}

#define PRINTK_LEVELS	"/proc/sys/kernel/printk"

/*
 * A kernel report turns the console verbose (console_verbose()), and
 * any message after it, a late device probe's say, then lands on the
 * serial console the KTAP lines share, in the middle of one (seen on
 * reports.t's debug boot).  The reports are read from /dev/kmsg: put
 * the console's loglevel back as the boot set it ("loglevel=").
 */
static void quiet_console(void)
{
	if (printk_levels[0])
		write_file(PRINTK_LEVELS, printk_levels);
}

static int step_write(int expect, const char *path, const char *text)
{
	return step_result(expect, write_file(path, text), "write");
}

/* The child exits with the errno of the write, or 255 if capset failed. */
static int step_write_nocap(int expect, const char *path, const char *text)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3] = { };
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return step_result(expect, errno, "write-nocap fork");
	if (!pid) {
		if (my_syscall2(__NR_capset, &hdr, none))
			exit(255);
		exit(write_file(path, text));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return step_result(expect, ECHILD, "write-nocap");
	return step_result(expect, WEXITSTATUS(status), "write-nocap");
}

/* "foo" from "foo.ko": the name delete_module() wants. */
static void module_name_of(const char *file, char *name, size_t size)
{
	strlcpy(name, file, size);
	if (strchr(name, '.'))
		*strchr(name, '.') = '\0';
}

#define FAIL_NTH	"/proc/thread-self/fail-nth"
#define ALLOC_FAIL_MAX	5000

/* Set this task's fail-nth to N: its Nth fault-injection point fails. */
static int set_fail_nth(int fd, const char *n)
{
	return write(fd, n, strlen(n)) < 0 ? -errno : 0;
}

/*
 * What is left of it.  The file has no llseek, so read it with pread64;
 * a zero offset is the same in every architecture's argument layout (a
 * 32-bit one takes it as two words).
 */
static int fail_nth_left(int fd)
{
	char num[16] = "";

	if (my_syscall5(__NR_pread64, fd, num, sizeof(num) - 1, 0, 0) <= 0)
		return -1;
	return atoi(num);
}

/*
 * Load with the Nth allocation failing; *left is what remains of N, not 0
 * when the load made fewer than N allocations.  The fd stays open across
 * the load: opening or closing it would be an allocation of its own.
 */
static int load_failing_nth(int nth_fd, int mod_fd, int flags, int n, int *left)
{
	int ret;

	ret = set_fail_nth(nth_fd, itoa(n));
	if (ret)
		return ret;
	ret = -my_syscall3(__NR_finit_module, mod_fd, "", flags);
	*left = fail_nth_left(nth_fd);
	set_fail_nth(nth_fd, "0");
	return ret;
}

static int step_alloc_fail(const char *file, const char *as)
{
	int nth_fd, mod_fd, n, err, left = 0, loaded = 0, refused = 0;
	const char *name = as;
	char path[256], file_name[64];

	if (!name) {
		module_name_of(file, file_name, sizeof(file_name));
		name = file_name;
	}
	strlcpy(path, MODULES_DIR, sizeof(path));
	strlcat(path, file, sizeof(path));
	nth_fd = open(FAIL_NTH, O_RDWR);
	mod_fd = open(path, O_RDONLY);
	if (nth_fd < 0 || mod_fd < 0)
		return step_result(0, errno, "alloc-fail open");
	for (n = 1; n <= ALLOC_FAIL_MAX && !left; n++) {
		err = load_failing_nth(nth_fd, mod_fd, init_flags(path), n, &left);
		if (err < 0 || left < 0)
			return step_result(0, err < 0 ? -err : EIO,
					   "alloc-fail: " FAIL_NTH);
		if (err) {
			refused++;
			continue;
		}
		loaded++;
		err = unload_module(name);
		if (err)
			return step_result(0, err, "alloc-fail rmmod");
	}
	close(nth_fd);
	close(mod_fd);
	printf("# alloc-fail %s: each of %d allocations failed in turn: ", file, n - 2);
	printf("%d loads refused, %d loaded\n", refused, loaded - !!left);
	if (!left) {
		printf("# alloc-fail: no load without an injected failure in %d tries\n",
		       ALLOC_FAIL_MAX);
		return 1;
	}
	/* The last load had nothing left to fail. */
	return err ? step_result(0, err, "alloc-fail: the load without failures") : 0;
}

#define BENCH_MAX_REPS	1000

static long long monotonic_ns(void)
{
	struct timespec ts;

	my_syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* nolibc has no qsort(); REPS is small enough for an insertion sort. */
static void sort_ll(long long *v, int n)
{
	long long x;
	int i, j;

	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static int step_bench(const char *label, const char *file, const char *reps)
{
	static long long ns[BENCH_MAX_REPS];
	int n = atoi(reps), i, err;
	char name[64];
	long long t;

	if (n < 10 || n > BENCH_MAX_REPS) {
		printf("# bench: REPS must be 10..%d\n", BENCH_MAX_REPS);
		return 1;
	}
	module_name_of(file, name, sizeof(name));
	for (i = 0; i < n; i++) {
		t = monotonic_ns();
		err = load_module(file, "");
		if (!err)
			err = unload_module(name);
		ns[i] = monotonic_ns() - t;
		if (err)
			return step_result(0, err, "bench");
	}
	sort_ll(ns, n);
	printf("# bench %s median_ns %lld p10_ns %lld p90_ns %lld reps %d\n",
	       label, ns[n / 2], ns[n / 10], ns[n * 9 / 10], n);
	return 0;
}

#define STRESS_MAX	8
#define NR_ERRNOS	ARRAY_SIZE(errnos)

/* What one stress worker saw: loads that worked, failed loads by errno. */
struct stress_result {
	char file[64];
	int loaded;
	int failed[NR_ERRNOS];
	int other;		/* failed with an errno not in errnos[] */
	int unload_failed;
};

static struct stress_result stress_results[STRESS_MAX];
static int nr_stress_results;

static int errno_slot(int value)
{
	size_t i;

	for (i = 1; i < NR_ERRNOS; i++)
		if (errnos[i].value == value)
			return i;
	return -1;
}

static void stress_worker(struct stress_result *r, int cycles)
{
	char name[64];
	int i, err, slot;

	module_name_of(r->file, name, sizeof(name));
	for (i = 0; i < cycles; i++) {
		err = load_module(r->file, "");
		if (!err) {
			r->loaded++;
		} else {
			slot = errno_slot(err);
			if (slot < 0)
				r->other++;
			else
				r->failed[slot]++;
		}
		/* Left loaded by a failed unload (EEXIST): try again. */
		if (!err || err == EEXIST)
			r->unload_failed += !!unload_module(name);
	}
}

/* Unload what the workers left loaded, each with no reference left. */
static int stress_cleanup(void)
{
	char name[64], path[128], refcnt[16];
	int i, err;

	for (i = nr_stress_results - 1; i >= 0; i--) {
		module_name_of(stress_results[i].file, name, sizeof(name));
		strlcpy(path, "/sys/module/", sizeof(path));
		strlcat(path, name, sizeof(path));
		strlcat(path, "/refcnt", sizeof(path));
		if (read_file(path, refcnt, sizeof(refcnt)) < 0)
			continue;
		if (strcmp(refcnt, "0\n")) {
			printf("# stress: %s left with refcnt %s", name, refcnt);
			return 1;
		}
		err = unload_module(name);
		if (err)
			return step_result(0, err, "stress cleanup rmmod");
	}
	return 0;
}

/*
 * Each worker writes its result into a pipe; the parent drains the kernel
 * log meanwhile, so the ring buffer cannot overwrite what it counts.
 */
static int step_stress(int argc, char **argv)
{
	const char *quick = getenv("stress_cycles");
	int cycles = atoi(quick ? quick : argv[1]), fds[2], i, status, running;
	struct stress_result *r;
	pid_t pid;

	nr_stress_results = argc - 2;
	if (cycles < 1 || nr_stress_results < 1 || nr_stress_results > STRESS_MAX ||
	    pipe(fds))
		return step_result(0, EINVAL, "stress");
	memset(stress_results, 0, sizeof(stress_results));
	for (i = 0; i < nr_stress_results; i++) {
		r = &stress_results[i];
		strlcpy(r->file, argv[i + 2], sizeof(r->file));
		pid = fork();
		if (pid < 0)
			return step_result(0, errno, "stress fork");
		if (!pid) {
			stress_worker(r, cycles);
			write(fds[1], r, sizeof(*r));
			exit(0);
		}
	}
	close(fds[1]);
	for (running = nr_stress_results; running > 0; ) {
		drain_kmsg();
		pid = waitpid(-1, &status, WNOHANG);
		if (pid < 0)
			break;
		if (pid > 0)
			running--;
		else
			usleep(2000);
	}
	for (i = 0; i < nr_stress_results; i++) {
		struct stress_result got;

		if (read(fds[0], &got, sizeof(got)) != sizeof(got))
			return step_result(0, EIO, "stress result");
		for (r = stress_results; strcmp(r->file, got.file); r++)
			;
		*r = got;
	}
	close(fds[0]);
	for (i = 0; i < nr_stress_results; i++) {
		size_t e;

		r = &stress_results[i];
		printf("# stress %s: %d cycles, %d loaded, %d unloads failed",
		       r->file, cycles, r->loaded, r->unload_failed);
		for (e = 1; e < NR_ERRNOS; e++)
			if (r->failed[e])
				printf(", %d %s", r->failed[e], errnos[e].name);
		printf("\n");
		if (r->other) {
			printf("# stress %s: %d loads failed with other errors\n",
			       r->file, r->other);
			return 1;
		}
	}
	return stress_cleanup();
}

#define FUZZ_MAX_SEEDS	8
#define FUZZ_MAX_SIZE	(1024 * 1024)
#define FUZZ_FILE	"/fuzz.ko"
#define FUZZ_LAYOUT	MODULES_DIR "gplf_layout.ko"

static char fuzz_baseline[16 * 1024];	/* /proc/modules before the mutants */
static char fuzz_modules[16 * 1024];

/* Read a seed module (or the layout module) into a buffer of its own. */
static const char *fuzz_read_seed(struct km_seed *s, const char *file,
				  u64 series_off, u64 series_size, int all)
{
	char path[256];
	u8 *buf = malloc(FUZZ_MAX_SIZE);
	ssize_t len;

	strlcpy(path, file[0] == '/' ? "" : MODULES_DIR, sizeof(path));
	strlcat(path, file, sizeof(path));
	len = buf ? read_file(path, (char *)buf, FUZZ_MAX_SIZE) : -1;
	if (len < 0)
		return "cannot be read";
	if (len >= FUZZ_MAX_SIZE - 1)
		return "is too big";
	return km_parse(s, buf, len, series_off, series_size, all);
}

/* Whether NAME, of LEN bytes, begins a line of the /proc/modules text LIST. */
static int fuzz_listed(const char *list, const char *name, size_t len)
{
	const char *p;

	for (p = list; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ' ')
			return 1;
	return 0;
}

static void fuzz_read_entry(const char *dir, const char *name)
{
	char path[256], val[128];

	strlcpy(path, dir, sizeof(path));
	strlcat(path, name, sizeof(path));
	read_file(path, val, sizeof(val));
}

/* Read every file of /sys/module/NAME/gpl_future_imports (the record). */
static void fuzz_read_record(const char *name)
{
	char dir[128];

	strlcpy(dir, "/sys/module/", sizeof(dir));
	strlcat(dir, name, sizeof(dir));
	strlcat(dir, "/gpl_future_imports/", sizeof(dir));
	dir_entries(dir, fuzz_read_entry);
}

/*
 * Read the record of, and unload, every module a mutant left loaded: the
 * ones /proc/modules lists now and did not before (a mutant may have
 * changed its name).  Returns how many would not unload.
 */
static int fuzz_unload_new(unsigned long index)
{
	char name[64];
	char *p, *sp, *nl;
	int stuck = 0, err;

	if (read_file("/proc/modules", fuzz_modules, sizeof(fuzz_modules)) < 0)
		return 1;
	for (p = fuzz_modules; p && *p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		sp = strchr(p, ' ');
		if (!sp || (nl && sp > nl) || sp - p >= (long)sizeof(name) ||
		    fuzz_listed(fuzz_baseline, p, sp - p))
			continue;
		memcpy(name, p, sp - p);
		name[sp - p] = '\0';
		fuzz_read_record(name);
		err = unload_module(name);
		if (err) {
			printf("# mutant %lu: module %s does not unload: %s\n",
			       index, name, errno_name(err));
			stuck++;
		}
	}
	return stuck;
}

/* Write a mutant to FUZZ_FILE and load it from there; its errno. */
static int fuzz_load(const u8 *buf, u64 size)
{
	int fd = open(FUZZ_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ssize_t n = fd < 0 ? -1 : write(fd, buf, size);

	if (fd >= 0)
		close(fd);
	/* An errno, positive as load_path()'s: a short write is EIO. */
	return n == (ssize_t)size ? load_path(FUZZ_FILE, "") : EIO;
}

/*
 * fuzz COUNT FILE...: load COUNT mutants of the seed modules FILE...
 * (tests/mangle/ko-mutate.h; "fuzz_seed=S", "fuzz_first=I" and
 * "fuzz_count=N" on the command line pick the run, its first mutant and
 * how many; "fuzz_regions=all" mutates what the loader trusts too),
 * unloading whatever loads.  Each mutant's index is printed
 * before it loads, so that a crash names it; a kernel report during a
 * mutant fails the step and names it, and the step goes on.
 */
static int step_fuzz(int argc, char **argv)
{
	static struct km_seed seeds[FUZZ_MAX_SEEDS];
	const char *e_seed = getenv("fuzz_seed"), *e_first = getenv("fuzz_first");
	const char *e_count = getenv("fuzz_count"), *why;
	const char *e_regions = getenv("fuzz_regions");
	int all = e_regions && !strcmp(e_regions, "all");
	unsigned long seed = e_seed ? strtoul(e_seed, NULL, 0) : 1;
	unsigned long first = e_first ? strtoul(e_first, NULL, 0) : 0;
	unsigned long count = strtoul(e_count ? e_count : argv[1], NULL, 0);
	unsigned long i, loaded = 0, other = 0, failed[NR_ERRNOS] = { 0 };
	u64 series_off = 0, series_size = 0, size;
	struct km_change ch[KM_MAX_CHANGES];
	int nseeds = argc - 2, reports = nr_reports, found = 0, stuck = 0, other_errno = 0, k;
	unsigned int nch, c;
	long long start;
	u8 *out = malloc(FUZZ_MAX_SIZE);
	struct km_seed layout;
	ssize_t len;

	if (nseeds > FUZZ_MAX_SEEDS || !out)
		return step_result(0, EINVAL, "fuzz");
	/* Without it the mutants would not be the ones ko-fuzz -l makes. */
	why = fuzz_read_seed(&layout, FUZZ_LAYOUT, 0, 0, 0);
	if (why || km_layout(&layout, &series_off, &series_size)) {
		printf("# fuzz: %s %s\n", FUZZ_LAYOUT, why ? why : "has no .gplf_layout");
		return 1;
	}
	for (k = 0; k < nseeds; k++) {
		why = fuzz_read_seed(&seeds[k], argv[k + 2], series_off, series_size, all);
		if (why) {
			printf("# fuzz: seed %s %s\n", argv[k + 2], why);
			return 1;
		}
	}
	len = read_file("/proc/modules", fuzz_baseline, sizeof(fuzz_baseline));
	if (len < 0 || len >= (ssize_t)sizeof(fuzz_baseline) - 1)
		return step_result(0, len < 0 ? errno : E2BIG, "fuzz: /proc/modules");
	printf("# fuzz: run %lu, mutants %lu to %lu of %d seeds, %s regions\n",
	       seed, first, first + count - 1, nseeds, all ? "all" : "checked");
	start = monotonic_ns();
	for (i = first; i < first + count; i++) {
		k = km_pick(i, nseeds);
		size = km_mutate(&seeds[k], out, seed, i, ch, &nch);
		printf("# mutant %lu %s 0x%x\n", i, argv[k + 2], km_sum(out, size));
		fflush(stdout);
		k = fuzz_load(out, size);
		if (!k) {
			loaded++;
			stuck += fuzz_unload_new(i);
		} else if (errno_slot(k) < 0) {
			other++;
			other_errno = k;
		} else {
			failed[errno_slot(k)]++;
		}
		drain_kmsg();
		if (nr_reports == reports)
			continue;
		printf("# mutant %lu made a kernel report; its changes:", i);
		for (c = 0; c < nch; c++)
			printf(" %s", ch[c].desc);
		printf("\n");
		reports = nr_reports;
		found++;
	}
	start = (monotonic_ns() - start) / 1000000;
	printf("# fuzz: %lu mutants in %lld ms, %lld per second: %lu loaded", count,
	       start, start ? count * 1000 / start : 0, loaded);
	for (k = 1; k < (int)NR_ERRNOS; k++)
		if (failed[k])
			printf(", %lu %s", failed[k], errnos[k].name);
	if (other)
		printf(", %lu other errors (the last %s)", other, errno_name(other_errno));
	printf("; %d made reports, %d did not unload\n", found, stuck);
	return found || stuck;
}

static struct stress_result *stress_result_of(const char *file)
{
	int i;

	for (i = 0; i < nr_stress_results; i++)
		if (!strcmp(stress_results[i].file, file))
			return &stress_results[i];
	printf("# no stress result for %s\n", file);
	return NULL;
}

/* TEXT appears exactly WANT times in the case log; counts as expected. */
static int step_per(const char *what, int want, const char *text)
{
	int got;

	drain_kmsg();
	got = count_text(case_log, case_log_len, text);
	case_accounted += want;
	if (got == want && !kmsg_lost)
		return 0;
	printf("# %s: expected %d x '%s', found %d (%d records lost)\n",
	       what, want, text, got, kmsg_lost);
	return 1;
}

static int step_warnings_accounted(void)
{
	drain_kmsg();
	if (case_warnings == case_accounted)
		return 0;
	printf("# warnings-accounted: %d records at warning level or worse, %d expected\n",
	       case_warnings, case_accounted);
	show_case_log();
	return 1;
}

static int step_uname(void)
{
	struct utsname uts;
	char want[256];
	char *nl;

	if (read_file("/kernelrelease", want, sizeof(want)) <= 0 || uname(&uts))
		return 1;
	nl = strchr(want, '\n');
	if (nl)
		*nl = '\0';
	if (!strcmp(uts.release, want))
		return 0;
	printf("# uname -r: expected '%s', got '%s'\n", want, uts.release);
	return 1;
}

/* Split LINE in place into at most MAX_ARGS words; the last takes the rest. */
static int split(char *line, char **argv, int max)
{
	int argc = 0;

	while (*line && argc < max) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			break;
		argv[argc++] = line;
		if (argc == max)
			break;
		while (*line && *line != ' ' && *line != '\t')
			line++;
		if (*line)
			*line++ = '\0';
	}
	return argc;
}

static int want_errno(const char *name, int *value)
{
	*value = errno_value(name);
	if (*value >= 0)
		return 0;
	printf("# unknown result '%s'\n", name);
	return 1;
}

/* A step that cannot apply to this kernel skips the rest of its case. */
#define STEP_SKIP	2
/*
 * Without MODULE_UNLOAD a case stops at its first rmmod and passes if the
 * steps before it did: what follows needs the module gone.
 */
#define STEP_STOP	3

/* The kernel's .config (packed as /config, read once) has the line OPTION. */
static int kernel_has(const char *option)
{
	static char config[128 * 1024];
	static ssize_t len = -1;
	const char *p = config;
	size_t n = strlen(option);

	if (len < 0)
		len = read_file("/config", config, sizeof(config));
	while (len > 0 && (p = find_text(p, config + len - p, option))) {
		if ((p == config || p[-1] == '\n') && (p[n] == '\n' || !p[n]))
			return 1;
		p += n;
	}
	return 0;
}

static int step_rmmod(int expect, const char *name)
{
	if (!kernel_has("CONFIG_MODULE_UNLOAD=y")) {
		printf("# stopped before rmmod %s: this kernel cannot unload modules\n", name);
		return STEP_STOP;
	}
	return step_result(expect, unload_module(name), "rmmod");
}

static int step_needs(const char *option)
{
	struct stat st;

	if (option[0] == '/' ? !stat(option, &st) : kernel_has(option))
		return 0;
	printf("# SKIP needs %s\n", option);
	return STEP_SKIP;
}

/*
 * The steps' handlers: argv[0] is the step's name, argv[1..argc-1] its
 * words.  Each returns 0 if the step passed, 1 if it failed, STEP_SKIP
 * or STEP_STOP.
 */
static int run_insmod(int argc, char **argv)
{
	int expect;

	if (want_errno(argv[1], &expect))
		return 1;
	return step_result(expect, load_module(argv[2], argc > 3 ? argv[3] : ""),
			   "insmod");
}

static int run_rmmod(int argc, char **argv)
{
	int expect;

	return want_errno(argv[1], &expect) ? 1 : step_rmmod(expect, argv[2]);
}

static int run_log(int argc, char **argv)
{
	return step_log(argv[1], argv[2], 0);
}

static int run_bootlog(int argc, char **argv)
{
	return step_log(argv[1], argv[2], 1);
}

static int run_file(int argc, char **argv)
{
	return step_file(argv[1], argv[2]);
}

static int run_entries(int argc, char **argv)
{
	return step_entries(argv[1], argv[2]);
}

static int run_alloc_fail(int argc, char **argv)
{
	return step_alloc_fail(argv[1], argc > 2 ? argv[2] : NULL);
}

static int run_nofile(int argc, char **argv)
{
	return step_nofile(argv[1]);
}

static int run_write(int argc, char **argv)
{
	int expect;

	return want_errno(argv[1], &expect) ? 1 : step_write(expect, argv[2], argv[3]);
}

static int run_write_nocap(int argc, char **argv)
{
	int expect;

	return want_errno(argv[1], &expect) ? 1 :
	       step_write_nocap(expect, argv[2], argv[3]);
}

static int run_needs(int argc, char **argv)
{
	return step_needs(argv[1]);
}

static int run_bench(int argc, char **argv)
{
	return step_bench(argv[1], argv[2], argv[3]);
}

static int run_per_load(int argc, char **argv)
{
	struct stress_result *r = stress_result_of(argv[1]);

	return r ? step_per("per-load", r->loaded, argv[2]) : 1;
}

static int run_per_fail(int argc, char **argv)
{
	struct stress_result *r = stress_result_of(argv[1]);
	int expect, slot;

	if (want_errno(argv[2], &expect) || !r)
		return 1;
	slot = errno_slot(expect);
	return slot < 0 ? 1 : step_per("per-fail", r->failed[slot], argv[3]);
}

static int run_warnings_accounted(int argc, char **argv)
{
	return step_warnings_accounted();
}

static int run_uname(int argc, char **argv)
{
	return step_uname();
}

#define RUN_OUTPUT	"/run.out"

/*
 * The program's output goes to a file, shown once it exited: lines of its
 * own on the console would be read as the suite's KTAP.
 */
static int run_program(char **argv)
{
	static char *const envp[] = { "PATH=/bin:/sbin", "HOME=/", NULL };
	int status, fd;
	pid_t pid;

	fd = open(RUN_OUTPUT, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return step_result(0, errno, "run: " RUN_OUTPUT);
	pid = fork();
	if (pid < 0) {
		close(fd);
		return step_result(0, errno, "run fork");
	}
	if (!pid) {
		dup2(fd, 1);
		dup2(fd, 2);
		execve(argv[0], argv, envp);
		exit(127);
	}
	close(fd);
	if (waitpid(pid, &status, 0) != pid)
		return step_result(0, ECHILD, "run");
	read_file(RUN_OUTPUT, file_buf, sizeof(file_buf));
	show_text(file_buf);
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	printf("# %s: exit status %d\n", argv[0],
	       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 1;
}

static int run_run(int argc, char **argv)
{
	return run_program(argv + 1);
}

static int run_dmesg(int argc, char **argv)
{
	show_case_log();
	return 0;
}

/*
 * The steps a suite can use (the list at the top of this file): each
 * takes between MIN and MAX words after its name.  With REST its last
 * word takes the rest of the line (a text, module parameters, a .config
 * line); without, a word more than MAX is an error.
 */
static const struct step {
	const char *name;
	int min, max;
	bool rest;
	int (*run)(int argc, char **argv);
} steps[] = {
	{ "insmod",		2, 3,		   true,  run_insmod },
	{ "rmmod",		2, 2,		   false, run_rmmod },
	{ "log",		2, 2,		   true,  run_log },
	{ "bootlog",		2, 2,		   true,  run_bootlog },
	{ "file",		2, 2,		   true,  run_file },
	{ "entries",		2, 2,		   false, run_entries },
	{ "alloc-fail",		1, 2,		   false, run_alloc_fail },
	{ "nofile",		1, 1,		   false, run_nofile },
	{ "write",		3, 3,		   true,  run_write },
	{ "write-nocap",	3, 3,		   true,  run_write_nocap },
	{ "needs",		1, 1,		   true,  run_needs },
	{ "bench",		3, 3,		   false, run_bench },
	{ "stress",		2, MAX_ARGS - 2,   false, step_stress },
	{ "per-load",		2, 2,		   true,  run_per_load },
	{ "per-fail",		3, 3,		   true,  run_per_fail },
	{ "warnings-accounted",	0, 0,		   false, run_warnings_accounted },
	{ "uname-r",		0, 0,		   false, run_uname },
	{ "dmesg",		0, 0,		   false, run_dmesg },
	{ "run",		1, MAX_ARGS - 2,   false, run_run },
	{ "fuzz",		2, MAX_ARGS - 2,   false, step_fuzz },
};

/* Run one step; return 0 if it passed, 1 if it failed, STEP_SKIP or STEP_STOP. */
static int run_step(char *line)
{
	char *argv[MAX_ARGS] = { 0 };
	const struct step *step;
	int argc;

	argc = split(line, argv, 2);
	if (!argc)
		return 0;
	for (step = steps; step < steps + ARRAY_SIZE(steps); step++) {
		if (strcmp(argv[0], step->name))
			continue;
		if (argc == 2)
			argc = split(argv[1], argv + 1,
				     step->rest ? step->max : MAX_ARGS - 1) + 1;
		if (argc - 1 >= step->min && argc - 1 <= step->max)
			return step->run(argc, argv);
		printf("# step '%s' takes %d to %d words, not %d\n",
		       step->name, step->min, step->max, argc - 1);
		return 1;
	}
	printf("# bad step '%s'\n", argv[0]);
	return 1;
}

/*
 * The one reader of a suite's text: return its next line that holds a
 * step, a case or an end, without the indentation, or NULL at the end.
 * It cuts the text into lines in place, moving *CURSOR along.
 */
static char *next_line(char **cursor)
{
	char *line;

	while ((line = *cursor)) {
		*cursor = strchr(line, '\n');
		if (*cursor)
			*(*cursor)++ = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		if (*line && *line != '#')
			return line;
	}
	return NULL;
}

/* Does NAME match GLOB, '*' any string and '?' any one character? */
static int name_matches(const char *glob, const char *name)
{
	if (*glob == '*')
		return name_matches(glob + 1, name) ||
		       (*name && name_matches(glob, name + 1));
	if (!*glob || !*name)
		return !*glob && !*name;
	return (*glob == '?' || *glob == *name) && name_matches(glob + 1, name + 1);
}

/* Is a case named NAME to run, all of them when GLOB is NULL? */
static int case_selected(const char *glob, const char *name)
{
	return !glob || name_matches(glob, name);
}

/*
 * Count the cases of TEXT that GLOB selects, printing their names if
 * PRINT; TEXT stays whole.
 */
static int cases_of(const char *text, const char *glob, int print)
{
	static char copy[sizeof(suite)];
	char *cursor = copy, *line;
	int n = 0;

	strlcpy(copy, text, sizeof(copy));
	while ((line = next_line(&cursor))) {
		if (strncmp(line, "case ", 5) || !case_selected(glob, line + 5))
			continue;
		n++;
		if (print)
			printf("%s\n", line + 5);
	}
	return n;
}

#define KMEMLEAK	"/sys/kernel/debug/kmemleak"

/*
 * kmemleak reports only objects older than five seconds, so wait for the
 * last case's allocations to count: well past that, as under TCG a wait of
 * six seconds left every leak of the reports negative control unreported
 * in three boots of four on 6.12.  Then scan and list.
 * Stacks are not scanned: every pointer a syscall ever spilled stays in
 * the dead part of init's kernel stack and would hide a leak.  A new
 * object counts only once its checksum is unchanged since a previous
 * scan, hence two scans.
 */
static int kmemleak_found_nothing(void)
{
	ssize_t len;
	int err;

	if (!kernel_has("CONFIG_DEBUG_KMEMLEAK=y"))
		return 1;
	sleep(11);
	err = write_file(KMEMLEAK, "stack=off");
	if (!err)
		err = write_file(KMEMLEAK, "scan");
	if (!err)
		err = write_file(KMEMLEAK, "scan");
	if (err) {
		printf("# kmemleak: cannot scan: %s\n", errno_name(err));
		return 0;
	}
	len = read_file(KMEMLEAK, file_buf, sizeof(file_buf));
	if (len == 0)
		return 1;
	if (len < 0)
		printf("# kmemleak: cannot read %s: %s\n", KMEMLEAK, errno_name(errno));
	else
		printf("# kmemleak found unreferenced objects:\n");
	show_text(file_buf);
	return 0;
}

static int check_no_reports(void)
{
	int failed = !kmemleak_found_nothing();

	drain_kmsg();
	if (nr_reports) {
		printf("# %d kernel reports since boot, the first:\n", nr_reports);
		reports[reports_len] = '\0';
		show_text(reports);
		failed = 1;
	}
	return failed;
}

static void finish_case(int num, const char *name, int failed)
{
	if (failed == STEP_SKIP) {
		printf("ok %d %s # SKIP\n", num, name);
		return;
	}
	if (failed == STEP_STOP)
		failed = 0;
	if (failed)
		show_case_log();
	printf("%sok %d %s\n", failed ? "not " : "", num, name);
}

/*
 * Run the suite's cases that GLOB selects (all when it is NULL),
 * numbered in the order they run: scripts/harness/run-suites.sh boots a
 * kernel that cannot unload modules once per case, "make test CASE="
 * runs the cases a developer names.
 */
static void run_suite(char *text, const char *glob)
{
	char *cursor = text, *line, *name = NULL;
	int num = 0, failed = 0, selected = 0;

	printf("KTAP version 1\n1..%d\n", cases_of(text, glob, 0) + 1);
	while ((line = next_line(&cursor))) {
		if (!strncmp(line, "case ", 5)) {
			name = line + 5;
			selected = case_selected(glob, name);
			num += selected;
			failed = !selected;
			start_case_log();
		} else if (!name) {
			printf("# step outside a case: %s\n", line);
		} else if (!strcmp(line, "end")) {
			if (selected)
				finish_case(num, name, failed);
			name = NULL;
		} else if (!failed) {
			failed = run_step(line);
			quiet_console();
		}
	}
	start_case_log();
	finish_case(num + 1, "no_kernel_reports", check_no_reports());
}

static void setup(void)
{
	mkdir("/dev", 0755);
	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	/* Only debug kernels have it, for kmemleak. */
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd < 0)
		printf("# cannot open /dev/kmsg: %s\n", errno_name(errno));
	/* Without it, printk_levels stays empty and the console as it is. */
	read_file(PRINTK_LEVELS, printk_levels, sizeof(printk_levels));
}

/*
 * As /init: run the suite the boot parameters name.  On the host,
 * "init --cases FILE [GLOB]" lists the cases of the suite FILE (those
 * GLOB selects), one per line, read and matched as the guest reads and
 * matches them: the harness's one parser of suites.
 */
int main(int argc, char **argv)
{
	const char *name = getenv("suite"), *glob = getenv("case");
	char path[128];

	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "--cases")) {
		if (read_file(argv[2], suite, sizeof(suite)) < 0) {
			printf("init: cannot read %s: %s\n", argv[2], errno_name(errno));
			return 1;
		}
		glob = argc == 4 ? argv[3] : NULL;
		cases_of(suite, glob, 1);
		return 0;
	}
	setup();
	strlcpy(path, "/suite/", sizeof(path));
	strlcat(path, name ? name : "smoke", sizeof(path));
	strlcat(path, ".t", sizeof(path));
	if (read_file(path, suite, sizeof(suite)) < 0)
		printf("KTAP version 1\n1..1\nnot ok 1 suite # cannot read %s\n",
		       path);
	else
		run_suite(suite, glob);
	fflush(stdout);
	reboot(LINUX_REBOOT_CMD_RESTART);
	return 0;
}

#!/bin/sh
# selftests-tests.sh BASE BUILD INIT BUSYBOX
#
# make check-selftests: the kernel's own module selftests
# (tests/suite/selftests.t: kmod/kmod.sh with lib/test_kmod.c and, where
# the base has them, module/'s scripts) on the patched and the pristine
# kernel in the same guest configuration, with the same results.  The
# patched kernel is the selftests cell's (tests/cells/selftests.config,
# built by make in BUILD/BASE/selftests/obj); the pristine one is built
# here from the base's pristine tree (tree.sh, BUILD/BASE/selftests/
# pristine/src) with the patched kernel's .config.  Each gets a root of
# its own (kselftest-root.sh: the selftests installed from its tree, its
# modules with depmod's indexes, busybox and PROGRAMS below, Debian's, so
# the packages that carry them are installed first) and boots the suite
# once.  KTAP: the two configurations differ only in what the series
# adds; then one result per case, which passes when the case passed (or
# skipped) on the patched kernel and ended the same on the pristine one.
# A case may skip on the pristine kernel only for a selftest file that
# the series adds (7.3's module/gpl_future.sh).  The boots' documents
# and consoles stay in BUILD/BASE/selftests/ and .../pristine/.
set -u
export LC_ALL=C

base=$1 b=$2 init=$3 busybox=$4
bb=$b/$base src=$bb/linux
patched=$bb/selftests pristine=$bb/selftests/pristine
suite=tests/suite/selftests.t
targets="kmod module"
programs="bash kmod modprobe depmod insmod rmmod lsmod modinfo capsh perf"
packages="bash kmod libcap2-bin linux-perf"
. scripts/harness/ktap-lib.sh

# The pristine kernel, configured as the patched one.
build_pristine() {
	sh scripts/harness/tree.sh "$base" "$b" "$pristine/src" 0 >/dev/null || return 1
	mkdir -p "$pristine/obj"
	cp "$patched/obj/.config" "$pristine/obj/.config"
	echo "  BUILD   pristine kernel ($base/selftests)" >&2
	sh scripts/harness/logged.sh "$pristine/kernel.log" sh scripts/harness/kmake.sh x86_64 \
		"$pristine/src" "$pristine/obj" olddefconfig bzImage modules
}

# boot KERNEL_DIR SRC: its root, its initramfs, the suite booted once.
boot() {
	rm -f "$1/selftests.ktap"
	mkdir -p "$1/nomods"
	sh scripts/harness/kselftest-root.sh -t "$targets" -p "$programs" \
		x86_64 "$2" "$1" "$busybox" &&
	sh scripts/harness/boot-dir.sh "$1" selftests "$suite" "$init" "$1/nomods" &&
	INIT_HOST=$init sh scripts/harness/run-suites.sh "$1/selftests.ktap"
}

# The options whose lines differ; each must be one the pristine kernel
# lacks altogether: the series's own.
same_config() {
	sort "$patched/obj/.config" >"$tmp/patched.config"
	sort "$pristine/obj/.config" >"$tmp/pristine.config"
	comm -3 "$tmp/patched.config" "$tmp/pristine.config" |
	sed -n 's/^[[:space:]]*\(# \)\{0,1\}\(CONFIG_[A-Za-z0-9_]*\)[ =].*/\2/p' | sort -u |
	while read -r opt; do
		grep -q "^$opt=\|^# $opt is not set" "$tmp/pristine.config" || continue
		echo "$opt differs:"
		grep "$opt[ =]" "$patched/obj/.config" "$pristine/obj/.config"
	done | grep . && return 1
	return 0
}

# Every test kmod.sh lists (ALL_TESTS="ID:COUNT:ENABLED ...") is a case.
every_kmod_test() {
	ids=$(sed -n 's/^ALL_TESTS="[^0-9]*\([0-9]\{4\}\):.*/\1/p' \
		"$src/tools/testing/selftests/kmod/kmod.sh")
	[ -n "$ids" ] || { echo "no ALL_TESTS in kmod.sh"; return 1; }
	for id in $ids; do
		grep -q "^run /kselftest/kmod/kmod.sh -t $id\$" "$suite" ||
			echo "kmod.sh test $id has no case in $suite"
	done | grep . && return 1
	return 0
}

completed() {
	for d in "$patched" "$pristine"; do
		[ -s "$d/selftests.ktap" ] || { echo "$d: no document"; return 1; }
		! grep -H '^Bail out' "$d/selftests.ktap" || return 1
	done
}

# The line of case $2 in document $1, its number dropped.
status() {
	sed -n "s/^\(not ok\|ok\) [0-9]* $2\( \|\$\)/\1 $2\2/p" "$1"
}

# A selftest file the series adds (the path a case's SKIP names, under
# /kselftest/, in the tree's tools/testing/selftests/).
series_adds() {
	file=tools/testing/selftests/${1#/kselftest/}
	[ -f "$src/$file" ] && ! git -C "$src" cat-file -e "pristine:$file" 2>/dev/null
}

same_result() {
	p=$(status "$patched/selftests.ktap" "$1")
	q=$(status "$pristine/selftests.ktap" "$1")
	case $p in
	"ok $1"|"ok $1 # SKIP"*) ;;
	*) echo "patched: ${p:-no result}"; return 1 ;;
	esac
	[ "$p" = "$q" ] && return 0
	why=$(grep -B1 -x "ok [0-9]* $1 # SKIP" "$pristine/selftests.ktap" |
		sed -n 's/^# SKIP needs //p')
	if [ -n "$why" ] && series_adds "$why"; then
		echo "pristine skips: the series adds $why"
		return 0
	fi
	echo "patched:  $p"
	echo "pristine: ${q:-no result}"
	return 1
}

echo "KTAP version 1"
cases=$("$init" --cases "$suite") || exit 1
echo "1..$(($(echo "$cases" | wc -l) + 3))"
sh scripts/harness/install-deps.sh $packages >&2 || exit 1
start=$(date +%s)
boot "$patched" "$src" >&2
echo "# patched: booted in $(($(date +%s) - start)) s"
start=$(date +%s)
build_pristine >&2 && boot "$pristine" "$pristine/src" >&2
echo "# pristine: built and booted in $(($(date +%s) - start)) s"
result every_kmod_test_has_a_case every_kmod_test
result pristine_built_as_patched same_config
result both_boots_completed completed
# A case both kernels skip alike (a selftest the base lacks) is a skip.
for c in $cases; do
	p=$(status "$patched/selftests.ktap" "$c")
	case $p in
	"ok $c # SKIP"*)
		if [ "$p" = "$(status "$pristine/selftests.ktap" "$c")" ]; then
			num=$((num + 1))
			echo "ok $num $c # SKIP on both: $(grep -B1 -x "ok [0-9]* $c # SKIP" \
				"$patched/selftests.ktap" | sed -n 's/^# SKIP //p')"
			continue
		fi ;;
	esac
	result "$c" same_result "$c"
done

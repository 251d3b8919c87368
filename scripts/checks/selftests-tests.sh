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
# once.  KTAP: every test of kmod.sh and every program of module/ has a
# case; the two configurations differ only in options the pristine tree
# does not define (the series's own); then one result per case, the
# init's no_kernel_reports included, which passes when the case passed
# on the patched kernel and ended the same on the pristine one.  A case
# may skip on the pristine kernel only for a selftest file the series
# adds (7.3's module/gpl_future.sh), and on both only for one the base
# lacks (module/ on 6.12).  The boots' documents and consoles stay in
# BUILD/BASE/selftests/ and .../pristine/.
set -u
export LC_ALL=C

base=$1 b=$2 init=$3 busybox=$4
bb=$b/$base src=$bb/linux
patched=$bb/selftests pristine=$bb/selftests/pristine
suite=tests/suite/selftests.t
record=tests/cells/selftests.config
targets=$(sh scripts/harness/field.sh "$record" kselftests)
selftests=tools/testing/selftests
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

# The options whose lines differ; each must be one the pristine tree's
# Kconfig does not define: the series's own.
same_config() {
	for k in patched pristine; do
		eval "f=\$$k/obj/.config"
		[ -s "$f" ] || { echo "no $f"; return 1; }
		sort "$f" >"$tmp/$k.config"
	done
	comm -3 "$tmp/patched.config" "$tmp/pristine.config" |
	sed -n -E 's/^[[:space:]]*(# )?(CONFIG_[A-Za-z0-9_]+)[ =].*/\2/p' | sort -u |
	while read -r opt; do
		grep -rqsE "^[[:space:]]*(menu)?config ${opt#CONFIG_}[[:space:]]*$" \
			--include='Kconfig*' "$pristine/src" || continue
		echo "$opt differs:"
		grep -e "^$opt=" -e "^# $opt is not set" "$patched/obj/.config" "$pristine/obj/.config"
	done | grep . && return 1
	return 0
}

# Every test kmod.sh lists (ALL_TESTS="ID:COUNT:ENABLED ...") and every
# program of module/'s TEST_PROGS, where the tree has module/, is run by
# a case.
every_test_has_a_case() {
	ids=$(sed -n -E 's/^ALL_TESTS="[^0-9]*([0-9]{4}):.*/\1/p' "$src/$selftests/kmod/kmod.sh")
	[ -n "$ids" ] || { echo "no ALL_TESTS in kmod.sh"; return 1; }
	runs=$(for id in $ids; do echo "/kselftest/kmod/kmod.sh -t $id"; done
		[ ! -d "$src/$selftests/module" ] ||
		sed -n 's/^TEST_PROGS[[:space:]]*:=//p' "$src/$selftests/module/Makefile" |
		tr ' ' '\n' | sed -n 's|^\(..*\)$|/kselftest/module/\1|p')
	echo "$runs" | while IFS= read -r r; do
		grep -qxF "run $r" "$suite" || echo "no case of $suite runs $r"
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
	sed -n -E "s/^(not ok|ok) [0-9]+ $2( |\$)/\1 $2\2/p" "$1"
}

# The path a case's SKIP names in document $1 ("# SKIP needs PATH").
skip_needs() {
	grep -B1 -x "ok [0-9]* $2 # SKIP" "$1" | sed -n 's/^# SKIP needs //p'
}

# Tree $1 has the selftest file the guest path $2 names (under /kselftest/).
tree_has() {
	case $2 in
	/kselftest/*) [ -e "$1/$selftests/${2#/kselftest/}" ] ;;
	*) return 1 ;;
	esac
}

same_result() {
	p=$(status "$patched/selftests.ktap" "$1")
	q=$(status "$pristine/selftests.ktap" "$1")
	[ "$p" = "ok $1" ] || { echo "patched: ${p:-no result}"; return 1; }
	[ "$p" = "$q" ] && return 0
	why=$(skip_needs "$pristine/selftests.ktap" "$1")
	if [ -n "$why" ] && tree_has "$src" "$why" && ! tree_has "$pristine/src" "$why"; then
		echo "pristine skips: the series adds $why"
		return 0
	fi
	echo "patched:  $p"
	echo "pristine: ${q:-no result}"
	return 1
}

echo "KTAP version 1"
cases="$("$init" --cases "$suite") no_kernel_reports" || exit 1
echo "1..$(($(echo $cases | wc -w) + 3))"
# No result of an earlier run stands in for this one's.
rm -f "$patched/selftests.ktap" "$pristine/selftests.ktap" "$pristine/obj/.config"
sh scripts/harness/install-deps.sh $packages >&2 || exit 1
start=$(date +%s)
boot "$patched" "$src" >&2
echo "# patched: booted in $(($(date +%s) - start)) s"
start=$(date +%s)
build_pristine >&2 && boot "$pristine" "$pristine/src" >&2
echo "# pristine: built and booted in $(($(date +%s) - start)) s"
result every_selftest_has_a_case every_test_has_a_case
result pristine_built_as_patched same_config
result both_boots_completed completed
# A case both kernels skip for a selftest neither tree has (module/ on
# 6.12) is a skip; any other skip fails.
for c in $cases; do
	p=$(status "$patched/selftests.ktap" "$c")
	why=$(skip_needs "$patched/selftests.ktap" "$c")
	if [ "$p" = "ok $c # SKIP" ] && [ "$p" = "$(status "$pristine/selftests.ktap" "$c")" ] &&
		[ -n "$why" ] && ! tree_has "$src" "$why" && ! tree_has "$pristine/src" "$why"; then
		num=$((num + 1))
		echo "ok $num $c # SKIP neither tree has $why"
		continue
	fi
	result "$c" same_result "$c"
done

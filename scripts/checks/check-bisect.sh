#!/bin/sh
# check-bisect.sh BASE BUILD CONFIG INIT [FROM]
#
# Check out BASE's series one patch more at a time in a worktree
# (tree.sh; BUILD/BASE/bisect/src) and, for the pristine tree and after
# each patch: build bzImage and modules with CONFIG (an x86_64
# configuration; options the tree does not know yet fall away through
# olddefconfig), rebuild the C files the patch touched with W=1, and
# boot the smoke suite (run-suites.sh).  The checkout rewrites only the
# files a patch touches, so each step rebuilds only what it changed.  A step
# fails on a build error, on a warning no earlier step had, or on a
# failed boot.  One KTAP result per step; logs in BUILD/BASE/bisect/NN.*.
# With FROM, steps before patch FROM are applied but neither built nor
# booted.
set -u

base=$1 build=$2 config=$(realpath "$3") init=$(realpath "$4") from=${5:-0}
out=$build/$base/bisect
dir=$out/src obj=$out/obj
top=$(pwd)
. scripts/harness/ktap-lib.sh

patches=$(sh scripts/harness/series.sh "$base")
kmake() { sh "$top/scripts/harness/kmake.sh" x86_64 "$dir" "$obj" "$@"; }

# warnings LOG: compiler, linker and modpost warnings, without line
# numbers, so a warning that only moved is not new.  (Bison's conflict
# counts for scripts/genksyms/parse.y are not C warnings and come and go
# with rebuilds of genksyms.)
warnings() {
	grep -E '\.[chS]:[0-9]+(:[0-9]+)?: warning:|ld: warning:|^WARNING: modpost:' "$1" |
		sed -E 's/:[0-9]+(:[0-9]+)?: warning:/: warning:/' | sort -u
}

build_step() {
	cp "$config" "$obj/.config" && kmake olddefconfig >"$log.config" 2>&1 ||
		{ cat "$log.config"; return 1; }
	kmake bzImage modules >"$log.build" 2>&1 || { tail -n 30 "$log.build"; return 1; }
	: >"$log.w1"
	if [ "$step" != 00 ]; then
		# Kernel objects only: host programs (scripts/, tools/) build
		# with their own warning flags, W=1 or not.
		for c in $(git -C "$dir" diff --name-only HEAD~1 HEAD -- '*.c' ':!scripts' ':!tools'); do
			[ -e "$obj/${c%.c}.o" ] || continue
			echo "W=1 $c" >>"$log.w1"
			kmake W=1 "${c%.c}.o" >>"$log.w1" 2>&1 || { tail -n 30 "$log.w1"; return 1; }
		done
	fi
	cat "$log.build" "$log.w1" | warnings /dev/stdin >"$log.warnings"
	new=$(comm -13 "$out/seen.warnings" "$log.warnings")
	[ -z "$new" ] || { echo "new warnings:"; echo "$new"; return 1; }
	sort -u -o "$out/seen.warnings" "$out/seen.warnings" "$log.warnings"
}

# The smoke suite, booted as the modversions cell boots.
boot_step() {
	rm -rf "$out/mods" && mkdir -p "$out/mods" &&
	cp tests/modules/smoke_*.c "$out/mods/" &&
	echo 'obj-m += smoke_gpl.o smoke_bypass.o' >"$out/mods/Kbuild" || return 1
	kmake M="$out/mods" modules >"$log.mods" 2>&1 || { tail -n 30 "$log.mods"; return 1; }
	sh scripts/testmods/rewrite-modinfo.sh license 'GPL v2' NVIDIA "$out/mods/smoke_bypass.ko" &&
	sh scripts/harness/boot-dir.sh "$out" modversions tests/suite/smoke.t "$init" "$out/mods" &&
	sh scripts/harness/run-suites.sh "$out/smoke.$step.ktap" &&
	sh scripts/harness/ktap-report.sh "$out/smoke.$step.ktap"
}

run_step() {
	build_step && boot_step
}

mkdir -p "$obj"
: >"$out/seen.warnings"
echo "KTAP version 1"
echo "1..$(($(echo "$patches" | wc -l) + 1 - from))"
n=0
for p in pristine $patches; do
	step=$(printf %02d $n)
	log=$out/$step
	n=$((n + 1))
	[ $((n - 1)) -ge "$from" ] || continue
	# The tree after the first N-1 patches; git rewrites only what the
	# last one changed.
	if ! sh scripts/harness/tree.sh "$base" "$build" "$dir" $((n - 1)) >/dev/null 2>"$log.am"; then
		sed 's/^/# /' "$log.am"
		echo "Bail out! $p does not apply"
		exit 1
	fi
	start=$(date +%s)
	name=${p##*/}
	result "${name%.patch}" run_step
	echo "# $step: $(($(date +%s) - start)) s"
done

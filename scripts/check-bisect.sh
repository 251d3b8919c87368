#!/bin/sh
# check-bisect.sh GITDIR SERIES PATCHDIR CONFIG INIT OUT [FROM]
#
# Apply the series one patch at a time to a pristine tree (GITDIR, see
# pristine-git.sh) and, for the pristine tree and after each patch: build
# bzImage and modules with CONFIG (options the tree does not know yet
# fall away through olddefconfig), rebuild the C files the patch touched
# with W=1, and boot the smoke suite under QEMU.  A step fails on a build
# error, on a warning no earlier step had, or on a failed boot.  One KTAP result per step; logs in OUT/NN.*.  With FROM, steps
# before patch FROM are applied but neither built nor booted.
set -u

dir=$1 series=$(realpath "$2") patchdir=$(realpath "$3") config=$(realpath "$4")
init=$(realpath "$5") out=$(realpath "$6") from=${7:-0}
obj=$out/obj
top=$(pwd)
. scripts/ktap-lib.sh

patches=$(sed -n 's/^\([^#][^ ]*\).*/\1/p' "$series")
kmake() { make -s -C "$dir" O="$obj" CC="ccache gcc" -j"$(nproc)" "$@"; }

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

boot_step() {
	rm -rf "$out/mods" && mkdir -p "$out/mods" "$out/suite" &&
	cp "$top"/tests/modules/smoke_*.c "$out/mods/" &&
	echo 'obj-m += smoke_gpl.o smoke_bypass.o' >"$out/mods/Kbuild" &&
	cp "$top/tests/suite/smoke.t" "$out/suite/" || return 1
	kmake M="$out/mods" modules >"$log.mods" 2>&1 || { tail -n 30 "$log.mods"; return 1; }
	sh "$top/scripts/rewrite-modinfo.sh" license 'GPL\0xxxxxxx' Proprietary "$out/mods/smoke_bypass.ko" &&
	sh "$top/scripts/mkinitramfs.sh" "$obj" "$init" "$out/mods" "$out/suite" "$out/initramfs.cpio.gz" &&
	sh "$top/scripts/qemu-run.sh" "$obj/arch/x86/boot/bzImage" "$out/initramfs.cpio.gz" smoke "$log.ktap" &&
	sh "$top/scripts/ktap-report.sh" "$log.ktap"
}

run_step() {
	build_step && boot_step
}

mkdir -p "$obj"
: >"$out/seen.warnings"
sh scripts/pristine-git.sh "$dir" || exit 1
echo "KTAP version 1"
echo "1..$(($(echo "$patches" | wc -l) + 1 - from))"
n=0
for p in pristine $patches; do
	step=$(printf %02d $n)
	log=$out/$step
	if [ $n -gt 0 ] && ! git -C "$dir" am -q "$patchdir/$p" >"$log.am" 2>&1; then
		cat "$log.am"
		echo "Bail out! $p does not apply"
		exit 1
	fi
	n=$((n + 1))
	[ $((n - 1)) -ge "$from" ] || continue
	start=$(date +%s)
	result "${p%.patch}" run_step
	echo "# $step: $(($(date +%s) - start)) s"
done

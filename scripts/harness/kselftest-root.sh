#!/bin/sh
# kselftest-root.sh ARCH SRC DIR
#
# Write DIR/kselftest/, the files a suite with "# root: kselftest" adds to
# its guest's root (boot-dir.sh): the kernel's module selftests installed
# as a maintainer installs them (make -C tools/testing/selftests
# TARGETS=module install; nothing on a tree without them), the modules
# built in DIR/obj where make modules_install puts them, and busybox for
# the shell, modprobe and the tools the selftests call, when ARCH's
# record names one ("# busybox:"; the suite skips without it).
set -eu

arch=$1 src=$2 dir=$3
root=$dir/kselftest
die() { echo "kselftest-root: error: $*" >&2; exit 1; }

rm -rf "$root"
mkdir -p "$root/bin" "$root/sbin"
sh scripts/harness/kmake.sh "$arch" "$src" "$dir/obj" modules_install \
	INSTALL_MOD_PATH="$root" >"$dir/kselftest.log" 2>&1 ||
	{ cat "$dir/kselftest.log" >&2; die "modules_install failed"; }
rm -f "$root"/lib/modules/*/build
if [ -d "$src/tools/testing/selftests/module" ]; then
	(unset MAKEFLAGS MFLAGS; make -s -C "$src/tools/testing/selftests" \
		TARGETS=module INSTALL_PATH="$root/kselftest" install) >>"$dir/kselftest.log" 2>&1 ||
		{ cat "$dir/kselftest.log" >&2; die "kselftest install failed"; }
fi

busybox=$(sh scripts/harness/field.sh "tests/arch/$arch.config" busybox)
[ -n "$busybox" ] || exit 0
[ -x "$busybox" ] || die "$busybox (tests/arch/$arch.config) is missing"
cp "$busybox" "$root/bin/busybox"
for applet in $("$busybox" --list); do
	[ "$applet" = busybox ] || ln -sf busybox "$root/bin/$applet"
done
# /proc/sys/kernel/modprobe's default.
ln -sf ../bin/busybox "$root/sbin/modprobe"

#!/bin/sh
# kselftest-root.sh ARCH SRC DIR BUSYBOX [VAR=VALUE...]
#
# Write DIR/kselftest/, the files a suite with "# root: kselftest" adds to
# its guest's root (boot-dir.sh): the kernel's module selftests installed
# as a maintainer installs them (make -C tools/testing/selftests
# TARGETS=module install, their test modules built with KDIR; nothing on
# a tree without them), the modules
# built in DIR/obj where make modules_install puts them, and BUSYBOX, the
# ARCH binary, for the shell, modprobe and the tools the selftests call
# (none when empty: the suite skips without it).  VARs go to the make
# that builds the selftests' modules.
set -eu

arch=$1 src=$2 dir=$3 busybox=$4
shift 4
vars=$*
root=$dir/kselftest
die() { echo "kselftest-root: error: $*" >&2; exit 1; }

rm -rf "$root"
mkdir -p "$root/bin" "$root/sbin"
sh scripts/harness/kmake.sh "$arch" "$src" "$dir/obj" modules_install \
	INSTALL_MOD_PATH="$root" >"$dir/kselftest.log" 2>&1 ||
	{ cat "$dir/kselftest.log" >&2; die "modules_install failed"; }
rm -f "$root"/lib/modules/*/build
# The selftest builds its test modules out of tree against KDIR, in the
# source tree every cell of the base shares: one cell at a time (the lock
# tree.sh takes), from clean, so no cell installs another's modules.  O
# as well: the selftests pass their O (empty without one) down to the
# kernel's make, where it overrides the build tree's own.
# kmake.sh passes the cell's ARCH, cross compiler and ccache, as for the
# kernel; its O is the build tree, which KDIR names too.
kselftest() {
	obj=$(realpath "$dir/obj")
	sh scripts/harness/kmake.sh "$arch" "$src/tools/testing/selftests" "$obj" \
		TARGETS=module KDIR="$obj" $vars "$@" >>"$dir/kselftest.log" 2>&1 ||
		{ cat "$dir/kselftest.log" >&2; die "kselftest $* failed"; }
}
if [ -d "$src/tools/testing/selftests/module" ]; then
	(flock 9
	kselftest clean
	kselftest INSTALL_PATH="$root/kselftest" install) 9>"$(dirname "$src")/tree.lock"
fi

[ -n "$busybox" ] || exit 0
[ -x "$busybox" ] || die "$busybox is missing"
cp "$busybox" "$root/bin/busybox"
# The applets are linked in the guest (kselftest.t): ARCH's binary may
# not run here to list them.  /proc/sys/kernel/modprobe's default:
ln -sf ../bin/busybox "$root/sbin/modprobe"

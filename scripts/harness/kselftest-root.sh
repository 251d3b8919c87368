#!/bin/sh
# kselftest-root.sh [-t TARGETS] [-p PROGRAMS] ARCH SRC DIR BUSYBOX [VAR=VALUE...]
#
# Write DIR/kselftest/, the files a suite with "# root: kselftest" adds to
# its guest's root (boot-dir.sh): the kernel's selftests TARGETS (default
# "module") installed as a maintainer installs them (make -C
# tools/testing/selftests TARGETS=... O=... install, their test
# modules built against O; a target the tree lacks is left out), the
# modules built in DIR/obj where make modules_install puts them
# (depmod's indexes included), and BUSYBOX, the ARCH binary, for the shell, modprobe and
# the tools the selftests call (none when empty: the suite skips
# without it).  PROGRAMS are this machine's own programs, from /usr/bin
# and /usr/sbin, with their libraries (copy-programs.sh): busybox's
# applets then do not take their names.  VARs go to the make that builds
# the selftests' modules.
set -eu

targets=module programs=
while getopts t:p: opt; do
	case $opt in
	t) targets=$OPTARG ;;
	p) programs=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
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
# kernel; its O is the build tree, which the selftests take as KDIR when
# none is given, as they do for a maintainer's "make O=...".
kselftest() {
	obj=$(realpath "$dir/obj")
	sh scripts/harness/kmake.sh "$arch" "$src/tools/testing/selftests" "$obj" \
		TARGETS="$have" $vars "$@" >>"$dir/kselftest.log" 2>&1 ||
		{ cat "$dir/kselftest.log" >&2; die "kselftest $* failed"; }
}
have=
for t in $targets; do
	[ ! -d "$src/tools/testing/selftests/$t" ] || have="$have $t"
done
if [ -n "$have" ]; then
	(flock 9
	kselftest clean
	kselftest INSTALL_PATH="$root/kselftest" install) 9>"$(dirname "$src")/tree.lock"
fi

[ -z "$programs" ] || sh scripts/harness/copy-programs.sh "$arch" "$root" $programs

[ -n "$busybox" ] || exit 0
[ -x "$busybox" ] || die "$busybox is missing"
cp "$busybox" "$root/bin/busybox"
# The applets are linked in the guest (kselftest.t): ARCH's binary may
# not run here to list them.  /proc/sys/kernel/modprobe's default, unless
# a program took it:
[ -e "$root/sbin/modprobe" ] || ln -s ../bin/busybox "$root/sbin/modprobe"

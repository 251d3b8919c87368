#!/bin/sh
# kselftest-root.sh [-t TARGETS] [-p PROGRAMS] ARCH SRC DIR BUSYBOX [VAR=VALUE...]
#
# Write DIR/kselftest/, the files a suite with "# root: kselftest" adds to
# its guest's root (boot-dir.sh): the kernel's selftests TARGETS (default
# "module") installed as a maintainer installs them (make -C
# tools/testing/selftests TARGETS=... install, their test modules built
# with KDIR; a target the tree lacks is left out), the modules built in
# DIR/obj where make modules_install puts them (depmod's indexes
# included), and BUSYBOX, the ARCH binary, for the shell, modprobe and
# the tools the selftests call (none when empty: the suite skips
# without it).  PROGRAMS are this machine's own programs, from /usr/bin
# and /usr/sbin (ARCH must be its architecture), each copied to the
# guest's /bin with the shared libraries ldd names, where they are here:
# a program that is another's link (kmod's modprobe) becomes a link to
# it in /bin and /sbin, where busybox's applets then do not go.  VARs go
# to the make that builds the selftests' modules.
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
# kernel; its O is the build tree, which KDIR names too.
kselftest() {
	obj=$(realpath "$dir/obj")
	sh scripts/harness/kmake.sh "$arch" "$src/tools/testing/selftests" "$obj" \
		TARGETS="$have" KDIR="$obj" $vars "$@" >>"$dir/kselftest.log" 2>&1 ||
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

# copy_program NAME: the program NAME the Debian package installs, and
# the libraries it loads, where the guest's dynamic loader looks without
# a cache (its built-in directories).
copy_program() {
	path=$(PATH=/usr/sbin:/usr/bin command -v "$1") || die "$1 is not installed"
	real=$(readlink -f "$path")
	cp "$real" "$root/bin/"
	if [ "${real##*/}" != "$1" ]; then
		ln -sf "${real##*/}" "$root/bin/$1"
		ln -sf "../bin/${real##*/}" "$root/sbin/$1"
	fi
	libs=$(ldd "$real") || die "ldd $real failed"
	! echo "$libs" | grep 'not found' || die "$real: a library is missing"
	for lib in $(echo "$libs" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		case ${lib%/*} in
		/lib64|/lib/$multiarch|/usr/lib/$multiarch) ;;
		*) die "$real loads $lib, outside the loader's own directories" ;;
		esac
		mkdir -p "$root${lib%/*}"
		cp -L "$lib" "$root$lib"
	done
}
if [ -n "$programs" ]; then
	[ "$arch" = "$(uname -m)" ] || die "$arch guest: this machine's programs are $(uname -m)'s"
	multiarch=$(gcc -print-multiarch)
	for p in $programs; do
		copy_program "$p"
	done
fi

[ -n "$busybox" ] || exit 0
[ -x "$busybox" ] || die "$busybox is missing"
cp "$busybox" "$root/bin/busybox"
# The applets are linked in the guest (kselftest.t): ARCH's binary may
# not run here to list them.  /proc/sys/kernel/modprobe's default, unless
# a program took it:
[ -e "$root/sbin/modprobe" ] || ln -s ../bin/busybox "$root/sbin/modprobe"

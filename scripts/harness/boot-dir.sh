#!/bin/sh
# boot-dir.sh DIR CELL SUITEFILE INIT MODDIR
#
# Make DIR, whose kernel was built in DIR/obj, ready for run-suites.sh to
# boot the suite SUITEFILE (tests/suite/[BASE/]SUITE.t) there as the cell
# CELL boots (tests/cells/CELL.config): DIR/image links to the kernel
# image the cell's architecture boots, DIR/cell.config to the cell's
# record, DIR/SUITE.t to the suite, and DIR/SUITE.cpio.gz is the
# initramfs: the guest init, every module in MODDIR (as /m/NAME.ko, or
# NAME.ko.xz, .ko.zst, .ko.gz compressed), the suite (/suite/SUITE.t),
# the kernel release (/kernelrelease) and its .config (/config), and,
# for a suite whose record says "# root: NAME",
# the files under DIR/NAME at the root (kselftest-root.sh writes
# DIR/kselftest), packed with the tree's own usr/gen_init_cpio.  Each
# suite has its own initramfs, so an edit to one suite re-boots only it.
set -eu

dir=$1 cell=$2 suitefile=$(realpath "$3") init=$4 moddir=$5
suite=$(basename "$suitefile" .t)
root=$(sh scripts/harness/field.sh "$suitefile" root)
record=$(pwd)/tests/cells/$cell.config
arch=$(sh scripts/harness/field.sh "$record" arch)
image=$(sh scripts/harness/field.sh "tests/arch/$arch.config" image)
obj=$dir/obj
cpio=$obj/usr/gen_init_cpio
out=$dir/$suite.cpio.gz

[ -x "$cpio" ] || { echo "boot-dir: error: $cpio missing (CONFIG_BLK_DEV_INITRD?)" >&2; exit 1; }
[ -s "$obj/$image" ] || { echo "boot-dir: error: no kernel image $obj/$image" >&2; exit 1; }
[ -z "$root" ] || [ -d "$dir/$root" ] ||
	{ echo "boot-dir: error: $suitefile wants $dir/$root, which is missing" >&2; exit 1; }
ln -sf "obj/$image" "$dir/image"
ln -sf "$record" "$dir/cell.config"
ln -sf "$suitefile" "$dir/$suite.t"
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "file /init $init 0755 0 0"
	echo "file /kernelrelease $obj/include/config/kernel.release 0644 0 0"
	echo "file /config $obj/.config 0644 0 0"
	echo "dir /m 0755 0 0"
	for ko in "$moddir"/*.ko "$moddir"/*.ko.xz "$moddir"/*.ko.zst "$moddir"/*.ko.gz; do
		[ -e "$ko" ] || continue
		echo "file /m/${ko##*/} $ko 0644 0 0"
	done
	echo "dir /suite 0755 0 0"
	echo "file /suite/$suite.t $suitefile 0644 0 0"
	if [ -n "$root" ]; then
		find "$dir/$root" -mindepth 1 -type d -printf 'dir /%P %m 0 0\n' \
			-o -type f -printf "file /%P $dir/$root/%P %m 0 0\n" \
			-o -type l -printf 'slink /%P %l 777 0 0\n'
	fi
} >"$out.list"
# In two steps: POSIX sh has no pipefail, and a failed gen_init_cpio
# must not leave a truncated initramfs behind.
"$cpio" "$out.list" >"$out.cpio"
gzip -n -1 <"$out.cpio" >"$out.tmp"
rm -f "$out.cpio"
mv "$out.tmp" "$out"

#!/bin/sh
# mkinitramfs.sh OBJ INIT MODDIR SUITEDIR OUT
#
# Pack the guest init, every .ko in MODDIR (as /m/NAME.ko), the suites
# (/suite/*.t) and the kernel release (/kernelrelease) into a gzipped
# initramfs, using the tree's own usr/gen_init_cpio.
set -eu

obj=$1 init=$2 moddir=$3 suitedir=$4 out=$5
cpio=$obj/usr/gen_init_cpio
release=$obj/include/config/kernel.release

[ -x "$cpio" ] || { echo "mkinitramfs: error: $cpio missing (CONFIG_BLK_DEV_INITRD?)" >&2; exit 1; }
list=$out.list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "file /init $init 0755 0 0"
	echo "file /kernelrelease $release 0644 0 0"
	echo "file /config $obj/.config 0644 0 0"
	echo "dir /m 0755 0 0"
	for ko in "$moddir"/*.ko; do
		echo "file /m/${ko##*/} $ko 0644 0 0"
	done
	echo "dir /suite 0755 0 0"
	for t in "$suitedir"/*.t; do
		echo "file /suite/${t##*/} $(realpath "$t") 0644 0 0"
	done
} >"$list"
"$cpio" "$list" | gzip -n -1 >"$out.tmp"
mv "$out.tmp" "$out"

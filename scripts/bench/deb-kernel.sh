#!/bin/sh
# deb-kernel.sh DIR [SERIES]: Debian's newest SERIES (default 6.12)
# amd64 kernel image and its headers, downloaded with apt-get from the
# machine's configured suites and unpacked with dpkg-deb -x into
# DIR/ABI, never installed, once.  ABI=6.12.N+deb12 (6.1.0-N for 6.1)
# picks one.  Prints the modules directory, the Module.symvers and the
# headers' build directory, one per line.
#
# The headers are the three packages a DKMS build needs (the flavour's,
# -common and linux-kbuild), unpacked as installed: the flavour's
# Makefile includes -common's by its absolute /usr/src path, which here
# is made DIR/ABI's, and a source link beside it stands for
# /lib/modules/RELEASE/source, so a DKMS build can be pointed at it.
set -eu

dir=$1 series=${2:-6.12}
pattern=$(echo "$series" | sed 's/\./\\./g')'[.][0-9][0-9a-z.+]*\(-[0-9][0-9]*\)\{0,1\}'
abi=${ABI:-$(apt-cache pkgnames "linux-image-$series." |
	sed -n "s/^linux-image-\\($pattern\\)-amd64-unsigned\$/\\1/p" |
	sort -V | tail -n 1)}
[ -n "$abi" ] || { echo "deb-kernel: no linux-image-$series.*-amd64-unsigned in apt's lists (run apt-get update)" >&2; exit 2; }

tree=$dir/$abi hdr=linux-headers-$abi-amd64
# A tree unpacked before the headers were made buildable is done again.
if [ ! -L "$tree/usr/src/$hdr/source" ]; then
	rm -rf "$tree"
	rm -rf "$dir/deb" && mkdir -p "$dir/deb"
	(cd "$dir/deb" && apt-get download -q -o APT::Sandbox::User=root "linux-image-$abi-amd64-unsigned" \
		"$hdr" "linux-headers-$abi-common") >&2 ||
		{ echo "deb-kernel: cannot download the $abi packages" >&2; exit 2; }
	kbuild=$(dpkg-deb -f "$dir/deb/$hdr"_*.deb Depends | tr ',' '\n' |
		sed -n 's/^ *\(linux-kbuild-[^ ]*\).*/\1/p')
	[ -n "$kbuild" ] && (cd "$dir/deb" && apt-get download -q -o APT::Sandbox::User=root "$kbuild") >&2 ||
		{ echo "deb-kernel: cannot download the linux-kbuild package $hdr needs" >&2; exit 2; }
	rm -rf "$tree.tmp" && mkdir -p "$tree.tmp"
	for deb in "$dir"/deb/*.deb; do
		dpkg-deb -x "$deb" "$tree.tmp"
	done
	rm -rf "$dir/deb"
	build=$tree.tmp/usr/src/$hdr
	sed -i "s|^include /usr/src/|include $(realpath "$tree")/usr/src/|" "$build/Makefile"
	ln -s "../linux-headers-$abi-common" "$build/source"
	mv "$tree.tmp" "$tree"
fi
printf '%s\n' "$tree/lib/modules/$abi-amd64" "$tree/usr/src/$hdr/Module.symvers" "$tree/usr/src/$hdr"

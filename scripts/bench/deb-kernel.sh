#!/bin/sh
# deb-kernel.sh DIR: Debian's newest 6.12 amd64 kernel image and its
# headers (for Module.symvers), downloaded with apt-get from the
# machine's configured suites and unpacked with dpkg-deb -x into
# DIR/ABI, never installed, once.  ABI=6.12.N+deb12 picks one.  Prints
# the modules directory, then the Module.symvers, one per line.
set -eu

dir=$1
abi=${ABI:-$(apt-cache pkgnames linux-image-6.12. |
	sed -n 's/^linux-image-\(6\.12\.[0-9]*+deb12\)-amd64-unsigned$/\1/p' |
	sort -V | tail -n 1)}
[ -n "$abi" ] || { echo "deb-kernel: no linux-image-6.12.*-amd64-unsigned in apt's lists (run apt-get update)" >&2; exit 2; }

tree=$dir/$abi
if [ ! -d "$tree" ]; then
	mkdir -p "$dir/deb"
	(cd "$dir/deb" && apt-get download -q -o APT::Sandbox::User=root "linux-image-$abi-amd64-unsigned" \
		"linux-headers-$abi-amd64") >&2 ||
		{ echo "deb-kernel: cannot download the $abi packages" >&2; exit 2; }
	rm -rf "$tree.tmp" && mkdir -p "$tree.tmp"
	for deb in "$dir"/deb/linux-*"$abi"*.deb; do
		dpkg-deb -x "$deb" "$tree.tmp"
	done
	rm -rf "$dir/deb"
	mv "$tree.tmp" "$tree"
fi
printf '%s\n' "$tree/lib/modules/$abi-amd64" "$tree/usr/src/linux-headers-$abi-amd64/Module.symvers"

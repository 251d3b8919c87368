#!/bin/sh
# audit-scale.sh AUDIT DIR [AUDIT_KMOD]: time gpl-future-audit on every
# module of a real distro kernel: Debian's newest 6.12 amd64 image and
# its headers (for Module.symvers), downloaded with apt-get and unpacked
# with dpkg-deb -x into DIR, never installed.  ABI=6.12.N+deb12 picks
# one.  AUDIT_KMOD (scripts/bench/audit-kmod.c) then times libkmod
# against the tool's own reader on the same modules.
set -eu

audit=$1 dir=$2 kmod=${3:-}
abi=${ABI:-$(apt-cache pkgnames linux-image-6.12. |
	sed -n 's/^linux-image-\(6\.12\.[0-9]*+deb12\)-amd64-unsigned$/\1/p' |
	sort -V | tail -n 1)}
[ -n "$abi" ] || { echo "audit-scale: no linux-image-6.12.*-amd64-unsigned in apt's lists (run apt-get update)" >&2; exit 2; }

tree=$dir/$abi
if [ ! -d "$tree" ]; then
	mkdir -p "$dir/deb"
	(cd "$dir/deb" && apt-get download -q -o APT::Sandbox::User=root "linux-image-$abi-amd64-unsigned" \
		"linux-headers-$abi-amd64") >&2 ||
		{ echo "audit-scale: cannot download the $abi packages" >&2; exit 2; }
	mkdir -p "$tree.tmp"
	for deb in "$dir"/deb/linux-*"$abi"*.deb; do
		dpkg-deb -x "$deb" "$tree.tmp"
	done
	rm -rf "$dir/deb"
	mv "$tree.tmp" "$tree"
fi
mods=$tree/lib/modules/$abi-amd64
symvers=$tree/usr/src/linux-headers-$abi-amd64/Module.symvers
echo "audit-scale: $abi: $(find "$mods" -name '*.ko*' | wc -l) modules, $(du -sh "$mods" | cut -f1)"

# Twice: the first run may read the files from disk, the second from
# the page cache.
for run in 1 2; do
	rc=0
	"$audit" -q -j 2 --stats -s "$symvers" "$mods" >"$dir/report.txt" 2>"$dir/stats.txt" || rc=$?
	echo "audit-scale: run $run: exit $rc: $(tail -n 1 "$dir/report.txt")"
	sed 's/^/audit-scale: run '"$run"': /' "$dir/stats.txt"
	[ $rc -le 1 ] || exit 1
done
[ -z "$kmod" ] || "$kmod" "$mods"

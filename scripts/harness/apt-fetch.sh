#!/bin/sh
# apt-fetch.sh BUILD SUITE[/COMPONENT] PACKAGE[:ARCH] DEST
#
# Download PACKAGE (for ARCH, the machine's architecture by default) from
# SUITE's COMPONENT (main by default; non-free for a DKMS driver) of
# the Debian mirror the machine's apt configuration uses for its own
# release (apt-mirror.sh) with apt-get download through a private
# sources list, its lists and cache under BUILD/apt/SUITE[/COMPONENT]/ARCH,
# and unpack it, without installing it, into DEST.  The machine's apt
# configuration is never changed: not its sources for another suite, not
# dpkg's architectures for a foreign package.
set -eu

build=$1 where=$2 package=$3 dest=$4
suite=${where%%/*} component=main
case $where in */*) component=${where#*/} ;; esac
die() { echo "apt-fetch: error: $*" >&2; exit 1; }
arch=$(dpkg --print-architecture)
case $package in *:*) arch=${package#*:} package=${package%%:*} ;; esac

mirror=$(sh scripts/harness/apt-mirror.sh)
apt=$(realpath -m "$build/apt/$where/$arch")
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
# One fetch at a time per list: parallel make jobs may share it.
exec 9>"$apt/lock"
flock 9
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"$mirror $suite $component" >"$apt/sources.list"
set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
	-o APT::Architectures="$arch" -q
echo "apt-fetch: fetching $package:$arch from $mirror $suite $component into $apt" >&2
if ! apt-get "$@" update >"$apt/update.log" 2>&1; then
	tail -n 5 "$apt/update.log" >&2
	! grep -q "does not have a Release file" "$apt/update.log" ||
		die "suite $suite is not on $mirror, the mirror of the machine's apt configuration"
	die "apt-get update of $suite $component ($arch) from $mirror failed"
fi
rm -f "$apt"/*.deb
(cd "$apt" && apt-get "$@" download "$package:$arch") >"$apt/download.log" 2>&1 ||
	{ tail -n 5 "$apt/download.log" >&2; die "cannot download $package:$arch from $suite $component"; }
# Unpacked aside and moved into place: an interrupted unpack must not
# pass for the package next time.
rm -rf "$dest" "$dest.tmp" && mkdir -p "$dest.tmp"
dpkg-deb -x "$apt/$package"_*.deb "$dest.tmp" || die "cannot unpack $package:$arch"
mv "$dest.tmp" "$dest"

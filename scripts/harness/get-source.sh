#!/bin/sh
# get-source.sh RECORD BUILD: print the path of the kernel tarball that
# the base record RECORD (tests/bases/BASE) names.
#
# The record says which Debian package holds it and where.  With
# "suite:" empty the package comes from the machine's configured suites
# (install-deps.sh).  Otherwise it is fetched with apt-get download from
# that suite of Debian's archive through a private sources list, lists
# and cache under BUILD/apt/SUITE, and unpacked (not installed) under
# BUILD/BASE/deb: the machine's own apt configuration is never changed.
set -eu

desc=$1 build=$2
base=${desc##*/}
die() { echo "get-source: error: $*" >&2; exit 1; }
[ -r "$desc" ] || die "no base record $desc (tests/bases/ has: $(ls tests/bases | tr '\n' ' '))"
field() { sh scripts/harness/field.sh "$desc" "$1"; }
package=$(field package) suite=$(field suite) tarball=$(field tarball)
[ -n "$package" ] && [ -n "$tarball" ] || die "$desc: package and tarball are required"

if [ -z "$suite" ]; then
	sh scripts/harness/install-deps.sh "$package" >&2
	[ -r "/$tarball" ] || die "/$tarball not found although $package is installed"
	echo "/$tarball"
	exit 0
fi

deb=$build/$base/deb
if [ ! -r "$deb/$tarball" ]; then
	apt=$(realpath -m "$build/apt/$suite")
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
		"http://deb.debian.org/debian $suite main" >"$apt/sources.list"
	set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -q
	echo "get-source: fetching $package from $suite into $apt" >&2
	apt-get "$@" update >"$apt/update.log" 2>&1 ||
		{ tail -n 5 "$apt/update.log" >&2; die "apt-get update of $suite failed"; }
	rm -f "$apt"/*.deb
	(cd "$apt" && apt-get "$@" download "$package") >"$apt/download.log" 2>&1 ||
		{ tail -n 5 "$apt/download.log" >&2; die "cannot download $package from $suite"; }
	rm -rf "$deb" && mkdir -p "$deb"
	dpkg-deb -x "$apt/$package"_*.deb "$deb" || die "cannot unpack $package"
	[ -r "$deb/$tarball" ] || die "$package has no $tarball"
fi
echo "$deb/$tarball"

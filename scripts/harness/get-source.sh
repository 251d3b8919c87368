#!/bin/sh
# get-source.sh RECORD BUILD: print the path of the kernel tarball that
# the base record RECORD (tests/bases/BASE) names.
#
# The record says which Debian package holds it and where.  With
# "suite:" empty the package comes from the machine's configured suites
# (install-deps.sh).  Otherwise apt-fetch.sh fetches it from that suite
# of Debian's archive through a private sources list and unpacks it, not
# installed, under BUILD/BASE/deb: the machine's own apt configuration is
# never changed.
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
	sh scripts/harness/apt-fetch.sh "$build" "$suite" "$package" "$deb"
	[ -r "$deb/$tarball" ] || die "$package has no $tarball"
fi
echo "$deb/$tarball"

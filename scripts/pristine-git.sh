#!/bin/sh
# pristine-git.sh DIR
#
# Make DIR a git repository holding the pristine linux-source-6.12 as the
# commit tagged "pristine", and reset its work tree to that commit.  The
# repository is created once; later calls only reset it.  Debian's
# tarball ships a .gitignore whose last rule "/*" ignores every top-level
# path, so files are added with --force.
set -eu

dir=$1
tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}

die() { echo "pristine-git: error: $*" >&2; exit 1; }
git_() { git -C "$dir" -c user.name=harness -c user.email=harness@localhost "$@"; }

if ! git_ rev-parse -q --verify pristine >/dev/null 2>&1; then
	[ -r "$tarball" ] || die "$tarball not found (install linux-source-6.12)"
	rm -rf "$dir"
	mkdir -p "$dir"
	echo "pristine-git: extracting $tarball into a git repository" >&2
	tar -C "$dir" --strip-components=1 -xf "$tarball" || die "cannot extract $tarball"
	git_ init -q
	git_ add --force --all
	git_ commit -q -m "linux-source-6.12 pristine"
	git_ tag pristine
fi
git_ am --abort >/dev/null 2>&1 || true
git_ checkout -q --detach pristine
git_ reset -q --hard pristine
git_ clean -q -f -d -x

#!/bin/sh
# prepare-tree.sh TREE SERIES PATCHDIR
#
# Make TREE a copy of linux-source-6.12 with exactly the quilt series
# SERIES (patches in PATCHDIR) applied.  The tarball is extracted once;
# later calls pop whatever is applied (quilt keeps the pristine files in
# TREE/.pc) and push the series again, so only the files the series
# touches get new timestamps and the kernel rebuilds incrementally.
set -eu

tree=$1 series=$2 patchdir=$3
tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}

die() { echo "prepare-tree: error: $*" >&2; exit 1; }

if [ ! -e "$tree/.extracted" ]; then
	[ -r "$tarball" ] || die "$tarball not found (install linux-source-6.12)"
	rm -rf "$tree" "$tree.tmp"
	mkdir -p "$tree.tmp"
	echo "prepare-tree: extracting $tarball" >&2
	tar -C "$tree.tmp" --strip-components=1 -xf "$tarball" ||
		die "cannot extract $tarball"
	mv "$tree.tmp" "$tree"
	touch "$tree/.extracted"
fi

export QUILT_PATCHES="$patchdir" QUILT_SERIES="$series" QUILT_PC=.pc
cd "$tree"
if [ -s .pc/applied-patches ]; then
	quilt pop -a -f -q >/dev/null || die "quilt pop failed in $tree; remove it to re-extract"
fi
rm -rf .pc
if grep -q '^[^#]' "$series" 2>/dev/null; then
	log=$(mktemp)
	if ! quilt push -a --fuzz=0 >"$log" 2>&1; then
		cat "$log" >&2
		rm -f "$log"
		# Leave no half-applied tree behind: the next run starts clean.
		quilt pop -a -f -q >/dev/null 2>&1 || rm -f .extracted
		die "the series does not apply"
	fi
	rm -f "$log"
	echo "prepare-tree: applied $(wc -l <.pc/applied-patches) patches" >&2
fi

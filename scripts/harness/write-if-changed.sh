#!/bin/sh
# write-if-changed.sh OUT: standard input to OUT, only if it differs, so
# that make remakes what depends on OUT only when its contents change
# (a digest of what a document or a build reads, not of everything).
set -eu

out=$1
cat >"$out.tmp"
if cmp -s "$out.tmp" "$out"; then
	rm "$out.tmp"
else
	mv "$out.tmp" "$out"
fi

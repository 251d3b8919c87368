#!/bin/sh
# audit-scale.sh AUDIT DIR [AUDIT_KMOD]: time gpl-future-audit on every
# module of a real distro kernel: Debian's newest 6.12 amd64 image,
# unpacked into DIR (scripts/bench/deb-kernel.sh).  AUDIT_KMOD
# (scripts/bench/audit-kmod.c) then times libkmod against the tool's own
# reader on the same modules.
set -eu

audit=$1 dir=$2 kmod=${3:-}
paths=$(sh scripts/bench/deb-kernel.sh "$dir") || exit 2
mods=$(echo "$paths" | sed -n 1p) symvers=$(echo "$paths" | sed -n 2p)
echo "audit-scale: $(basename "$mods"): $(find "$mods" -name '*.ko*' | wc -l) modules, $(du -sh "$mods" | cut -f1)"

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

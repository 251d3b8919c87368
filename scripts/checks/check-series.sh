#!/bin/sh
# check-series.sh BASE BUILD EXPECTED
#
# Review the series the way a maintainer would, as KTAP: it applies to a
# pristine tree with git am and with quilt (no fuzz, no offset), both give
# the same tree, every patch is in git format-patch form with a Subject
# "[PATCH n/m]" and a Signed-off-by, the cover letter announces m patches
# and their diffstat, and checkpatch --strict (from the patched tree)
# finds only what EXPECTED lists.  Both trees are worktrees of the base's
# repository (tree.sh), under BUILD/BASE/series/: git am applies the
# series in one, quilt in the other.
set -u

base=$1 build=$2 expected=$(realpath "$3") out=$2/$1/series
desc=tests/bases/$base
series=$(realpath "$(sh scripts/harness/field.sh "$desc" series)")
patchdir=$(realpath "$(sh scripts/harness/field.sh "$desc" patches)")
dir=$out/am
. scripts/harness/ktap-lib.sh

patches=$(sh scripts/harness/series.sh "$base")
total=$(echo "$patches" | wc -l)
cover=$patchdir/0000-cover-letter.patch

git_am_applies_series() {
	git -C "$dir" tag -d series-am >/dev/null 2>&1
	sh scripts/harness/tree.sh "$base" "$build" "$dir" >"$tmp/am" || return 1
	git -C "$dir" tag -f series-am "$(cat "$tmp/am")" >/dev/null
}

# quilt on another pristine worktree, so the git am result stays.
quilt_applies_without_fuzz_or_offset() {
	sh scripts/harness/tree.sh "$base" "$build" "$out/quilt" 0 >/dev/null || return 1
	(cd "$out/quilt" && QUILT_PATCHES=$patchdir QUILT_SERIES=$series \
		QUILT_PC=.pc quilt push -a --fuzz=0) >"$tmp/quilt.log" 2>&1 ||
		{ cat "$tmp/quilt.log"; return 1; }
	if grep -E 'offset|fuzz' "$tmp/quilt.log"; then
		echo "quilt needed an offset or fuzz"
		return 1
	fi
}

quilt_and_git_am_agree() {
	git -C "$out/quilt" add --force --all -- . ':!.pc' &&
		git -C "$out/quilt" diff --cached --stat --exit-code series-am
}

# patch_format FILE N: From/Date/Subject "[PATCH N/total]", a message of
# its own, and a Signed-off-by.
patch_format() {
	grep -q '^From [0-9a-f]\{40\} ' "$1" && grep -q '^From: .* <.*@.*>$' "$1" &&
		grep -q '^Date: ' "$1" ||
		{ echo "$1: missing From or Date"; return 1; }
	grep -q "^Subject: \[PATCH $2/$total\] [a-zA-Z0-9_./, -]*: " "$1" ||
		{ echo "$1: Subject is not \"[PATCH $2/$total] subsystem: summary\""; return 1; }
	# The message: between the header's blank line and "---".
	awk '/^$/ && !body { body = 1; next } body && /^---$/ { exit }
		body && !/^Signed-off-by:/ && NF { n++ } END { exit n < 2 }' "$1" ||
		{ echo "$1: commit message too short"; return 1; }
	grep -q '^Signed-off-by: .* <.*@.*>$' "$1" || { echo "$1: no Signed-off-by"; return 1; }
}

patches_are_format_patch_mails() {
	n=0
	for p in $patches; do
		n=$((n + 1))
		# format-patch pads n to the width of the total.
		patch_format "$p" "$(printf "%0${#total}d" $n)" || return 1
	done
}

cover_letter_matches_series() {
	zero=$(printf "%0${#total}d" 0)
	grep -q "^Subject: \[PATCH $zero/$total\] " "$cover" ||
		{ echo "$cover: Subject is not \"[PATCH $zero/$total] ...\""; return 1; }
	want=$(git -C "$dir" diff --shortstat pristine series-am | sed 's/^ *//')
	grep -qxF " $want" "$cover" || { echo "$cover: diffstat is not \"$want\""; return 1; }
}

# checkpatch_counts PATCH: "ERRORS WARNINGS CHECKS" from its total line.
checkpatch_counts() {
	(cd "$dir" && ./scripts/checkpatch.pl --strict "$1") >"$tmp/cp.log" 2>&1
	sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p' "$tmp/cp.log"
}

checkpatch_as_expected() {
	status=0
	for p in $patches; do
		got=$(checkpatch_counts "$p")
		want=$(awk -v p="${p##*/}" '$1 == p { print $2, $3, $4 }' "$expected")
		echo "# checkpatch ${p##*/}: ${got:-no result} (errors warnings checks)" >>"$tmp/counts"
		if [ "$got" != "${want:-0 0 0}" ]; then
			grep -E -A3 '^(ERROR|WARNING|CHECK)' "$tmp/cp.log"
			echo "$p: expected ${want:-0 0 0}"
			status=1
		fi
	done
	return $status
}

echo "KTAP version 1"
echo "1..6"
result git_am_applies_series
result quilt_applies_without_fuzz_or_offset
result quilt_and_git_am_agree
result patches_are_format_patch_mails
result cover_letter_matches_series
result checkpatch_as_expected
cat "$tmp/counts"

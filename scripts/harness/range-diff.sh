#!/bin/sh
# range-diff.sh BASE BUILD: git range-diff between the series BASE is
# backported from (its record's "source:", 7.3) and BASE's, on stdout:
# what each backport changes, for reviewers and the next porter.
#
# The two bases are different trees, so each series is applied, as
# commits made the same on any machine, in a small repository of its
# own under BUILD/BASE/range-diff/ on just the files it touches, taken
# from its base's pristine tree: a patch's context is all git am needs.
# Commits are paired by subject (or a Backport-of: trailer naming the
# source's), not by git range-diff's guess, which pairs unrelated
# patches of two bases; commit ids, which say nothing here, are left
# out.
set -eu

base=$1 build=$2
src=$(sh scripts/harness/field.sh "tests/bases/$base" source)
[ -n "$src" ] || { echo "range-diff: tests/bases/$base has no source:" >&2; exit 1; }
repo=$build/$base/range-diff
git_() { git -c user.name=harness -c user.email=harness@localhost -C "$repo" "$@"; }

# series B: B's pristine files its patches touch, then its patches, on
# branch B; tags B-base and B-tip.
series() {
	patches=$(sh scripts/harness/series.sh "$1")
	sh scripts/harness/tree.sh "$1" "$build" - >/dev/null
	git_ checkout -q --orphan "$1"
	git_ rm -q -r -f --ignore-unmatch .
	# The files it touches that pristine has, modes kept (git archive).
	for p in $patches; do git apply --numstat "$p"; done | cut -f3 | sort -u |
		while read -r f; do
			git -C "$build/$1/git" cat-file -e "pristine:$f" 2>/dev/null && echo "$f"
		done >"$repo.files"
	xargs git -C "$build/$1/git" archive pristine -- <"$repo.files" | tar -x -C "$repo"
	git_ add -A -f
	GIT_AUTHOR_DATE='@0 +0000' GIT_COMMITTER_DATE='@0 +0000' \
		git_ commit -q --allow-empty -m "$1 pristine: the files its series touches"
	git_ tag "$1-base"
	for p in $patches; do
		git_ am -q --committer-date-is-author-date "$p" ||
			{ git_ am --abort; echo "range-diff: $p does not apply" >&2; exit 1; }
	done
	git_ tag "$1-tip"
}

# The subject a commit of BASE's is matched by: its Backport-of:
# trailer's (the subject of the commit it comes from), else its own.
source_subject() {
	git_ log -1 --format='%(trailers:key=Backport-of,valueonly)' "$1" | sed -n 1p | grep . ||
		git_ log -1 --format=%s "$1"
}

rm -rf "$repo" "$repo.files" && mkdir -p "$repo"
git_ init -q
series "$src"
series "$base"
git_ rev-list --reverse "$src-base..$src-tip" >"$repo.src"
git_ rev-list --reverse "$base-base..$base-tip" >"$repo.base"
: >"$repo.paired"
# Each commit of BASE beside the one of the source with its subject, in
# BASE's order, as git range-diff shows a pair; then the source's left
# over.  One pair per range-diff, so that pairing goes by subject only.
n=0
while read -r c; do
	n=$((n + 1))
	subject=$(source_subject "$c")
	m=0 partner=
	while read -r s; do
		m=$((m + 1))
		[ "$(git_ log -1 --format=%s "$s")" = "$subject" ] || continue
		partner=$s
		break
	done <"$repo.src"
	if [ -z "$partner" ]; then
		printf '%3s:  > %2d:  %s (only in %s)\n' - "$n" "$(git_ log -1 --format=%s "$c")" "$base"
		continue
	fi
	echo "$m" >>"$repo.paired"
	git_ range-diff --no-color --creation-factor=1000 "$partner^..$partner" "$c^..$c" >"$repo.pair"
	sed -n 1p "$repo.pair" | sed -E "s/^ *1: +[0-9a-f]+ ([=!]) +1: +[0-9a-f]+ /$(printf '%3d' "$m"):  \1 $(printf '%2d' "$n"):  /"
	sed 1d "$repo.pair"
done <"$repo.base"
m=0
while read -r s; do
	m=$((m + 1))
	grep -qx "$m" "$repo.paired" ||
		printf '%3d:  < %2s:  %s (not in %s)\n' "$m" - "$(git_ log -1 --format=%s "$s")" "$base"
done <"$repo.src"
rm -rf "$repo" "$repo.files" "$repo.src" "$repo.base" "$repo.paired" "$repo.pair"

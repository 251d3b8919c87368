#!/bin/sh
# check-series.sh BASE BUILD EXPECTED
#
# Review the series the way a maintainer would, as KTAP: it applies to a
# pristine tree with git am and with quilt (no fuzz, no offset), both give
# the same tree, the base's series file is its parts' ("parts:": the
# loader fixes, the feature, the extras, each a series of its own in
# PATCHES/PART/) in order, every patch is in git format-patch form with
# a Subject "[PATCH n/m]" and a Signed-off-by, m counted in its part,
# each part's cover letter announces its m patches and their diffstat,
# and checkpatch --strict (from the patched tree) finds only what
# EXPECTED lists (by PART/FILE), run from BUILD/BASE/linux, the patched
# tree the kernels are built from.  git am applies the series in the
# base's repository (tree.sh, commit tagged series-am); quilt applies it
# to pristine copies of the files it touches, under BUILD/BASE/series/
# (patch reads no other file: a whole tree would only cost a checkout).
set -u

base=$1 build=$2 expected=$(realpath "$3") out=$2/$1/series
desc=tests/bases/$base
series=$(realpath "$(sh scripts/harness/field.sh "$desc" series)")
patchdir=$(realpath "$(sh scripts/harness/field.sh "$desc" patches)")
repo=$build/$base/git dir=$build/$base/linux
. scripts/harness/ktap-lib.sh

patches=$(sh scripts/harness/series.sh "$base")
parts=$(sh scripts/harness/field.sh "$desc" parts)
first_part=${parts%% *}

git_am_applies_series() {
	git -C "$repo" tag -d series-am >/dev/null 2>&1
	sh scripts/harness/tree.sh "$base" "$build" - >"$tmp/am" || return 1
	git -C "$repo" tag -f series-am "$(cat "$tmp/am")" >/dev/null
}

# files COMMIT: the files the series touches that COMMIT has, one per
# line (paths, not patterns: xargs, --literal-pathspecs).
files() {
	for p in $patches; do git apply --numstat "$p"; done | cut -f3 | sort -u >"$tmp/touched"
	[ -s "$tmp/touched" ] || { echo "the series touches no file" >&2; return 1; }
	! grep -F ' => ' "$tmp/touched" >&2 || { echo "a patch renames a file" >&2; return 1; }
	tr '\n' '\0' <"$tmp/touched" |
		xargs -0 git -C "$repo" --literal-pathspecs ls-tree -r --name-only "$1" --
}

# export_files COMMIT DIR: COMMIT's copies of the files the series
# touches, checked out through an index of COMMIT's own.
export_files() {
	rm -rf "$2" && mkdir -p "$2" && files "$1" >"$tmp/files" || return 1
	GIT_INDEX_FILE=$tmp/index git -C "$repo" read-tree "$1" &&
		GIT_INDEX_FILE=$tmp/index git -C "$repo" --work-tree="$2" checkout-index --stdin <"$tmp/files"
}

quilt_applies_without_fuzz_or_offset() {
	export_files pristine "$out/quilt" || return 1
	(cd "$out/quilt" && QUILT_PATCHES=$patchdir QUILT_SERIES=$series \
		QUILT_PC=.pc quilt push -a --fuzz=0) >"$tmp/quilt.log" 2>&1 ||
		{ cat "$tmp/quilt.log"; return 1; }
	if grep -E 'offset|fuzz' "$tmp/quilt.log"; then
		echo "quilt needed an offset or fuzz"
		return 1
	fi
}

# Contents and modes (git diff), quilt's own state aside.
quilt_and_git_am_agree() {
	export_files series-am "$out/am" && rm -rf "$out/quilt/.pc" &&
		git diff --no-index --exit-code --stat "$out/am" "$out/quilt"
}

# The base's series file is its parts' series files, in order, each
# line prefixed by its part.
series_is_its_parts_in_order() {
	[ -n "$parts" ] || { echo "$desc has no parts:"; return 1; }
	for part in $parts; do
		[ -s "$patchdir/$part/series" ] || { echo "no $patchdir/$part/series"; return 1; }
		sed "s|^|$part/|" "$patchdir/$part/series"
	done | diff -u "$series" - || return 1
	# No patch left beside the parts (6.12's directory also holds the
	# other bases').
	! ls "$patchdir"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null
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
	for part in $parts; do
		part_patches=$(sh scripts/harness/series.sh "$base" "$part")
		total=$(echo "$part_patches" | wc -l)
		n=0
		for p in $part_patches; do
			n=$((n + 1))
			# format-patch pads n to the width of the total.
			patch_format "$p" "$(printf "%0${#total}d" $n)" || return 1
		done
	done
}

# Each part's cover letter: "[PATCH 0/m]" and the diffstat of its m
# commits of git am's series, from the end of the part before.
cover_letters_match_parts() {
	git -C "$repo" rev-list --reverse pristine..series-am >"$tmp/commits"
	from=pristine n=0
	for part in $parts; do
		cover=$patchdir/$part/0000-cover-letter.patch
		total=$(sh scripts/harness/series.sh "$base" "$part" | wc -l)
		n=$((n + total))
		to=$(sed -n "${n}p" "$tmp/commits")
		zero=$(printf "%0${#total}d" 0)
		grep -q "^Subject: \[PATCH $zero/$total\] " "$cover" ||
			{ echo "$cover: Subject is not \"[PATCH $zero/$total] ...\""; return 1; }
		want=$(git -C "$repo" diff --shortstat "$from" "$to" | sed 's/^ *//')
		grep -qxF " $want" "$cover" || { echo "$cover: diffstat is not \"$want\""; return 1; }
		from=$to
	done
}

# checkpatch_counts PATCH: "ERRORS WARNINGS CHECKS" from its total line.
checkpatch_counts() {
	(cd "$dir" && ./scripts/checkpatch.pl --strict "$1") >"$tmp/cp.log" 2>&1
	sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p' "$tmp/cp.log"
}

# checkpatch runs from the patched tree the kernels are built from: it
# must hold what git am made, unchanged.
checkpatch_as_expected() {
	[ "$(git -C "$dir" rev-parse -q --verify HEAD^{tree})" = \
		"$(git -C "$repo" rev-parse -q --verify series-am^{tree})" ] &&
		git -C "$dir" diff --quiet HEAD ||
		{ echo "$dir does not hold the series as git am applies it"; return 1; }
	status=0
	for p in $patches; do
		got=$(checkpatch_counts "$p")
		want=$(awk -v p="${p#"$patchdir"/}" '$1 == p { print $2, $3, $4 }' "$expected")
		echo "# checkpatch ${p#"$patchdir"/}: ${got:-no result} (errors warnings checks)" >>"$tmp/notes"
		if [ "$got" != "${want:-0 0 0}" ]; then
			grep -E -A3 '^(ERROR|WARNING|CHECK)' "$tmp/cp.log"
			echo "$p: expected ${want:-0 0 0}"
			status=1
		fi
	done
	return $status
}

# abi_entries FILE...: "What<TAB>KernelVersion<TAB>Contact" of each
# Documentation/ABI entry about the series (gpl_future) in FILEs, the
# added lines of patches ("+What:") as well as ABI files.
abi_entries() {
	sed 's/^+//' "$@" | awk -F'\t+' '
		/^What:/ { what = ($2 ~ /gpl_future/) ? $2 : "" }
		what && /^KernelVersion:/ { kv = $2 }
		what && /^Contact:/ { print what "\t" kv "\t" $2; what = "" }'
}

# The upstream form's ABI entries name the release they are proposed
# for and the modules list; a backport's (its record's "source:", the
# base it is backported from) name that same proposal, the base it is
# backported to and its own author, not the list: mainline BASE lacks
# the interface.
abi_entries_say_where_they_come_from() {
	abi_entries "$dir"/Documentation/ABI/testing/sysfs-module >"$tmp/abi"
	[ -s "$tmp/abi" ] || { echo "no gpl_future entry in Documentation/ABI"; return 1; }
	source=$(sh scripts/harness/field.sh "$desc" source)
	if [ -z "$source" ]; then
		awk -F'\t' '$2 !~ /^[0-9]+\.[0-9]+$/ || $3 != "linux-modules@vger.kernel.org"' \
			"$tmp/abi" >"$tmp/bad"
	else
		author=$(sed -n 's/^From: //p' "$patchdir/$first_part/0000-cover-letter.patch")
		srcdir=$(sh scripts/harness/field.sh "tests/bases/$source" patches)
		abi_entries "$srcdir"/*/0*.patch | sort -u >"$tmp/src"
		awk -F'\t' -v base="$base" -v author="$author" 'NR == FNR { kv[$1] = $2; next }
			!($1 in kv) || $2 != kv[$1] " (proposed); backported to " base ||
			$3 != author' "$tmp/src" "$tmp/abi" >"$tmp/bad"
	fi
	[ ! -s "$tmp/bad" ] || { echo "ABI entries (What, KernelVersion, Contact):"; cat "$tmp/bad"; return 1; }
}

echo "KTAP version 1"
# The series is kept as commits (make edit, make export): exporting what
# editing gives, in an edit tree of the check's own, writes the patches
# and series file as committed, byte for byte; on another release of the
# base's source package than the patches were exported on (their
# base-commit), byte for byte but the commit ids.
export_after_edit_changes_nothing() {
	branch=check-series-$$
	rm -rf "$out/edit" "$out/exported" && mkdir -p "$out/exported" &&
		EDIT=$out/edit BRANCH=$branch sh scripts/harness/series-git.sh edit "$base" "$build" >/dev/null &&
		EDIT=$out/edit BRANCH=$branch DEST=$out/exported \
			sh scripts/harness/series-git.sh export "$base" "$build" >/dev/null
	rc=$?
	git -C "$repo" worktree remove --force "$out/edit" 2>/dev/null
	git -C "$repo" branch -q -D "$branch" 2>/dev/null
	[ $rc = 0 ] || return 1
	got=$out/exported/$(sh scripts/harness/field.sh "$desc" patches)
	# The patches and the parts' series files.
	part_files "$patchdir" >"$tmp/want-files"
	part_files "$got" | diff -u "$tmp/want-files" - || return 1
	diff -u "$series" "$out/exported/$(sh scripts/harness/field.sh "$desc" series)" || return 1
	exported_on=$(sed -n 's/^base-commit: //p' "$patchdir/$first_part/0000-cover-letter.patch")
	[ "$exported_on" != "$(git -C "$repo" rev-parse pristine)" ] || {
		same_patches "$patchdir" "$got" cat
		return
	}
	# Another release of the base's source package (Debian updates
	# them): the pristine commit, hence the commit ids, differ; all else,
	# the index lines of the files the series touches included, must not.
	{
		echo "# export_after_edit_changes_nothing: commit ids aside: the patches name"
		echo "# base-commit $exported_on, this machine's source is another,"
		echo "# $(cat "$repo.source") (make export BASE=$base rewrites the ids)"
	} >>"$tmp/notes"
	same_patches "$patchdir" "$got" without_ids
}

# part_files DIR: the parts' patches and series files under DIR.
part_files() {
	for part in $parts; do
		(cd "$1" && ls "$part"/[0-9][0-9][0-9][0-9]-*.patch "$part/series")
	done
}

# same_patches WANT GOT FILTER: every patch of WANT as in GOT, both read
# through FILTER.
same_patches() {
	while read -r f; do
		$3 <"$1/$f" >"$tmp/want" && $3 <"$2/$f" >"$tmp/got" &&
			diff -u --label "$1/$f" --label "$2/$f" "$tmp/want" "$tmp/got" || return 1
	done <"$tmp/want-files"
}

# The lines that name commits: format-patch's "From <id>" and the cover
# letter's base-commit.
without_ids() {
	sed -e 's/^From [0-9a-f]\{40\} /From <id> /' -e 's/^base-commit: [0-9a-f]\{40\}$/base-commit: <id>/'
}

# A backport's range-diff against the series it comes from is kept
# beside its patches, as the patches give it (make export writes it).
range_diff_is_current() {
	sh scripts/harness/range-diff.sh "$base" "$build" >"$tmp/range-diff" &&
		diff -u "$patchdir/range-diff.txt" "$tmp/range-diff"
}

echo "1..10"
result series_is_its_parts_in_order
result git_am_applies_series
result quilt_applies_without_fuzz_or_offset
result quilt_and_git_am_agree
result patches_are_format_patch_mails
result cover_letters_match_parts
result checkpatch_as_expected
result abi_entries_say_where_they_come_from
result export_after_edit_changes_nothing
if [ -n "$(sh scripts/harness/field.sh "$desc" source)" ]; then
	result range_diff_is_current
else
	num=$((num + 1))
	echo "ok $num range_diff_is_current # SKIP $base is not a backport (no source:)"
fi
cat "$tmp/notes"

#!/bin/sh
# series-git.sh edit|export BASE BUILD
#
# The series of BASE as commits, to work on with git rather than by
# editing .patch text.  A base's series is in parts (its record's
# "parts:", in order: the loader fixes, the feature, the extras), each a
# series of its own in PATCHES/PART/ (a cover letter, its patches and a
# series file); the base's series file lists them all, PART/ first.
#
#   edit    BUILD/BASE/edit, a worktree of the base's repository:
#           pristine plus the series' commits as tree.sh applies them
#           (committer dates are the author dates, so the same patches
#           give the same commits on any machine), on the branch
#           BRANCH-PART of the last part; the branch BRANCH-PART of each
#           other part names its last commit (git rebase -i
#           --update-refs moves them with the commits).  Each part's
#           cover letter's subject and text are its branch's
#           description (git branch --edit-description changes it).  An
#           edit tree holding work the patches do not have is an error:
#           nothing is lost.
#   export  the edit tree's commits written back over the base's patch
#           directory and series files with git format-patch, part by
#           part: a cover letter from the description, its shortlog and
#           diffstat, --base pristine.  A cover letter's author and date
#           are its part's first author and newest author date, so
#           export right after edit changes nothing.  A base backported
#           from another (its record's "source:") also gets
#           PATCHES/range-diff.txt (range-diff.sh).
#
# EDIT, BRANCH and DEST (the directory the patch directory and series
# file are written under, the project's by default) let a check work
# beside a developer's edit tree without touching it.
set -eu

cmd=$1 base=$2 build=$(realpath -m "$3")
record=tests/bases/$base
repo=$build/$base/git edit=${EDIT:-$build/$base/edit} branch=${BRANCH:-series} dest=${DEST:-.}
die() { echo "series-git: error: $*" >&2; exit 1; }
field() { sh scripts/harness/field.sh "$@"; }
git_() { git -c user.name=harness -c user.email=harness@localhost -C "$@"; }
patches=$(field "$record" patches) series=$(field "$record" series) parts=$(field "$record" parts)
[ -n "$patches" ] && [ -n "$series" ] && [ -n "$parts" ] || die "$record: no series:, patches: or parts:"
last=$(echo $parts | awk '{ print $NF }')

# description PART: the part's cover letter's subject, a blank line and
# its text up to the shortlog ("Author (N):"), as a branch description.
description() {
	cover=$patches/$1/0000-cover-letter.patch
	[ -r "$cover" ] || die "no cover letter $cover"
	# A long subject is folded over lines that start with a space.
	awk '/^Subject: / { s = $0; on = 1; next } on && /^ / { s = s $0; next } on { exit }
		END { sub(/^Subject: \[PATCH [0-9]+\/[0-9]+\] /, "", s); print s }' "$cover"
	echo
	sed -n '/^$/,$p' "$cover" | sed '1d;/^[^ ].* ([0-9]*):$/,$d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# The edit tree's state: "none", "same" (its commits are what the
# patches give), or "work" (anything else: commits, changes, files).
edit_state() {
	[ -d "$edit" ] || { echo none; return; }
	[ -z "$(git_ "$edit" status --porcelain 2>/dev/null)" ] &&
		[ "$(git_ "$edit" rev-parse HEAD^{tree})" = "$(git_ "$repo" rev-parse "$1^{tree}")" ] &&
		echo same || echo work
}

# part_branches COMMIT: BRANCH-PART at the last commit of each part but
# the last one, COMMIT being the whole series applied.
part_branches() {
	git_ "$repo" rev-list --reverse "pristine..$1" >"$edit.commits"
	n=0
	for part in $parts; do
		[ "$part" != "$last" ] || break
		n=$((n + $(sh scripts/harness/series.sh "$base" "$part" | wc -l)))
		git_ "$repo" branch -f "$branch-$part" "$(sed -n "${n}p" "$edit.commits")"
	done
	rm -f "$edit.commits"
}

do_edit() {
	commit=$(sh scripts/harness/tree.sh "$base" "$build" -) || exit 1
	case $(edit_state "$commit") in
	work) die "$edit holds work the patches do not have: make export BASE=$base first, or remove it" ;;
	none)
		git_ "$repo" worktree prune
		git_ "$repo" worktree add -q -B "$branch-$last" "$edit" "$commit" ;;
	same) git_ "$edit" checkout -q -B "$branch-$last" "$commit" ;;
	esac
	part_branches "$commit"
	for part in $parts; do
		git_ "$repo" config "branch.$branch-$part.description" "$(description "$part")"
	done
	echo "$edit: the $base series on branch $branch-$last, $(git_ "$edit" rev-list --count pristine..HEAD) commits;" \
		"parts:$(for part in $parts; do printf ' %s' "$branch-$part"; done)"
}

# format_part PART FROM TO: the part's patches and cover letter in
# $out/PART; TO is the part's branch, whose description format-patch
# takes for the cover letter.
format_part() {
	range=$2..$3
	first=$(git_ "$edit" rev-list --reverse "$range" | head -n 1)
	[ -n "$first" ] || die "$branch-$1 has no commit of its own: git rebase -i --update-refs keeps the parts"
	GIT_COMMITTER_NAME=$(git_ "$edit" log -1 --format=%an "$first") \
	GIT_COMMITTER_EMAIL=$(git_ "$edit" log -1 --format=%ae "$first") \
	GIT_COMMITTER_DATE=$(git_ "$edit" log --format='%at %ad' --date=format:%z "$range" |
		sort -n | tail -n 1 | sed 's/^\([0-9]*\) /@\1 /') \
		git -C "$edit" -c core.abbrev=9 format-patch -q --cover-letter \
		--cover-from-description=subject --base=pristine -o "$out/$1" "$range"
}

do_export() {
	[ -d "$edit" ] || die "no $edit: make edit BASE=$base first"
	[ -z "$(git_ "$edit" status --porcelain)" ] || die "$edit has uncommitted changes"
	[ "$(git_ "$edit" rev-parse HEAD)" = "$(git_ "$repo" rev-parse -q --verify "$branch-$last")" ] ||
		die "$edit is not on $branch-$last"
	out=$edit.export
	rm -rf "$out"
	from=pristine
	for part in $parts; do
		to=$branch-$part
		git_ "$repo" merge-base --is-ancestor "$from" "$to" ||
			die "$to does not follow $from: git rebase -i --update-refs keeps the parts"
		format_part "$part" "$from" "$to"
		from=$to
	done
	mkdir -p "$dest/$patches"
	rm -f "$dest/$patches"/[0-9][0-9][0-9][0-9]-*.patch
	: >"$out/series"
	for part in $parts; do
		rm -rf "${dest:?}/$patches/$part" && mkdir -p "$dest/$patches/$part"
		cp "$out/$part"/*.patch "$dest/$patches/$part/"
		(cd "$out/$part" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-') >"$dest/$patches/$part/series"
		sed "s|^|$part/|" "$dest/$patches/$part/series" >>"$out/series"
		echo "$dest/$patches/$part: $(wc -l <"$dest/$patches/$part/series") patches and the cover letter"
	done
	cp "$out/series" "$dest/$series"
	rm -rf "$out"
	echo "$dest/$series: $(wc -l <"$dest/$series") patches"
	# A backport's difference from the series it comes from.
	[ -z "$(field "$record" source)" ] || [ "$dest" != . ] ||
		{ sh scripts/harness/range-diff.sh "$base" "$build" >"$patches/range-diff.txt" &&
			echo "$patches/range-diff.txt: against $(field "$record" source)"; }
}

case $cmd in
edit) do_edit ;;
export) do_export ;;
*) die "edit or export, not $cmd" ;;
esac

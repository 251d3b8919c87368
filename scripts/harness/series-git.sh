#!/bin/sh
# series-git.sh edit|export BASE BUILD
#
# The series of BASE as commits, to work on with git rather than by
# editing .patch text:
#
#   edit    BUILD/BASE/edit, a worktree of the base's repository on the
#           branch "series": pristine plus the series' commits as
#           tree.sh applies them (committer dates are the author dates,
#           so the same patches give the same commits on any machine),
#           and the cover letter's subject and text as the branch's
#           description (git branch --edit-description changes it).  An
#           edit tree holding work the patches do not have is an error:
#           nothing is lost.
#   export  the edit tree's commits written back over the base's patch
#           directory and series file with git format-patch: a cover
#           letter from the description, its shortlog and diffstat,
#           --base pristine.  The cover letter's author and date are the
#           series' first author and newest author date, so export right
#           after edit changes nothing.  A base backported from another
#           (its record's "source:") also gets PATCHES/range-diff.txt
#           (range-diff.sh).
#
# EDIT, BRANCH and DEST (the directory the patch directory and series
# file are written under, the project's by default) let a check work
# beside a developer's edit tree without touching it.
set -eu

cmd=$1 base=$2 build=$3
record=tests/bases/$base
repo=$build/$base/git edit=${EDIT:-$build/$base/edit} branch=${BRANCH:-series} dest=${DEST:-.}
die() { echo "series-git: error: $*" >&2; exit 1; }
field() { sh scripts/harness/field.sh "$@"; }
git_() { git -c user.name=harness -c user.email=harness@localhost -C "$@"; }
patches=$(field "$record" patches) series=$(field "$record" series)
[ -n "$patches" ] && [ -n "$series" ] || die "$record: no series: or patches:"
cover=$patches/0000-cover-letter.patch

# The cover letter's subject, a blank line and its text up to the
# shortlog ("Author (N):"), as a branch description.
description() {
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

do_edit() {
	commit=$(sh scripts/harness/tree.sh "$base" "$build" -) || exit 1
	case $(edit_state "$commit") in
	work) die "$edit holds work the patches do not have: make export BASE=$base first, or remove it" ;;
	none)
		git_ "$repo" worktree prune
		git_ "$repo" branch -f "$branch" "$commit"
		git_ "$repo" worktree add -q "$edit" "$branch" ;;
	same) git_ "$edit" reset -q --hard "$commit" ;;
	esac
	git_ "$repo" config "branch.$branch.description" "$(description)"
	echo "$edit: the $base series on branch $branch, $(git_ "$edit" rev-list --count pristine..HEAD) commits"
}

do_export() {
	[ -d "$edit" ] || die "no $edit: make edit BASE=$base first"
	[ -z "$(git_ "$edit" status --porcelain)" ] || die "$edit has uncommitted changes"
	[ "$(git_ "$edit" rev-list --count pristine..HEAD)" -gt 0 ] || die "$edit: no commit on pristine"
	out=$edit.export
	rm -rf "$out"
	first=$(git_ "$edit" rev-list --reverse pristine..HEAD | head -n 1)
	GIT_COMMITTER_NAME=$(git_ "$edit" log -1 --format=%an "$first") \
	GIT_COMMITTER_EMAIL=$(git_ "$edit" log -1 --format=%ae "$first") \
	GIT_COMMITTER_DATE=$(git_ "$edit" log --format='%at %ad' --date=format:%z pristine..HEAD |
		sort -n | tail -n 1 | sed 's/^\([0-9]*\) /@\1 /') \
		git -C "$edit" -c core.abbrev=9 format-patch -q --cover-letter \
		--cover-from-description=subject --base=pristine -o "$out" pristine..HEAD
	mkdir -p "$dest/$patches"
	rm -f "$dest/$patches"/[0-9][0-9][0-9][0-9]-*.patch
	cp "$out"/*.patch "$dest/$patches/"
	(cd "$out" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-') >"$dest/$series"
	rm -rf "$out"
	echo "$dest/$patches: $(wc -l <"$dest/$series") patches and the cover letter; $dest/$series"
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

#!/bin/sh
# tree.sh BASE BUILD DEST [COUNT]
#
# Make DEST a git worktree of BASE's pristine repository holding the
# first COUNT patches of BASE's series (all by default, 0 for none), and
# print the commit; with DEST "-", only make and print the commit (the
# series review's git am).  The repository, BUILD/BASE/git, is made from
# the tarball the base's record names (get-source.sh), committed and
# tagged "pristine", and made again when the record names another
# tarball; every tree the harness builds (check, bisect, bench) is a
# worktree of it.  The patches are applied with git am (whitespace
# errors are errors; each commit dated as its patch, so the same patches
# make the same commits) in a scratch worktree, then DEST is checked out at
# the result: git rewrites only the files that differ, so after an edit
# to one patch only what that patch touches is rebuilt.  Debian's
# tarball ships a .gitignore whose last rule "/*" ignores every
# top-level path: files are added with --force.  The repository itself
# is bare once committed: its worktrees are the trees, and a checkout of
# its own would be one more copy of the kernel's sources on the disk.
set -eu

base=$1 build=$(realpath -m "$2") dest=$3 count=${4:-}
[ "$dest" = - ] || dest=$(realpath -m "$dest")
repo=$build/$base/git
scratch=$build/$base/am

die() { echo "tree: error: $*" >&2; exit 1; }
git_() { git -c user.name=harness -c user.email=harness@localhost -C "$@"; }

make_repo() {
	rm -rf "$repo" && mkdir -p "$repo"
	echo "tree: extracting $tarball into $repo" >&2
	tar -C "$repo" --strip-components=1 -xf "$tarball" || die "cannot extract $tarball"
	git_ "$repo" init -q
	repo_config
	git_ "$repo" add --force --all
	git_ "$repo" commit -q -m "$(basename "$tarball") pristine"
	git_ "$repo" tag pristine
	echo "$source" >"$repo.source"
}

# The pristine commit is the same on every machine for one tarball (its
# tree, its message, the tarball's date), so the commits of a series
# are too, and make export's base-commit: a repository made otherwise
# has its tag moved to that commit, whose tree is the same: no file of
# any worktree changes.
settle_pristine() {
	date="@$(stat -c %Y "$tarball") +0000"
	want=$(GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git_ "$repo" commit-tree \
		-m "$(basename "$tarball") pristine" "pristine^{tree}")
	[ "$(git_ "$repo" rev-parse pristine^{commit})" = "$want" ] ||
		git_ "$repo" tag -f pristine "$want" >/dev/null
}

# The repository is a build product: git add's 80000 loose objects
# would make a commit start a background "git gc --auto", whose repack
# competes with the kernel builds for minutes.  Its trees are read by
# other tools too: mark-tests.sh links every file of one (cp -al), which
# changes their ctime; taken for a change, that made the next checkout
# rewrite all 80000 files under a kernel build reading them.
repo_config() {
	git_ "$repo" config gc.auto 0
	git_ "$repo" config core.trustctime false
}

# Nothing reads the repository's own checkout (1.8 GB): once pristine is
# committed it goes, and the repository is bare (one made before this
# rule is made bare here too).
drop_checkout() {
	[ "$(git_ "$repo" config --bool core.bare)" != true ] || return 0
	find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
	rm -f "$repo/.git/index"
	git_ "$repo" config core.bare true
}

# worktree DIR: DIR as a worktree of the repository, detached anywhere.
# Paths are compared resolved: the same build directory reached through
# a symbolic link is the same repository, whose worktree must not be
# removed and made again under a build that reads it.
worktree() {
	[ "$(realpath -q "$(git -C "$1" rev-parse --git-common-dir 2>/dev/null)")" = \
		"$(realpath "$repo/.git")" ] && return
	rm -rf "$1"
	git_ "$repo" worktree prune
	git_ "$repo" worktree add -q -f --detach "$1" pristine
}

# apply: the first $count patches on pristine, in the scratch worktree.
apply() {
	patches=$(sh scripts/harness/series.sh "$base") || exit 1
	worktree "$scratch"
	git_ "$scratch" am --abort >/dev/null 2>&1 || :
	git_ "$scratch" checkout -q -f --detach pristine
	n=0
	for p in $patches; do
		[ -z "$count" ] || [ "$n" -lt "$count" ] || break
		git_ "$scratch" am -q --whitespace=error-all --committer-date-is-author-date "$p" \
			>"$scratch.log" 2>&1 ||
			{ cat "$scratch.log" >&2; git_ "$scratch" am --abort; die "$p does not apply"; }
		n=$((n + 1))
	done
	[ -z "$count" ] || [ "$n" = "$count" ] || die "the series has $n patches, not $count"
}

# One tree.sh at a time per base: they share the repository and the
# scratch worktree.
mkdir -p "$build/$base"
exec 9>"$build/$base/tree.lock"
flock 9
tarball=$(sh scripts/harness/get-source.sh "tests/bases/$base" "$build") || exit 1
source="$tarball $(stat -c '%s %Y' "$tarball")"
[ "$(cat "$repo.source" 2>/dev/null)" = "$source" ] &&
	git_ "$repo" rev-parse -q --verify pristine >/dev/null 2>&1 || make_repo
repo_config
drop_checkout
settle_pristine

commit=pristine
[ "$count" = 0 ] || { apply; commit=$(git_ "$scratch" rev-parse HEAD); }
[ "$dest" != - ] || { git_ "$repo" rev-parse "$commit"; exit 0; }

worktree "$dest"
git_ "$dest" checkout -q -f --detach "$commit"
git_ "$dest" clean -q -f -d -x
git_ "$dest" rev-parse HEAD

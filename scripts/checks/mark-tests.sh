#!/bin/sh
# mark-tests.sh BUILD: check scripts/gpl-future-mark on the sample tree
# tests/mark/tree (every export form and every refusal) and, dry, on the
# base's patched kernel tree BUILD/linux.  KTAP output.
set -u

b=$1
mark=scripts/gpl-future-mark
sample=tests/mark/tree
. scripts/harness/ktap-lib.sh

# A fresh copy of the sample tree in $tmp/t.
fresh() {
	rm -rf "$tmp/t"
	cp -r "$sample" "$tmp/t"
}

# Runs the tool with "$@"; its stdout, stderr in $tmp/out1, $tmp/err.
run_mark() {
	"$mark" "$@" >"$tmp/out1" 2>"$tmp/err"
}

# The lines that differ between the sample tree and $tmp/t, sorted.
changes() {
	diff -r "$sample" "$tmp/t" | grep '^[<>]' | LC_ALL=C sort
}

marks_each_form() {
	fresh
	run_mark -C "$tmp/t" plain_a ns_b asm_e spaced_h || { cat "$tmp/err"; return 1; }
	changes | diff -u tests/mark/marked.txt -
}

summary_lists_symbols_per_file() {
	fresh
	run_mark -C "$tmp/t" spaced_h asm_e plain_a ns_b &&
		printf '%s\n' 'Marked as EXPORT_SYMBOL_GPL_FUTURE (4):' \
			'  arch/x86/lib/asm_e.S: asm_e' \
			'  kernel/exports.c: ns_b, plain_a, spaced_h' | diff -u - "$tmp/out1"
}

# Idempotent: a second run changes nothing, says so, and succeeds.
running_again_changes_nothing() {
	fresh
	run_mark -C "$tmp/t" plain_a ns_b asm_e spaced_h future_d || return 1
	cp -r "$tmp/t" "$tmp/once"
	run_mark -C "$tmp/t" plain_a ns_b asm_e spaced_h future_d || { cat "$tmp/err"; return 1; }
	diff -r "$tmp/once" "$tmp/t" && ! grep -q . "$tmp/out1" &&
		[ "$(grep -c ': already EXPORT_SYMBOL\(_NS\)\?_GPL_FUTURE$' "$tmp/err")" = 5 ] ||
		{ cat "$tmp/out1" "$tmp/err"; return 1; }
	rm -rf "$tmp/once"
}

dry_run_changes_nothing() {
	fresh
	run_mark --dry-run -C "$tmp/t" plain_a ns_b asm_e spaced_h || return 1
	[ -z "$(changes)" ] && grep -qx 'Would mark as EXPORT_SYMBOL_GPL_FUTURE (4):' "$tmp/out1" &&
		grep -qx '  kernel/exports.c: ns_b, plain_a, spaced_h' "$tmp/out1" ||
		{ cat "$tmp/out1"; changes; return 1; }
}

# Each symbol it must leave alone, alone: exit 1, the reason, no change.
refuses_what_it_cannot_mark() {
	while IFS='	' read -r sym why; do
		fresh
		run_mark -C "$tmp/t" -s tests/mark/Module.symvers "$sym"
		rc=$?
		why=$(echo "$why" | sed "s|TREE|$tmp/t|")
		[ $rc = 1 ] && grep -qxF "gpl-future-mark: $sym: $why" "$tmp/err" && [ -z "$(changes)" ] ||
			{ cat "$tmp/err"; changes; echo "$sym: exit $rc"; return 1; }
	done <tests/mark/refused.tsv
	# Without a Module.symvers, a macro-built export cannot be told apart.
	fresh
	run_mark -C "$tmp/t" gen_fn
	[ $? = 1 ] && grep -q "gen_fn: not exported in $tmp/t\$" "$tmp/err"
}

# A mix: what can be marked is, the rest is said, and the run fails.
marks_the_rest_of_a_mix() {
	fresh
	run_mark -C "$tmp/t" gpl_c plain_a twice asm_e
	rc=$?
	[ $rc = 1 ] && grep -q 'gpl-future-mark: 2 symbols left alone$' "$tmp/err" &&
		[ "$(changes | grep -c '^>')" = 2 ] || { cat "$tmp/err"; changes; return 1; }
}

reads_a_list_with_comments() {
	fresh
	printf '# to mark in 7.4\nplain_a   # the one\n\n  ns_b\nasm_e\nspaced_h\n' >"$tmp/list"
	run_mark -C "$tmp/t" -f "$tmp/list" || { cat "$tmp/err"; return 1; }
	changes | diff -u tests/mark/marked.txt -
}

refuses_bad_input() {
	mkdir -p "$tmp/plain/include/linux"
	echo '#define EXPORT_SYMBOL(sym)' >"$tmp/plain/include/linux/export.h"
	run_mark -C "$tmp/plain" foo
	[ $? = 2 ] && grep -q 'no EXPORT_SYMBOL_GPL_FUTURE in include/linux/export.h' "$tmp/err" || return 1
	fresh
	run_mark -C "$tmp/t" 'foo bar'
	[ $? = 2 ] && grep -q 'not a symbol name: foo bar' "$tmp/err" || return 1
	run_mark -C "$tmp/t"
	[ $? = 2 ] && [ -z "$(changes)" ]
}

# The base's patched tree, through a copy of hard links (sed -i writes a
# new file, so the tree itself is never written even by a tool that
# would not honour --dry-run): dry, nothing changes; then a plain
# export is marked in its file and a GPL-only one refused.
works_on_the_kernel_tree() {
	k=$(mktemp -d -p "$b") || return 1
	cp -al "$b/linux/." "$k" && rm -rf "$k/.git" || { rm -rf "$k"; return 1; }
	time_c=$(md5sum <"$b/linux/kernel/time/time.c")
	ok=true
	run_mark -n -C "$k" jiffies_to_msecs ktime_get
	rc=$?
	[ $rc = 1 ] && grep -qx '  kernel/time/time.c: jiffies_to_msecs' "$tmp/out1" &&
		cmp -s "$k/kernel/time/time.c" "$b/linux/kernel/time/time.c" &&
		grep -q '^gpl-future-mark: ktime_get: kernel/time/timekeeping.c:[0-9]*: already GPL-only (EXPORT_SYMBOL_GPL), never downgraded$' "$tmp/err" ||
		{ cat "$tmp/out1" "$tmp/err"; echo "dry: exit $rc"; ok=false; }
	run_mark -C "$k" jiffies_to_msecs
	rc=$?
	$ok && [ $rc = 0 ] && diff "$b/linux/kernel/time/time.c" "$k/kernel/time/time.c" >"$tmp/d"
	[ $? = 1 ] && grep -qx '> EXPORT_SYMBOL_GPL_FUTURE(jiffies_to_msecs);' "$tmp/d" &&
		[ "$(grep -c '^[<>]' "$tmp/d")" = 2 ] || { cat "$tmp/err" "$tmp/d"; echo "exit $rc"; ok=false; }
	rm -rf "$k"
	[ "$(md5sum <"$b/linux/kernel/time/time.c")" = "$time_c" ] || { echo "the tree was written"; return 1; }
	$ok
}

echo "KTAP version 1"
echo "1..9"
result marks_each_form
result summary_lists_symbols_per_file
result running_again_changes_nothing
result dry_run_changes_nothing
result refuses_what_it_cannot_mark
result marks_the_rest_of_a_mix
result reads_a_list_with_comments
result refuses_bad_input
result works_on_the_kernel_tree

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
		printf '%s\n' 'Marked as future-GPL (4):' \
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
	[ -z "$(changes)" ] && grep -qx 'Would mark as future-GPL (4):' "$tmp/out1" &&
		grep -qx '  kernel/exports.c: ns_b, plain_a, spaced_h' "$tmp/out1" ||
		{ cat "$tmp/out1"; changes; return 1; }
}

# Each symbol it must leave alone, alone, dry and not: exit 1, the
# reason, no change (a dry run promises no more than a real one does).
refuses_what_it_cannot_mark() {
	while IFS='	' read -r sym why; do
		for dry in -n ''; do
			fresh
			run_mark $dry -C "$tmp/t" -s tests/mark/Module.symvers "$sym"
			rc=$?
			want=$(echo "$why" | sed "s|TREE|$tmp/t|")
			[ $rc = 1 ] && grep -qxF "gpl-future-mark: $sym: $want" "$tmp/err" &&
				[ -z "$(changes)" ] && ! grep -q . "$tmp/out1" ||
				{ cat "$tmp/out1" "$tmp/err"; changes; echo "$sym $dry: exit $rc"; return 1; }
		done
	done <tests/mark/refused.tsv
	# Without a Module.symvers, a macro-built export cannot be told apart.
	fresh
	run_mark -C "$tmp/t" gen_fn
	[ $? = 1 ] && grep -q "gen_fn: not exported in $tmp/t\$" "$tmp/err"
}

# What its user may not write: a read-only file (which sed -i alone
# would replace), or a file in a directory it may not write (where sed -i
# cannot).  As nobody, as root may write anything: exit 1, the file
# named, no "Marked" line, nothing changed; a dry run promises no more.
write_failures_are_errors() {
	w=$(mktemp -d) && chmod 0755 "$w" || return 1
	for f in read-only read-only-dry unwritable-dir; do
		rm -rf "$w/t" && cp -r "$sample" "$w/t" && chmod -R a+rX "$w/t" || return 1
		case $f in
		read-only*) chmod 0777 "$w/t/kernel" && chmod 0444 "$w/t/kernel/exports.c"
			want='kernel/exports.c: not writable' ;;
		unwritable-dir) chmod 0666 "$w/t/kernel/exports.c"
			want='kernel/exports.c: cannot rewrite it: couldn.t open temporary file' ;;
		esac
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$mark" $([ "$f" != read-only-dry ] || echo -n) -C "$w/t" plain_a \
			>"$tmp/out1" 2>"$tmp/err"
		rc=$?
		[ $rc = 1 ] && grep -q "^gpl-future-mark: plain_a: $want" "$tmp/err" &&
			! grep -q . "$tmp/out1" && diff -r "$sample" "$w/t" >/dev/null ||
			{ cat "$tmp/out1" "$tmp/err"; echo "$f: exit $rc"; rm -rf "$w"; return 1; }
	done
	rm -rf "$w"
}

# A mix: what can be marked is, the rest is said, and the run fails.
marks_the_rest_of_a_mix() {
	fresh
	run_mark -C "$tmp/t" gpl_c plain_a twice asm_e
	rc=$?
	[ $rc = 1 ] && grep -q 'gpl-future-mark: symbols left alone: 2$' "$tmp/err" &&
		[ "$(changes | grep -c '^>')" = 2 ] || { cat "$tmp/err"; changes; return 1; }
}

# Among look-alikes (kernel/edge.c, kernel/crlf.c, quilt's .pc/): the
# #else branch of #if 0, an export beside its tracepoint's, one of two
# on a line, a CRLF file's line, each marked alone on its line.
marks_exports_among_look_alikes() {
	fresh
	run_mark -C "$tmp/t" live_v traced_k one_a crlf_plain_p plain_a || { cat "$tmp/err"; return 1; }
	printf '%s\n' 'Marked as future-GPL (5):' '  kernel/crlf.c: crlf_plain_p' \
		'  kernel/edge.c: live_v, one_a, traced_k' '  kernel/exports.c: plain_a' |
		diff -u - "$tmp/out1" || return 1
	grep -qx 'EXPORT_SYMBOL_GPL_FUTURE(one_a); EXPORT_SYMBOL(one_ab);' "$tmp/t/kernel/edge.c" &&
		grep -qx 'EXPORT_TRACEPOINT_SYMBOL(traced_k);' "$tmp/t/kernel/edge.c" &&
		[ "$(grep -c 'EXPORT_SYMBOL_GPL_FUTURE(crlf_plain_p);.$' "$tmp/t/kernel/crlf.c")" = 1 ] &&
		cmp -s "$sample/.pc/fix.patch/kernel/exports.c" "$tmp/t/.pc/fix.patch/kernel/exports.c" &&
		[ "$(changes | grep -c '^>')" = 5 ] || { changes; return 1; }
}

# Of a symbol's exports in several files, the build (-O) picks the one
# whose object it links and carries the export: an object without the
# export (an #ifdef dropped it) or one the build no longer links (left
# by an older configuration: not in vmlinux.a) does not count; with both
# or neither, it still cannot tell.
build_picks_the_exporting_object() {
	# obj FILE SYMBOL: an object defining SYMBOL, as an export leaves one.
	obj() {
		mkdir -p "$(dirname "$tmp/o/$1")" &&
			printf '.section .rodata\n%s: .byte 0\n' "$2" | as -o "$tmp/o/$1" -
	}
	# link OBJECT...: the build's vmlinux.a, a thin archive of them.
	link() {
		(cd "$tmp/o" && rm -f vmlinux.a && ar rcT vmlinux.a "$@")
	}
	x86=arch/x86/lib/twice.o arm64=arch/arm64/lib/twice.o
	for arm64_obj in "stale_twice $x86" "__export_symbol_twice $x86"; do
		fresh
		obj $x86 __export_symbol_twice && obj $arm64 ${arm64_obj% *} &&
			link ${arm64_obj#* } || return 1
		run_mark -C "$tmp/t" -O "$tmp/o" twice &&
			printf '%s\n' 'Marked as future-GPL (1):' '  arch/x86/lib/twice.c: twice' |
			diff -u - "$tmp/out1" && grep -qx 'EXPORT_SYMBOL(twice);' "$tmp/t/arch/arm64/lib/twice.c" ||
			{ cat "$tmp/err"; changes; echo "arm64 object: $arm64_obj"; return 1; }
	done
	for both in true false; do
		fresh
		if $both; then
			link $x86 $arm64
		else
			rm -f "$tmp/o"/arch/*/lib/twice.o "$tmp/o/vmlinux.a"
		fi
		run_mark -C "$tmp/t" -O "$tmp/o" twice
		[ $? = 1 ] && grep -q '^gpl-future-mark: twice: exported in 2 places (' "$tmp/err" &&
			[ -z "$(changes)" ] || { cat "$tmp/err"; changes; echo "both exported: $both"; return 1; }
	done
	run_mark -C "$tmp/t" -O "$tmp/none" twice
	[ $? = 2 ] && grep -qx "gpl-future-mark: $tmp/none: not a directory" "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
}

reads_a_list_with_comments() {
	fresh
	printf '# to mark in 7.4\nplain_a   # the one\n\n  ns_b\r\nasm_e\nspaced_h\n' >"$tmp/list"
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
	trap 'rm -rf "$tmp" "$k"' EXIT
	# Under the tree's lock: the kselftest roots build their test modules
	# inside it (kselftest-root.sh), and a file they remove mid-copy
	# fails cp.
	(flock 9 && cp -al "$b/linux/." "$k") 9>"$b/tree.lock" && rm -rf "$k/.git" || return 1
	time_c=$(md5sum <"$b/linux/kernel/time/time.c")
	ok=true
	# kfree: beside its tracepoint's export (6.12 on: mm/slub.c), or
	# exported by two allocators (6.1: SLOB's too), which it leaves to be
	# marked by hand; the wrappers of iwlwifi (GPL-only underneath) and
	# ACPICA must not be promised.
	n= kfree_in=$(grep -rl '^EXPORT_SYMBOL(kfree);' "$k/mm")
	run_mark -n -C "$k" jiffies_to_msecs kfree ktime_get __iwl_warn acpi_evaluate_object
	rc=$?
	case $(printf '%s' "$kfree_in" | grep -c .) in
	0)	echo "no EXPORT_SYMBOL(kfree); in the tree's mm/: the case needs another export"
		return 1 ;;
	1)	grep -qx "  ${kfree_in#"$k"/}: kfree" "$tmp/out1" && n=2 ;;
	*)	grep -q '^gpl-future-mark: kfree: exported in 2 places (.*): mark by hand$' "$tmp/err" && n=1 ;;
	esac
	[ $rc = 1 ] && grep -qx '  kernel/time/time.c: jiffies_to_msecs' "$tmp/out1" &&
		grep -qx "Would mark as future-GPL ($n):" "$tmp/out1" &&
		cmp -s "$k/kernel/time/time.c" "$b/linux/kernel/time/time.c" &&
		grep -q '^gpl-future-mark: ktime_get: kernel/time/timekeeping.c:[0-9]*: already GPL-only (EXPORT_SYMBOL_GPL), never downgraded$' "$tmp/err" &&
		grep -q '^gpl-future-mark: __iwl_warn: .*: exported through IWL_EXPORT_SYMBOL, ' "$tmp/err" &&
		grep -q '^gpl-future-mark: acpi_evaluate_object: .*: exported through ACPI_EXPORT_SYMBOL, ' "$tmp/err" ||
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
echo "1..12"
result marks_each_form
result summary_lists_symbols_per_file
result running_again_changes_nothing
result dry_run_changes_nothing
result refuses_what_it_cannot_mark
if [ "$(id -u)" = 0 ]; then
	result write_failures_are_errors
else
	num=$((num + 1))
	echo "ok $num write_failures_are_errors # SKIP needs root, to run the tool as nobody"
fi
result marks_the_rest_of_a_mix
result marks_exports_among_look_alikes
result build_picks_the_exporting_object
result reads_a_list_with_comments
result refuses_bad_input
result works_on_the_kernel_tree

#!/bin/sh
# tool-tests.sh TREE: run the kernel tools the series changes (checkpatch,
# scripts/tags.sh, kernel-doc, the tools/ export stubs) from the patched
# TREE on tests/tools/ samples and check what they report.  KTAP output.
set -u

tree=$1
sample=tests/tools/export_sample.c
. scripts/harness/ktap-lib.sh

# A namespace is a bare word up to 6.12 and a string literal since 6.13:
# write the sample's the way the tree's export.h takes it.
if ! grep -q '__stringify(ns)' "$tree/include/linux/export.h"; then
	sed 's/, SAMPLE_NS);/, "SAMPLE_NS");/' $sample >"$tmp/export_sample.c"
	sample=$tmp/export_sample.c
fi

checkpatch() {
	"$tree/scripts/checkpatch.pl" --strict --no-tree --no-summary -f "$@"
}

checkpatch_ignores_export_macro_definitions() {
	for f in tests/tools/export_defs.h "$tree/include/linux/export.h"; do
		if checkpatch "$f" | grep -B1 -A2 'should immediately follow'; then
			echo "$f: macro definitions taken for exports"
			return 1
		fi
	done
}

# Exactly one warning, on the export that a blank line detaches.
checkpatch_checks_future_export_placement() {
	line=$(grep -n '^EXPORT_SYMBOL_GPL_FUTURE(detached_fn);' $sample | cut -d: -f1)
	checkpatch $sample >"$tmp/cp" 2>&1
	n=$(grep -c 'should immediately follow' "$tmp/cp")
	[ "$n" = 1 ] && grep -q "FILE: $sample:$line:" "$tmp/cp" ||
		{ cat "$tmp/cp"; echo "want one warning, at line $line"; return 1; }
}

# tags.sh indexes a tree: give it one with the sample as its only source.
tags_skip_future_export_macros() {
	mkdir -p "$tmp/tree/arch/x86" "$tmp/tree/include" "$tmp/tree/lib"
	cp $sample "$tmp/tree/lib/"
	(cd "$tmp/tree" && SRCARCH=x86 srctree=. bash "$tree/scripts/tags.sh" tags) 2>/dev/null
	[ -s "$tmp/tree/tags" ] || { echo "tags.sh wrote no tags"; return 1; }
	if grep '^EXPORT_SYMBOL' "$tmp/tree/tags"; then
		echo "export macros indexed as symbols"
		return 1
	fi
	for fn in future_fn ns_fn detached_fn; do
		grep -qP "^$fn\tlib/export_sample.c\t.*\tf\t" "$tmp/tree/tags" ||
			{ echo "$fn not indexed as a function"; return 1; }
	done
}

# kernel-doc prints ".. c:function:: int NAME (int x)"; keep the names.
kerneldoc_functions() {
	"$tree/scripts/kernel-doc" -rst "$1" $sample |
		sed -n 's/^\.\. c:function:: int \([a-z_]*\) .*/\1/p' | sort | tr '\n' ' '
}

# An older kernel-doc knows no _NS export macro at all (6.1's:
# EXPORT_SYMBOL_NS() neither), so ns_fn is internal there.  Whether it
# does is read from the pristine tree, not the series' (which could drop
# it); its parser is scripts/kernel-doc, or on newer kernels a Python
# package.
kerneldoc_counts_future_exports() {
	exp=$(kerneldoc_functions -export)
	int=$(kerneldoc_functions -internal)
	want_exp="detached_fn future_fn ns_fn plain_fn " want_int="local_fn "
	git -C "$tree" grep -q 'EXPORT_SYMBOL_NS' pristine -- scripts/kernel-doc \
		scripts/lib/kdoc tools/lib/python/kdoc ||
		want_exp="detached_fn future_fn plain_fn " want_int="local_fn ns_fn "
	[ "$exp" = "$want_exp" ] && [ "$int" = "$want_int" ] ||
		{ echo "-export: $exp; -internal: $int"; return 1; }
}

# Kernel sources built in userspace get the macro from the tools/ stubs:
# every header under tools/ that defines EXPORT_SYMBOL, found as a
# reviewer would, so a stub added or missed upstream is caught.
tools_export_stubs_define_future_macro() {
	printf 'int f(int x);\nint f(int x)\n{\n\treturn x;\n}\nEXPORT_SYMBOL_GPL_FUTURE(f);\n' >"$tmp/stub.c"
	stubs=$(grep -rlE '^#define EXPORT_SYMBOL[ (]' "$tree/tools" --include='*.h')
	[ "$(echo "$stubs" | wc -l)" -ge 5 ] || { echo "stubs found: $stubs"; return 1; }
	for h in $stubs; do
		gcc -Wall -Werror -fsyntax-only -include "$h" "$tmp/stub.c" ||
			{ echo "$h"; return 1; }
	done
}

echo "KTAP version 1"
echo "1..5"
result checkpatch_ignores_export_macro_definitions
result checkpatch_checks_future_export_placement
result tags_skip_future_export_macros
result kerneldoc_counts_future_exports
result tools_export_stubs_define_future_macro

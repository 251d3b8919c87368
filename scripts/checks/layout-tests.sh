#!/bin/sh
# layout-tests.sh BB EXPECTED CELL...: struct module in each CELL, as the
# pristine and the patched tree lay it out with the cell's configuration
# (BB/CELL/layout.txt, "pristine|patched NAME VALUE" lines from
# scripts/harness/module-layout.sh: sizeof(struct module), the offsets
# of the fields the series adds), against EXPECTED, whose "CELL ..."
# lines are the figures the base's cover letter states (kABI).  Printed
# as KTAP version 1, each cell's figures as diagnostics.
set -u
bb=$1 expected=$2
shift 2
. scripts/harness/ktap-lib.sh

layout_is_expected() {
	sed -n "s/^$1 //p" "$expected" >"$tmp/want"
	[ -s "$tmp/want" ] ||
		{ echo "$expected has no line for $1: its layout is"; cat "$bb/$1/layout.txt"; return 1; }
	diff -u "$tmp/want" "$bb/$1/layout.txt"
}

echo "KTAP version 1"
echo "1..$#"
for c; do
	sed "s/^/# $c: /" "$bb/$c/layout.txt"
	result "struct_module_layout_$c" layout_is_expected "$c"
done

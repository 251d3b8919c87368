#!/bin/sh
# module-layout.sh ARCH SRC OBJ DIR: compile tests/layout/module_layout.c
# in DIR, as an external module's assembly (make M=DIR module_layout.s),
# against the kernel tree SRC configured and prepared in OBJ, and print
# what it defines, "NAME VALUE" a line (asm-offsets.c's "->NAME VALUE"
# markers): sizeof(struct module), and on a patched tree the offsets
# of the fields the series adds.
set -eu
arch=$1 src=$2 obj=$3 dir=$4
rm -rf "$dir" && mkdir -p "$dir"
cp tests/layout/Kbuild tests/layout/module_layout.c "$dir/"
sh scripts/harness/logged.sh "$dir/build.log" \
	sh scripts/harness/kmake.sh "$arch" "$src" "$obj" M="$(realpath "$dir")" module_layout.s
sed -n 's/^[[:space:]]*\.ascii "->\([A-Z_]*\) [$#]*\([0-9]*\) .*/\1 \2/p' "$dir/module_layout.s" >"$dir/layout"
grep -q '^MODULE_SIZE [0-9]' "$dir/layout" ||
	{ echo "module-layout: no MODULE_SIZE in $dir/module_layout.s" >&2; exit 1; }
cat "$dir/layout"

#!/bin/sh
# nomodules-tests.sh OBJ: the MODULES=n configuration cannot boot a
# suite, so check its build: vmlinux links, the series' test exporter is
# compiled in (COMPILE_TEST), and its EXPORT_SYMBOL_GPL_FUTURE() lines
# left no export behind.  Printed as KTAP version 1.
set -u

obj=$1
# The image of the cell's architecture (BUILD/BASE/CELL/obj).
cell=$(basename "$(dirname "$obj")")
arch=$(sh scripts/harness/field.sh "tests/cells/$cell.config" arch)
image=$(sh scripts/harness/field.sh "tests/arch/$arch.config" image)
. scripts/harness/ktap-lib.sh

kernel_links_without_modules() {
	grep -q '^# CONFIG_MODULES is not set$' "$obj/.config" &&
		grep -q '^CONFIG_TEST_GPL_FUTURE=y$' "$obj/.config" &&
		[ -s "$obj/vmlinux" ] && [ -s "$obj/$image" ]
}

# Objects still record their exports in .export_symbol, as for every
# export macro, but with no modules modpost generates no ksymtab entries
# and the linker script discards the records: the tables stay empty.
future_exports_compile_away() {
	nm "$obj/vmlinux" >"$tmp/nm" || return 1
	for sym in test_gpl_future_add test_gpl_future_magic test_gpl_future_ns_id; do
		grep -q " [TtRrDd] $sym\$" "$tmp/nm" || { echo "$sym not in vmlinux"; return 1; }
	done
	for t in ksymtab ksymtab_gpl ksymtab_gpl_future kflagstab; do
		[ "$(sed -n "s/ . __start___$t\$//p" "$tmp/nm")" = \
		  "$(sed -n "s/ . __stop___$t\$//p" "$tmp/nm")" ] ||
			{ echo "__$t is not empty"; return 1; }
	done
	! grep -E '__(ksymtab|kcrctab|kstrtab)_test_gpl_future' "$tmp/nm" &&
		! grep -F KSYMTAB "$obj/.vmlinux.export.c" &&
		! readelf -SW "$obj/vmlinux" | grep -F .export_symbol
}

echo "KTAP version 1"
echo "1..2"
result kernel_links_without_modules
result future_exports_compile_away

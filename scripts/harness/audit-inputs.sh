#!/bin/sh
# audit-inputs.sh OUT TREE CELLDIR...
#
# Write to OUT, only when it changes (write-if-changed.sh), a digest of
# what the audit cases (scripts/checks/audit-tests.sh) read of a base:
# each cell's test modules and Module.symvers, what its vmlinux says of
# its exports (the export sections' names and sizes, and the contents of
# those that hold names, CRCs and licence flags: not the entries, whose
# offsets move with any change of code), and the tree's license.h and
# checkpatch.pl.
# A change to the loader relinks vmlinux but leaves all of that alone,
# so make check does not run the audit cases again for it; any other
# change to those inputs does.  A fresh build (make ci) runs them anyway.
set -eu

out=$1 tree=$2
shift 2
sum() { sha256sum | cut -d' ' -f1; }

for cell; do
	vmlinux=$cell/obj/vmlinux
	readelf -h "$vmlinux" | grep -E '^ *(Class|Type|Machine):'
	readelf -SW "$vmlinux" | awk '$2 ~ /^__k/ { print $2, $6 } $3 ~ /^__k/ { print $3, $7 }' |
		while read -r name size; do
			case $name in
			__ksymtab | __ksymtab_gpl | __ksymtab_gpl_future) echo "$name $size" ;;
			*) echo "$name $size $(objcopy -O binary --only-section="$name" "$vmlinux" /dev/stdout | sum)" ;;
			esac
		done
	(cd "$cell" && sha256sum obj/Module.symvers mods/*)
done >"$out.list"
(cd "$tree" && sha256sum include/linux/license.h scripts/checkpatch.pl) >>"$out.list"
sh scripts/harness/write-if-changed.sh "$out" <"$out.list"
rm "$out.list"

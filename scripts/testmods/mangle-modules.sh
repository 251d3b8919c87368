#!/bin/sh
# mangle-modules.sh KO-MANGLE KO-FUZZ DIR
#
# Write the broken exporters tests/suite/[BASE/]malformed.t loads, each
# one defect away from DIR/gplf_mangle.ko: DIR/gplf_bad_NAME.ko; and the
# DIR/gplf_fill_NAME.ko (tests/suite/fill.t), gplf_many_user_dup.ko and
# gplf_order[_weak][_gpl]_swapped.ko copies below.  Which defects depends
# on the export tables the base's modules have: 6.12 has one table per
# license (__ksymtab_gpl_future is the series'), 7.3 one __ksymtab and
# each export's license in __kflagstab.  The CRC variants exist only when the module has CRC
# tables (MODVERSIONS=y).  And the kept mutants of tests/suite/fuzz.t,
# DIR/gplf_fuzz_NAME.ko, written by KO-FUZZ.
set -eu
mangle=$1 ko_fuzz=$2 dir=$3
far=0x40000000	# 1 GiB: past the module, still in PC32 range

bad() {
	name=$1
	shift
	"$mangle" "$dir/gplf_mangle.ko" "$dir/gplf_bad_$name.ko" "$@"
}

has_section() {
	readelf -SW "$dir/gplf_mangle.ko" | grep -q " $1 "
}

# section_offset KO NAME: where section NAME of KO lies in the file (hex).
section_offset() {
	readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\] //' | awk -v n="$2" '$1 == n { print $4 }'
}

if has_section __kflagstab; then
	# __ksymtab is sorted: 0 _a, 1 _b, 2 _c, 3 _gpl, 4 _pcpu, 5 _plain.
	bad size		grow __ksymtab 4
	bad noalloc		noalloc __ksymtab
	bad unsorted		swap __ksymtab 0 2
	bad dup			rename __ksymtab 1 __ksymtab 0
	bad name_out		move __ksymtab 1 name $far
	bad ns_out		move __ksymtab 1 namespace $far
	bad value_out		move __ksymtab 1 value $far
	bad pcpu_out		move __ksymtab 4 value 64
	bad flags_short		shrink __kflagstab 1
	bad flags_noalloc	noalloc __kflagstab
	bad flags_absent	unname __kflagstab
	bad flags_unknown	fill __kflagstab 1 1 0x04
	bad flags_both		fill __kflagstab 1 1 0x03
else
	bad plain_size		grow __ksymtab 4
	bad gpl_size		grow __ksymtab_gpl 4
	bad future_size		grow __ksymtab_gpl_future 4
	bad gpl_noalloc		noalloc __ksymtab_gpl
	bad future_noalloc	noalloc __ksymtab_gpl_future
	bad future_unsorted	swap __ksymtab_gpl_future 0 2
	bad future_dup		rename __ksymtab_gpl_future 1 __ksymtab_gpl_future 0
	bad plain_dup_future	rename __ksymtab 0 __ksymtab_gpl_future 0
	bad gpl_dup_future	rename __ksymtab_gpl 0 __ksymtab_gpl_future 3
	bad gpl_name_out	move __ksymtab_gpl 0 name $far
	bad future_name_out	move __ksymtab_gpl_future 1 name $far
	bad future_ns_out	move __ksymtab_gpl_future 1 namespace $far
	bad gpl_value_out	move __ksymtab_gpl 0 value $far
	bad future_value_out	move __ksymtab_gpl_future 1 value $far
	bad future_pcpu_out	move __ksymtab_gpl_future 3 value 64
fi

# Copies of a future-GPL exporter, a GPL and a proprietary user whose
# .gnu.linkonce.this_module has 0xff in every byte of the fields the
# series adds to struct module (the last ones, up to its end): the loader
# must set each of those fields itself.  gplf_layout.ko says where they
# are: two 32-bit words in its .gplf_layout section, kept in
# DIR/gplf_layout.txt ("FIRST SIZE") for the host cases too.
off=$(section_offset "$dir/gplf_layout.ko" .gplf_layout)
[ -n "$off" ] || { echo "mangle-modules: no .gplf_layout in gplf_layout.ko" >&2; exit 1; }
od -An -tu4 -j $((0x$off)) -N 8 "$dir/gplf_layout.ko" >"$dir/gplf_layout.txt"
set -- $(cat "$dir/gplf_layout.txt")
for m in exporter gpl prop; do
	"$mangle" "$dir/gplf_$m.ko" "$dir/gplf_fill_$m.ko" \
		fill .gnu.linkonce.this_module "$1" $(($2 - $1)) 0xff
done

# And copies with 0xff in every byte of struct module but those of the
# fields the loader takes from the file (name, init, exit: the next
# three (offset, size) pairs of .gplf_layout), gplf_fillall_*.ko; and
# copies of two modules without per-CPU data with 0xff in the per-CPU
# area's address and size only (the last two pairs; none without
# CONFIG_SMP), gplf_fillpcpu_*.ko; and one with no NUL in its name.
set -- $(od -An -tu4 -j $((0x$off)) -N 48 "$dir/gplf_layout.ko")
[ $# = 12 ] || { echo "mangle-modules: .gplf_layout holds $# words, not 12" >&2; exit 1; }
size=$2
shift 2
# gplf_fuzz_name_unterminated.ko: gplf_prop.ko whose name is "x" in
# every byte of the field, with no NUL; named as the kept mutants, which
# the audit's cases read apart from the intact modules.
"$mangle" "$dir/gplf_prop.ko" "$dir/gplf_fuzz_name_unterminated.ko" \
	fill .gnu.linkonce.this_module "$1" "$2" 0x78
for m in exporter gpl prop taint_plain; do
	out=$dir/gplf_fillall_$m.ko
	cp "$dir/gplf_$m.ko" "$out"
	pos=0
	for at in $(printf '%s+%s\n' "$1" "$2" "$3" "$4" "$5" "$6" | sort -n) $size+0; do
		if [ "${at%+*}" -gt $pos ]; then
			"$mangle" "$out" "$out.tmp" fill .gnu.linkonce.this_module \
				$pos $((${at%+*} - pos)) 0xff
			mv "$out.tmp" "$out"
		fi
		pos=$((${at%+*} + ${at#*+}))
	done
done
shift 6
if [ "$2" -gt 0 ]; then
	for m in gpl mod_gpl; do
		out=$dir/gplf_fillpcpu_$m.ko
		"$mangle" "$dir/gplf_$m.ko" "$out.tmp" fill .gnu.linkonce.this_module "$1" "$2" 0xff
		"$mangle" "$out.tmp" "$out" fill .gnu.linkonce.this_module "$3" "$4" 0xff
		rm "$out.tmp"
	done
fi

# Mutants of make fuzz-guest, kept as the changes ko-fuzz prints
# ("REGION+OFFSET:OP=VALUE"), so that they are made anew from each
# build: gplf_fuzz_NAME.ko, loaded by tests/suite/fuzz.t.
# The fuzzer's engine reads ELF64 modules only (tests/suite/fuzz.t needs
# CONFIG_64BIT).
kept() {
	name=$1 seed=$2
	shift 2
	"$ko_fuzz" -l "$dir/gplf_layout.ko" -a "$dir/$seed" "$dir/gplf_fuzz_$name.ko" "$@"
}
# same_name NAME TARGET PATTERN: gplf_fuzz_NAME.ko, gplf_many_syms.ko
# with the symbols whose names match PATTERN (grep) named as TARGET is.
same_name() {
	ko=$dir/gplf_many_syms.ko
	symtab=$(section_offset "$ko" .symtab)
	# Each symbol's index and name, the long names cut short.
	readelf -sW "$ko" | awk 'sub(":", "", $1) { print $1, substr($8, 1, 16) }' >"$dir/syms.txt"
	index=$(awk -v t="$2" 'index($2, t) == 1 { print $1 }' "$dir/syms.txt")
	[ -n "$symtab" ] && [ -n "$index" ] ||
		{ echo "mangle-modules: no .symtab or $2 in $ko" >&2; exit 1; }
	target=$(od -An -tu4 -j $((0x$symtab + 24 * index)) -N 4 "$ko" | tr -d ' ')
	set -- "$1" gplf_many_syms.ko $(grep "^[0-9]* \($3\)" "$dir/syms.txt" |
		while read -r i _; do echo ".symtab+$((24 * i)):set32=$target"; done)
	rm "$dir/syms.txt"
	kept "$@"
}
if readelf -h "$dir/gplf_prop.ko" | grep -q 'Class: *ELF64'; then
	# .modinfo's header made inactive (SHT_NULL) with its name past the
	# section name table (found as mutant 387 of run 1 by the engine's
	# first version; here with a name that does not depend on the file).
	kept null_name gplf_mod_prop.ko 'shdr[.modinfo]+0x0:set64=0xffffffff'
	# The first header named past the table, with flags the W^X check
	# refuses, naming the section in its message.
	kept first_name gplf_prop.ko 'shdr[]+0x0:set32=0xffffffff' 'shdr[]+0x8:set64=0x5'
	# The inactive-header fix's: .gnu.linkonce.this_module made inactive
	# with its contents past the file; the NOBITS fix's: .modinfo,
	# __versions and .data..percpu made NOBITS likewise.
	past='+0x18:set64=0x7fffffffffffffff'
	kept null_offset gplf_prop.ko 'shdr[.gnu.linkonce.this_module]+0x4:set32=0x0' \
		"shdr[.gnu.linkonce.this_module]$past"
	kept nobits_modinfo gplf_prop.ko 'shdr[.modinfo]+0x4:set32=0x8' "shdr[.modinfo]$past"
	kept nobits_percpu gplf_mangle.ko 'shdr[.data..percpu]+0x4:set32=0x8' "shdr[.data..percpu]$past"
	if readelf -SW "$dir/gplf_prop.ko" | grep -q ' __versions '; then
		kept nobits_versions gplf_prop.ko 'shdr[__versions]+0x4:set32=0x8' \
			"shdr[__versions]$past"
	fi
	# The symbol string table and .gnu.linkonce.this_module made NOBITS
	# likewise, the latter 8 bytes shorter or longer than struct module,
	# and its relocations' section named as it is (".rela" skipped): two
	# sections of that name.  6.4 and 6.13 refuse them, 6.1's series
	# does too.
	kept nobits_strtab gplf_prop.ko 'shdr[.strtab]+0x4:set32=0x8' "shdr[.strtab]$past"
	kept nobits_this_module gplf_prop.ko 'shdr[.gnu.linkonce.this_module]+0x4:set32=0x8' \
		"shdr[.gnu.linkonce.this_module]$past"
	kept this_module_short gplf_prop.ko 'shdr[.gnu.linkonce.this_module]+0x20:add32=0xfffffff8'
	kept this_module_long gplf_prop.ko 'shdr[.gnu.linkonce.this_module]+0x20:add32=0x8'
	kept this_module_twice gplf_prop.ko 'shdr[.rela.gnu.linkonce.this_module]+0x0:add32=0x5'
	# Section alignments and sizes the layout cannot hold: 2^64 - 1
	# (found as mutant 1470 of run 1 on 6.1, arm64, on __kcrctab: the
	# module loaded with its name overwritten), 24, not a power of two,
	# and 2^40 (ALIGN() truncates it to 0); a 4 GiB .bss, and .data
	# (made NOBITS) and .bss, always in one region, of 2.25 and 1.75
	# GiB, each within a region, whose sum wraps it to about what the
	# sections before them take; and an alignment of a page, which
	# loads.
	kept align_all_ones gplf_mangle.ko \
		'shdr[__ksymtab]+0x30:set64=0xffffffffffffffff'
	kept align_24 gplf_mangle.ko 'shdr[__ksymtab]+0x30:set64=0x18'
	kept align_huge gplf_mangle.ko 'shdr[__ksymtab]+0x30:set64=0x10000000000'
	kept bss_huge gplf_mangle.ko 'shdr[.bss]+0x20:set64=0x100000000'
	kept nobits_sum gplf_mangle.ko 'shdr[.bss]+0x20:set64=0x70000000' \
		'shdr[.data]+0x4:set32=0x8' 'shdr[.data]+0x20:set64=0x90000000'
	kept align_page gplf_mangle.ko 'shdr[__ksymtab]+0x30:set64=0x1000'
	# Core symbols sharing one long name (gen-many-syms.sh): every
	# gplf_sym_* named gplf_long_a, so that their names add up past
	# 2^32 (strtab_wrap); every gplf_sym_* and gplf_long_a named
	# gplf_long_b, 16386 names of 2^18 - 40 bytes, 2^32 - 131152 in
	# all, which the sum holds and the region, with their symbols, does
	# not (strtab_region).  The file holds each name once.
	same_name strtab_wrap gplf_long_a gplf_sym_
	same_name strtab_region gplf_long_b 'gplf_sym_\|gplf_long_a'
	# The first 16 bytes of the series' fields in struct module (the
	# 6.12 table's count and symbols, 7.3's record pointer), set by the
	# file (fill.t's copies set every byte of them to 0xff).
	kept series gplf_prop.ko 'series+0x0:set64=0xffffffffffffffff' \
		'series+0x8:set64=0x8000000000000000'
fi

# gplf_many_user.ko listing gplf_many_000 twice (in place of _001).
"$mangle" "$dir/gplf_many_user.ko" "$dir/gplf_many_user_dup.ko" \
	alias gplf_many_001 gplf_many_000

# gplf_order.ko, and gplf_order_gpl.ko, its GPL-only twin, with their
# two imports in the other order in .symtab.
"$mangle" "$dir/gplf_order.ko" "$dir/gplf_order_swapped.ko" \
	swapsym test_gpl_future_add gplf_prop_plain
"$mangle" "$dir/gplf_order_gpl.ko" "$dir/gplf_order_gpl_swapped.ko" \
	swapsym ktime_get gplf_prop_plain
# And their copies that hold only a weak reference to gplf_prop_plain.
"$mangle" "$dir/gplf_order_weak.ko" "$dir/gplf_order_weak_swapped.ko" \
	swapsym test_gpl_future_add gplf_prop_plain
"$mangle" "$dir/gplf_order_weak_gpl.ko" "$dir/gplf_order_weak_gpl_swapped.ko" \
	swapsym ktime_get gplf_prop_plain

has_section __kcrctab || exit 0
if has_section __kflagstab; then
	bad crc_short		shrink __kcrctab 4
	bad crc_absent		unname __kcrctab
	bad crc_noalloc		noalloc __kcrctab
else
	bad gpl_crc_short	shrink __kcrctab_gpl 4
	bad future_crc_short	shrink __kcrctab_gpl_future 4
	bad future_crc_absent	unname __kcrctab_gpl_future
	bad future_crc_noalloc	noalloc __kcrctab_gpl_future
fi

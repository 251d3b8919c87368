#!/bin/sh
# audit-tests.sh BUILD AUDIT: check gpl-future-audit (the build AUDIT,
# plain or with ASan and UBSan) against the test modules and
# Module.symvers of the patched builds, crafted broken files and what
# distributions ship.  KTAP output.  Any sanitizer report, in any run of
# a case, fails that case; the cases about the sources and packaging run
# with the plain build only.
set -u

b=$1 audit=$2
obj=$b/modversions/obj built=$b/modversions/mods
symvers=$obj/Module.symvers
src=scripts/gpl-future-audit
. scripts/harness/ktap-lib.sh
# test_mods CELL: the cases' module directory of CELL: its test modules
# and the broken copies tests/audit/ describes, not the fuzzer's kept
# mutants (gplf_fuzz_*.ko, tests/suite/fuzz.t), whose case is
# mutants_do_not_break_the_audit.  Made once, linked or copied.
test_mods() {
	d=$tmp/mods-$1
	if [ ! -d "$d" ]; then
		mkdir "$d"
		for f in "$b/$1/mods"/*; do
			case ${f##*/} in gplf_fuzz_*) continue ;; esac
			ln "$f" "$d/" 2>/dev/null || cp "$f" "$d/"
		done
	fi
	echo "$d"
}
mods=$(test_mods modversions)
# Reports go to files, so a run in a pipeline is caught too.
export ASAN_OPTIONS="log_path=$tmp/sanitizer:exitcode=99"
export UBSAN_OPTIONS="log_path=$tmp/sanitizer:exitcode=99:print_stacktrace=1"
sanitized=false
nm -D "$audit" | grep -q ' __asan_init' && sanitized=true

# The files of module directory $1 the tool must skip, as it says so on
# stderr: tests/audit/skipped.tsv lists the broken exporters
# scripts/testmods/mangle-modules.sh writes for a base whose modules
# keep their export types in __kflagstab (7.1 and later), each with the
# reason; a base without __kflagstab has none of them and no skips.
want_skipped() {
	while IFS='	' read -r f why; do
		[ -e "$1/$f" ] && echo "gpl-future-audit: $1/$f: $why (skipped)"
	done <tests/audit/skipped.tsv
}

# What "$@" leaves out of the findings: its "(skipped)" lines, sorted.
got_skipped() {
	"$@" 2>&1 >/dev/null | grep '(skipped)$' | sort
}

# The exit status of a run over a whole module directory $1: 1 (some
# module affected), plus 2 when it has files to skip.
want_rc() {
	[ -n "$(want_skipped "$1")" ] && echo 3 || echo 1
}

# The findings without the file column (paths differ between runs).
findings() {
	"$@" -f tsv | grep -v '^#' | cut -f1-5
}

# Runs the tool, its stderr in $tmp/err; returns its exit status.
run_audit() {
	"$audit" "$@" 2>"$tmp/err"
}

# The exit status of "$@" is $want, or the test fails saying so.
want_exit() {
	want=$1
	shift
	run_audit "$@" >"$tmp/stdout"
	rc=$?
	[ $rc = "$want" ] && return
	cat "$tmp/err"
	echo "$*: exit $rc, want $want"
	return 1
}

# A case, then: no sanitizer report was written by any of its runs.
case_() {
	"$1" || return 1
	! ls "$tmp"/sanitizer.* >/dev/null 2>&1 && return
	cat "$tmp"/sanitizer.*
	rm -f "$tmp"/sanitizer.*
	return 1
}

# A case about the sources or the install: the same with any build.
plain_only() {
	num=$((num + 1))
	echo "ok $num $1 # SKIP the same with the plain build"
}

finds_expected_modules_and_symbols() {
	findings "$audit" -s "$symvers" "$mods" >"$tmp/found"
	grep -v '^gplf_many_user	' "$tmp/found" | diff -u tests/audit/expected.tsv - || return 1
	# 500 generated imports, all from the generated exporter, twice:
	# gplf_many_user_dup.ko is a copy (one import listed twice).
	n=$(grep -c '^gplf_many_user	Proprietary	gplf_many_[0-9]*	gpl-future	gplf_many_exporter$' "$tmp/found")
	[ "$n" = 1000 ] || { echo "gplf_many_user: $n findings, want 1000"; return 1; }
}

# An independent answer from nm -u, modinfo and Module.symvers (the
# kernel's and the test modules' own, concatenated in $2).  A module is
# proprietary for the kernel by its license, or by using an export of a
# proprietary module (inherit_taint()), down any chain of them.
oracle() {
	for ko in "$1"/*.ko; do
		printf '%s\t%s\t%s\n' "$ko" "$(modinfo -F name "$ko")" "$(modinfo -F license "$ko")"
	done >"$tmp/licenses"
	awk -F'\t' '$3 !~ /^(GPL|GPL v2|GPL and additional rights|Dual BSD\/GPL|Dual MIT\/GPL|Dual MPL\/GPL)$/ { print $2 }' \
		"$tmp/licenses" | sort -u >"$tmp/prop"
	# "<module>\t<import>\t<exporter>" for every import an export source has.
	while IFS='	' read -r ko name lic; do
		nm -u "$ko" | awk -v m="$name" 'NR == FNR { n = split($3, p, "/"); x[$2] = p[n]; next }
			$2 in x { print m "\t" $2 "\t" x[$2] }' FS='\t' "$2" FS=' ' -
	done <"$tmp/licenses" | sort -u >"$tmp/uses"
	while :; do
		awk -F'\t' 'NR == FNR { p[$1]; next } $3 in p && !($1 in p) { print $1 }' \
			"$tmp/prop" "$tmp/uses" | sort -u >"$tmp/inherit"
		[ -s "$tmp/inherit" ] || break
		sort -u "$tmp/prop" "$tmp/inherit" -o "$tmp/prop"
	done
	{
	while IFS='	' read -r ko name lic; do
		grep -qxF "$name" "$tmp/prop" || continue
		nm -u "$ko" | awk -v m="$name" -v l="$lic" '
			NR == FNR { t[$2] = $4; x[$2] = $3; next }
			$2 in t && t[$2] != "EXPORT_SYMBOL" {
				k = t[$2] == "EXPORT_SYMBOL_GPL" ? "gpl-only" : "gpl-future"
				n = split(x[$2], p, "/")
				print m "\t" l "\t" $2 "\t" k "\t" p[n]
			}' FS='\t' "$2" FS=' ' -
	done <"$tmp/licenses"
	# Any module, as the loader checks it with MODVERSIONS: an import whose
	# CRC in __versions (modprobe --dump-modversions) is not Module.symvers'.
	while IFS='	' read -r ko name lic; do
		nm -u "$ko" | awk '{ print $2 }' >"$tmp/undef"
		modprobe --dump-modversions "$ko" 2>/dev/null |
			awk -F'\t' -v m="$name" -v l="$lic" -v sv="$2" -v u="$tmp/undef" '
				FILENAME == sv { c[$2] = $1; n = split($3, p, "/"); x[$2] = p[n]; next }
				FILENAME == u { und[$1]; next }
				$2 in und && $2 in c && $1 != c[$2] &&
				$1 != "0x00000000" && c[$2] != "0x00000000" {
					print m "\t" l "\t" $2 "\tcrc-mismatch\t" x[$2]
				}' "$2" "$tmp/undef" -
	done <"$tmp/licenses"
	# Any module, as the loader checks it: an import exported in a
	# namespace (Module.symvers' fifth column) its .modinfo does not
	# import (import_ns).
	while IFS='	' read -r ko name lic; do
		modinfo -F import_ns "$ko" >"$tmp/import_ns"
		nm -u "$ko" | awk -v m="$name" -v l="$lic" -v sv="$2" -v ns="$tmp/import_ns" '
			FILENAME == sv { if ($5 != "") { s[$2] = $5; n = split($3, p, "/"); x[$2] = p[n] } next }
			FILENAME == ns { imp[$0]; next }
			$2 in s && !(s[$2] in imp) { print m "\t" l "\t" $2 "\tnamespace\t" x[$2] }' \
			FS='\t' "$2" "$tmp/import_ns" FS=' ' -
	done <"$tmp/licenses"
	} | sort
}

agrees_with_nm_and_modinfo() {
	for c in modversions nomodversions; do
		cat "$b/$c/obj/Module.symvers" "$b/$c/mods/Module.symvers" >"$tmp/symvers"
		oracle "$(test_mods $c)" "$tmp/symvers" >"$tmp/want"
		[ -s "$tmp/want" ] || { echo "$c: oracle found nothing"; return 1; }
		findings "$audit" -s "$b/$c/obj/Module.symvers" "$(test_mods $c)" | sort >"$tmp/got"
		diff -u "$tmp/want" "$tmp/got" || { echo "$c differs"; return 1; }
	done
}

gpl_modules_are_not_reported() {
	for m in gplf_gpl gplf_gplplus gplf_dualmit gplf_taint_future smoke_gpl; do
		"$audit" -s "$symvers" "$mods/$m.ko" >"$tmp/out1" ||
			{ cat "$tmp/out1"; echo "$m: exit $?"; return 1; }
		grep -q '^1 modules scanned, 0 not GPL-compatible, 0 affected, 0 imports unresolved, 0 skipped$' "$tmp/out1" ||
			{ cat "$tmp/out1"; return 1; }
	done
	# TSV: its header, and nothing else, as the user guide says.
	"$audit" -f tsv -s "$symvers" "$mods/gplf_gpl.ko" >"$tmp/out1" &&
		printf '#module\tlicense\tsymbol\tkind\texporter\tfile\n' | cmp -s - "$tmp/out1" ||
		{ echo "-f tsv with no finding printed:"; cat "$tmp/out1"; return 1; }
}

# "<symbol>\t<type>" for each export of ELF file $1, the type named as
# in Module.symvers, read with readelf and perl, not with the tool.  On
# 6.12 the section of __ksymtab_<symbol> says it; since 7.1 all exports
# are in __ksymtab and the byte at __flags_<symbol> in __kflagstab
# does: 0 plain, 1 GPL-only, 2 future-GPL (anything else is printed as
# BAD, no flags byte as NONE).  Symbol values are offsets in a .ko
# (whose sections have address 0) and addresses in vmlinux.
elf_export_types() {
	readelf -SW "$1" >"$tmp/secs" && readelf -sW "$1" >"$tmp/syms" || return 1
	perl -e '
		my ($elf, $secs, $syms) = @ARGV;
		my %table = ("__ksymtab" => "EXPORT_SYMBOL",
			     "__ksymtab_gpl" => "EXPORT_SYMBOL_GPL",
			     "__ksymtab_gpl_future" => "EXPORT_SYMBOL_GPL_FUTURE");
		my @flag = ("EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL", "EXPORT_SYMBOL_GPL_FUTURE");
		my (%sec, %type, %byte, $fl, $addr, $off, $size, $b);
		open(S, "<", $secs) or die;
		while (<S>) {
			/^\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s/ or next;
			$sec{$1} = $2;
			($fl, $addr, $off, $size) = ($1, hex($3), hex($4), hex($5))
				if $2 eq "__kflagstab" && !defined $fl;
		}
		open(E, "<:raw", $elf) or die;
		open(Y, "<", $syms) or die;
		while (<Y>) {
			my @f = split;
			next unless @f == 8 && $f[0] =~ /^\d+:$/ && $f[6] =~ /^\d+$/ &&
				$f[3] ne "SECTION";
			if ($f[7] =~ /^__ksymtab_(.+)/ && defined $table{$sec{$f[6]} // ""}) {
				$type{$1} = $table{$sec{$f[6]}};
			} elsif ($f[7] =~ /^__flags_(.+)/ && defined $fl && $f[6] == $fl) {
				my $o = hex($f[1]) - $addr;
				$byte{$1} = "BAD";
				next if $o < 0 || $o >= $size;
				seek(E, $off + $o, 0) && read(E, $b, 1) == 1 or die;
				$byte{$1} = $flag[ord($b)] // "BAD";
			}
		}
		for (sort keys %type) {
			$type{$_} = $byte{$_} // "NONE"
				if defined $fl && $type{$_} eq "EXPORT_SYMBOL";
			print "$_\t$type{$_}\n";
		}' "$1" "$tmp/secs" "$tmp/syms"
}

# "<symbol>\t<type>" for each export of MODULE in Module.symvers $2.
symvers_types() {
	awk -F'\t' -v m="$1" '{ n = split($3, p, "/") } p[n] == m { print $2 "\t" $4 }' "$2" |
		LC_ALL=C sort
}

# The export tables of vmlinux and of the test modules, read from the
# ELF files independently of the tool, say what Module.symvers says;
# and the tool finds the same with -e vmlinux as with Module.symvers.
elf_exports_match_symvers() {
	for c in modversions nomodversions; do
		elf_export_types "$b/$c/obj/vmlinux" >"$tmp/elf" || return 1
		[ -s "$tmp/elf" ] || { echo "$c: no export in vmlinux"; return 1; }
		symvers_types vmlinux "$b/$c/obj/Module.symvers" | diff -u - "$tmp/elf" ||
			{ echo "$c: vmlinux differs"; return 1; }
		for m in $(cut -f3 "$b/$c/mods/Module.symvers" | sed 's|.*/||' | sort -u); do
			elf_export_types "$b/$c/mods/$m.ko" >"$tmp/elf" || return 1
			symvers_types "$m" "$b/$c/mods/Module.symvers" | diff -u - "$tmp/elf" ||
				{ echo "$c: $m.ko differs"; return 1; }
		done
	done
	# The same findings, CRCs and namespaces aside: the tool reads
	# neither from an ELF export table.
	findings "$audit" -e "$obj/vmlinux" "$mods" >"$tmp/elf"
	findings "$audit" -s "$symvers" "$mods" | grep -v -e '	crc-mismatch	' -e '	namespace	' >"$tmp/symvers"
	diff -u "$tmp/symvers" "$tmp/elf"
}

# The broken exporters are skipped, each for its reason, and nothing
# else is: the rest of the directory is still audited.
malformed_exporters_are_skipped() {
	for c in modversions nomodversions; do
		want_skipped "$(test_mods $c)" | sort >"$tmp/want"
		if readelf -SW "$b/$c/mods/gplf_mangle.ko" | grep -q ' __kflagstab '; then
			[ "$(wc -l <"$tmp/want")" = "$(wc -l <tests/audit/skipped.tsv)" ] ||
				{ echo "$c: not every exporter of tests/audit/skipped.tsv was written"; return 1; }
		fi
		got_skipped "$audit" -s "$b/$c/obj/Module.symvers" "$(test_mods $c)" >"$tmp/got"
		diff -u "$tmp/want" "$tmp/got" || { echo "$c differs"; return 1; }
	done
}

compressed_modules_match_plain() {
	mkdir "$tmp/z"
	for m in gplf_prop gplf_mod_prop smoke_bypass gplf_gpl; do
		xz -c "$mods/$m.ko" >"$tmp/z/$m.ko.xz"
		zstd -q -c "$mods/$m.ko" >"$tmp/z/$m-zst.ko.zst"
		gzip -c "$mods/$m.ko" >"$tmp/z/$m-gz.ko.gz"
	done
	for m in gplf_prop gplf_mod_prop smoke_bypass gplf_gpl; do
		findings "$audit" -s "$symvers" "$mods/$m.ko"
	done >"$tmp/plain"
	grep -q . "$tmp/plain" || return 1
	for ext in xz zst gz; do
		findings "$audit" -s "$symvers" "$tmp"/z/*."$ext" | sort >"$tmp/packed"
		sort "$tmp/plain" | diff -u - "$tmp/packed" || { echo ".ko.$ext differs"; return 1; }
	done
	# Found by walking a directory too, gzip with trailing zeros (as
	# gzip -t accepts) among them.
	head -c 512 /dev/zero >>"$tmp/z/gplf_prop-gz.ko.gz"
	findings "$audit" -s "$symvers" "$tmp/z" >"$tmp/walked" &&
		[ "$(sort -u "$tmp/walked" | wc -l)" = "$(sort -u "$tmp/plain" | wc -l)" ] &&
		[ "$(wc -l <"$tmp/walked")" = $((3 * $(wc -l <"$tmp/plain"))) ] ||
		{ cat "$tmp/walked"; return 1; }
}

assume_future_reports_plain_exports() {
	findings "$audit" -s "$symvers" -a tests/audit/assume-future.txt \
		"$mods" 2>"$tmp/err" >"$tmp/found"
	for m in gplf_asm_prop gplf_defns_prop gplf_mangle_user gplf_mod_prop gplf_ns_prop gplf_prop smoke_bypass; do
		lic=$(awk -F'\t' -v m="$m" '$1 == m { print $2; exit }' tests/audit/expected.tsv)
		grep -qx "$m	$lic	_printk	assumed-gpl-future	vmlinux" "$tmp/found" ||
			{ echo "$m: no assumed _printk"; return 1; }
	done
	# gplf_prop three times: gplf_fill_prop.ko and gplf_fillall_prop.ko are
	# copies of it (fill.t).
	[ "$(grep -c assumed "$tmp/found")" = 9 ] || { cat "$tmp/found"; return 1; }
	grep -q 'ktime_get is already GPL-only' "$tmp/err" &&
		grep -q 'no_such_export is not a known export' "$tmp/err" || { cat "$tmp/err"; return 1; }
}

# scripts/gpl-future-impact: per symbol of the list, its non-GPL users,
# most used first (the symbols nobody uses too), the totals, the audit's
# summary and exit status (1 affected + 2 the unknown name + 8
# gplf_badcrc's CRC).
impact_lists_users_per_symbol() {
	scripts/gpl-future-impact -a "$audit" -s "$symvers" tests/audit/assume-future.txt \
		"$mods" >"$tmp/impact" 2>"$tmp/err"
	rc=$?
	users='gplf_asm_prop, gplf_defns_prop, gplf_mangle_user, gplf_mod_prop, gplf_ns_prop, gplf_prop, smoke_bypass'
	awk '{ $1 = $1 } NR > 1 && NR < 5' "$tmp/impact" >"$tmp/rows"
	printf '%s\n' "_printk 7 $users" 'ktime_get 0 -' 'no_such_export 0 -' | diff -u - "$tmp/rows" &&
		[ $rc = 27 ] && sed -n 5p "$tmp/impact" | grep -qx \
		"1 of 3 symbols used by non-GPL modules; non-GPL modules that would be warned: 7 ($(echo "$users" | tr -d ,))" &&
		sed -n '6,$p' "$tmp/impact" | grep -qx '[0-9]* modules scanned, [0-9]* not GPL-compatible, 25 affected, .*' &&
		grep -q 'no_such_export is not a known export' "$tmp/err" ||
		{ cat "$tmp/impact" "$tmp/err"; echo "exit $rc"; return 1; }
	# Nobody warned: every symbol still listed, exit 0.
	printf 'kfree\n' >"$tmp/unused"
	scripts/gpl-future-impact -a "$audit" -s "$symvers" "$tmp/unused" "$mods/gplf_gpl.ko" >"$tmp/impact"
	rc=$?
	[ $rc = 0 ] && awk '{ $1 = $1 } NR == 2' "$tmp/impact" | grep -qx 'kfree 0 -' &&
		sed -n 3p "$tmp/impact" | grep -qx \
		'0 of 1 symbols used by non-GPL modules; non-GPL modules that would be warned: 0' ||
		{ cat "$tmp/impact"; echo "exit $rc"; return 1; }
}

json_is_valid_and_complete() {
	"$audit" -f json -s "$symvers" "$mods" >"$tmp/json"
	n=$(ls "$mods"/*.ko | wc -l)
	skipped=$(want_skipped "$mods" | wc -l)
	jq -e --argjson n "$n" --argjson s "$skipped" \
		'.scanned == $n - $s and .affected == 25 and .skipped == $s and
		.unresolved == 0 and (.skipped_files | length) == $s and
		([.findings[] | select(.kind == "gpl-future")] | length) == 1024' "$tmp/json" ||
		{ head -c 600 "$tmp/json"; echo; return 1; }
}

# A bit field: 1 affected, 2 usage or input error, 4 an import
# unresolved; 0 only when every module was read and none is affected.
exit_codes() {
	echo "not a module" >"$tmp/text.ko"
	want_exit 0 -s "$symvers" "$mods/gplf_gpl.ko" &&
	want_exit 1 -s "$symvers" "$mods/gplf_prop.ko" &&
	want_exit 3 -s "$symvers" "$mods/gplf_prop.ko" "$tmp/text.ko" &&
	want_exit 4 -s "$mods/Module.symvers" "$mods/smoke_bypass.ko" &&
	want_exit 2 -s "$symvers" &&
	want_exit 2 --no-such-option "$mods" &&
	want_exit 2 -f xml -s "$symvers" "$mods" &&
	want_exit 2 -j 0 -s "$symvers" "$mods" &&
	want_exit 2 -k 1.2.3 -s "$symvers" "$mods" &&
	want_exit 2 -s "$tmp/missing.symvers" "$mods" &&
	want_exit 2 -s "$symvers" "$tmp/missing.ko" &&
	want_exit 0 --help &&
	want_exit 0 --version || return 1
	# A write error adds its bit to the others.
	"$audit" -s "$symvers" "$mods/gplf_prop.ko" >/dev/full 2>"$tmp/err"
	rc=$?
	[ $rc = 3 ] && grep -q 'write error' "$tmp/err" || { cat "$tmp/err"; echo ">/dev/full: exit $rc, want 3"; return 1; }
}

bad_symvers_is_an_input_error() {
	{ head -n 3 "$symvers"; printf '0x1\tfoo\tvmlinux\tEXPORT_SYMBOL_BOGUS\t\n'; } >"$tmp/bad.symvers"
	"$audit" -s "$tmp/bad.symvers" "$mods" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q 'bad.symvers: line 4 is not a Module.symvers entry' "$tmp/err" ||
		{ cat "$tmp/err"; echo "exit $rc"; return 1; }
}

# Writes the 8-byte little-endian hex VALUE at byte OFFSET of FILE.
poke64() {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		print F pack("Q<", hex($ARGV[2]))' "$1" "$2" "$3"
}

# Writes the byte VALUE (decimal) at byte OFFSET of FILE.
poke8() {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		print F chr($ARGV[2])' "$1" "$2" "$3"
}

# Export flags that cannot be read are an error, not a kernel or module
# without future-GPL exports.  In vmlinux (an input error for -e): a
# flags byte no kernel writes, a __kflagstab too short for its labels,
# one placed after them.  In a module (skipped): an export without its
# __flags_ label, an export with two.  Only a base with __kflagstab has
# flags to break; the mangled exporters of tests/audit/skipped.tsv are
# the other module cases.
broken_export_flags_are_errors() {
	v=$obj/vmlinux
	# Index, address and file offset of __kflagstab.
	# shellcheck disable=SC2046 # three words
	set -- $(readelf -SW "$v" | sed 's/^ *\[ *\([0-9]*\)\]/\1/' |
		awk '$2 == "__kflagstab" { print $1, $4, $5 }')
	[ $# = 3 ] || { echo "no __kflagstab in $v"; return 1; }
	shoff=$(readelf -hW "$v" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
	shdr=$((shoff + $1 * 64))
	sym=$(readelf -sW "$v" | awk '$8 == "__flags_test_gpl_future_add" { print $2 }')
	[ -n "$sym" ] || { echo "no __flags_test_gpl_future_add in $v"; return 1; }
	# 64-bit addresses: perl, not sh arithmetic.
	at=$(perl -e 'print hex($ARGV[0]) - hex($ARGV[1]) + hex($ARGV[2])' "$sym" "$2" "$3")
	later=$(perl -e 'printf "%x", hex($ARGV[0]) + 0x100000' "$2")
	cp "$v" "$tmp/unknown-flags" && poke8 "$tmp/unknown-flags" "$at" 4 &&
		cp "$v" "$tmp/short-flags" && poke64 "$tmp/short-flags" $((shdr + 32)) 0 &&
		cp "$v" "$tmp/moved-flags" && poke64 "$tmp/moved-flags" $((shdr + 16)) "$later" || return 1
	for why in 'unknown-flags: unknown export flags in __kflagstab' \
		'short-flags: export flags outside __kflagstab' \
		'moved-flags: export flags outside __kflagstab'; do
		run_audit -e "$tmp/${why%%:*}" "$mods/gplf_prop.ko" >/dev/null
		rc=$?
		[ $rc = 2 ] && grep -q "$why\$" "$tmp/err" ||
			{ cat "$tmp/err"; echo "${why%%:*}: exit $rc, want 2 and '$why'"; return 1; }
	done
	# The byte poked is that export's: 2 keeps it future-GPL, 0 makes it plain.
	cp "$v" "$tmp/future-flags" && poke8 "$tmp/future-flags" "$at" 2 &&
		run_audit -e "$tmp/future-flags" "$mods/gplf_prop.ko" | grep -q test_gpl_future_add &&
		poke8 "$tmp/future-flags" "$at" 0 &&
		! run_audit -e "$tmp/future-flags" "$mods/gplf_prop.ko" | grep -q test_gpl_future_add ||
		{ echo "the flags byte of test_gpl_future_add is not at $at"; return 1; }
	# gplf_mangle_b's label renamed in .strtab: to nothing, to _a's.
	mkdir "$tmp/labels"
	for to in x a; do
		perl -0777 -pe 's/__flags_gplf_mangle_b\0/__flags_gplf_mangle_'$to'\0/ or die' \
			"$mods/gplf_mangle.ko" >"$tmp/labels/to-$to.ko" || return 1
	done
	run_audit -s "$symvers" "$tmp/labels" >/dev/null
	rc=$?
	[ $rc = 2 ] && grep -q 'to-x.ko: export without flags in __kflagstab (skipped)$' "$tmp/err" &&
		grep -Eq 'to-a.ko: export (with two flags symbols|without flags in __kflagstab) \(skipped\)$' \
			"$tmp/err" || { cat "$tmp/err"; echo "exit $rc"; return 1; }
}

# The section header offset of the symbol table of FILE.
symtab_shdr() {
	idx=$(readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \.symtab .*/\1/p')
	shoff=$(readelf -hW "$1" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
	echo $((shoff + idx * 64))
}

make_broken_files() {
	d=$tmp/broken
	mkdir -p "$d"
	good=$mods/gplf_prop.ko
	head -c 1000 "$good" >"$d/truncated.ko"
	head -c 10 "$good" >"$d/ident-only.ko"
	: >"$d/empty.ko"
	echo "not a module" >"$d/text.ko"
	cp "$good" "$d/bad-shoff.ko" && poke64 "$d/bad-shoff.ko" 40 0x7fffffffffff
	cp "$good" "$d/bad-symtab-offset.ko" &&
		poke64 "$d/bad-symtab-offset.ko" $(($(symtab_shdr "$good") + 24)) 0x7fffffff0000
	cp "$good" "$d/bad-symtab-size.ko" &&
		poke64 "$d/bad-symtab-size.ko" $(($(symtab_shdr "$good") + 32)) 0xffffffffffffff00
	objcopy --remove-section .modinfo "$good" "$d/no-modinfo.ko"
	objcopy --strip-all --keep-section=.modinfo "$good" "$d/no-symtab.ko" 2>/dev/null
	cp "$obj/vmlinux" "$d/vmlinux.ko"
	xz -c "$good" >"$tmp/packed" && head -c $(($(stat -c %s "$tmp/packed") / 2)) "$tmp/packed" >"$d/truncated.ko.xz"
	zstd -q -c "$good" >"$tmp/packed" && head -c $(($(stat -c %s "$tmp/packed") / 2)) "$tmp/packed" >"$d/truncated.ko.zst"
	cp "$good" "$d/empty-symtab.ko" &&
		poke64 "$d/empty-symtab.ko" $(($(symtab_shdr "$good") + 32)) 0
	gzip -c "$good" >"$tmp/packed" && head -c $(($(stat -c %s "$tmp/packed") / 2)) "$tmp/packed" >"$d/truncated.ko.gz"
	printf '\375\067\172\130\132\000garbage' >"$d/garbage.ko.xz"
	cp "$good" "$d/good.ko"
}

broken_files_are_reported_and_skipped() {
	make_broken_files
	want_exit 3 -s "$symvers" "$tmp/broken" || return 1
	mv "$tmp/stdout" "$tmp/out1"
	n=$(ls "$tmp/broken" | wc -l)
	skipped=$(grep -c '(skipped)$' "$tmp/err")
	[ "$skipped" = $((n - 1)) ] || { cat "$tmp/err"; echo "$skipped of $((n - 1)) skipped"; return 1; }
	# The one good file is still audited.
	grep -q '^1 modules scanned, 1 not GPL-compatible, 1 affected, 0 imports unresolved, '"$skipped"' skipped$' "$tmp/out1" &&
		grep -q 'test_gpl_future_add' "$tmp/out1" || { cat "$tmp/out1"; return 1; }
	for why in 'truncated.ko: truncated: ' 'ident-only.ko: truncated: ' \
		'no-modinfo.ko: no .modinfo section' \
		'no-symtab.ko: no symbol table' 'vmlinux.ko: not a module' \
		'empty-symtab.ko: empty symbol table' 'bad-symtab-size.ko: ' 'bad-shoff.ko: ' \
		'text.ko: not an ELF file' 'truncated.ko.xz: corrupt xz data' \
		'truncated.ko.zst: corrupt zstd data' 'truncated.ko.gz: corrupt gzip data'; do
		grep -q "$why" "$tmp/err" || { cat "$tmp/err"; echo "no '$why'"; return 1; }
	done
}

# A module cut short anywhere from the end of its ELF header's magic
# to its last byte, every 97 bytes, and the end of each of its sections
# (where a section's own checks would see it whole): skipped as
# truncated, never as something else.
every_truncation_is_said_truncated() {
	good=$mods/gplf_exporter.ko
	size=$(stat -c %s "$good")
	cuts=$(seq 4 97 "$size"; echo $((size - 1)); readelf -SW "$good" |
		sed -n 's/^ *\[ *[0-9]*\] [^ ]* *[A-Z_]* *[0-9a-f]* \([0-9a-f]*\) \([0-9a-f]*\) .*/\1 \2/p' |
		while read -r off sz; do echo $((0x$off + 0x$sz - 1)); done)
	for i in $cuts; do
		[ "$i" -ge 4 ] && [ "$i" -lt "$size" ] || continue
		head -c "$i" "$good" >"$tmp/cut.ko"
		want_exit 2 -q -s "$symvers" "$tmp/cut.ko" || { echo "cut at $i"; return 1; }
		grep -q 'cut.ko: truncated: .* (skipped)$' "$tmp/err" ||
			{ cat "$tmp/err"; echo "cut at $i: not said truncated"; return 1; }
	done
}

# The project's C sources.  Library names (Elf_Scn, ZSTD_*) and
# libFuzzer's prototype are not ours to rename, and the guest init's
# nolibc has strlcpy() but no strscpy(); anything else checkpatch
# --strict says is a finding.
sources_pass_checkpatch() {
	[ -x "$b/linux/scripts/checkpatch.pl" ] || { echo "no $b/linux/scripts/checkpatch.pl"; return 1; }
	for f in scripts/gpl-future-audit/*.[ch] tests/mangle/*.c tests/init/*.c; do
		nolibc='^$'
		case $f in tests/init/*) nolibc='Prefer strscpy over strlcpy' ;; esac
		"$b/linux/scripts/checkpatch.pl" --strict --no-tree --no-summary -q -f "$f" |
			grep -E '^(ERROR|WARNING|CHECK)' |
			grep -v -e 'CamelCase: <\(G\?Elf_\|Elf>\|ZSTD_\|LLVMFuzzer\)' \
				-e 'CamelCase: <\(Elf32_\|Elf64_\|inflate\)' \
			-e 'Prefer __printf(a, b) over __attribute__' \
			-e "'u8' over 'uint8_t'" -e "$nolibc"
	done >"$tmp/cp"
	! grep . "$tmp/cp"
}

# Without -s or -e the Module.symvers of the release is looked for where
# distributions put it (under -b DIR here), and finding none is an
# error that says where it looked: the modules' own exports never stand
# for the kernel's.
default_symvers_or_an_error() {
	want_exit 2 -b "$tmp/root" -k 9.9.9-test "$mods" || return 1
	grep -q "no Module.symvers of 9.9.9-test found in:" "$tmp/err" &&
		grep -q "^  $tmp/root/lib/modules/9.9.9-test/build/Module.symvers\$" "$tmp/err" &&
		grep -q "^  $tmp/root/boot/symvers-9.9.9-test.gz\$" "$tmp/err" || { cat "$tmp/err"; return 1; }
	findings "$audit" -s "$symvers" "$mods" >"$tmp/want"
	for place in lib/modules/9.9.9-test/build/Module.symvers boot/symvers-9.9.9-test.gz \
		lib/modules/9.9.9-test/symvers.xz; do
		rm -rf "$tmp/root"
		mkdir -p "$tmp/root/$(dirname "$place")"
		case $place in
		*.gz) gzip -c "$symvers" ;;
		*.xz) xz -c "$symvers" ;;
		*) cat "$symvers" ;;
		esac >"$tmp/root/$place"
		findings "$audit" -b "$tmp/root" -k 9.9.9-test "$mods" 2>"$tmp/err" >"$tmp/got"
		diff -u "$tmp/want" "$tmp/got" || { echo "$place"; return 1; }
		grep -q "exports from $tmp/root/$place\$" "$tmp/err" || { cat "$tmp/err"; return 1; }
	done
	# Debian's build link is absolute: it is followed inside the image,
	# never to the host's own file of that name (a decoy here).
	rm -rf "$tmp/root"
	mkdir -p "$tmp/root/lib/modules/9.9.9-test" "$tmp/root/usr/src/linux-headers-9.9.9-test" "$tmp/decoy"
	cp "$symvers" "$tmp/root/usr/src/linux-headers-9.9.9-test/Module.symvers"
	ln -s /usr/src/linux-headers-9.9.9-test "$tmp/root/lib/modules/9.9.9-test/build"
	findings "$audit" -b "$tmp/root/" -k 9.9.9-test "$mods" 2>"$tmp/err" | diff -u "$tmp/want" - &&
		grep -q "exports from $tmp/root/usr/src/linux-headers-9.9.9-test/Module.symvers\$" "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
	printf '0x1\tdecoy\tvmlinux\tEXPORT_SYMBOL\t\n' >"$tmp/decoy/Module.symvers"
	rm -r "$tmp/root/usr/src/linux-headers-9.9.9-test"
	ln -sfn "$tmp/decoy" "$tmp/root/lib/modules/9.9.9-test/build"
	want_exit 2 -b "$tmp/root" -k 9.9.9-test "$mods" &&
		grep -q "no Module.symvers of 9.9.9-test found in:" "$tmp/err" || return 1
	# The first place that has one wins: build/ before /boot.
	mkdir -p "$tmp/root/boot"
	echo broken | gzip >"$tmp/root/boot/symvers-9.9.9-test.gz"
	rm "$tmp/root/lib/modules/9.9.9-test/build"
	mkdir "$tmp/root/lib/modules/9.9.9-test/build"
	cp "$symvers" "$tmp/root/lib/modules/9.9.9-test/build/"
	findings "$audit" -q -b "$tmp/root" -k 9.9.9-test "$mods" | diff -u "$tmp/want" - || return 1
	# A PATH in an image's lib/modules/R names the release and the root:
	# an unpacked Debian kernel package is audited without options.
	mkdir -p "$tmp/img/lib/modules/8.8.8-img/kernel" "$tmp/img/usr/src/linux-headers-8.8.8-img"
	cp "$mods/gplf_prop.ko" "$tmp/img/lib/modules/8.8.8-img/kernel/"
	cp "$symvers" "$tmp/img/usr/src/linux-headers-8.8.8-img/Module.symvers"
	ln -s /usr/src/linux-headers-8.8.8-img "$tmp/img/lib/modules/8.8.8-img/build"
	want_exit 1 -f tsv "$tmp/img/lib/modules/8.8.8-img" &&
		grep -q "exports from $tmp/img/usr/src/linux-headers-8.8.8-img/Module.symvers\$" "$tmp/err" &&
		[ "$(grep -c '	gpl-future	vmlinux	' "$tmp/stdout")" = 2 ] || { cat "$tmp/err" "$tmp/stdout"; return 1; }
	# PATHs of two trees name none: the running kernel's, here under -b.
	want_exit 2 -b "$tmp/nowhere" "$tmp/img/lib/modules/8.8.8-img" "$mods" &&
		grep -q "no Module.symvers of $(uname -r) found in:" "$tmp/err" || { cat "$tmp/err"; return 1; }
}

# An import found in no export source is reported, as modpost's
# "undefined!", and fails the run with its own bit; a weak one may stay
# unresolved (the loader leaves it 0).
unresolved_imports_fail_the_run() {
	want_exit 4 -f tsv -s "$mods/Module.symvers" "$mods/gplf_prop.ko" || return 1
	grep -v '^#' "$tmp/stdout" | cut -f1-5 >"$tmp/got"
	printf 'gplf_prop\tProprietary\t%s\tunresolved\t-\n' _printk test_gpl_future_add \
		test_gpl_future_magic | diff -u - "$tmp/got" || return 1
	want_exit 4 -f json -s "$mods/Module.symvers" "$mods/gplf_prop.ko" &&
		jq -e '.unresolved == 3 and .affected == 0 and
			([.findings[] | select(.kind == "unresolved" and .exporter == null)] | length) == 3' \
			"$tmp/stdout" >/dev/null || { cat "$tmp/stdout"; return 1; }
	# Both bits: affected by test_gpl_future_add, _printk unresolved.
	grep -v '	_printk	' "$symvers" >"$tmp/no-printk.symvers"
	want_exit 5 -s "$tmp/no-printk.symvers" "$mods/gplf_prop.ko" || return 1
	objcopy --weaken-symbol=_printk "$mods/gplf_prop.ko" "$tmp/weak.ko" &&
		want_exit 1 -f tsv -s "$tmp/no-printk.symvers" "$tmp/weak.ko" &&
		! grep -q '_printk' "$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
}

# A directory without a module is an error, alone or among others.
no_module_is_an_error() {
	mkdir -p "$tmp/empty" "$tmp/other"
	echo text >"$tmp/other/README"
	for args in "$tmp/empty" "$tmp/other" "$mods $tmp/empty"; do
		# shellcheck disable=SC2086 # two paths
		want_exit 2 -s "$symvers" $args || return 1
		grep -q ": no module in it (\*.ko, \*.ko.xz, \*.ko.zst, \*.ko.gz)\$" "$tmp/err" ||
			{ cat "$tmp/err"; return 1; }
	done
}

# RHEL's weak-updates/ links to modules elsewhere: links are followed,
# each real file read once, a broken link is skipped, a link to a
# directory is not walked.
symlinked_modules_are_followed_once() {
	d=$tmp/weak-updates
	mkdir -p "$d/sub"
	cp "$mods/gplf_prop.ko" "$d/sub/real.ko"
	m=$(realpath "$mods")
	ln -s "$m/gplf_mod_prop.ko" "$d/mod_prop.ko"
	ln -s sub/real.ko "$d/again.ko"
	ln -s "$m/gplf_prop.ko" "$d/prop.ko"
	ln -s "$m/gplf_prop.ko" "$d/prop2.ko.xz"
	ln -s "$tmp/nowhere.ko" "$d/broken.ko"
	ln -s "$m" "$d/dir"
	want_exit 3 -f json -s "$symvers" -s "$mods/Module.symvers" "$d" || return 1
	jq -e '.scanned == 3 and .skipped == 1 and
		.skipped_files == [{"file": "'"$d"'/broken.ko", "reason": "broken symbolic link"}] and
		([.findings[].file] | unique) == ["'"$d"'/again.ko", "'"$d"'/mod_prop.ko", "'"$d"'/prop.ko"]' \
		"$tmp/stdout" >/dev/null || { cat "$tmp/stdout"; return 1; }
	grep -q 'broken.ko: broken symbolic link (skipped)$' "$tmp/err" || { cat "$tmp/err"; return 1; }
	# A PATH that is itself a link to a directory (a vendor's "current").
	ln -s "$d" "$tmp/current"
	for p in "$tmp/current" "$tmp/current/"; do
		want_exit 3 -f json -s "$symvers" -s "$mods/Module.symvers" "$p" &&
			jq -e '.scanned == 3' "$tmp/stdout" >/dev/null || { echo "$p"; return 1; }
	done
}

# Runs "$@" under a timeout while a writer waits on FIFO $1; returns its
# exit status, or 99 when it opened the FIFO (the writer got past open()).
beside_writer() {
	fifo=$1
	shift
	rm -f "$tmp/opened"
	(: >"$fifo" && : >"$tmp/opened") &
	writer=$!
	timeout 20 "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	kill $writer 2>/dev/null
	wait $writer
	[ -e "$tmp/opened" ] && { echo "$*: opened $fifo"; return 99; }
	return $rc
}

# A FIFO or a device is never opened for reading, wherever it is named.
non_regular_files_are_not_opened() {
	mkdir -p "$tmp/fifo"
	mkfifo "$tmp/fifo/blocks.ko" "$tmp/blocks.symvers"
	for args in "$tmp/fifo/blocks.ko" "$tmp/fifo" "/dev/zero"; do
		beside_writer "$tmp/fifo/blocks.ko" "$audit" -s "$symvers" $args
		rc=$?
		[ $rc = 2 ] && grep -q ": not a regular file (skipped)\$" "$tmp/err" ||
			{ cat "$tmp/err"; echo "$args: exit $rc"; return 1; }
	done
	for opt in -s -e -a --baseline diff; do
		set -- -s "$symvers" "$opt" "$tmp/blocks.symvers" "$mods/gplf_prop.ko"
		case $opt in
		-s|-e) shift 2 ;;
		diff) set -- diff "$symvers" "$tmp/blocks.symvers" ;;
		esac
		beside_writer "$tmp/blocks.symvers" "$audit" "$@"
		rc=$?
		[ $rc = 2 ] && grep -q "blocks.symvers: not a regular file\$" "$tmp/err" ||
			{ cat "$tmp/err"; echo "$opt: exit $rc"; return 1; }
	done
}

# Module.symvers as RPM distributions ship it: symvers.gz, .xz, .zst.
compressed_symvers_read_as_plain() {
	findings "$audit" -s "$symvers" "$mods" >"$tmp/want"
	gzip -c "$symvers" >"$tmp/symvers.gz"
	xz -c "$symvers" >"$tmp/symvers.xz"
	zstd -q -c "$symvers" >"$tmp/symvers.zst"
	for f in symvers.gz symvers.xz symvers.zst; do
		findings "$audit" -s "$tmp/$f" "$mods" | diff -u "$tmp/want" - || { echo "$f"; return 1; }
	done
}

# --version says what the man page says; getopt names the tool, not
# the path it was run by.
version_and_usage_name_the_tool() {
	want_exit 0 --version || return 1
	v=$(sed -n 's/^\.TH [^ ]* 1 [^ ]* "\(gpl-future-audit [^"]*\)".*/\1/p' "$src/gpl-future-audit.1")
	[ -n "$v" ] && [ "$(cat "$tmp/stdout")" = "$v" ] ||
		{ echo "--version: '$(cat "$tmp/stdout")', man page: '$v'"; return 1; }
	want_exit 2 --no-such-option "$mods" &&
		grep -qx "gpl-future-audit: unrecognized option '--no-such-option'" "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
}

# No module is uncompressed past 256 MiB: refused as too large, and a
# zstd frame that states its size is refused before it is uncompressed.
decompression_is_capped() {
	mkdir -p "$tmp/bomb"
	head -c 300M /dev/zero >"$tmp/big"
	zstd -q -c "$tmp/big" >"$tmp/bomb/stated.ko.zst"
	want_exit 2 --stats -s "$symvers" "$tmp/bomb/stated.ko.zst" || return 1
	grep -q 'stated.ko.zst: larger than 256 MiB uncompressed (skipped)$' "$tmp/err" || { cat "$tmp/err"; return 1; }
	rss=$(sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' "$tmp/err")
	[ "${rss:-999999}" -lt 65536 ] || { cat "$tmp/err"; echo "peak RSS $rss KiB"; return 1; }
	rm "$tmp/bomb/stated.ko.zst"
	zstd -q -c <"$tmp/big" >"$tmp/bomb/streamed.ko.zst"
	xz -1 -c "$tmp/big" >"$tmp/bomb/b.ko.xz"
	gzip -1 -c "$tmp/big" >"$tmp/bomb/b.ko.gz"
	rm "$tmp/big"
	want_exit 2 -s "$symvers" "$tmp/bomb" || return 1
	[ "$(grep -c ': larger than 256 MiB uncompressed (skipped)$' "$tmp/err")" = 3 ] ||
		{ cat "$tmp/err"; return 1; }
	# Four at once with four workers: one grows past 16 MiB at a time,
	# not four times the limit (which measured 1.8 GB for eight).
	for i in 2 3 4; do cp "$tmp/bomb/b.ko.xz" "$tmp/bomb/b$i.ko.xz"; done
	# (ASan's quarantine would keep each freed buffer: none here.)
	ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=0" \
		"$audit" -j 4 --stats -s "$symvers" "$tmp/bomb" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] || { cat "$tmp/err"; echo "-j 4: exit $rc"; return 1; }
	rss=$(sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' "$tmp/err")
	[ "${rss:-9999999}" -lt 614400 ] || { cat "$tmp/err"; echo "peak RSS $rss KiB"; return 1; }
}

# Module $3 with $1=$2 in its .modinfo, written to $4.
set_modinfo() {
	objcopy --dump-section .modinfo="$tmp/modinfo" "$3" &&
		perl -pe 'BEGIN { $/ = "\0"; ($k, $v) = splice(@ARGV, 0, 2) } s/^\Q$k\E=.*\0/$k=$v\0/' \
			"$1" "$2" "$tmp/modinfo" >"$tmp/modinfo.new" &&
		objcopy --update-section .modinfo="$tmp/modinfo.new" "$3" "$4" &&
		[ "$(modinfo -F "$1" "$4")" = "$2" ] || { echo "cannot set $1 '$2'"; return 1; }
}

set_license() {
	set_modinfo license "$@"
}

# A UTF-8 license is written as it is in every format; a byte that is
# not UTF-8 as '?' (U+FFFD in JSON), and the output stays valid JSON.
utf8_passes_through_every_format() {
	mkdir -p "$tmp/utf8"
	de=$(printf 'Propriet\303\244r')
	set_license "$de" "$mods/gplf_prop.ko" "$tmp/utf8/de.ko" &&
		set_license "$(printf 'Proprietar\377')" "$mods/gplf_prop.ko" "$tmp/utf8/bad.ko" ||
		return 1
	"$audit" -s "$symvers" -f json "$tmp/utf8/de.ko" "$tmp/utf8/bad.ko" >"$tmp/json"
	jq -e --arg de "$de" '[.findings[].license] | unique == ([$de, "Proprietar\ufffd"] | sort)' \
		"$tmp/json" >/dev/null || { cat "$tmp/json"; return 1; }
	for fmt in table tsv; do
		"$audit" -s "$symvers" -f $fmt "$tmp/utf8/de.ko" "$tmp/utf8/bad.ko" >"$tmp/$fmt"
		grep -q "$de" "$tmp/$fmt" && grep -q 'Proprietar?' "$tmp/$fmt" ||
			{ cat "$tmp/$fmt"; echo "$fmt"; return 1; }
	done
	# The table's columns line up by characters, not bytes.
	"$audit" -s "$symvers" "$tmp/utf8/de.ko" >"$tmp/table"
	perl -CSD -ne 'print index($_, $. == 1 ? "SYMBOL" : "test_gpl_future_"), "\n"
		if $. == 1 || /de\.ko$/' "$tmp/table" | sort -u | wc -l | grep -qx 1 ||
		{ cat "$tmp/table"; return 1; }
}

# The tool's GPL-compatible licenses are the kernel's
# (include/linux/license.h): each of those makes a module quiet, a
# near miss does not.
license_list_matches_the_kernel() {
	sed -n 's/.*strcmp(license, "\([^"]*\)").*/\1/p' "$b/linux/include/linux/license.h" >"$tmp/kernel"
	[ "$(wc -l <"$tmp/kernel")" -ge 6 ] || { echo "no list in license.h"; return 1; }
	sed -n '/^static bool license_is_gpl_compatible/,/^}/p' "$src/main.c" |
		sed -n '/static const char \*const gpl/,/};/p' | grep -o '"[^"]*"' | tr -d '"' >"$tmp/tool"
	diff -u "$tmp/kernel" "$tmp/tool" || return 1
	{ cat "$tmp/kernel"; echo "GPL v3"; echo "gpl"; } | while IFS= read -r lic; do
		set_license "$lic" "$mods/gplf_prop.ko" "$tmp/lic.ko" || exit 1
		"$audit" -s "$symvers" "$tmp/lic.ko" >"$tmp/out1"
		rc=$?
		case $lic in "GPL v3"|gpl) want=1 ;; *) want=0 ;; esac
		[ $rc = $want ] || { cat "$tmp/out1"; echo "'$lic': exit $rc, want $want"; exit 1; }
	done
}

# Known findings, each with a reason, do not fail the run; a new one
# does; a baseline line without a reason is an error.
baseline_fails_only_on_new_findings() {
	"$audit" -f tsv -s "$symvers" "$mods" >"$tmp/all.tsv"
	awk -F'\t' -v OFS='\t' '!/^#/ { print $0, "vendor driver, replaced in 2027" }' \
		"$tmp/all.tsv" >"$tmp/known"
	n=$(grep -c . "$tmp/known")
	want_exit $(($(want_rc "$mods") & 2)) --baseline "$tmp/known" -s "$symvers" "$mods" ||
		return 1
	grep -q "0 affected, 0 imports unresolved, .* skipped, $n known (baseline)\$" "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
	grep -v '	test_gpl_future_magic	' "$tmp/known" >"$tmp/known2"
	want_exit 1 -f tsv --baseline "$tmp/known2" -s "$symvers" "$mods/gplf_prop.ko" &&
		[ "$(grep -vc '^#' "$tmp/stdout")" = 1 ] &&
		grep -q '	test_gpl_future_magic	' "$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
	# The kind is part of the key: a gpl-future finding is not known as
	# gpl-only (nor the reverse, when a symbol becomes GPL-only).
	awk -F'\t' -v OFS='\t' '$1 == "gplf_prop" { $4 = "gpl-only"; print }' "$tmp/known" >"$tmp/other-kind"
	want_exit 1 -f tsv --baseline "$tmp/other-kind" -s "$symvers" "$mods/gplf_prop.ko" &&
		[ "$(grep -vc '^#' "$tmp/stdout")" = 2 ] || { cat "$tmp/stdout"; return 1; }
	{ echo '# known'; grep -v '^#' "$tmp/all.tsv" | head -n 1; } >"$tmp/no-reason"
	want_exit 2 --baseline "$tmp/no-reason" -s "$symvers" "$mods" &&
		grep -q 'no-reason: line 2: not a line of -f tsv output with a 7th column saying why$' "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
}

# diff lists the exports whose type changed: tighter ones as lines an
# --assume-future file takes, looser ones as comments.
diff_lists_changed_export_types() {
	awk -F'\t' -v OFS='\t' '$2 == "_printk" { $4 = "EXPORT_SYMBOL_GPL_FUTURE" }
		$2 == "ktime_get" { $4 = "EXPORT_SYMBOL" } { print }' "$symvers" | xz >"$tmp/new.symvers.xz"
	want_exit 1 diff "$symvers" "$tmp/new.symvers.xz" || return 1
	printf '#symbol\told\tnew\texporter\n_printk\tEXPORT_SYMBOL\tEXPORT_SYMBOL_GPL_FUTURE\tvmlinux\n# less restrictive: ktime_get\tEXPORT_SYMBOL_GPL\tEXPORT_SYMBOL\tvmlinux\n' |
		diff -u - "$tmp/stdout" || return 1
	cp "$tmp/stdout" "$tmp/marked"
	want_exit 0 diff "$symvers" "$symvers" && [ "$(wc -l <"$tmp/stdout")" = 1 ] || return 1
	want_exit 2 diff "$symvers" || return 1
	# As --assume-future: _printk alone, as if listed by hand.
	echo _printk >"$tmp/printk"
	findings "$audit" -s "$symvers" -a "$tmp/printk" "$mods" >"$tmp/want" 2>/dev/null
	findings "$audit" -q -s "$symvers" -a "$tmp/marked" "$mods" 2>"$tmp/err" | diff -u "$tmp/want" - &&
		! grep -v '(skipped)$' "$tmp/err" || return 1
}

# The kernel's view, not the license alone: a GPL module named
# driverloader or lve is tainted, and one that uses a proprietary
# module's export inherits the taint (the test modules gplf_taint_*,
# expected.tsv); each is said on stderr, unless -q.
proprietary_as_the_kernel_sees_it() {
	set_modinfo name driverloader "$mods/gplf_gpl.ko" "$tmp/driverloader.ko" || return 1
	want_exit 1 -f tsv -s "$symvers" "$tmp/driverloader.ko" &&
		grep -q '^driverloader	GPL	test_gpl_future_add	gpl-future	vmlinux	' "$tmp/stdout" &&
		grep -q 'driverloader: treated as proprietary: the kernel taints this name$' "$tmp/err" ||
		{ cat "$tmp/stdout" "$tmp/err"; return 1; }
	want_exit 1 -s "$symvers" "$mods/gplf_taint_gplonly.ko" "$mods/gplf_prop_exporter.ko" &&
		grep -q 'gplf_taint_gplonly: treated as proprietary: uses gplf_prop_future of proprietary module gplf_prop_exporter$' \
			"$tmp/err" || { cat "$tmp/err"; return 1; }
	want_exit 1 -q -s "$symvers" "$mods/gplf_taint_gplonly.ko" "$mods/gplf_prop_exporter.ko" &&
		! grep . "$tmp/err" || return 1
	# Without its proprietary exporter in the scan, nothing to inherit.
	want_exit 0 -s "$symvers" -s "$mods/Module.symvers" "$mods/gplf_taint_gplonly.ko"
}

# What the final link or the loader provides is not unresolved: the
# GOT anywhere, .TOC. on ppc64 only (e_machine 21), as modpost skips them.
link_provided_symbols_are_not_unresolved() {
	objcopy --redefine-sym _printk=.TOC. --redefine-sym test_gpl_future_magic=_GLOBAL_OFFSET_TABLE_ \
		"$mods/gplf_prop.ko" "$tmp/toc.ko" || return 1
	want_exit 5 -f tsv -s "$symvers" "$tmp/toc.ko" &&
		grep -q '	\.TOC\.	unresolved	' "$tmp/stdout" &&
		! grep -q '_GLOBAL_OFFSET_TABLE_' "$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, 18, 0); print F pack("v", 21)' "$tmp/toc.ko"
	want_exit 1 -f tsv -s "$symvers" "$tmp/toc.ko" && ! grep -q 'TOC' "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
}

# An --assume-future list that names an unknown symbol, or none, is an
# input error (a typo would hide its users); the run still reports.
assume_future_list_errors() {
	printf '_prinkt\n' >"$tmp/typo"
	want_exit 3 -s "$symvers" -a "$tmp/typo" "$mods/gplf_prop.ko" &&
		grep -q 'typo: _prinkt is not a known export$' "$tmp/err" || return 1
	printf '# nothing\n' >"$tmp/none"
	want_exit 3 -s "$symvers" -a "$tmp/none" "$mods/gplf_prop.ko" &&
		grep -q 'none: names no symbol$' "$tmp/err" || return 1
}

# An empty Module.symvers, or one with a NUL byte, is refused: diff of
# it would otherwise say nothing changed, an audit find nothing.
truncated_symvers_is_refused() {
	: >"$tmp/empty.symvers"
	{ printf '\0'; cat "$symvers"; } >"$tmp/nul.symvers"
	want_exit 2 diff "$symvers" "$tmp/empty.symvers" &&
		grep -q 'empty.symvers: no Module.symvers entry$' "$tmp/err" &&
		want_exit 2 diff "$tmp/nul.symvers" "$symvers" &&
		grep -q 'nul.symvers: not a text file (a NUL byte)$' "$tmp/err" &&
		want_exit 2 -s "$tmp/empty.symvers" "$mods/gplf_prop.ko"
}

# The man page: no groff or man warning, every option of --help in it.
man_page_is_clean_and_complete() {
	page=$src/gpl-future-audit.1
	man --warnings -l "$page" >/dev/null 2>"$tmp/err" && ! grep . "$tmp/err" || return 1
	"$audit" --help | grep -o -- '--[a-z-]*' | sort -u >"$tmp/opts"
	[ "$(wc -l <"$tmp/opts")" -ge 12 ] || return 1
	MANWIDTH=200 man -l "$page" 2>/dev/null | sed 's/\xe2\x80\x90/-/g' >"$tmp/page"
	while read -r o; do
		grep -q -- "$o" "$tmp/page" || { echo "$o not in the man page"; return 1; }
	done <"$tmp/opts"
}

# bash completion offers every long option of --help, the formats and
# the releases' names.
bash_completion_completes() {
	"$audit" --help | grep -o -- '--[a-z-]*' | sort -u >"$tmp/opts"
	complete_words() {
		bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
			_gpl_future_audit; printf "%s\n" "${COMPREPLY[@]}"' \
			sh "$src/gpl-future-audit.bash-completion" gpl-future-audit "$@"
	}
	complete_words -- | sed 's/=$//' | sort -u | diff -u "$tmp/opts" - || return 1
	[ "$(complete_words -f '' | tr '\n' ' ')" = "table tsv json " ] &&
		[ "$(complete_words --format = t | tr '\n' ' ')" = "table tsv " ] &&
		[ "$(complete_words di)" = diff ] && [ "$(complete_words fo)" = forecast ] &&
		[ "$(complete_words '' | head -n 2 | tr '\n' ' ')" = "diff forecast " ] ||
		{ complete_words -f ''; return 1; }
}

# make install: PREFIX, DESTDIR, the user's CFLAGS and LDFLAGS (no
# debug information, no build ID here, where the default has both), the
# man page and the completion; -Werror is the project's, not the user's.
installs_with_prefix() {
	r=$tmp/root
	make -s install PREFIX=/usr DESTDIR="$r" CFLAGS='-O1 -g0' \
		LDFLAGS='-Wl,--build-id=none' >/dev/null || return 1
	"$r/usr/bin/gpl-future-audit" --help | grep -q '^Usage: gpl-future-audit' &&
		[ -s "$r/usr/share/man/man1/gpl-future-audit.1" ] &&
		[ -s "$r/usr/share/bash-completion/completions/gpl-future-audit" ] || return 1
	readelf -SW "$r/usr/bin/gpl-future-audit" >"$tmp/secs"
	! grep -q -e ' \.debug_info ' -e ' \.note\.gnu\.build-id ' "$tmp/secs" ||
		{ echo "CFLAGS or LDFLAGS not used"; return 1; }
	readelf -SW "$audit" | grep -q ' \.debug_info ' || { echo "the default has no -g"; return 1; }
	make -n install PREFIX=/usr DESTDIR="$r" >"$tmp/cmds" &&
		grep -q 'gpl-future-audit' "$tmp/cmds" && ! grep -- -Werror "$tmp/cmds"
}

# In an image (its lib/modules/R tree given, or -b), a module link is
# resolved inside the image, as a chroot would: RHEL's weak-updates/
# links are absolute.  Here the host has a GPL module where the image's
# link points, the image a proprietary one: the image's is audited.
image_links_resolve_inside_the_image() {
	r=$tmp/img host=$tmp/host
	mkdir -p "$r/lib/modules/9.9.9/weak-updates" "$r/lib/modules/9.9.9/build" "$r$host" "$host" &&
		cp "$mods/gplf_prop.ko" "$r$host/vendor.ko" && cp "$mods/gplf_gpl.ko" "$host/vendor.ko" &&
		ln -s "$host/vendor.ko" "$r/lib/modules/9.9.9/weak-updates/vendor.ko" &&
		cp "$symvers" "$r/lib/modules/9.9.9/build/Module.symvers" || return 1
	for how in tree basedir link; do
		case $how in
		tree) "$audit" "$r/lib/modules/9.9.9" ;;
		basedir) "$audit" -b "$r" -k 9.9.9 "$r/lib/modules/9.9.9/weak-updates" ;;
		link) "$audit" -b "$r" -k 9.9.9 "$r/lib/modules/9.9.9/weak-updates/vendor.ko" ;;
		esac >"$tmp/out1" 2>"$tmp/err"
		rc=$?
		[ $rc = 1 ] && grep -q "^gplf_prop  *Proprietary .* $r$host/vendor.ko\$" "$tmp/out1" ||
			{ cat "$tmp/out1" "$tmp/err"; echo "$how: exit $rc"; return 1; }
	done
}

# Another kernel's Module.symvers (here one CRC changed, as between two
# kernels' builds): each import, of any module, whose __versions CRC it
# contradicts is its own kind of finding, with exit bit 8 and a line
# saying so; a module without CRCs (MODVERSIONS=n) has none to compare.
foreign_symvers_is_said() {
	awk -F'\t' -v OFS='\t' '$2 == "test_gpl_future_add" { $1 = "0x00c0ffee" } 1' "$symvers" >"$tmp/foreign.symvers"
	grep -q '^0x00c0ffee	test_gpl_future_add	' "$tmp/foreign.symvers" || { echo "no test_gpl_future_add"; return 1; }
	"$audit" -f tsv -s "$tmp/foreign.symvers" "$mods/gplf_prop.ko" "$mods/gplf_gpl.ko" >"$tmp/out1" 2>"$tmp/err"
	rc=$?
	printf '%s\n' 'gplf_gpl	GPL	test_gpl_future_add	crc-mismatch	vmlinux' \
		'gplf_prop	Proprietary	test_gpl_future_add	crc-mismatch	vmlinux' \
		'gplf_prop	Proprietary	test_gpl_future_add	gpl-future	vmlinux' \
		'gplf_prop	Proprietary	test_gpl_future_magic	gpl-future	vmlinux' >"$tmp/want"
	grep -v '^#' "$tmp/out1" | cut -f1-5 | sort | diff -u "$tmp/want" - && [ $rc = 9 ] ||
		{ cat "$tmp/err"; echo "exit $rc"; return 1; }
	"$audit" -s "$tmp/foreign.symvers" "$mods/gplf_gpl.ko" >"$tmp/out1" 2>&1
	grep -qx '1 imports with another CRC than the export.s: these modules and this Module.symvers are not of one kernel' "$tmp/out1" &&
		"$audit" -f json -s "$tmp/foreign.symvers" "$mods/gplf_gpl.ko" | jq -e '.mismatched == 1' >/dev/null ||
		{ cat "$tmp/out1"; return 1; }
	"$audit" -s "$tmp/foreign.symvers" "$b/nomodversions/mods/gplf_gpl.ko" >"$tmp/out1" 2>&1
	rc=$?
	[ $rc = 0 ] && ! grep -q 'another CRC' "$tmp/out1" || { cat "$tmp/out1"; echo "no CRCs: exit $rc"; return 1; }
	# An exporter among the scanned modules (a DKMS build in updates/)
	# is what its users bind, with its own CRC: not compared.
	cat "$symvers" "$mods/Module.symvers" |
		awk -F'\t' -v OFS='\t' '$2 == "gplf_exporter_triple" { $1 = "0x00c0ffee" } 1' >"$tmp/mod.symvers"
	"$audit" -s "$tmp/mod.symvers" "$mods/gplf_mod_gpl.ko" >/dev/null 2>&1
	rc=$?
	"$audit" -s "$tmp/mod.symvers" "$mods/gplf_mod_gpl.ko" "$mods/gplf_exporter.ko" >"$tmp/out1" 2>&1
	rc2=$?
	[ $rc = 8 ] && [ $rc2 = 0 ] ||
		{ cat "$tmp/out1"; echo "exporter: $rc alone, $rc2 with it scanned"; return 1; }
	# The same module given the CRC in 6.15's extended tables
	# (EXTENDED_MODVERSIONS), little-endian as x86: it agrees with the
	# changed Module.symvers, not with the kernel's own.
	printf '\356\377\300\000' >"$tmp/ext_crcs" && printf 'test_gpl_future_add\0' >"$tmp/ext_names" &&
		objcopy --add-section __version_ext_crcs="$tmp/ext_crcs" \
			--add-section __version_ext_names="$tmp/ext_names" \
			"$b/nomodversions/mods/gplf_gpl.ko" "$tmp/ext.ko" || return 1
	"$audit" -s "$tmp/foreign.symvers" "$tmp/ext.ko" >/dev/null 2>&1
	rc=$?
	"$audit" -s "$symvers" "$tmp/ext.ko" >"$tmp/out1" 2>&1
	rc2=$?
	[ $rc = 0 ] && [ $rc2 = 8 ] &&
		grep -q '^gplf_gpl  *GPL  *test_gpl_future_add  *crc-mismatch ' "$tmp/out1" ||
		{ cat "$tmp/out1"; echo "extended: exit $rc against its CRC, $rc2 against the kernel's"; return 1; }
}

# Two modules of one name in one kernel's tree (a GPL one in kernel/, a
# copy relicensed BSD in updates/dkms/): only the one modprobe loads is
# audited, the other said to be shadowed.  kmod's own depmod, given the
# same depmod.d, is the oracle (its modules.dep): the audit follows a
# modules.dep when there is one, even one older than the configuration
# (modprobe does), and without one works depmod's choice out from
# depmod.d: none (updates first), search, override (release as a
# regular expression, the module's own directory only), exclude.  Also
# through a merged /usr (ROOT/usr/lib/modules, ROOT/lib a link).
duplicate_names_as_depmod_picks() {
	r=$tmp/dups t=$tmp/dups/usr/lib/modules/9.9.9
	mkdir -p "$t/kernel/fs" "$t/updates/dkms" "$t/build" "$r/etc/depmod.d" &&
		ln -s usr/lib "$r/lib" &&
		cp "$mods/gplf_gpl.ko" "$t/kernel/fs/" && cp "$mods/gplf_gpl.ko" "$t/updates/dkms/" &&
		sh scripts/testmods/rewrite-modinfo.sh license GPL BSD "$t/updates/dkms/gplf_gpl.ko" &&
		cp "$symvers" "$t/build/Module.symvers" || return 1
	for conf in '' 'search built-in updates' 'search built-in updates
override gplf_gpl * updates' 'search built-in updates
override gplf_gpl 9\.9\..* updates/dkms' 'exclude dkms'; do
		printf '%s\n' "$conf" >"$r/etc/depmod.d/order.conf"
		depmod -b "$r" -C "$r/etc/depmod.d" 9.9.9 2>/dev/null || return 1
		want=$(sed -n 's/^\(.*gplf_gpl\.ko\):.*/\1/p' "$t/modules.dep")
		for dep in with without; do
			[ $dep = with ] || rm -f "$t"/modules.*
			dups_audited "$r/lib/modules/9.9.9" "$want" ||
				{ echo "'$conf', $dep modules.dep: depmod loads $want"; return 1; }
		done
	done
	# A modules.dep depmod wrote before the configuration changed.
	printf 'search built-in updates\n' >"$r/etc/depmod.d/order.conf"
	printf 'updates/dkms/gplf_gpl.ko:\n' >"$t/modules.dep"
	dups_audited "$r/usr/lib/modules/9.9.9" updates/dkms/gplf_gpl.ko ||
		{ echo "stale modules.dep not followed"; return 1; }
	# A tie (kernel/ and extra/ are both "built-in"): depmod's choice
	# depends on the order it reads them in, so both are audited.
	rm -f "$t"/modules.* "$r/etc/depmod.d/order.conf" &&
		mkdir -p "$t/extra" && mv "$t/updates/dkms/gplf_gpl.ko" "$t/extra/" || return 1
	"$audit" "$r/lib/modules/9.9.9" >"$tmp/out1" 2>"$tmp/err"
	grep -q '^2 modules scanned, 1 not GPL-compatible' "$tmp/out1" &&
		grep -q "which modprobe loads depends on depmod's directory order" "$tmp/err" ||
		{ cat "$tmp/out1" "$tmp/err"; echo "tie"; return 1; }
}

# dups_audited TREE WANT: the audit of TREE audits WANT (relative) alone
# of the two, and says the other is shadowed (named where they are: $t).
dups_audited() {
	case $2 in kernel/*) other=updates/dkms/gplf_gpl.ko want_rc=0 ;;
		*) other=kernel/fs/gplf_gpl.ko want_rc=1 ;; esac
	"$audit" "$1" >"$tmp/out1" 2>"$tmp/err"
	rc=$?
	[ $rc = $want_rc ] && grep -q '^1 modules scanned, ' "$tmp/out1" &&
		grep -qx "gpl-future-audit: $t/$other: shadowed by $t/$2, which modprobe loads (depmod)" "$tmp/err" ||
		{ cat "$tmp/out1" "$tmp/err"; echo "exit $rc"; return 1; }
}

# One run is one kernel's modules: a module of another architecture
# (its ELF machine made AArch64's here) is skipped with the reason, and
# the run says an input was skipped; the others are audited.
other_architecture_is_refused() {
	d=$tmp/arch
	mkdir -p "$d" && cp "$mods/gplf_gpl.ko" "$mods/gplf_dualmit.ko" "$d/" &&
		cp "$mods/gplf_prop.ko" "$d/foreign.ko" &&
		printf '\267\000' | dd of="$d/foreign.ko" bs=1 seek=18 conv=notrunc 2>/dev/null ||
		return 1
	"$audit" -s "$symvers" "$d" >"$tmp/out1" 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q "^gpl-future-audit: $d/foreign.ko: another architecture than the other modules (ELF machine) (skipped)\$" "$tmp/err" &&
		grep -q '^2 modules scanned, 0 not GPL-compatible, 0 affected, 0 imports unresolved, 1 skipped$' "$tmp/out1" ||
		{ cat "$tmp/out1" "$tmp/err"; echo "exit $rc"; return 1; }
}

# Modules of two kernels' trees and no --release: an error, not the
# running kernel's exports (which the root -b names holds here); with
# -k, that kernel's.
two_kernels_need_a_release() {
	r=$tmp/two rel=$(uname -r)
	for d in 6.1.0-x/kernel 6.12.0-y/kernel "$rel/build"; do mkdir -p "$r/lib/modules/$d"; done
	cp "$mods/gplf_prop.ko" "$r/lib/modules/6.1.0-x/kernel/" &&
		cp "$mods/gplf_gpl.ko" "$r/lib/modules/6.12.0-y/kernel/" &&
		cp "$symvers" "$r/lib/modules/$rel/build/Module.symvers" || return 1
	"$audit" -b "$r" "$r/lib/modules/6.1.0-x" "$r/lib/modules/6.12.0-y" >"$tmp/out1" 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q ': the paths are modules of different kernels: give --release' "$tmp/err" &&
		! grep -q . "$tmp/out1" ||
		{ cat "$tmp/out1" "$tmp/err"; echo "no -k: exit $rc"; return 1; }
	mkdir -p "$r/lib/modules/6.1.0-x/build" &&
		cp "$symvers" "$r/lib/modules/6.1.0-x/build/Module.symvers" || return 1
	"$audit" -b "$r" -k 6.1.0-x "$r/lib/modules/6.1.0-x" "$r/lib/modules/6.12.0-y" >"$tmp/out1" 2>"$tmp/err"
	rc=$?
	[ $rc = 1 ] && grep -q ': exports from .*/lib/modules/6.1.0-x/build/Module.symvers$' "$tmp/err" ||
		{ cat "$tmp/out1" "$tmp/err"; echo "-k: exit $rc"; return 1; }
}

# Building the tool needs no root and no harness: as nobody, in a build
# directory of its own, make audit compiles it (pkg-config gives the
# libraries) and never runs the harness's package installer (which
# would leave BUILD/deps.stamp).
builds_as_a_user_without_the_harness() {
	w=$(mktemp -d) && chown 65534:65534 "$w" || return 1
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL HOME="$w" make -s B="$w/build" audit \
		>"$tmp/user.log" 2>&1
	rc=$?
	[ $rc = 0 ] && "$w/build/tools/gpl-future-audit" --version >/dev/null &&
		[ ! -e "$w/build/deps.stamp" ] ||
		{ cat "$tmp/user.log"; ls "$w/build"; echo "exit $rc"; rm -rf "$w"; return 1; }
	rm -rf "$w"
}

# The fuzzer's kept mutants, each a module the loader must refuse or
# load (scripts/testmods/mangle-modules.sh): the tool reads or skips each
# and says so, exits 1 (affected), 2 or 3 (skipped), with no sanitizer
# report (case_).
mutants_do_not_break_the_audit() {
	ls "$built"/gplf_fuzz_*.ko >/dev/null 2>&1 || { echo "no kept mutants in $built"; return 1; }
	"$audit" -s "$symvers" "$built"/gplf_fuzz_*.ko >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# A mutant of __versions may disagree with Module.symvers (bit 8).
	case $rc in 1|2|3|9|10|11) ;; *) cat "$tmp/err"; echo "exit $rc"; return 1 ;; esac
	# Each one read or skipped: the summary counts them all.
	n=$(ls "$built"/gplf_fuzz_*.ko | wc -l)
	sed -n 's/^\([0-9]*\) modules scanned, .*, \([0-9]*\) skipped$/\1 \2/p' "$tmp/out" >"$tmp/counts"
	read -r scanned skipped <"$tmp/counts" && [ $((scanned + skipped)) = "$n" ] ||
		{ echo "$n kept mutants, not all read or skipped:"; cat "$tmp/out" "$tmp/err"; return 1; }
}

# The next kernel's exports ($tmp/next.symvers): this kernel's, every CRC
# changed, _printk GPL-only, test_gpl_future_magic gone, ktime_get in a
# namespace.  gplf_shim is gplf_gpl made to use gplf_prop_plain of the
# proprietary gplf_prop_exporter too, so inheriting its taint.
next_kernel() {
	awk -F'\t' -v OFS='\t' '$2 == "test_gpl_future_magic" { next }
		{ $1 = "0x00c0ffee" } $2 == "_printk" { $4 = "EXPORT_SYMBOL_GPL" }
		$2 == "ktime_get" { $5 = "NEW_NS" } 1' "$symvers" >"$tmp/next.symvers" &&
		grep -q '	ktime_get	vmlinux	EXPORT_SYMBOL_GPL	NEW_NS$' "$tmp/next.symvers" ||
		{ echo "no ktime_get"; return 1; }
	objcopy --redefine-sym test_gpl_future_magic=gplf_prop_plain "$mods/gplf_gpl.ko" "$tmp/shim.ko" &&
		set_modinfo name gplf_shim "$tmp/shim.ko" "$tmp/gplf_shim.ko"
}

# forecast: per module, what the next kernel would refuse (GPL-only for
# a proprietary module, its inherited taint counted; of any module an
# import gone or in a namespace not imported) or warn about; a weak
# import gone is left unbound; CRCs, another kernel's by design, are
# not compared.  The audit of the same files against the same exports
# says the CRCs, and not the GPL module's gone import.
forecast_finds_what_the_next_kernel_refuses() {
	next_kernel || return 1
	set -- "$mods/gplf_gpl.ko" "$mods/gplf_prop.ko" "$mods/gplf_prop_weak.ko" \
		"$tmp/gplf_shim.ko" "$mods/gplf_prop_exporter.ko" "$mods/gplf_taint_gplonly.ko"
	want_exit 21 forecast -f tsv -s "$tmp/next.symvers" "$@" || return 1
	printf '%s\n' 'gplf_gpl	GPL	test_gpl_future_magic	unresolved	-' \
		'gplf_prop	Proprietary	_printk	gpl-only	vmlinux' \
		'gplf_prop	Proprietary	test_gpl_future_add	gpl-future	vmlinux' \
		'gplf_prop	Proprietary	test_gpl_future_magic	unresolved	-' \
		'gplf_prop_weak	Proprietary	test_gpl_future_add	gpl-future	vmlinux' \
		'gplf_shim	GPL	_printk	gpl-only	vmlinux' \
		'gplf_shim	GPL	test_gpl_future_add	gpl-future	vmlinux' \
		'gplf_taint_gplonly	GPL	gplf_prop_future	gpl-future	gplf_prop_exporter' \
		'gplf_taint_gplonly	GPL	ktime_get	gpl-only	vmlinux' \
		'gplf_taint_gplonly	GPL	ktime_get	namespace	vmlinux' >"$tmp/want"
	grep -v '^#' "$tmp/stdout" | cut -f1-5 | sort | diff -u "$tmp/want" - || return 1
	grep -qx '# A forecast is about the symbols these binaries import and export: .* may import other symbols .*' "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
	want_exit 21 forecast -s "$tmp/next.symvers" "$@" &&
		grep -q '^gplf_taint_gplonly  *GPL  *ktime_get  *namespace NEW_NS  *vmlinux ' "$tmp/stdout" &&
		grep -qx 'Forecast: 4 modules would be refused on their symbols, 1 would load with a future-GPL warning.' \
			"$tmp/stdout" &&
		grep -qx 'A forecast is about the symbols these binaries import and export: .*modprobe --force.*' "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
	want_exit 21 forecast -f json -s "$tmp/next.symvers" "$@" &&
		jq -e '.forecast.refused == 4 and .forecast.warned == 1 and .mismatched == 0 and
			.namespace == 1 and (.forecast.note | test("may import other symbols")) and
			([.findings[] | select(.kind == "namespace") | .namespace] == ["NEW_NS"]) and
			([.findings[] | select(.kind != "namespace") | .namespace] | unique == [null])' \
			"$tmp/stdout" >/dev/null || { cat "$tmp/stdout"; return 1; }
	# The audit: every import of the kernel a CRC mismatch, no GPL
	# module's gone import, no forecast.
	want_exit 29 -f tsv -s "$tmp/next.symvers" "$@" &&
		! grep -q '^gplf_gpl	.*	unresolved	' "$tmp/stdout" &&
		grep -q '^gplf_gpl	GPL	_printk	crc-mismatch	vmlinux	' "$tmp/stdout" &&
		! grep -q '^# A forecast' "$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
	# A weak import gone: nothing to refuse.
	awk -F'\t' -v OFS='\t' '$2 != "test_gpl_future_add"' "$tmp/next.symvers" >"$tmp/gone.symvers"
	want_exit 0 forecast -s "$tmp/gone.symvers" "$mods/gplf_prop_weak.ko" &&
		grep -qx 'Forecast: 0 modules would be refused on their symbols, 0 would load with a future-GPL warning.' \
			"$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
	# A baseline hides findings, not the verdict; an assumed future-GPL
	# export is plain on the new kernel: no warning.
	want_exit 21 forecast -f tsv -s "$tmp/next.symvers" "$@" &&
		awk -F'\t' -v OFS='\t' '!/^#/ { print $0, "known" }' "$tmp/stdout" >"$tmp/known" &&
		want_exit 0 forecast --baseline "$tmp/known" -s "$tmp/next.symvers" "$@" &&
		grep -qx 'Forecast: 4 modules would be refused on their symbols, 1 would load with a future-GPL warning.' \
			"$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
	echo param_ops_bool >"$tmp/assumed"
	want_exit 1 forecast -a "$tmp/assumed" -s "$tmp/gone.symvers" "$mods/gplf_prop_weak.ko" &&
		grep -q '^gplf_prop_weak  *Proprietary  *param_ops_bool  *assumed-gpl-future ' "$tmp/stdout" &&
		grep -qx 'Forecast: 0 modules would be refused on their symbols, 0 would load with a future-GPL warning.' \
			"$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
}

# The verdict follows the loader's order of imports and checks, as
# policy-enforce.t's boots show it: a GPL module with a GPL-only import
# and then a weak one from a proprietary module loads, the weak one left
# unbound; the other way round it is tainted first and refused the
# GPL-only one; with a strong import from the proprietary module it is
# refused in either order.  A weak GPL-only import of a proprietary
# module is not bound, so its namespace is never checked.
forecast_decides_as_the_loader() {
	for m in gplf_order_weak_gpl gplf_order_weak_gpl_swapped gplf_order_gpl gplf_order_gpl_swapped; do
		case $m in gplf_order_weak_gpl) n=0 ;; *) n=1 ;; esac
		want_exit 1 forecast -s "$symvers" "$mods/gplf_prop_exporter.ko" "$mods/$m.ko" &&
			grep -qx "Forecast: $n modules would be refused on their symbols, .*" "$tmp/stdout" ||
			{ cat "$tmp/stdout"; echo "$m: want $n refused"; return 1; }
	done
	awk -F'\t' -v OFS='\t' '$2 == "test_gpl_future_add" { $4 = "EXPORT_SYMBOL_GPL"; $5 = "NEW_NS" } 1' \
		"$symvers" >"$tmp/weakns.symvers"
	want_exit 17 forecast -s "$tmp/weakns.symvers" "$mods/gplf_prop_weak.ko" &&
		grep -qx 'Forecast: 0 modules would be refused on their symbols, .*' "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
}

# The scanned modules are what the new kernel would load: one of them
# replaces its module of the same name there, exports and all (a
# gplf_mangle that exports only gplf_exporter_triple leaves
# gplf_mangle_user's imports found nowhere); without it, the new
# kernel's gplf_mangle serves them.
forecast_replaces_modules_of_the_same_name() {
	cat "$symvers" "$mods/Module.symvers" >"$tmp/both.symvers"
	set_modinfo name gplf_mangle "$mods/gplf_exporter.ko" "$tmp/gplf_mangle.ko" || return 1
	want_exit 1 forecast -f tsv -s "$tmp/both.symvers" "$mods/gplf_mangle_user.ko" &&
		! grep -q '	unresolved	' "$tmp/stdout" || { cat "$tmp/stdout"; return 1; }
	want_exit 4 forecast -f tsv -s "$tmp/both.symvers" "$mods/gplf_mangle_user.ko" "$tmp/gplf_mangle.ko" &&
		grep -q '^gplf_mangle_user	Proprietary	gplf_mangle_a	unresolved	-	' "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
}

# A "module:" namespace (EXPORT_SYMBOL_FOR_MODULES) admits the modules it
# names, as the loader's verify_module_namespace(): exact names, a
# trailing '*', '-' for '_'; others are refused, GPL or not, and so is
# an import_ns that is not the namespace.
namespaces_as_the_loader_checks_them() {
	for ns in 'module:gplf_gpl' 'module:other,gplf-gpl' 'module:gplf_g*' 'module:x,gplf*' \
		'module:gplf_gp' 'module:gplf_gpl2' 'module:' 'module:gplf_gpl*x' 'TEST_GPL_FUTURE'; do
		awk -F'\t' -v OFS='\t' -v ns="$ns" '$2 == "test_gpl_future_add" { $5 = ns } 1' \
			"$symvers" >"$tmp/ns.symvers"
		"$audit" forecast -f tsv -s "$tmp/ns.symvers" "$mods/gplf_gpl.ko" >"$tmp/out1" 2>"$tmp/err"
		rc=$?
		case $ns in
		module:gplf_gpl|module:other,gplf-gpl|'module:gplf_g*'|'module:x,gplf*') want=0 ;;
		*) want=16 ;;
		esac
		[ $rc = $want ] || { cat "$tmp/out1" "$tmp/err"; echo "'$ns': exit $rc, want $want"; return 1; }
	done
	# A module that imports the namespace may use it.
	awk -F'\t' -v OFS='\t' '$2 == "_printk" { $5 = "TEST_GPL_FUTURE" } 1' "$symvers" >"$tmp/ns.symvers"
	want_exit 1 forecast -f tsv -s "$tmp/ns.symvers" "$mods/gplf_ns_prop.ko" &&
		! grep -q '	namespace	' "$tmp/stdout" &&
		want_exit 16 forecast -f tsv -s "$tmp/ns.symvers" "$mods/smoke_gpl.ko" &&
		grep -q '^smoke_gpl	GPL	_printk	namespace	vmlinux	' "$tmp/stdout" &&
		want_exit 17 -s "$tmp/ns.symvers" "$mods/gplf_ns_prop.ko" "$mods/smoke_gpl.ko" ||
		{ cat "$tmp/stdout"; return 1; }
}

# A module exporting a symbol vmlinux exports is refused (duplicate,
# in the audit too); its exports are then gone, so a GPL module whose
# weak import it was (gplf_order_weak_gpl_swapped: that one, then a
# GPL-only one) loads untainted, whatever order the files are read in:
# the exporter is judged first, as modprobe loads it first.
forecast_judges_exporters_first() {
	objcopy --redefine-sym __ksymtab_gplf_prop_future=__ksymtab__printk \
		--redefine-sym __flags_gplf_prop_future=__flags__printk \
		"$mods/gplf_prop_exporter.ko" "$tmp/dupexp.ko" || return 1
	want_exit 32 -f tsv -s "$symvers" "$tmp/dupexp.ko" &&
		grep -q '^gplf_prop_exporter	Proprietary	_printk	duplicate	vmlinux	' "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
	for order in aa zz; do
		d=$tmp/order-$order && rm -rf "$d" && mkdir -p "$d" &&
			cp "$tmp/dupexp.ko" "$d/${order}_exporter.ko" &&
			cp "$mods/gplf_order_weak_gpl_swapped.ko" "$d/mm_user.ko" || return 1
		"$audit" forecast -s "$symvers" "$d" >"$tmp/stdout" 2>"$tmp/err"
		grep -qx 'Forecast: 1 modules would be refused on their symbols, 0 would load with a future-GPL warning.' \
			"$tmp/stdout" || { cat "$tmp/stdout"; echo "exporter read $order"; return 1; }
	done
}

# forecast needs the next kernel's Module.symvers: -s, or -k (and -b)
# to find it; never the modules' own kernel, never an ELF's tables
# (they give no namespaces).
forecast_needs_the_next_kernel() {
	next_kernel || return 1
	want_exit 2 forecast "$mods/gplf_prop.ko" &&
		grep -q "forecast: give the new kernel's Module.symvers (-s) or release (-k)" "$tmp/err" &&
		want_exit 2 forecast -e "$obj/vmlinux" "$mods/gplf_prop.ko" &&
		want_exit 2 forecast -s "$tmp/next.symvers" -e "$obj/vmlinux" "$mods/gplf_prop.ko" ||
		{ cat "$tmp/err"; return 1; }
	r=$tmp/fc && mkdir -p "$r/lib/modules/1.0/extra" "$r/lib/modules/2.0/build" &&
		cp "$mods/gplf_prop.ko" "$r/lib/modules/1.0/extra/" &&
		mkdir -p "$r/lib/modules/1.0/build" && cp "$symvers" "$r/lib/modules/1.0/build/Module.symvers" &&
		cp "$tmp/next.symvers" "$r/lib/modules/2.0/build/Module.symvers" || return 1
	want_exit 5 forecast -f tsv -b "$r" -k 2.0 "$r/lib/modules/1.0" &&
		grep -q '^gplf_prop	Proprietary	_printk	gpl-only	' "$tmp/stdout" &&
		grep -q "exports from $r/lib/modules/2.0/build/Module.symvers" "$tmp/err" ||
		{ cat "$tmp/stdout" "$tmp/err"; return 1; }
	want_exit 2 forecast -b "$r" "$r/lib/modules/1.0"
}

echo "KTAP version 1"
echo "1..47"
result finds_expected_modules_and_symbols case_ finds_expected_modules_and_symbols
result agrees_with_nm_and_modinfo case_ agrees_with_nm_and_modinfo
result gpl_modules_are_not_reported case_ gpl_modules_are_not_reported
result elf_exports_match_symvers case_ elf_exports_match_symvers
result malformed_exporters_are_skipped case_ malformed_exporters_are_skipped
if readelf -SW "$obj/vmlinux" | grep -q ' __kflagstab '; then
	result broken_export_flags_are_errors case_ broken_export_flags_are_errors
else
	num=$((num + 1))
	echo "ok $num broken_export_flags_are_errors # SKIP no __kflagstab: export types by section"
fi
result compressed_modules_match_plain case_ compressed_modules_match_plain
result compressed_symvers_read_as_plain case_ compressed_symvers_read_as_plain
result assume_future_reports_plain_exports case_ assume_future_reports_plain_exports
result impact_lists_users_per_symbol case_ impact_lists_users_per_symbol
result json_is_valid_and_complete case_ json_is_valid_and_complete
result exit_codes case_ exit_codes
result default_symvers_or_an_error case_ default_symvers_or_an_error
result unresolved_imports_fail_the_run case_ unresolved_imports_fail_the_run
result no_module_is_an_error case_ no_module_is_an_error
result symlinked_modules_are_followed_once case_ symlinked_modules_are_followed_once
result non_regular_files_are_not_opened case_ non_regular_files_are_not_opened
result bad_symvers_is_an_input_error case_ bad_symvers_is_an_input_error
result broken_files_are_reported_and_skipped case_ broken_files_are_reported_and_skipped
result every_truncation_is_said_truncated case_ every_truncation_is_said_truncated
result decompression_is_capped case_ decompression_is_capped
result utf8_passes_through_every_format case_ utf8_passes_through_every_format
result baseline_fails_only_on_new_findings case_ baseline_fails_only_on_new_findings
result diff_lists_changed_export_types case_ diff_lists_changed_export_types
result version_and_usage_name_the_tool case_ version_and_usage_name_the_tool
result proprietary_as_the_kernel_sees_it case_ proprietary_as_the_kernel_sees_it
result link_provided_symbols_are_not_unresolved case_ link_provided_symbols_are_not_unresolved
result assume_future_list_errors case_ assume_future_list_errors
result truncated_symvers_is_refused case_ truncated_symvers_is_refused
result mutants_do_not_break_the_audit case_ mutants_do_not_break_the_audit
result two_kernels_need_a_release case_ two_kernels_need_a_release
result other_architecture_is_refused case_ other_architecture_is_refused
result foreign_symvers_is_said case_ foreign_symvers_is_said
result duplicate_names_as_depmod_picks case_ duplicate_names_as_depmod_picks
result image_links_resolve_inside_the_image case_ image_links_resolve_inside_the_image
result forecast_finds_what_the_next_kernel_refuses case_ forecast_finds_what_the_next_kernel_refuses
result namespaces_as_the_loader_checks_them case_ namespaces_as_the_loader_checks_them
result forecast_decides_as_the_loader case_ forecast_decides_as_the_loader
result forecast_replaces_modules_of_the_same_name case_ forecast_replaces_modules_of_the_same_name
result forecast_judges_exporters_first case_ forecast_judges_exporters_first
result forecast_needs_the_next_kernel case_ forecast_needs_the_next_kernel
if $sanitized; then
	for t in license_list_matches_the_kernel man_page_is_clean_and_complete \
		bash_completion_completes sources_pass_checkpatch installs_with_prefix \
		builds_as_a_user_without_the_harness; do
		plain_only $t
	done
else
	result license_list_matches_the_kernel license_list_matches_the_kernel
	result man_page_is_clean_and_complete man_page_is_clean_and_complete
	result bash_completion_completes bash_completion_completes
	result sources_pass_checkpatch
	result installs_with_prefix
	result builds_as_a_user_without_the_harness
fi

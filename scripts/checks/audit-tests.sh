#!/bin/sh
# audit-tests.sh BUILD AUDIT ASAN_AUDIT: check gpl-future-audit against
# the test modules and Module.symvers of the patched builds, and feed
# the ASan/UBSan build crafted broken files.  KTAP output.
set -u

b=$1 audit=$2 asan=$3
obj=$b/modversions/obj mods=$b/modversions/mods
symvers=$obj/Module.symvers
. scripts/harness/ktap-lib.sh

# The findings without the file column (paths differ between runs).
findings() {
	"$@" -f tsv | grep -v '^#' | cut -f1-5
}

# Runs the sanitizer build; any report from ASan or UBSan fails the test.
run_asan() {
	"$asan" "$@" 2>"$tmp/asan.err"
	rc=$?
	if grep -E 'AddressSanitizer|runtime error|LeakSanitizer' "$tmp/asan.err"; then
		return 99
	fi
	return $rc
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
# kernel's and the test modules' own, concatenated in \$2).
oracle() {
	for ko in "$1"/*.ko; do
		lic=$(modinfo -F license "$ko")
		case $lic in
		"GPL"|"GPL v2"|"GPL and additional rights"|"Dual BSD/GPL"|"Dual MIT/GPL"|"Dual MPL/GPL")
			continue ;;
		esac
		name=$(modinfo -F name "$ko")
		nm -u "$ko" | awk -v m="$name" -v l="$lic" '
			NR == FNR { t[$2] = $4; x[$2] = $3; next }
			$2 in t && t[$2] != "EXPORT_SYMBOL" {
				k = t[$2] == "EXPORT_SYMBOL_GPL" ? "gpl-only" : "gpl-future"
				n = split(x[$2], p, "/")
				print m "\t" l "\t" $2 "\t" k "\t" p[n]
			}' FS='\t' "$2" FS=' ' -
	done | sort
}

agrees_with_nm_and_modinfo() {
	for c in modversions nomodversions; do
		cat "$b/$c/obj/Module.symvers" "$b/$c/mods/Module.symvers" >"$tmp/symvers"
		oracle "$b/$c/mods" "$tmp/symvers" >"$tmp/want"
		[ -s "$tmp/want" ] || { echo "$c: oracle found nothing"; return 1; }
		findings "$audit" -s "$b/$c/obj/Module.symvers" "$b/$c/mods" | sort >"$tmp/got"
		diff -u "$tmp/want" "$tmp/got" || { echo "$c differs"; return 1; }
	done
}

gpl_modules_are_not_reported() {
	for m in gplf_gpl gplf_gplplus gplf_dualmit gplf_taint_future smoke_gpl; do
		"$audit" -s "$symvers" "$mods/$m.ko" >"$tmp/out1" ||
			{ cat "$tmp/out1"; echo "$m: exit $?"; return 1; }
		grep -q '^1 modules scanned, 0 not GPL-compatible, 0 affected, 0 skipped$' "$tmp/out1" ||
			{ cat "$tmp/out1"; return 1; }
	done
}

# The ksymtab sections of vmlinux and of the scanned modules say what
# Module.symvers says.
elf_exports_match_symvers() {
	findings "$audit" -e "$obj/vmlinux" "$mods" >"$tmp/elf"
	findings "$audit" -s "$symvers" "$mods" >"$tmp/symvers"
	diff -u "$tmp/symvers" "$tmp/elf"
}

compressed_modules_match_plain() {
	mkdir "$tmp/z"
	for m in gplf_prop gplf_mod_prop smoke_bypass gplf_gpl; do
		xz -c "$mods/$m.ko" >"$tmp/z/$m.ko.xz"
		zstd -q -c "$mods/$m.ko" >"$tmp/z/$m-zst.ko.zst"
	done
	for m in gplf_prop gplf_mod_prop smoke_bypass gplf_gpl; do
		findings "$audit" -s "$symvers" "$mods/$m.ko"
	done >"$tmp/plain"
	grep -q . "$tmp/plain" || return 1
	for ext in xz zst; do
		findings "$audit" -s "$symvers" "$tmp"/z/*."$ext" | sort >"$tmp/packed"
		sort "$tmp/plain" | diff -u - "$tmp/packed" || { echo ".ko.$ext differs"; return 1; }
	done
}

assume_future_reports_plain_exports() {
	findings "$audit" -s "$symvers" -a tests/audit/assume-future.txt \
		"$mods" 2>"$tmp/err" >"$tmp/found"
	for m in gplf_defns_prop gplf_mangle_user gplf_mod_prop gplf_ns_prop gplf_prop smoke_bypass; do
		grep -qx "$m	Proprietary	_printk	assumed-gpl-future	vmlinux" "$tmp/found" ||
			{ echo "$m: no assumed _printk"; return 1; }
	done
	# gplf_prop twice: gplf_fill_prop.ko is a copy of it (malformed.t).
	[ "$(grep -c assumed "$tmp/found")" = 7 ] || { cat "$tmp/found"; return 1; }
	grep -q 'ktime_get is already GPL-only' "$tmp/err" &&
		grep -q 'no_such_export is not a known export' "$tmp/err" || { cat "$tmp/err"; return 1; }
}

json_is_valid_and_complete() {
	"$audit" -f json -s "$symvers" "$mods" >"$tmp/json"
	n=$(ls "$mods"/*.ko | wc -l)
	jq -e --argjson n "$n" '.scanned == $n and .affected == 10 and .skipped == 0 and
		([.findings[] | select(.kind == "gpl-future")] | length) == 1012' "$tmp/json" ||
		{ head -c 600 "$tmp/json"; echo; return 1; }
}

# 0 clean, 1 affected, 2 usage or input error.
exit_codes() {
	check() {
		want=$1
		shift
		"$audit" "$@" >/dev/null 2>"$tmp/err"
		rc=$?
		[ $rc = "$want" ] || { cat "$tmp/err"; echo "$*: exit $rc, want $want"; return 1; }
	}
	check 0 -s "$symvers" "$mods/gplf_gpl.ko" &&
	check 1 -s "$symvers" "$mods/gplf_prop.ko" &&
	check 2 -s "$symvers" &&
	check 2 --no-such-option "$mods" &&
	check 2 -f xml -s "$symvers" "$mods" &&
	check 2 -j 0 -s "$symvers" "$mods" &&
	check 2 "$mods/gplf_gpl.ko" &&
	check 2 -s "$tmp/missing.symvers" "$mods" &&
	check 2 -s "$symvers" "$tmp/missing.ko" &&
	check 0 --help
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
	gzip -c "$good" >"$d/packed.ko.gz.ko"
	printf '\375\067\172\130\132\000garbage' >"$d/garbage.ko.xz"
	cp "$good" "$d/good.ko"
}

broken_files_are_reported_and_skipped() {
	make_broken_files
	run_asan -s "$symvers" "$tmp/broken" >"$tmp/out1"
	rc=$?
	cat "$tmp/asan.err" >"$tmp/err"
	[ $rc = 2 ] || { cat "$tmp/err"; echo "exit $rc, want 2"; return 1; }
	n=$(ls "$tmp/broken" | wc -l)
	skipped=$(grep -c '(skipped)$' "$tmp/err")
	[ "$skipped" = $((n - 1)) ] || { cat "$tmp/err"; echo "$skipped of $((n - 1)) skipped"; return 1; }
	# The one good file is still audited.
	grep -q '^1 modules scanned, 1 not GPL-compatible, 1 affected, '"$skipped"' skipped$' "$tmp/out1" &&
		grep -q 'test_gpl_future_add' "$tmp/out1" || { cat "$tmp/out1"; return 1; }
	for why in 'truncated.ko: ' 'no-modinfo.ko: no .modinfo section' \
		'no-symtab.ko: no symbol table' 'vmlinux.ko: not a module' \
		'empty-symtab.ko: empty symbol table' 'bad-symtab-size.ko: ' 'bad-shoff.ko: ' \
		'text.ko: not an ELF file' 'truncated.ko.xz: corrupt xz data' \
		'truncated.ko.zst: corrupt zstd data' 'packed.ko.gz.ko: gzip-compressed'; do
		grep -q "$why" "$tmp/err" || { cat "$tmp/err"; echo "no '$why'"; return 1; }
	done
}

# Every byte of a module cut off in turn: no crash, no sanitizer report.
asan_survives_every_truncation() {
	good=$mods/gplf_exporter.ko
	size=$(stat -c %s "$good")
	i=0
	while [ $i -lt "$size" ]; do
		head -c $i "$good" >"$tmp/cut.ko"
		run_asan -q -s "$symvers" "$tmp/cut.ko" >/dev/null
		rc=$?
		[ $rc = 2 ] || { cat "$tmp/asan.err"; echo "cut at $i: exit $rc"; return 1; }
		i=$((i + 97))
	done
}

asan_build_agrees() {
	findings "$audit" -s "$symvers" -a tests/audit/assume-future.txt "$mods" 2>/dev/null >"$tmp/rel"
	run_asan -f tsv -s "$symvers" -a tests/audit/assume-future.txt "$mods" >"$tmp/asan.tsv"
	[ $? = 1 ] || { cat "$tmp/asan.err"; return 1; }
	grep -v '^#' "$tmp/asan.tsv" | cut -f1-5 | diff -u "$tmp/rel" -
}

# The project's C sources.  Library names (Elf_Scn, ZSTD_*) and
# libFuzzer's prototype are not ours to rename, and the guest init's
# nolibc has strlcpy() but no strscpy(); anything else checkpatch
# --strict says is a finding.
sources_pass_checkpatch() {
	for f in scripts/gpl-future-audit/*.[ch] tests/mangle/*.c tests/init/*.c; do
		nolibc='^$'
		case $f in tests/init/*) nolibc='Prefer strscpy over strlcpy' ;; esac
		"$b/linux/scripts/checkpatch.pl" --strict --no-tree --no-summary -q -f "$f" |
			grep -E '^(ERROR|WARNING|CHECK)' |
			grep -v -e 'CamelCase: <\(G\?Elf_\|Elf>\|ZSTD_\|LLVMFuzzer\)' \
				-e "'u8' over 'uint8_t'" -e "$nolibc"
	done >"$tmp/cp"
	! grep . "$tmp/cp"
}

installs_with_prefix() {
	make -s install PREFIX=/usr DESTDIR="$tmp/root" >/dev/null &&
		"$tmp/root/usr/bin/gpl-future-audit" --help | grep -q '^Usage: gpl-future-audit'
}

echo "KTAP version 1"
echo "1..14"
result finds_expected_modules_and_symbols
result agrees_with_nm_and_modinfo
result gpl_modules_are_not_reported
result elf_exports_match_symvers
result compressed_modules_match_plain
result assume_future_reports_plain_exports
result json_is_valid_and_complete
result exit_codes
result bad_symvers_is_an_input_error
result broken_files_are_reported_and_skipped
result asan_survives_every_truncation
result asan_build_agrees
result sources_pass_checkpatch
result installs_with_prefix

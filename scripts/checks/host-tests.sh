#!/bin/sh
# host-tests.sh BUILD: the host-side cases of the harness itself and of
# build-time behaviour, on the cells $CELLS of BUILD (build/BASE),
# printed as KTAP version 1.
set -u

b=$1
configs=${CELLS:?CELLS lists the cells to check}
ko_mangle=${b%/*}/tools/ko-mangle
ko_fuzz=${b%/*}/tools/ko-fuzz
. scripts/harness/ktap-lib.sh

# The export layout of the base: 6.12 has a table per license, its
# future-GPL exports in __ksymtab_gpl_future with CRCs in
# __kcrctab_gpl_future; 7.3 (since 7.1) has one __ksymtab and __kcrctab,
# each export's license a flag in __kflagstab.
if readelf -SW "$b/modversions/obj/vmlinux" | grep -q ' __kflagstab '; then
	future_syms=__ksymtab future_crcs=__kcrctab
else
	future_syms=__ksymtab_gpl_future future_crcs=__kcrctab_gpl_future
fi

# modpost's warning for MODULE using the future-GPL SYMBOL, as 6.12 and
# 7.3 word it, for grep -E.
future_warning() {
	echo "WARNING: modpost: (GPL-incompatible module $1\\.ko|$1\\.ko: GPL-incompatible module) uses future GPL-only symbol '$2'"
}

configure_rejects_dropped_option() {
	echo 'CONFIG_GPL_FUTURE_NO_SUCH_OPTION=y' >"$tmp/bad.config"
	if sh scripts/harness/configure.sh x86_64 "$b/linux" "$tmp/obj" \
		tests/config/base.config "$tmp/bad.config" 2>"$tmp/err"; then
		echo "configure.sh accepted an option Kconfig dropped"
		return 1
	fi
	grep -q 'did not survive olddefconfig: .*CONFIG_GPL_FUTURE_NO_SUCH_OPTION=y' "$tmp/err"
}

report_fails_truncated_or_bailed_out_run() {
	printf 'KTAP version 1\n1..3\nok 1 a\nok 2 b\n' >"$tmp/cut.ktap"
	if sh scripts/harness/ktap-report.sh "$tmp/cut.ktap" >"$tmp/rep"; then
		echo "ktap-report.sh passed a run that stopped after 2 of 3 results"
		return 1
	fi
	grep -q 'plan says 3 results, got 2' "$tmp/rep" &&
		grep -qx '2 passed, 1 failed, 0 skipped' "$tmp/rep" || return 1
	# A guest that crashed after its last result (run-suites.sh).
	printf 'KTAP version 1\n1..1\nok 1 a\nBail out! guest crashed after 3 s\n' >"$tmp/bail.ktap"
	if sh scripts/harness/ktap-report.sh "$tmp/bail.ktap" >"$tmp/rep"; then
		echo "ktap-report.sh passed a boot that bailed out"
		return 1
	fi
	grep -q 'Bail out! guest crashed after 3 s' "$tmp/rep"
}

# The records' one reader: a value, nothing for a key the record lacks,
# an error for a record that does not exist.
field_reads_records() {
	printf '# arch: x86_64\n# qemu: qemu-system-aarch64 -M virt\nCONFIG_X=y\n' >"$tmp/rec"
	[ "$(sh scripts/harness/field.sh "$tmp/rec" qemu)" = "qemu-system-aarch64 -M virt" ] &&
		[ -z "$(sh scripts/harness/field.sh "$tmp/rec" console)" ] ||
		{ echo "field.sh misread a record"; return 1; }
	if sh scripts/harness/field.sh "$tmp/none" arch 2>"$tmp/err"; then
		echo "field.sh read a record that does not exist"
		return 1
	fi
	grep -q 'no such record' "$tmp/err"
}

# The host lists a suite's cases with the guest's own parser (init
# --cases): an indented case counts, a commented one does not.
init_lists_cases_as_the_guest_reads_them() {
	printf '# cmdline: x\ncase one\nend\n  case two\n\tend\n# case three\ncase on\nend\n' >"$tmp/s.t"
	for glob_want in ":one two on " "*:one two on " "one:one " "on:on " "o*:one on " \
		"*e:one " "?n*:one on " "t?o:two " "*o*:one two on " "x*:" "one?:" "on*e:one "; do
		glob=${glob_want%%:*} want=${glob_want#*:}
		got=$("$b/init-x86_64" --cases "$tmp/s.t" ${glob:+"$glob"} | tr '\n' ' ')
		[ "$got" = "$want" ] || { echo "init --cases ${glob:-(all)} listed: \"$got\", not \"$want\""; return 1; }
	done
}

# make test CASE=GLOB: run-suites.sh boots the smoke suite of the first
# cell with the cases GLOB selects, in one boot and one boot per case
# (the same cell's kernel, its record's boot: changed); the document
# holds those cases, in the suite's order, and no_kernel_reports.
run_suites_runs_the_cases_a_glob_selects() {
	cell=$b/${configs%% *} glob='*gpl*'
	"$b/init-x86_64" --cases "$cell/smoke.t" "$glob" >"$tmp/selected"
	n=$(wc -l <"$tmp/selected")
	[ "$n" -ge 2 ] && [ "$n" -lt "$(grep -c '^case ' "$cell/smoke.t")" ] ||
		{ echo "$glob selects all of smoke's cases, or fewer than two"; return 1; }
	want=$(awk '{ print "ok " NR " " $0 } END { print "ok " NR + 1 " no_kernel_reports" }' "$tmp/selected")
	for boot in suite case; do
		mkdir -p "$tmp/$boot"
		for f in image smoke.t smoke.cpio.gz; do ln -s "$(realpath "$cell/$f")" "$tmp/$boot/$f"; done
		{ grep -v '^# boot:' "$cell/cell.config"; echo "# boot: $boot"; } >"$tmp/$boot/cell.config"
		CASES=$glob INIT_HOST=$b/init-x86_64 sh scripts/harness/run-suites.sh "$tmp/$boot/smoke.ktap" \
			2>"$tmp/err" || { cat "$tmp/err"; return 1; }
		got=$(grep -E '^(not )?ok ' "$tmp/$boot/smoke.ktap")
		[ "$got" = "$want" ] ||
			{ echo "boot: $boot gave"; cat "$tmp/$boot/smoke.ktap"; echo "not"; echo "$want"; return 1; }
	done
}

# What an architecture record says of its export entries ("exports:")
# is what its kernels build: every configured cell of the base,
# PC-relative with HAVE_ARCH_PREL32_RELOCATIONS, absolute without.
arch_records_name_the_export_entries_built() {
	n=0
	for record in tests/cells/*.config; do
		cell=$(basename "$record" .config)
		[ -r "$b/$cell/obj/.config" ] || continue
		n=$((n + 1))
		arch=$(sh scripts/harness/field.sh "$record" arch)
		want=$(sh scripts/harness/field.sh "tests/arch/$arch.config" exports)
		if grep -qx 'CONFIG_HAVE_ARCH_PREL32_RELOCATIONS=y' "$b/$cell/obj/.config"; then
			got=pc-relative
		else
			got=absolute
		fi
		[ "$got" = "$want" ] || echo "$cell: tests/arch/$arch.config says \"$want\", its kernel has $got entries"
	done >"$tmp/bad"
	[ "$n" -gt 0 ] || { echo "no configured cell under $b"; return 1; }
	[ ! -s "$tmp/bad" ] || { cat "$tmp/bad"; return 1; }
}

# "case=NAME" (make test CASE=, a per-case boot) selects one case: the
# names of every suite are unique and hold no character a glob reads.
case_names_are_unique_identifiers() {
	for t in tests/suite/*.t tests/suite/*/*.t; do
		"$b/init-x86_64" --cases "$t" >"$tmp/names" || return 1
		grep -v -x '[a-z0-9_]*' "$tmp/names" | sed "s|^|$t: not an identifier: |"
		sort "$tmp/names" | uniq -d | sed "s|^|$t: twice: |"
	done >"$tmp/bad"
	[ ! -s "$tmp/bad" ] || { cat "$tmp/bad"; return 1; }
}

# A per-case boot is a subtest: only top-level results count, and a
# failed subtest's diagnostics show under its failed parent.
report_counts_top_level_and_shows_subtests() {
	printf 'KTAP version 1\n1..2\n    KTAP version 1\n    1..1\n    # the reason\n    not ok 1 inner\nnot ok 1 outer\nok 2 other\n' >"$tmp/nested.ktap"
	if sh scripts/harness/ktap-report.sh "$tmp/nested.ktap" >"$tmp/rep"; then
		echo "ktap-report.sh passed a failed parent"
		return 1
	fi
	grep -qx '1 passed, 1 failed, 0 skipped' "$tmp/rep" && grep -qx '     # the reason' "$tmp/rep" ||
		{ cat "$tmp/rep"; return 1; }
}

# A base from a suite the machine does not use comes through a private
# sources list under build/apt/ (here Debian 13's small "hello"): the
# machine's apt sources and lists stay as they were.
get_source_fetches_without_touching_apt() {
	printf '# package: hello\n# suite: trixie\n# tarball: usr/bin/hello\n' >"$tmp/hello"
	apt_state() { ls -l --time-style=full-iso /etc/apt /etc/apt/sources.list.d /var/lib/apt/lists; }
	apt_state >"$tmp/apt.before"
	got=$(sh scripts/harness/get-source.sh "$tmp/hello" "${b%/*}") || return 1
	apt_state | diff "$tmp/apt.before" - || { echo "the machine's apt state changed"; return 1; }
	[ "$got" = "${b%/*}/hello/deb/usr/bin/hello" ] && readelf -h "$got" >/dev/null &&
		ls "${b%/*}"/apt/trixie/*/lists/*_dists_trixie_InRelease >/dev/null ||
		{ echo "got $got"; return 1; }
}

# The private sources lists take their mirror from the machine's apt
# configuration, as apt reads it (one-line and deb822 sources alike):
# the entry of the machine's own release, not its security suite's.
apt_mirror_is_the_release_entry_of_apt_config() {
	release=$(. /etc/os-release && echo "$VERSION_CODENAME")
	mkdir -p "$tmp/apt/list.d" "$tmp/apt/822.d"
	printf 'deb http://security.invalid/ %s-security main\n' "$release" >"$tmp/apt/list.d/a.list"
	printf 'deb [arch=amd64] http://list.invalid/debian/ %s main\n' "$release" >"$tmp/apt/list.d/b.list"
	printf 'Types: deb\nURIs: http://security.invalid/\nSuites: %s-security\nComponents: main\n\n' \
		"$release" >"$tmp/apt/822.d/debian.sources"
	printf 'Types: deb\nURIs: http://822.invalid/debian\nSuites: %s %s-updates\nComponents: main\n' \
		"$release" "$release" >>"$tmp/apt/822.d/debian.sources"
	for f in list 822 none; do
		printf 'Dir::Etc::SourceList "%s";\nDir::Etc::SourceParts "%s";\n' \
			"$tmp/apt/none.list" "$tmp/apt/$f.d" >"$tmp/apt/$f.conf"
	done
	for f in list 822; do
		got=$(APT_CONFIG=$tmp/apt/$f.conf sh scripts/harness/apt-mirror.sh) &&
			[ "$got" = "http://$f.invalid/debian" ] || { echo "$f: got '$got'"; return 1; }
	done
	if APT_CONFIG=$tmp/apt/none.conf sh scripts/harness/apt-mirror.sh 2>"$tmp/err"; then
		echo "apt-mirror.sh found a mirror in an empty configuration"
		return 1
	fi
	grep -q "no deb entry for its release $release" "$tmp/err"
}

# A suite the machine's mirror does not carry is an error naming it.
apt_fetch_names_a_suite_the_mirror_lacks() {
	if sh scripts/harness/apt-fetch.sh "$tmp" gplf-no-such-suite hello "$tmp/fetched" 2>"$tmp/err"; then
		echo "apt-fetch.sh fetched from a suite that does not exist"
		return 1
	fi
	tail -n 1 "$tmp/err" | grep -q '^apt-fetch: error: suite gplf-no-such-suite is not on ' ||
		{ cat "$tmp/err"; return 1; }
	[ ! -e "$tmp/fetched" ]
}

# Archives are reached through the machine's apt configuration only: no
# file of the project names an archive host or a download address (but
# the reserved .invalid, which the cases above use).
no_archive_host_in_the_project() {
	host='(https?|ftp)://|[a-z0-9-]+\.debian\.(org|net)\b'
	# Spelt so that this file does not match.
	d=debian h=http f=ftp
	printf '%s\n' "deb $h://ftp.de.$d.org/$d" "snapshot.$d.org" "URIs: $f://192.0.2.1/" >"$tmp/hosts"
	[ "$(grep -ciE "$host" "$tmp/hosts")" = 3 ] || { echo "the pattern misses a host"; return 1; }
	git ls-files --error-unmatch Makefile >/dev/null || return 1
	! git grep -nIiE "$host" | grep -viE '://[^/ ]*\.invalid(/|\b)'
}

# Every command of the README's command list is one make knows, as
# written (FILE: a file of the reader's).
readme_commands_run_as_written() {
	sed -n '/^Commands$/,/^Applying the series$/s/^    \(make.*\)/\1/p' README |
		sed 's/  .*//' >"$tmp/commands"
	[ "$(wc -l <"$tmp/commands")" -ge 10 ] || { echo "README: commands not found"; return 1; }
	echo init_module >"$tmp/FILE"
	while read -r cmd; do
		# shellcheck disable=SC2046
		set -- $(echo "$cmd" | sed "s|=FILE$|=$tmp/FILE|")
		shift
		# As a reader types it: not with this run's make variables.
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES -u BASE -u CHECK_GOAL \
			make -n -s B="$tmp/build" "$@" >/dev/null 2>"$tmp/err" ||
			{ echo "README: '$cmd' fails:"; cat "$tmp/err"; return 1; }
	done <"$tmp/commands"
}

rewrite_modinfo_refuses_plain_module() {
	cp "$b/modversions/mods/smoke_gpl.ko" "$tmp/plain.ko"
	if sh scripts/testmods/rewrite-modinfo.sh license 'GPL v2' NVIDIA "$tmp/plain.ko" 2>/dev/null; then
		echo "rewrite-modinfo.sh rewrote a module without the placeholder"
		return 1
	fi
	cmp "$tmp/plain.ko" "$b/modversions/mods/smoke_gpl.ko"
}

bypass_module_is_proprietary() {
	for c in $configs; do
		c=$b/$c/mods/smoke_bypass.ko
		[ "$(modinfo -F license "$c")" = NVIDIA ] ||
			{ echo "$c: license is not NVIDIA"; return 1; }
	done
}

modpost_warns_proprietary_user() {
	for c in $configs; do
		c=$b/$c/modules.log
		grep -qE "$(future_warning gplf_prop test_gpl_future_add)" "$c" &&
		grep -qE "$(future_warning gplf_mod_prop gplf_exporter_triple)" "$c" &&
		grep -qE "$(future_warning gplf_asm_prop gplf_asm_add)" "$c" ||
			{ echo "$c: no modpost warning for a proprietary user"; return 1; }
		if grep -E "gplf_(gpl|gplplus|dualmit|asm_gpl)\.ko.* uses future" "$c"; then
			echo "$c: modpost warned about a GPL user"
			return 1
		fi
	done
}

symvers_records_future_gpl_type() {
	for c in $configs; do
		c=$b/$c
		grep -qP "^0x[0-9a-f]{8}\ttest_gpl_future_add\tvmlinux\tEXPORT_SYMBOL_GPL_FUTURE\t\$" "$c/obj/Module.symvers" &&
		grep -qP "\ttest_gpl_future_ns_id\tvmlinux\tEXPORT_SYMBOL_GPL_FUTURE\tTEST_GPL_FUTURE\$" "$c/obj/Module.symvers" &&
		grep -qP "\tgplf_exporter_triple\t.*gplf_exporter\tEXPORT_SYMBOL_GPL_FUTURE\t\$" "$c/mods/Module.symvers" &&
		grep -qP "\tgplf_defns_value\t.*gplf_defns\tEXPORT_SYMBOL_GPL_FUTURE\tGPLF_DEFNS\$" "$c/mods/Module.symvers" &&
		grep -qP "\tgplf_asm_add\t.*gplf_asm_exporter\tEXPORT_SYMBOL_GPL_FUTURE\t\$" "$c/mods/Module.symvers" ||
			{ echo "$c: Module.symvers lacks EXPORT_SYMBOL_GPL_FUTURE lines"; return 1; }
	done
}

# An external module built against the exporter's Module.symvers
# (KBUILD_EXTRA_SYMBOLS) must see the type and get the same warning.
extra_symbols_keep_type() {
	mkdir -p "$tmp/ext"
	cp tests/modules/gplf_mod_prop.c "$tmp/ext/"
	echo "obj-m += gplf_mod_prop.o" >"$tmp/ext/Kbuild"
	sh scripts/harness/kmake.sh x86_64 "$b/linux" "$b/modversions/obj" M="$tmp/ext" \
		KBUILD_EXTRA_SYMBOLS="$b/modversions/mods/Module.symvers" modules >"$tmp/ext.log" 2>&1 ||
		{ tail "$tmp/ext.log"; return 1; }
	grep -qE "$(future_warning gplf_mod_prop gplf_exporter_triple)" "$tmp/ext.log"
}

crc_tables_follow_modversions() {
	readelf -SW "$b/modversions/obj/vmlinux" | grep -q " $future_crcs " &&
	readelf -SW "$b/modversions/mods/gplf_exporter.ko" | grep -q " $future_crcs " ||
		{ echo "MODVERSIONS=y: no $future_crcs"; return 1; }
	if readelf -SW "$b/nomodversions/mods/gplf_exporter.ko" | grep " __kcrctab"; then
		echo "MODVERSIONS=n: unexpected CRC table"
		return 1
	fi
	readelf -SW "$b/nomodversions/mods/gplf_exporter.ko" | grep -q " $future_syms "
}

# The assembly exporter (tests/modules/gplf_asm_add.S; modpost's warning
# and its Module.symvers type are checked with the C exporters'): its
# export is in the future-GPL table (6.12, 6.1; on 7.3 its flag is the
# type Module.symvers says, which modpost writes from it), and with
# MODVERSIONS genksyms gave it a CRC (none is 0x00000000 and a "version
# generation failed" warning).
assembly_export_is_future_gpl() {
	for c in $configs; do
		d=$b/$c
		readelf -sW "$d/mods/gplf_asm_exporter.ko" | grep -q " __ksymtab_gplf_asm_add\$" &&
		{ [ "$future_syms" = __ksymtab ] ||
		  readelf -SW "$d/mods/gplf_asm_exporter.ko" | grep -q " $future_syms "; } ||
			{ echo "$c: the assembly export is not in the future-GPL table"; return 1; }
		if grep "gplf_asm_add.*version generation failed" "$d/modules.log"; then
			echo "$c: genksyms gave the assembly export no CRC"
			return 1
		fi
		grep -q '^CONFIG_MODVERSIONS=y' "$d/obj/.config" || continue
		grep -qP "^0x(?!00000000)[0-9a-f]{8}\tgplf_asm_add\t" "$d/mods/Module.symvers" ||
			{ echo "$c: gplf_asm_add has no CRC"; return 1; }
	done
}

# The final no_kernel_reports case of every suite, shown to fail on
# tests/suite/reports.t (booted by make: BUILD/CELL/reports.ktap) for
# each report the configuration's checkers make.
reports_case_catches_each_checker() {
	for c in $configs; do
		k=$b/$c/reports.ktap
		grep -qx 'ok 1 checkers_report_on_request' "$k" &&
		grep -qx 'not ok 2 no_kernel_reports' "$k" ||
			{ echo "$c: reports.t did not fail its last case only"; cat "$k"; return 1; }
		while IFS='	' read -r option text; do
			[ "$option" = - ] || grep -qx "$option=y" "$b/$c/obj/.config" || continue
			grep -qE "^# \| $text" "$k" ||
				{ echo "$c: no '$text' report"; cat "$k"; return 1; }
		done <<-EOF
		-	WARNING: (CPU: [0-9]* PID: [0-9]* at .*)?gplf_reports\.c:
		CONFIG_KASAN	BUG: KASAN: slab-out-of-bounds in read_past_end
		CONFIG_PROVE_LOCKING	WARNING: possible circular locking dependency detected
		CONFIG_DEBUG_ATOMIC_SLEEP	BUG: sleeping function called from invalid context
		CONFIG_DEBUG_KMEMLEAK	unreferenced object 0x[0-9a-f]* \(size (4096|16384)\)
		EOF
	done
}

# The broken exporters of tests/suite/malformed.t carry the defect they
# are named after, and a request ko-mangle cannot carry out leaves no file.
ko_mangle_writes_what_it_is_asked() {
	m=$b/modversions/mods
	# readelf -SW, after "[Nr] NAME": type address offset size es [flags] lk inf al
	sec() { readelf -SW "$1" | sed -n "s/^ *\[ *[0-9]*\] $2 //p"; }
	size() { printf '%d' "0x$(sec "$1" "$2" | awk '{ print $4 }')"; }
	flags() { sec "$1" "$2" | awk '{ print NF == 9 ? $6 : "-" }'; }
	# 6.12: 4 future-GPL exports of 12 bytes in their own table; 7.3: all 6.
	if [ $future_syms = __ksymtab ]; then
		n=6 size=size crc_short=crc_short noalloc=flags_noalloc table=__kflagstab
	else
		n=4 size=future_size crc_short=future_crc_short noalloc=gpl_noalloc table=__ksymtab_gpl
	fi
	[ "$(size "$m/gplf_mangle.ko" $future_syms)" = $((n * 12)) ] &&
		[ "$(size "$m/gplf_bad_$size.ko" $future_syms)" = $((n * 12 + 4)) ] &&
		[ "$(size "$m/gplf_bad_$crc_short.ko" $future_crcs)" = $((n * 4 - 4)) ] ||
		{ echo "section sizes are not what the variants claim"; return 1; }
	flags "$m/gplf_mangle.ko" $table | grep -q A &&
		! flags "$m/gplf_bad_$noalloc.ko" $table | grep -q A ||
		{ echo "noalloc did not clear SHF_ALLOC"; return 1; }
	# this_module_diff ORIG COPY: the bytes COPY changes, as "OFFSET BYTE"
	# (the offset into .gnu.linkonce.this_module, the byte in octal).
	this_module_diff() {
		at=$(sec "$1" .gnu.linkonce.this_module | awk '{ print $3 }')
		cmp -l "$1" "$2" | awk -v at=$((0x$at + 1)) '{ print $1 - at, $3 }'
	}
	# The fill copies differ from their originals in 0xff bytes only, and
	# from the first of the series' fields to the end of struct module.
	for x in exporter gpl prop; do
		this_module_diff "$m/gplf_$x.ko" "$m/gplf_fill_$x.ko" |
			awk '$2 != 377 || $1 < 0 { bad = 1 } END { exit bad || NR < 8 }' ||
			{ echo "gplf_fill_$x.ko: not the fill asked for"; return 1; }
	done
	# .gplf_layout's words: where the series' fields begin, sizeof(struct
	# module), then (offset, size) of name, init, exit, percpu and
	# percpu_size.
	off=$(sec "$m/gplf_layout.ko" .gplf_layout | awk '{ print $3 }')
	# shellcheck disable=SC2046 # words
	set -- $(od -An -tu4 -j $((0x$off)) -N 48 "$m/gplf_layout.ko")
	# The fillall copies: 0xff in every byte of struct module but those of
	# name, init and exit.
	for x in exporter gpl prop taint_plain; do
		this_module_diff "$m/gplf_$x.ko" "$m/gplf_fillall_$x.ko" |
			awk -v size="$2" -v kept="$3 $4 $5 $6 $7 $8" '
			BEGIN { n = split(kept, k, " "); want = size
				for (i = 1; i < n; i += 2) want -= k[i + 1] }
			$2 != 377 || $1 < 0 || $1 >= size { bad = 1 }
			{ for (i = 1; i < n; i += 2) if ($1 >= k[i] && $1 < k[i] + k[i + 1]) bad = 1 }
			END { exit bad || NR < 0.9 * want }' ||
			{ echo "gplf_fillall_$x.ko: not the fill asked for"; return 1; }
	done
	# gplf_fillpcpu_*.ko: 0xff in percpu and percpu_size only (no copy
	# without CONFIG_SMP, where their sizes are 0).
	[ "${10}" = 0 ] || for x in gpl mod_gpl; do
		this_module_diff "$m/gplf_$x.ko" "$m/gplf_fillpcpu_$x.ko" |
			awk -v o1="$9" -v l1="${10}" -v o2="${11}" -v l2="${12}" '
			$2 != 377 || !($1 >= o1 && $1 < o1 + l1 || $1 >= o2 && $1 < o2 + l2) { bad = 1 }
			END { exit bad || NR < l1 + l2 }' ||
			{ echo "gplf_fillpcpu_$x.ko: not the fill asked for"; return 1; }
	done
	for req in "noalloc __ksymtab_none" "swap __ksymtab_gpl_future 0 4" \
		   "move __ksymtab_gpl 0 size 8" "fill .gnu.linkonce.this_module 0 99999 0xff" \
		   "swapsym test_gpl_future_add no_such_symbol" "alias no_such_symbol _printk"; do
		# shellcheck disable=SC2086 # the request is words
		if "$ko_mangle" "$m/gplf_mangle.ko" "$tmp/out.ko" $req 2>"$tmp/err" ||
		   [ -e "$tmp/out.ko" ] || ! grep -q '^ko-mangle: ' "$tmp/err"; then
			echo "ko-mangle $req: did not fail cleanly"
			return 1
		fi
	done
}

# ko-fuzz (tests/mangle/ko-mutate.h, the guest's engine too): mutant I
# of run S is the same whenever it is made, ko-fuzz -a makes it again
# from the changes it printed, and a mutant of what the loader checks
# leaves the code and its relocations alone.
ko_fuzz_mutants_replay_and_spare_the_code() {
	m=$b/modversions/mods
	seeds="gplf_mangle.ko gplf_prop.ko gplf_gpl.ko gplf_mod_prop.ko gplf_many_user.ko gplf_ns_prop.ko"
	i=0
	while [ $i -lt 120 ]; do
		# shellcheck disable=SC2086 # the seeds are words
		changes=$(cd "$m" && "$ko_fuzz" -l gplf_layout.ko 5 $i "$tmp/a.ko" $seeds) &&
			(cd "$m" && "$ko_fuzz" -l gplf_layout.ko 5 $i "$tmp/b.ko" $seeds >/dev/null) ||
			return 1
		cmp -s "$tmp/a.ko" "$tmp/b.ko" || { echo "mutant $i differs from run to run"; return 1; }
		set -- $changes
		seed=$1
		shift 2
		"$ko_fuzz" -l "$m/gplf_layout.ko" -a "$m/$seed" "$tmp/c.ko" "$@" || return 1
		cmp -s "$tmp/a.ko" "$tmp/c.ko" ||
			{ echo "mutant $i: -a $* does not make it again"; return 1; }
		cmp -s "$tmp/a.ko" "$m/$seed" && { echo "mutant $i: no change"; return 1; }
		# The file ranges of the code and its relocations: none changed.
		readelf -SW "$m/$seed" | sed 's/^ *\[ *[0-9]*\] //' |
			while read -r name type addr off size rest; do
				case $name in
				.text*|.init.text*|.exit.text*|.rela.text*|.rela.init.text*|.rela.exit.text*)
					echo $((0x$off + 1)) $((0x$off + 0x$size)) ;;
				esac
			done >"$tmp/code"
		[ -s "$tmp/code" ] || { echo "$seed: no code found"; return 1; }
		cmp -l "$m/$seed" "$tmp/a.ko" 2>/dev/null | awk -v i=$i 'NR == FNR { lo[NR] = $1; hi[NR] = $2; n = NR; next }
			{ for (k = 1; k <= n; k++) if ($1 >= lo[k] && $1 <= hi[k]) {
				print "mutant " i " changed byte " $1 " of the code"; exit 1 } }' "$tmp/code" - ||
			return 1
		i=$((i + 1))
	done
}

# The guest's fuzz step (tests/suite/fuzz.t) and ko-fuzz make the same
# mutants: the checksums the guest printed for a sample of them are
# those of ko-fuzz's.
guest_and_ko_fuzz_make_the_same_mutants() {
	for c in $configs; do
		doc=$b/$c/fuzz.ktap
		[ -s "$doc" ] || { echo "$c: no $doc"; return 1; }
		run=$(sed -n 's/^# fuzz: run \([0-9]*\), .*/\1/p' "$doc")
		seeds=$(sh scripts/harness/fuzz-seeds.sh tests/suite/fuzz.t)
		[ -n "$run" ] || { echo "$c: no fuzz run in $doc"; return 1; }
		sed -n 's/^# mutant \([0-9]*\) [^ ]* \(0x[0-9a-f]*\)$/\1 \2/p' "$doc" |
			awk 'NR % 97 == 1' >"$tmp/sample"
		[ "$(wc -l <"$tmp/sample")" -ge 10 ] || { echo "$c: too few mutants in $doc"; return 1; }
		while read -r i sum; do
			# shellcheck disable=SC2086 # the seeds are words
			got=$(cd "$b/$c/mods" && "$ko_fuzz" -l gplf_layout.ko "$run" "$i" "$tmp/m.ko" $seeds |
				cut -d' ' -f2)
			[ -n "$got" ] && [ $((got)) = $((sum)) ] ||
				{ echo "$c: mutant $i: guest $sum, ko-fuzz $got"; return 1; }
		done <"$tmp/sample"
	done
}

ko_fuzz_fails_cleanly() {
	m=$b/modversions/mods
	printf 'not an ELF file\n' >"$tmp/text.ko"
	for args in "1 0 $tmp/out.ko $tmp/text.ko" "-a $m/gplf_prop.ko $tmp/out.ko .nosuch+0x0:set8=0x1" \
		    "-a $m/gplf_prop.ko $tmp/out.ko .modinfo+0x0:frob8=0x1" \
		    "-a $m/gplf_prop.ko $tmp/out.ko .modinfo+0x999999:set8=0x1" \
		    "-a $m/gplf_prop.ko $tmp/out.ko ehdr+0x3c:set64=0x1" \
		    "-a $m/gplf_prop.ko $tmp/out.ko shdr[.nosuch]+0x0:set8=0x1" "-l $m/gplf_prop.ko 1 0 $tmp/out.ko $m/gplf_prop.ko"; do
		# shellcheck disable=SC2086 # the arguments are words
		if "$ko_fuzz" $args 2>"$tmp/err" || [ -e "$tmp/out.ko" ] || ! grep -q '^ko-fuzz: ' "$tmp/err"; then
			echo "ko-fuzz $args: did not fail cleanly"
			return 1
		fi
	done
}

# gplf_order.ko and its GPL-only twin gplf_order_gpl.ko, and their
# copies with a weak reference (gplf_order_weak[_gpl].ko), list the
# symbol that makes them future-GPL or GPL-only users first and the
# proprietary module's symbol second; their _swapped copies the other
# way round (gpl-future.t and policy-enforce.t name their cases so).
order_modules_list_imports_in_opposite_orders() {
	for c in $configs; do
		for m in gplf_order:test_gpl_future_add gplf_order_gpl:ktime_get \
			gplf_order_weak:test_gpl_future_add gplf_order_weak_gpl:ktime_get; do
			first=${m#*:} m=${m%:*}
			for k in $m ${m}_swapped; do
				readelf -sW "$b/$c/mods/$k.ko" |
					awk -v s="$first" '$7 == "UND" && ($8 == s || $8 == "gplf_prop_plain") { print $8 }' |
					tr '\n' ' ' >"$tmp/$k"
			done
			[ "$(cat "$tmp/$m")" = "$first gplf_prop_plain " ] &&
				[ "$(cat "$tmp/${m}_swapped")" = "gplf_prop_plain $first " ] ||
				{ echo "$c: $m lists $(cat "$tmp/$m"), ${m}_swapped $(cat "$tmp/${m}_swapped")"; return 1; }
		done
	done
}

# kABI: the fields the series adds to struct module come last, after every
# existing field (gplf_layout.txt, from gplf_layout.ko by
# mangle-modules.sh: where they begin, sizeof(struct module)), leaving at
# most their own 32 bytes and the ____cacheline_aligned tail.
series_fields_are_last_in_struct_module() {
	for c in $configs; do
		set -- $(cat "$b/$c/mods/gplf_layout.txt")
		[ $# = 2 ] && [ $(($2 - $1)) -le $((32 + 63)) ] ||
			{ echo "$c: the series' fields start at ${1:-?} of ${2:-?} bytes"; return 1; }
	done
}

# Every relocatable configuration (debug: RANDOMIZE_BASE too) had its
# vmlinux processed by arch/x86/tools/relocs, the future-GPL tables
# included; its suites then check the values modules bind at the
# randomized address.
relocatable=
for c in $configs; do
	grep -qx CONFIG_RELOCATABLE=y "$b/$c/obj/.config" && relocatable="$relocatable $c"
done
relocs_ran_on_relocatable_kernels() {
	for c in $relocatable; do
		[ -s "$b/$c/obj/arch/x86/boot/compressed/vmlinux.relocs" ] ||
			{ echo "$c: relocatable, but no vmlinux.relocs"; return 1; }
	done
}

# 7.3: the module selftests build and install, as mm's do, from a tree
# whose kernel is not built yet (KDIR, by default O, has no
# Module.symvers) or lacks the test exports (CONFIG_TEST_GPL_FUTURE off):
# the scripts are installed, gpl_future.sh's users are not built (it
# skips without them), and make says so.
kselftest_installs_without_the_test_exports() {
	mkdir -p "$tmp/ks-unbuilt" "$tmp/ks-noexports"
	printf '0x00000000\tprintk\tvmlinux\tEXPORT_SYMBOL\t\n' >"$tmp/ks-noexports/Module.symvers"
	for o in unbuilt noexports; do
		make -s -C "$b/linux/tools/testing/selftests" TARGETS=module O="$tmp/ks-$o" \
			INSTALL_PATH="$tmp/ks-$o/inst" install >"$tmp/ks.log" 2>&1 ||
			{ echo "$o:"; cat "$tmp/ks.log"; return 1; }
		[ -x "$tmp/ks-$o/inst/module/gpl_future.sh" ] &&
			[ -x "$tmp/ks-$o/inst/module/find_symbol.sh" ] ||
			{ echo "$o: the scripts were not installed"; return 1; }
		[ -z "$(find "$tmp/ks-$o" -name '*.ko')" ] ||
			{ echo "$o: test modules built without the exports they bind"; return 1; }
		grep -q '^Warning: no test_gpl_future exports in .*gpl_future.sh will be skipped' "$tmp/ks.log" ||
			{ echo "$o: no warning:"; cat "$tmp/ks.log"; return 1; }
	done
}

echo "KTAP version 1"
echo "1..29"
result configure_rejects_dropped_option
result report_fails_truncated_or_bailed_out_run
result field_reads_records
result init_lists_cases_as_the_guest_reads_them
result case_names_are_unique_identifiers
result run_suites_runs_the_cases_a_glob_selects
result arch_records_name_the_export_entries_built
result report_counts_top_level_and_shows_subtests
result get_source_fetches_without_touching_apt
result apt_mirror_is_the_release_entry_of_apt_config
result apt_fetch_names_a_suite_the_mirror_lacks
result no_archive_host_in_the_project
result readme_commands_run_as_written
result rewrite_modinfo_refuses_plain_module
result bypass_module_is_proprietary
result modpost_warns_proprietary_user
result symvers_records_future_gpl_type
result extra_symbols_keep_type
result crc_tables_follow_modversions
result assembly_export_is_future_gpl
result reports_case_catches_each_checker
result ko_mangle_writes_what_it_is_asked
result ko_fuzz_mutants_replay_and_spare_the_code
result ko_fuzz_fails_cleanly
result guest_and_ko_fuzz_make_the_same_mutants
result order_modules_list_imports_in_opposite_orders
result series_fields_are_last_in_struct_module
if [ -e "$b/linux/tools/testing/selftests/module/gpl_future.sh" ]; then
	result kselftest_installs_without_the_test_exports
else
	num=$((num + 1))
	echo "ok $num kselftest_installs_without_the_test_exports # SKIP the series has no selftest here"
fi
if [ -n "$relocatable" ]; then
	result relocs_ran_on_relocatable_kernels
else
	num=$((num + 1))
	echo "ok $num relocs_ran_on_relocatable_kernels # SKIP no relocatable configuration in: $configs"
fi

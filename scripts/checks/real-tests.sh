#!/bin/sh
# real-tests.sh BASE BUILD AUDIT INIT
#
# The feature on modules nobody here wrote: the out-of-tree non-GPL
# drivers of Debian's non-free section (one record each in tests/real/),
# fetched from the suite the base's record names ("real:") and built,
# unmodified, as their dkms.conf says, against the base's real cell
# (tests/cells/real.config, built by make in BUILD/BASE/real/obj).  In
# one run, as a maintainer and a user meet it:
#
#   1. each module is built against the patched, unmarked kernel and
#      its binary kept: the user's installed module;
#   2. the exports to mark are the plain EXPORT_SYMBOL vmlinux exports
#      the modules import that gpl-future-mark can mark (a dry run says
#      which), and gpl-future-audit --assume-future predicts, offline,
#      each module's warning from its binary;
#   3. gpl-future-mark marks them in a copy of the tree
#      (BUILD/BASE/real/linux: hard links, which sed -i replaces, so the
#      base's tree is never written) and the kernel is rebuilt
#      (BUILD/BASE/real/marked/obj): only those exports change type,
#      their CRCs stay;
#   4. the kept binaries, never rebuilt, load on the marked kernel in
#      QEMU with one warning each and a record of exactly the predicted
#      symbols, and unload;
#   5. rebuilt against the marked kernel, each gets modpost's warning
#      for exactly those symbols;
#   6. with module.gpl_future=enforce each kept binary is refused, and
#      the log says why.
#
# KTAP output, one case per step and module.  A base without a "real:"
# record skips.
set -u
export LC_ALL=C

base=$1 b=$2 audit=$3 init=$4
bb=$b/$base src=$bb/linux cell=$bb/real
obj=$cell/obj marked=$cell/marked tree=$cell/linux
. scripts/harness/ktap-lib.sh
field() { sh scripts/harness/field.sh "$@"; }
kmake() { sh scripts/harness/kmake.sh x86_64 "$@"; }
where=$(field "tests/bases/$base" real)
records=$(ls tests/real/*)
modpost_warning='GPL-incompatible module \(.*\)\.ko uses future GPL-only symbol'

echo "KTAP version 1"
if [ -z "$where" ]; then
	echo "1..1"
	echo "ok 1 real_modules # SKIP tests/bases/$base has no real: record"
	exit 0
fi

# The package of record $1 fetched (once) and unpacked under $cell/pkg;
# prints its source directory, the one holding dkms.conf.
package_source() {
	package=$(field "$1" package)
	dest=$cell/pkg/$package
	[ -d "$dest/usr/src" ] ||
		sh scripts/harness/apt-fetch.sh "$b" "$where" "$package" "$dest" >&2 || return 1
	dirname "$(ls "$dest"/usr/src/*/dkms.conf)"
}

# dkms_var CONF NAME: the value of NAME[0]="..." in a dkms.conf.
dkms_var() {
	sed -n "s/^$2\\[0\\]=[\"']\\{0,1\\}\\([^\"']*\\)[\"']\\{0,1\\}\$/\\1/p" "$1"
}

# build_module RECORD KERNEL_OBJ OUT: a fresh copy of the package's
# source built against KERNEL_OBJ as DKMS would (its MAKE[0], kernelver
# the kernel's release, the record's "env:" pointing the package's
# Makefile at the tree), the module in OUT/NAME.ko, the log in
# OUT/build.log.
build_module() {
	pkgsrc=$(package_source "$1") || return 1
	conf=$pkgsrc/dkms.conf
	module=$(dkms_var "$conf" BUILT_MODULE_NAME)
	location=$(dkms_var "$conf" BUILT_MODULE_LOCATION)
	env=$(field "$1" env)
	rm -rf "$3" && mkdir -p "$3" && cp -r "$pkgsrc" "$3/src" || return 1
	# As DKMS does: MAKE[0] is shell, with $kernelver set.
	(
		cd "$3/src" || exit 1
		kernelver=$(cat "$2/include/config/kernel.release")
		obj=$2
		unset MAKEFLAGS MFLAGS
		eval "env $env $(dkms_var "$conf" MAKE)"
	) >"$3/build.log" 2>&1 || { tail -n 20 "$3/build.log"; return 1; }
	cp "$3/src/${location:-.}/$module.ko" "$3/" || return 1
	echo "$module" >"$3/name"
}

# The names of the modules the records build (after case 1).
modules() {
	cat "$cell"/installed/*/name
}

# 1. Each record's module, built against the unmarked kernel and kept.
builds_against_unmarked_kernel() {
	build_module "$1" "$obj" "$cell/installed/${1##*/}" || return 1
	m=$(cat "$cell/installed/${1##*/}/name")
	printf '%s.ko (%s): %s\n' "$m" "$(modinfo -F license "$cell/installed/${1##*/}/$m.ko")" \
		"$(ls "$cell/pkg/$(field "$1" package)"/usr/src)"
	! grep -q "$modpost_warning" "$cell/installed/${1##*/}/build.log" ||
		{ echo "modpost warned before anything was marked"; return 1; }
}

# 2a. The plain vmlinux exports the modules import, and of those, the
# ones the mark tool can mark ($cell/to-mark); the others and why.
selects_exports_to_mark() {
	for d in "$cell"/installed/*/; do
		nm -u "$d$(cat "$d/name").ko" | awk '{ print $NF }'
	done | sort -u >"$cell/imports"
	awk -F'\t' 'NR == FNR { want[$1]; next }
		$2 in want && $3 == "vmlinux" && $4 == "EXPORT_SYMBOL" { print $2 }' \
		"$cell/imports" "$obj/Module.symvers" | sort >"$cell/candidates"
	scripts/gpl-future-mark -n -C "$src" -O "$obj" -f "$cell/candidates" \
		>"$cell/dry.out" 2>"$cell/dry.err"
	[ $? -le 1 ] || { cat "$cell/dry.err"; return 1; }
	sed -n 's/^gpl-future-mark: \([A-Za-z0-9_]*\): .*/\1/p' "$cell/dry.err" | sort >"$cell/refused"
	comm -23 "$cell/candidates" "$cell/refused" >"$cell/to-mark"
	echo "$(wc -l <"$cell/imports") imports, $(wc -l <"$cell/candidates") plain vmlinux" \
		"exports, $(wc -l <"$cell/to-mark") to mark; left alone:"
	grep -v 'symbols left alone' "$cell/dry.err"
	[ -s "$cell/to-mark" ] && grep -qx "Would mark as future-GPL ($(wc -l <"$cell/to-mark")):" "$cell/dry.out"
}

# 2b. The audit's prediction for module $1 (its -f tsv rows: module,
# license, symbol, kind, exporter, file; future-GPL kinds only, the
# run's exit status 1: affected, nothing unresolved) is what the module
# imports of the exports to mark, all from vmlinux.
audit_predicts_warning() {
	d=$cell/installed/${1##*/}
	m=$(cat "$d/name")
	"$audit" -s "$obj/Module.symvers" --assume-future="$cell/to-mark" -f tsv "$d/$m.ko" >"$d/audit.tsv"
	rc=$?
	[ $rc = 1 ] || { cat "$d/audit.tsv"; echo "exit $rc, not 1 (affected)"; return 1; }
	awk -F'\t' '!/^#/ && $4 ~ /gpl-future$/ { print $3 "\t" $5 }' "$d/audit.tsv" | sort >"$d/predicted"
	nm -u "$d/$m.ko" | awk '{ print $NF }' | sort | comm -12 - "$cell/to-mark" |
		awk '{ print $0 "\tvmlinux" }' | diff -u - "$d/predicted" || return 1
	echo "$m: $(wc -l <"$d/predicted") symbols predicted"
}

# 3. Marked in the tree's copy, the kernel rebuilt: exactly the exports
# to mark changed type, none changed CRC, the release is the same.
# Files a previous run marked are copied back anew (a new mtime, so
# kbuild rebuilds them even where this run does not mark them again).
marks_exports_and_rebuilds_kernel() {
	[ "$tree/.copied" -nt "$bb/tree.stamp" ] ||
		{ rm -rf "$tree" && cp -al "$src/." "$tree" && rm -f "$tree/.git" "$cell/marked-files" &&
			touch "$tree/.copied"; } || return 1
	if [ -f "$cell/marked-files" ]; then
		while read -r f; do
			cp --remove-destination "$src/$f" "$tree/$f" || return 1
		done <"$cell/marked-files"
	fi
	scripts/gpl-future-mark -C "$tree" -O "$obj" -f "$cell/to-mark" >"$cell/mark.out" || return 1
	cat "$cell/mark.out"
	sed -n 's/^  \([^:]*\): .*/\1/p' "$cell/mark.out" >"$cell/marked-files"
	grep -qx "Marked as future-GPL ($(wc -l <"$cell/to-mark")):" "$cell/mark.out" || return 1
	mkdir -p "$marked/obj" && cp "$obj/.config" "$marked/obj/.config" &&
		kmake "$tree" "$marked/obj" olddefconfig >/dev/null &&
		cmp -s "$obj/.config" "$marked/obj/.config" ||
		{ echo "the marked tree's configuration differs"; return 1; }
	kmake "$tree" "$marked/obj" bzImage modules >"$marked/build.log" 2>&1 ||
		{ tail -n 20 "$marked/build.log"; return 1; }
	cmp -s "$obj/include/config/kernel.release" "$marked/obj/include/config/kernel.release" ||
		{ echo "the marked kernel's release differs"; return 1; }
	# The Module.symvers lines of the exports that changed.
	sort "$obj/Module.symvers" >"$tmp/before"
	sort "$marked/obj/Module.symvers" >"$tmp/after"
	diff "$tmp/before" "$tmp/after" | sed -n 's/^> //p' >"$tmp/changed"
	cut -f 2 "$tmp/changed" | sort | diff -u "$cell/to-mark" - ||
		{ echo "exports whose type changed differ from the ones marked"; return 1; }
	awk -F'\t' 'NR == FNR { was[$2] = $1 "\t" $3; next }
		$2 in was && was[$2] != $1 "\t" $3 { print "changed: " $0; bad = 1 }
		!($2 in was) { print "new: " $0; bad = 1 } END { exit bad }' \
		"$obj/Module.symvers" "$marked/obj/Module.symvers" || return 1
	awk -F'\t' '$4 != "EXPORT_SYMBOL_GPL_FUTURE" { print "not future-GPL: " $0; bad = 1 }
		END { exit bad }' "$tmp/changed"
}

# The suites the marked kernel boots, one case per module: the kept
# binary loads with one warning and the predicted record, and unloads;
# under enforce it is refused.
write_suites() {
	mkdir -p "$marked/mods" "$marked/suites" && rm -f "$marked/mods"/*.ko || return 1
	{
		echo "# The kept binaries (real-tests.sh) on the marked kernel."
		for d in "$cell"/installed/*/; do
			m=$(cat "$d/name")
			cp "$d$m.ko" "$marked/mods/" || return 1
			echo "case ${m}_loads_with_warning_and_record"
			echo "insmod ok $m.ko"
			echo "dmesg"
			echo "log 1 $m: non-GPL module uses symbols that will become GPL-only"
			echo "entries /sys/module/$m/gpl_future_imports $(wc -l <"$d/predicted")"
			awk -F'\t' -v m="$m" '{ print "file /sys/module/" m "/gpl_future_imports/" $1 " " $2 }' \
				"$d/predicted"
			echo "rmmod ok $m"
			echo "nofile /sys/module/$m"
			echo "end"
		done
	} >"$marked/suites/real-warn.t"
	{
		echo "# The kept binaries (real-tests.sh) on the marked kernel, enforcing."
		echo "# cmdline: module.gpl_future=enforce"
		for m in $(modules); do
			echo "case ${m}_refused_under_enforce"
			echo "insmod ENOENT $m.ko"
			echo "dmesg"
			echo "log 1 $m: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules"
			echo "nofile /sys/module/$m"
			echo "end"
		done
	} >"$marked/suites/real-enforce.t"
}

# Boots suite $1 on the marked kernel (once per run): its KTAP in
# $marked/$1.ktap.
boot() {
	[ -f "$tmp/booted-$1" ] && return 0
	touch "$tmp/booted-$1"
	{ [ -f "$marked/suites/real-warn.t" ] || write_suites; } &&
		sh scripts/harness/boot-dir.sh "$marked" real "$marked/suites/$1.t" "$init" "$marked/mods" &&
		INIT_HOST=$init sh scripts/harness/run-suites.sh "$marked/$1.ktap"
}

# Case $2 of the boot of suite $1 passed; else its diagnostics.
booted_case_passed() {
	boot "$1" >"$tmp/boot.log" 2>&1 || cat "$tmp/boot.log"
	grep -qx "ok [0-9]* $2" "$marked/$1.ktap" && return 0
	cat "$marked/$1.ktap" 2>/dev/null
	return 1
}

# 4. and 6., per module.
loads_on_marked_kernel() {
	booted_case_passed real-warn "$(cat "$cell/installed/${1##*/}/name")_loads_with_warning_and_record"
}
refused_under_enforce() {
	booted_case_passed real-enforce "$(cat "$cell/installed/${1##*/}/name")_refused_under_enforce"
}

# 5. Rebuilt against the marked kernel: modpost warns for exactly the
# predicted symbols.
rebuilt_gets_modpost_warnings() {
	d=$cell/rebuilt/${1##*/}
	build_module "$1" "$marked/obj" "$d" || return 1
	m=$(cat "$d/name")
	sed -n "s/.*$modpost_warning '\\(.*\\)'\$/\\1 \\2/p" "$d/build.log" |
		awk -v m="$m" '$1 == m { print $2 }' | sort >"$d/warned"
	cut -f 1 "$cell/installed/${1##*/}/predicted" | diff -u - "$d/warned" || return 1
	echo "$m: $(wc -l <"$d/warned") modpost warnings"
}

set -- $records
echo "1..$((4 + 5 * $#))"
rm -rf "$cell/installed" "$cell/rebuilt" "$marked/suites"
for r; do
	result "${r##*/}_builds_against_unmarked_kernel" builds_against_unmarked_kernel "$r"
done
result selects_exports_to_mark
for r; do
	result "${r##*/}_audit_predicts_warning" audit_predicts_warning "$r"
done
result marks_exports_and_rebuilds_kernel
for r; do
	result "${r##*/}_loads_on_marked_kernel" loads_on_marked_kernel "$r"
done
result marked_kernel_no_kernel_reports booted_case_passed real-warn no_kernel_reports
for r; do
	result "${r##*/}_rebuilt_gets_modpost_warnings" rebuilt_gets_modpost_warnings "$r"
done
for r; do
	result "${r##*/}_refused_under_enforce" refused_under_enforce "$r"
done
result enforcing_kernel_no_kernel_reports booted_case_passed real-enforce no_kernel_reports

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
# A record (tests/real/PACKAGE) names the "package", the "env:"
# assignments that point its Makefile at the kernel tree (they may use
# $obj, the kernel's object tree, and $kernelver), and "init:" when its
# init fails without the hardware (an errno name; the record is then
# not checked, it goes with the module).  KTAP output, one case per step
# and module.  A base without a "real:" record skips.
set -u
export LC_ALL=C

base=$1 b=$2 audit=$3 init=$4
bb=$b/$base src=$bb/linux cell=$bb/real
obj=$cell/obj marked=$cell/marked tree=$cell/linux
. scripts/harness/ktap-lib.sh
field() { sh scripts/harness/field.sh "$@"; }
kmake() { sh scripts/harness/kmake.sh x86_64 "$@"; }
where=$(field "tests/bases/$base" real)
records=$(ls tests/real/* | grep -v '~$')
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

# build_module RECORD KERNEL_OBJ OUT: a fresh copy of the package's
# source built against KERNEL_OBJ as DKMS builds it (dkms-build.sh), the
# module in OUT/NAME.ko, the build's output in OUT/build.log.
build_module() {
	pkgsrc=$(package_source "$1") || return 1
	rm -rf "$3" && mkdir -p "$3" && cp -r "$pkgsrc" "$3/src" || return 1
	ko=$(sh scripts/harness/dkms-build.sh "$3/src" "$2" "$(field "$1" env)" 2>"$3/build.log") ||
		{ tail -n 20 "$3/build.log"; return 1; }
	cp "$ko" "$3/" || return 1
	basename "$ko" .ko >"$3/name"
}

# The names of the modules the records build (after case 1).
modules() {
	cat "$cell"/installed/*/name
}

# Where record $1's module built against the unmarked kernel is kept,
# and its name (after case 1).
kept() {
	echo "$cell/installed/${1##*/}"
}
kept_name() {
	cat "$(kept "$1")/name"
}

# 1. Each record's module, built against the unmarked kernel and kept.
builds_against_unmarked_kernel() {
	d=$(kept "$1")
	build_module "$1" "$obj" "$d" || return 1
	m=$(kept_name "$1")
	printf '%s.ko (%s): %s\n' "$m" "$(modinfo -F license "$d/$m.ko")" \
		"$(ls "$cell/pkg/$(field "$1" package)"/usr/src)"
	! grep -q "$modpost_warning" "$d/build.log" ||
		{ echo "modpost warned before anything was marked"; return 1; }
}

# 2a. The plain vmlinux exports the modules import (each module's
# imports in its directory's "imports"), and of those, the ones the
# mark tool can mark ($cell/to-mark); the others and why.
selects_exports_to_mark() {
	for d in "$cell"/installed/*/; do
		nm -u "$d$(cat "$d/name").ko" | awk '{ print $NF }' | sort >"$d/imports" || return 1
	done
	sort -u "$cell"/installed/*/imports >"$cell/imports"
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
	d=$(kept "$1")
	m=$(kept_name "$1")
	"$audit" -s "$obj/Module.symvers" --assume-future="$cell/to-mark" -f tsv "$d/$m.ko" >"$d/audit.tsv"
	rc=$?
	[ $rc = 1 ] || { cat "$d/audit.tsv"; echo "exit $rc, not 1 (affected)"; return 1; }
	awk -F'\t' '!/^#/ && $4 ~ /gpl-future$/ { print $3 "\t" $5 }' "$d/audit.tsv" | sort >"$d/predicted"
	comm -12 "$d/imports" "$cell/to-mark" |
		awk '{ print $0 "\tvmlinux" }' | diff -u - "$d/predicted" || return 1
	echo "$m: $(wc -l <"$d/predicted") symbols predicted"
}

# 3. Marked in the tree's copy, the kernel rebuilt: exactly the exports
# to mark changed type, nothing else changed (CRC, namespace, no export
# came or went), the release is the same.  The copy is hard links to
# the tree, made anew when the tree was (the marked kernel's objects
# then go too: a file marked before may now be the tree's, older than
# its object).  sed -i gives a file it marks an inode of its own, so
# before marking, every such file is copied back from the tree, with a
# new mtime, and kbuild rebuilds it even where this run leaves it be.
marks_exports_and_rebuilds_kernel() {
	if ! [ "$tree/.copied" -nt "$bb/tree.stamp" ]; then
		rm -rf "$tree" "$marked/obj" && cp -al "$src/." "$tree" && rm -rf "$tree/.git" &&
			touch "$tree/.copied" || return 1
	fi
	(cd "$tree" && find . -type f -links 1 ! -name .copied) | while read -r f; do
		cp --remove-destination "$src/$f" "$tree/$f" || exit 1
	done || return 1
	scripts/gpl-future-mark -C "$tree" -O "$obj" -f "$cell/to-mark" >"$cell/mark.out" || return 1
	cat "$cell/mark.out"
	grep -qx "Marked as future-GPL ($(wc -l <"$cell/to-mark")):" "$cell/mark.out" || return 1
	mkdir -p "$marked/obj" && cp "$obj/.config" "$marked/obj/.config" &&
		kmake "$tree" "$marked/obj" olddefconfig >/dev/null &&
		cmp -s "$obj/.config" "$marked/obj/.config" ||
		{ echo "the marked tree's configuration differs"; return 1; }
	kmake "$tree" "$marked/obj" bzImage modules >"$marked/build.log" 2>&1 ||
		{ tail -n 20 "$marked/build.log"; return 1; }
	cmp -s "$obj/include/config/kernel.release" "$marked/obj/include/config/kernel.release" ||
		{ echo "the marked kernel's release differs"; return 1; }
	# Module.symvers lines: crc, symbol, module, type, namespace.  Only
	# a type may change, and only from plain to future-GPL.
	: >"$tmp/changed"
	awk -F'\t' 'NR == FNR { was[$2] = $0; next }
		!($2 in was) { print "new: " $0; bad = 1; next }
		{ split(was[$2], w, "\t"); delete was[$2] }
		w[1] != $1 || w[3] != $3 || w[5] != $5 { print "changed: " $0; bad = 1; next }
		w[4] == $4 { next }
		w[4] == "EXPORT_SYMBOL" && $4 == "EXPORT_SYMBOL_GPL_FUTURE" { print $2 >changed; next }
		{ print "type changed: " w[4] " -> " $0; bad = 1 }
		END { for (s in was) { print "gone: " s; bad = 1 }; exit bad }' changed="$tmp/changed" \
		"$obj/Module.symvers" "$marked/obj/Module.symvers" || return 1
	sort "$tmp/changed" | diff -u "$cell/to-mark" - ||
		{ echo "the exports that became future-GPL are not the ones marked"; return 1; }
	touch "$tmp/marked-ok"
}

# The suites the marked kernel boots, one case per record: the kept
# binary binds its imports with one warning (shown, for the host to
# read), then, if its init runs without the hardware (the record's
# "init:", default ok), its record lists exactly the predicted symbols
# and it unloads; under enforce it is refused.  The guest gets memory
# for the modules in its initramfs and for loading the largest (the
# file read, then laid out).
write_suites() {
	mkdir -p "$marked/mods" "$marked/suites" || return 1
	memory=$(ls -l "$cell"/installed/*/*.ko | awk '{ all += $5; if ($5 > max) max = $5 }
		END { print 256 + int((all + 2 * max) / 1048576) }')
	{
		echo "# The kept binaries (real-tests.sh) on the marked kernel."
		echo "# memory: $memory"
		for rec in $records; do
			dir=$(kept "$rec")
			[ -s "$dir/predicted" ] || { echo "no prediction for ${rec##*/}"; return 1; }
			mname=$(cat "$dir/name")
			# The kernel's name for it: "-" in a file name is "_".
			kname=$(modinfo -F name "$dir/$mname.ko")
			loads=$(field "$rec" init)
			cp "$dir/$mname.ko" "$marked/mods/" || return 1
			echo "case ${mname}_binds_with_warning"
			echo "insmod ${loads:-ok} $mname.ko"
			echo "dmesg"
			echo "log 1 $kname: non-GPL module uses symbols that will become GPL-only"
			if [ -z "$loads" ]; then
				echo "entries /sys/module/$kname/gpl_future_imports $(wc -l <"$dir/predicted")"
				awk -F'\t' -v m="$kname" '{ print "file /sys/module/" m "/gpl_future_imports/" $1 " " $2 }' \
					"$dir/predicted"
				echo "rmmod ok $kname"
			fi
			echo "nofile /sys/module/$kname"
			echo "end"
		done
	} >"$marked/suites/real-warn.t"
	{
		echo "# The kept binaries (real-tests.sh) on the marked kernel, enforcing."
		echo "# cmdline: module.gpl_future=enforce"
		echo "# memory: $memory"
		for mname in $(modules); do
			kname=$(modinfo -F name "$marked/mods/$mname.ko")
			echo "case ${mname}_refused_under_enforce"
			echo "insmod ENOENT $mname.ko"
			echo "dmesg"
			echo "log 1 $kname: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules"
			echo "nofile /sys/module/$kname"
			echo "end"
		done
	} >"$marked/suites/real-enforce.t"
}

# Boots suite $1 on the marked kernel of this run (once): its KTAP in
# $marked/$1.ktap.
boot() {
	[ -f "$tmp/booted-$1" ] && return 0
	touch "$tmp/booted-$1"
	[ -f "$tmp/marked-ok" ] || { echo "no marked kernel built in this run"; return 1; }
	{ [ -f "$marked/suites/real-warn.t" ] || write_suites; } &&
		sh scripts/harness/boot-dir.sh "$marked" real "$marked/suites/$1.t" "$init" "$marked/mods" &&
		INIT_HOST=$init sh scripts/harness/run-suites.sh "$marked/$1.ktap"
}

# Case $2 of the boot of suite $1 passed; else its diagnostics.
booted_case_passed() {
	boot "$1" >"$tmp/boot.log" 2>&1 || cat "$tmp/boot.log"
	grep -qx "ok [0-9]* $2" "$marked/$1.ktap" 2>/dev/null && return 0
	cat "$marked/$1.ktap" 2>/dev/null
	return 1
}

# 4. and 6., per module.  The warning (as dmesg showed it in the KTAP:
# "M: ... in the future: S [E], S [E] and N more") names only
# predicted symbols with their exporters, and as many as predicted.
loads_on_marked_kernel() {
	booted_case_passed real-warn "$(kept_name "$1")_binds_with_warning" || return 1
	d=$(kept "$1")
	m=$(modinfo -F name "$d/$(kept_name "$1").ko")
	sed -n "s/^# | $m: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: //p" \
		"$marked/real-warn.ktap" >"$tmp/warning"
	[ "$(wc -l <"$tmp/warning")" = 1 ] || { echo "not one warning for $m"; return 1; }
	sed 's/ and \([0-9]*\) more$/, +\1/' "$tmp/warning" | tr ',' '\n' |
		awk -v pred="$d/predicted" '
		BEGIN { while ((getline line <pred) > 0) { n++; want[line] } }
		{ sub(/^ /, "") }
		/^\+[0-9]+$/ { more = substr($0, 2); next }
		{ sub(/ \[/, "\t"); sub(/\]$/, "") }
		!($0 in want) { print "warned, not predicted: " $0; bad = 1 }
		seen[$0]++ { print "named twice: " $0; bad = 1 }
		{ listed++ }
		END {
			print listed " named, " more + 0 " more, " n " predicted"
			exit bad || listed + more != n
		}'
}
refused_under_enforce() {
	booted_case_passed real-enforce "$(kept_name "$1")_refused_under_enforce"
}

# 5. Rebuilt against the marked kernel: modpost warns for exactly the
# predicted symbols.
rebuilt_gets_modpost_warnings() {
	d=$cell/rebuilt/${1##*/}
	[ -f "$tmp/marked-ok" ] || { echo "no marked kernel built in this run"; return 1; }
	[ -s "$(kept "$1")/predicted" ] || { echo "no prediction in this run"; return 1; }
	build_module "$1" "$marked/obj" "$d" || return 1
	m=$(cat "$d/name")
	# modpost names the module by its path under the package's tree.
	sed -n "s/.*$modpost_warning '\\(.*\\)'\$/\\1 \\2/p" "$d/build.log" |
		awk -v m="$m" '{ sub(/.*\//, "", $1) } $1 == m { print $2 }' | sort >"$d/warned"
	cut -f 1 "$(kept "$1")/predicted" | diff -u - "$d/warned" || return 1
	echo "$m: $(wc -l <"$d/warned") modpost warnings"
}

set -- $records
echo "1..$((4 + 5 * $#))"
# Nothing of an earlier run may stand in for this one's.
rm -rf "$cell/installed" "$cell/rebuilt" "$marked/suites" "$marked/mods" "$marked"/*.ktap
rm -f "$cell/imports" "$cell/candidates" "$cell/refused" "$cell/to-mark" "$cell"/dry.* "$cell/mark.out"
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

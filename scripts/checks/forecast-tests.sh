#!/bin/sh
# forecast-tests.sh BASE BUILD AUDIT: gpl-future-audit forecast on
# Debian's own files, both sides, as a packager would run it before an
# upgrade.  KTAP output; the forecasts themselves are kept in
# BUILD/BASE/forecast/*.txt, which the user guide quotes.
#
#   1. the non-free DKMS drivers of the base's "real:" suite
#      (tests/real/), built as DKMS builds them against Debian's own
#      headers of the base (scripts/bench/deb-kernel.sh), forecast
#      against the Module.symvers of the newest kernel of the suite the
#      base's "forecast:" names (Debian 13's backports: 7.3);
#   2. every module of Debian's own kernel of series "forecast-from:"
#      (Debian 12's 6.1) forecast against the base's Module.symvers.
#
# Each forecast is checked against an answer worked out independently
# from nm, modinfo and the Module.symvers with awk; and the guide's
# quotes against the forecasts.
set -u

base=$1 b=$2 audit=$(realpath "$3")
out=$b/$base/forecast
. scripts/harness/ktap-lib.sh
field() { sh scripts/harness/field.sh "$@"; }
real_from=$(field "tests/bases/$base" real)
next_suite=$(field "tests/bases/$base" forecast)
from_series=$(field "tests/bases/$base" forecast-from)
guide=Documentation/user-guide.md

echo "KTAP version 1"
if [ -z "$next_suite" ] || [ -z "$real_from" ] || [ -z "$from_series" ]; then
	echo "1..1"
	echo "ok 1 forecast # SKIP tests/bases/$base has no forecast: record"
	exit 0
fi
mkdir -p "$out"
# A forecast of an earlier run must not pass for this one's.
rm -f "$out"/*.txt "$out"/*.tsv

# The newest amd64 headers of $next_suite: its linux-headers-amd64
# metapackage names them.  Prints their release, then their
# Module.symvers.
next_headers() {
	meta=$out/pkg/linux-headers-amd64
	sh scripts/harness/apt-fetch.sh "$b" "$next_suite" linux-headers-amd64 "$meta" >&2 ||
		return 1
	hdr=$(dpkg-deb -f "$b/apt/$next_suite/amd64"/linux-headers-amd64_*.deb Depends |
		tr ',' '\n' | sed -n 's/^ *\(linux-headers-[0-9][^ ]*-amd64\).*/\1/p')
	[ -n "$hdr" ] || { echo "no headers named by linux-headers-amd64 of $next_suite" >&2; return 1; }
	[ -f "$out/pkg/$hdr/usr/src/$hdr/Module.symvers" ] ||
		sh scripts/harness/apt-fetch.sh "$b" "$next_suite" "$hdr" "$out/pkg/$hdr" >&2 ||
		return 1
	release=${hdr#linux-headers-}
	printf '%s\n' "${release%-amd64}" "$out/pkg/$hdr/usr/src/$hdr/Module.symvers"
}

# The ABI of Debian's kernel of series $1 ("6.12.118+deb12"), after
# debian_headers $1.
abi_of() {
	sed -n '1s|.*/\([^/]*\)/lib/modules/[^/]*$|\1|p' "$tmp/deb-$1"
}

# The DKMS package of record $1 fetched (once) and built against the
# headers' build directory $2 as DKMS builds it; the module in
# $out/dkms/NAME.ko, the build's output in $out/dkms/PACKAGE.log.
build_dkms() {
	package=$(field "$1" package)
	dest=$out/pkg/$package
	[ -d "$dest/usr/src" ] ||
		sh scripts/harness/apt-fetch.sh "$b" "$real_from" "$package" "$dest" >&2 || return 1
	rm -rf "$out/src/$package" && mkdir -p "$out/src" "$out/dkms" &&
		cp -r "$(dirname "$(ls "$dest"/usr/src/*/dkms.conf)")" "$out/src/$package" || return 1
	ko=$(sh scripts/harness/dkms-build.sh "$out/src/$package" "$2" "$(field "$1" env)" \
		2>"$out/dkms/$package.log") || { tail -n 20 "$out/dkms/$package.log"; return 1; }
	cp "$ko" "$out/dkms/"
}

# The answer for the modules $2... against Module.symvers $1, worked out
# from nm (U: a strong import, w: a weak one; __ksymtab_NAME: an
# export), modinfo and awk, as the tool's TSV rows (module, license,
# symbol, kind, exporter), sorted, then "refused N" and "warned N".  The
# rules, as the user guide states them: a scanned module replaces the
# new kernel's module of its name ('-' and '_' alike); an export of a
# refused module is gone, and refusals go on until none is added; a
# module is refused for a strong import gone, a strong GPL-only import
# if it is not GPL-compatible, or a bound import in a namespace it does
# not import.  Inherited taint is not worked out here (the case checks
# that the tool found none to work out), nor "module:" namespaces, nor
# the types of the scanned modules' exports (taken as plain): the real
# runs have no proprietary user of a scanned module's export.
oracle() {
	symvers=$1
	shift
	for ko in "$@"; do
		mod=$(modinfo -F name "$ko")
		printf 'M\t%s\t%s\n' "$mod" "$(modinfo -F license "$ko" | head -n 1)"
		modinfo -F import_ns "$ko" | sed "s/^/N\t$mod\t/"
		nm -u "$ko" | awk -v m="$mod" '{ print "I\t" m "\t" $1 "\t" $2 }'
		nm --defined-only "$ko" | sed -n "s/.* __ksymtab_/E\t$mod\t/p"
	done >"$tmp/facts"
	awk -F'\t' -v sv="$symvers" '
		FILENAME == sv { n = split($3, p, "/"); svx[$2] = p[n]; gsub(/-/, "_", p[n])
			svm[$2] = p[n]; svt[$2] = $4; svn[$2] = $5; next }
		$1 == "M" { lic[$2] = $3; mods[++nmods] = $2; next }
		$1 == "N" { imp[$2, $3]; next }
		$1 == "I" { k = ++ni[$2]; sym[$2, k] = $4; bind[$2, k] = $3; next }
		$1 == "E" { if (!($3 in own)) own[$3] = $2; k = ++ne[$2]; exp_[$2, k] = $3; next }
		function prop(m) {
			return lic[m] !~ /^(GPL|GPL v2|GPL and additional rights|Dual BSD\/GPL|Dual MIT\/GPL|Dual MPL\/GPL)$/
		}
		# Where symbol s comes from for the new kernel: "" when nowhere.
		function from(s) {
			if ((s in svx) && !(svm[s] in lic))
				return svx[s]
			return (s in own) ? own[s] : ""
		}
		function nsof(s) { return ((s in svx) && !(svm[s] in lic)) ? svn[s] : "" }
		function typeof_(s) { return ((s in svx) && !(svm[s] in lic)) ? svt[s] : "EXPORT_SYMBOL" }
		END {
			do {
				added = 0
				for (i = 1; i <= nmods; i++) {
					m = mods[i]
					if (m in refused)
						continue
					bad = 0
					for (k = 1; k <= ne[m]; k++)
						bad = bad || from(exp_[m, k]) == "vmlinux"
					for (k = 1; k <= ni[m]; k++) {
						s = sym[m, k]; x = from(s); strong = bind[m, k] == "U"
						if (x == "" || (x in refused)) { bad = bad || strong; continue }
						if (prop(m) && typeof_(s) == "EXPORT_SYMBOL_GPL") { bad = bad || strong; continue }
						if (nsof(s) != "" && !((m, nsof(s)) in imp))
							bad = 1
					}
					if (bad) { refused[m]; added = 1; nref++ }
				}
			} while (added)
			for (i = 1; i <= nmods; i++) {
				m = mods[i]; fut = 0
				for (k = 1; k <= ni[m]; k++) {
					s = sym[m, k]; x = from(s); strong = bind[m, k] == "U"; t = typeof_(s)
					row = m "\t" lic[m] "\t" s "\t"
					if (x == "" || (x in refused)) {
						if (strong)
							print row "unresolved\t" (x == "" ? "-" : x)
					} else if (prop(m) && t == "EXPORT_SYMBOL_GPL") {
						print row "gpl-only\t" x
					} else if (prop(m) && t == "EXPORT_SYMBOL_GPL_FUTURE") {
						print row "gpl-future\t" x
						fut = 1
					}
					if (nsof(s) != "" && !((m, nsof(s)) in imp))
						print row "namespace\t" x
				}
				for (k = 1; k <= ne[m]; k++)
					if (from(exp_[m, k]) == "vmlinux")
						print m "\t" lic[m] "\t" exp_[m, k] "\tduplicate\tvmlinux"
				nwarn += prop(m) && fut && !(m in refused)
			}
			print "~refused " nref + 0
			print "~warned " nwarn + 0
		}' "$symvers" "$tmp/facts" | sort
}

# Forecast NAME (a table in $out/NAME.txt, and TSV) of the modules in
# directory $3, named relative to it so that the table reads the same on
# any machine, against Module.symvers $2; then the oracle's answer.  The
# exit status may say affected (1), gone (4) or namespace (16), never an
# input error (2).
forecast_agrees() {
	fc=$1 symvers=$(realpath "$2") dir=$3
	(cd "$dir" && "$audit" forecast -s "$symvers" .) >"$out/$fc.txt" 2>"$tmp/err"
	rc=$?
	(cd "$dir" && "$audit" forecast -q -f tsv -s "$symvers" .) >"$out/$fc.tsv"
	[ $((rc & 2)) = 0 ] || { cat "$tmp/err"; echo "exit $rc: an input error"; return 1; }
	! grep -q 'treated as proprietary: uses' "$tmp/err" || { cat "$tmp/err"; return 1; }
	find "$dir" -name '*.ko' | sort >"$tmp/kos"
	[ -s "$tmp/kos" ] || { echo "no module in $dir"; return 1; }
	# shellcheck disable=SC2046 # module paths have no spaces
	oracle "$symvers" $(cat "$tmp/kos") >"$tmp/want"
	grep -q -v '^~' "$tmp/want" || { echo "$fc: the oracle found nothing"; return 1; }
	{
		grep -v '^#' "$out/$fc.tsv" | cut -f1-5
		sed -n 's/^Forecast: \([0-9]*\) modules would be refused on their symbols, \([0-9]*\) .*/~refused \1\n~warned \2/p' \
			"$out/$fc.txt"
	} | sort >"$tmp/got"
	diff -u "$tmp/want" "$tmp/got" || return 1
	grep -qx 'A forecast is about the symbols these binaries import and export: .*modprobe --force.*' "$out/$fc.txt"
}

debian_headers() {
	sh scripts/bench/deb-kernel.sh "$b/debkernel" "$1" >"$tmp/deb-$1" ||
		{ echo "no Debian $1 kernel"; return 1; }
}

# 1. The DKMS drivers, built against Debian's headers of the base.
dkms_build_against_debian_headers() {
	debian_headers "$base" || return 1
	rm -rf "$out/dkms"
	for r in tests/real/*; do
		case $r in *~) continue ;; esac
		build_dkms "$r" "$(sed -n 3p "$tmp/deb-$base")" || { echo "$r: no build"; return 1; }
	done
}

dkms_forecast_agrees_with_nm() {
	next_headers >"$tmp/next" || return 1
	ls "$out"/dkms/*.ko >/dev/null || { echo "no DKMS module built"; return 1; }
	forecast_agrees "dkms-$(abi_of "$base")-to-$(sed -n 1p "$tmp/next")" \
		"$(sed -n 2p "$tmp/next")" "$out/dkms"
}

# 2. Debian's own kernel of the earlier series against this base's.
debian_tree_forecast_agrees_with_nm() {
	debian_headers "$from_series" && debian_headers "$base" || return 1
	forecast_agrees "debian-$(abi_of "$from_series")-to-$(abi_of "$base")" \
		"$(sed -n 2p "$tmp/deb-$base")" "$(sed -n 1p "$tmp/deb-$from_series")"
}

# The guide quotes each forecast in a block that follows a line
# "<!-- forecast: NAME -->": every line of the block but "$ " commands
# and "..." is a line of BUILD/BASE/forecast/NAME.txt.
guide_quotes_the_forecasts() {
	n=0
	for fc in $(sed -n 's/^<!-- forecast: \([^ ]*\) -->$/\1/p' "$guide"); do
		n=$((n + 1))
		[ -f "$out/$fc.txt" ] || { echo "$guide quotes $fc: not made here"; return 1; }
		awk -v name="$fc" '$0 == "<!-- forecast: " name " -->" { on = 1; next }
			on && /^$/ && seen { exit } on && /^    / { seen = 1; print substr($0, 5) }' \
			"$guide" | grep -v -e '^\$ ' -e '^\.\.\.$' >"$tmp/quoted"
		[ -s "$tmp/quoted" ] || { echo "$fc: an empty quote"; return 1; }
		while IFS= read -r line; do
			grep -qxF -- "$line" "$out/$fc.txt" ||
				{ echo "$guide quotes a line $out/$fc.txt does not have:"; echo "$line"; return 1; }
		done <"$tmp/quoted"
	done
	[ $n = 2 ] || { echo "$guide quotes $n forecasts, want 2"; return 1; }
}

echo "1..4"
result dkms_build_against_debian_headers
result dkms_forecast_agrees_with_nm
result debian_tree_forecast_agrees_with_nm
result guide_quotes_the_forecasts

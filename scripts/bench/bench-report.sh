#!/bin/sh
# bench-report.sh BENCHDIR RELEASE RECORD
#
# Turn the "# bench LABEL median_ns ..." lines of make bench's boots into
# a Markdown section: per benchmark the median over the icount rounds of
# each round's median, the ratios the series must keep (the limits its
# base record RECORD gives: "goal-plain", plain exports, patched against
# pristine; "goal-future-gpl" and "goal-future-prop", future-GPL users
# against plain ones; its fixes series is the "fixes" kernel),
# the plain-TCG ratios as a sanity check, and the size deltas.  Exit 1
# if a boot gave no numbers or failed a case.
set -eu
out=$1 release=$2 record=$3
field() { sh scripts/harness/field.sh "$record" "$1"; }
fixes=$(sh scripts/harness/series.sh "${record##*/}" fixes | wc -l) plain=$(field goal-plain)
future_gpl=$(field goal-future-gpl) future_prop=$(field goal-future-prop)
[ -n "$plain" ] && [ -n "$future_gpl" ] && [ -n "$future_prop" ] ||
	{ echo "bench-report: $record lacks goal-plain, goal-future-gpl or goal-future-prop" >&2; exit 1; }

# medians KERNEL GLOB: "LABEL MEDIAN_US MIN_US MAX_US" over the runs.
medians() {
	cat "$out/$1"/$2.ktap 2>/dev/null | awk '$1 == "#" && $2 == "bench" { print $3, $5 }' |
		sort -k1,1 -k2,2n | awk '
		function flush() { if (n) printf "%s %.1f %.1f %.1f\n", l, v[int((n + 1) / 2)] / 1000, v[1] / 1000, v[n] / 1000 }
		$1 != l { flush(); l = $1; n = 0 }
		{ v[++n] = $2 }
		END { flush() }'
}

if ! sh scripts/harness/ktap-report.sh "$out"/*/bench.*.ktap >"$out/boots.report"; then
	grep '^FAIL' "$out/boots.report" >&2
	echo "bench-report: the boots above failed; no report" >&2
	exit 1
fi
for k in pristine fixes patched; do
	medians $k 'bench.icount-*' >"$out/$k.icount"
	medians $k bench.tcg >"$out/$k.tcg"
	[ -s "$out/$k.icount" ] && [ -s "$out/$k.tcg" ] || { echo "bench-report: no results for $k" >&2; exit 1; }
done

# ratio FILE_A LABEL_A FILE_B LABEL_B: median(A) / median(B).
ratio() {
	awk -v a="$2" -v b="$4" 'FILENAME == ARGV[1] && $1 == a { x = $2 }
		FILENAME == ARGV[2] && $1 == b { y = $2 }
		END { if (x && y) printf "%.3f", x / y; else printf "n/a" }' "$1" "$3"
}

# goal RATIO LIMIT: "ok" or "MISSED".
goal() { awk -v r="$1" -v l="$2" 'BEGIN { print (r != "n/a" && r <= l) ? "ok" : "MISSED" }'; }

row() { # NAME A LA B LB LIMIT
	ri=$(ratio "$out/$2.icount" "$3" "$out/$4.icount" "$5")
	rt=$(ratio "$out/$2.tcg" "$3" "$out/$4.tcg" "$5")
	printf '| %s | %s | %s | <= %s %s |\n' "$1" "$ri" "$rt" "$6" "$(goal "$ri" "$6")"
}

sz() { size "$out/$1/obj/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }'; }
# symbytes KERNEL TYPES: the sizes of vmlinux's symbols of those nm types,
# added up.  size(1) reports .text padded to its alignment (4 MiB here),
# which hides any change smaller than that.
symbytes() {
	nm -S --defined-only "$out/$1/obj/vmlinux" | awk -v types="$2" '
		function hex(s, i, n) {
			for (i = 1; i <= length(s); i++)
				n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return n
		}
		NF == 4 && index(types, $3) { n += hex($2) } END { print n }'
}
this_module() {
	hex=$(readelf -SW "$out/$1/mods/bench_vmlinux.ko" |
		sed -n 's/.* \.gnu\.linkonce\.this_module *[A-Z]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1/p')
	echo $((0x$hex))
}
bz() { stat -c %s "$out/$1/obj/arch/x86/boot/bzImage"; }

echo "## $(date -u +%Y-%m-%d) - Linux $release"
echo
echo "Module load + unload, 500 imports, median over rounds of each round's median"
echo "of 200 repetitions (microseconds; icount: -icount shift=0,sleep=off)."
echo
echo '| benchmark | pristine icount | patched icount | patched icount range |'
echo '|---|---|---|---|'
join "$out/pristine.icount" "$out/patched.icount" 2>/dev/null | awk '{ printf "| %s | %s | %s | %s-%s |\n", $1, $2, $5, $6, $7 }'
awk '{ printf "| %s | - | %s | %s-%s |\n", $1, $2, $3, $4 }' "$out/patched.icount" |
	grep -E '^\| future_' || true
echo
echo '| ratio | icount | plain TCG (sanity) | goal |'
echo '|---|---|---|---|'
row "(a) vmlinux exports, patched/pristine" patched vmlinux_plain pristine vmlinux_plain "$plain"
row "(b) module exports (GPL user), patched/pristine" patched module_plain_gpl pristine module_plain_gpl "$plain"
row "(b) module exports (proprietary user), patched/pristine" patched module_plain_prop pristine module_plain_prop "$plain"
# The same against the fixes series alone: the feature's own cost,
# without what the fixes change (6.12: their strscpy() makes every
# import cheaper).
row "(a) vmlinux exports, patched/fixes" patched vmlinux_plain fixes vmlinux_plain "$plain"
row "(b) module exports (GPL user), patched/fixes" patched module_plain_gpl fixes module_plain_gpl "$plain"
row "(b) module exports (proprietary user), patched/fixes" patched module_plain_prop fixes module_plain_prop "$plain"
row "the $fixes fixes alone, vmlinux exports, fixes/pristine" fixes vmlinux_plain pristine vmlinux_plain "$plain"
row "(c) future-GPL/plain, GPL user" patched future_gpl patched module_plain_gpl "$future_gpl"
row "(c) future-GPL/plain, proprietary user (warns)" patched future_prop patched module_plain_prop "$future_prop"
echo
# delta NAME PRISTINE PATCHED
delta() { printf '| %s | %s | %s | %+d |\n' "$1" "$2" "$3" $(($3 - $2)); }

echo '| size | pristine | patched | delta |'
echo '|---|---|---|---|'
delta "vmlinux functions (nm -S, t/T)" "$(symbytes pristine tT)" "$(symbytes patched tT)"
delta "vmlinux read-only data (nm -S, r/R)" "$(symbytes pristine rR)" "$(symbytes patched rR)"
set -- $(sz pristine) $(sz patched)
delta "size(1) text (padded)" "$1" "$4"
delta "size(1) data" "$2" "$5"
delta "size(1) bss" "$3" "$6"
delta "bzImage bytes" "$(bz pristine)" "$(bz patched)"
delta "sizeof(struct module)" "$(this_module pristine)" "$(this_module patched)"

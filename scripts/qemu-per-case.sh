#!/bin/sh
# qemu-per-case.sh KERNEL INITRD SUITE KTAP
#
# For a kernel that cannot unload modules (MODULE_UNLOAD=n): a case would
# find the modules of the cases before it still loaded, so boot once per
# case of tests/suite/SUITE.t (GUEST_CMDLINE "case=N", scripts/qemu-run.sh
# leaving KTAP.N), then write KTAP as one boot would have: the cases in
# order, and no_kernel_reports passing only if it passed in every boot.
# A boot that printed no result leaves its case out; the plan then counts
# one result more than there is, which scripts/ktap-report.sh fails.
set -u

kernel=$1 initrd=$2 suite=$3 ktap=$4
cases=$(grep -c '^case ' "tests/suite/$suite.t")
cmdline=${GUEST_CMDLINE:-}
rc=0
start=$(date +%s)

i=1
while [ "$i" -le "$cases" ]; do
	GUEST_CMDLINE="$cmdline case=$i" \
		sh scripts/qemu-run.sh "$kernel" "$initrd" "$suite" "$ktap.$i" 2>"$ktap.$i.err" ||
		{ rc=1; cat "$ktap.$i.err" >&2; }
	i=$((i + 1))
done

# Each boot's KTAP: "1..2", the case's diagnostics and result as 1, then
# no_kernel_reports as 2.
{
	echo "KTAP version 1"
	echo "1..$((cases + 1))"
	i=1
	while [ "$i" -le "$cases" ]; do
		awk -v n="$i" 'NR > 2 && !done { if (sub(/^ok 1 /, "ok " n " ") ||
			sub(/^not ok 1 /, "not ok " n " ")) done = 1; print }' "$ktap.$i"
		i=$((i + 1))
	done
	i=1 failed=
	while [ "$i" -le "$cases" ]; do
		if ! grep -qx 'ok 2 no_kernel_reports' "$ktap.$i"; then
			failed=1
			echo "# boot of case $i:"
			sed -n '/^\(not \)\{0,1\}ok 1 /,/^not ok 2 /p' "$ktap.$i" | sed '1d;$d'
		fi
		i=$((i + 1))
	done
	echo "${failed:+not }ok $((cases + 1)) no_kernel_reports"
} >"$ktap"
label=${ktap#"${ktap%/*/*}"/}
echo "  BOOT    $label: $cases boots, one per case, $(($(date +%s) - start)) s" >&2
exit $rc

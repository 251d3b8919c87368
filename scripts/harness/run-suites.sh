#!/bin/sh
# run-suites.sh [--show] DIR/SUITE[.RUN].ktap...
#
# The harness's one suite runner: boot each listed suite under QEMU and
# leave its KTAP document at the path given (the whole console beside it,
# .console; the QEMU command line, to replay the boot by hand, in .cmd).
# DIR holds the kernel (image), the suite's initramfs (SUITE.cpio.gz), the
# suite (SUITE.t) and the record of its cell (cell.config; boot-dir.sh
# makes them), which names the architecture (tests/arch/ARCH.config: QEMU
# binary, machine, console, accelerator) and how it boots:
#
#   boot: suite   one boot runs the suite
#   boot: case    one boot per case (a kernel that cannot unload modules
#                 would find the modules of the cases before it still
#                 loaded); each boot's KTAP is a subtest of the case, and
#                 no_kernel_reports passes only if it passed in every boot
#
# CASES, a glob ('*' and '?'), runs only the cases whose names match it
# (make test CASE=); the guest's init matches them, and lists them for a
# per-case boot.
#
# The kernel command line is the console, the architecture's and the
# suite's "# cmdline:" records, suite=SUITE, case=$CASES and
# stress_cycles=$STRESS_CYCLES when set, and $GUEST_CMDLINE; the timeout
# is the suite's "# timeout:" record or 180 s, the guest's memory its
# "# memory:" record (MiB) or 256.
# KVM is used only when a probe boot showed it works (the answer is kept
# in $ACCEL_CACHE, build/accel by default), else TCG; QEMU_ACCEL
# overrides, QEMU_EXTRA adds options, QEMU_SMP sets the CPU count
# (default 2).  INIT_HOST is an init that runs on the host, to list a
# suite's cases.  --show streams the console.
#
# Every boot in the list runs, whatever the others did.  A boot that did
# not complete (QEMU failed, the guest crashed or timed out) is reported
# on stderr, its document (as far as it got) ends with "Bail out!" and
# the reason, which ktap-report.sh counts as a failure (the Makefile's
# run makes a document that did not pass again).  The results themselves
# are judged by ktap-report.sh.  Exit status: 1 if a boot did not complete.
set -u

show=
[ "${1:-}" = --show ] && { show=1; shift; }
accel_cache=${ACCEL_CACHE:-build/accel}
field() { sh scripts/harness/field.sh "$@"; }

# qemu LIMIT ACCEL CMDLINE [CMDFILE]: run the machine of $arch with
# $dir's kernel and the suite's initramfs; the command goes to CMDFILE.
qemu() {
	cmdfile=${4:-/dev/null}
	append="console=$(field "$arch" console) $(field "$arch" cmdline) loglevel=3 panic=-1 oops=panic $3"
	set -- timeout --foreground -k 5 "$1" $(field "$arch" qemu) $2 \
		-m "$memory" -smp "${QEMU_SMP:-2}" -display none -monitor none -serial stdio \
		-no-reboot ${QEMU_EXTRA:-} -kernel "$dir/image" -initrd "$dir/$suite.cpio.gz" \
		-append "$append"
	# Quoted, so that the line can be pasted into a shell.
	printf "'%s' " "$@" | sed 's/ $//' >"$cmdfile"
	echo >>"$cmdfile"
	"$@"
}

# KVM on these machines can fail (MSR errors with -cpu host) or hang
# (default CPU): trust it only after a boot that completes a case.  One
# probe for all boots, even two at a time (flock), and the answer
# appears whole (mv).
accel() {
	want=${QEMU_ACCEL:-$(field "$arch" accel)}
	case $want in
	probe)	;;
	-*)	echo "$want"; return ;;
	*)	echo "-accel $want"; return ;;
	esac
	(
		flock 9
		[ -s "$accel_cache" ] && exit
		if [ -r /dev/kvm ] && [ -w /dev/kvm ] &&
		   qemu 20 "-accel kvm -cpu host" "suite=$suite" 2>/dev/null | tr -d '\r' |
		   grep -q '^ok 1 '; then
			echo "-accel kvm -cpu host"
		else
			echo "-accel tcg"
		fi >"$accel_cache.tmp"
		mv "$accel_cache.tmp" "$accel_cache"
	) 9>"$accel_cache.lock"
	cat "$accel_cache"
}

# boot KTAP CMDLINE: one boot; its KTAP to KTAP, its console to
# KTAP.console, its QEMU command to KTAP.cmd.  Fails, saying why on
# stderr and in a last line "Bail out! WHY" of KTAP, if it did not
# complete.
boot() {
	doc=$1 console=$1.console
	label=${doc##*/build/}
	start=$(date +%s.%N)
	how=$(accel)
	{ qemu "$limit" "$how" "$2" "$doc.cmd" 2>&1; echo "qemu-exit=$?"; } | tr -d '\r' |
		if [ -n "$show" ]; then tee "$console" | grep -v '^qemu-exit='; else cat >"$console"; fi
	secs=$(echo "$(date +%s.%N) $start" | awk '{ printf "%.1f", $1 - $2 }')
	# The document: from its version line to its last result.
	sed -n '/^KTAP version 1$/,/^qemu-exit=/p' "$console" |
		awk '{ line[NR] = $0 } /^(not )?ok [0-9]/ { last = NR }
			END { for (i = 1; i <= last; i++) print line[i] }' >"$doc"
	echo "  BOOT    $label: $secs s (${how#-accel })" >&2
	echo "  QEMU    $(cat "$doc.cmd")" >&2
	rc=$(sed -n 's/^qemu-exit=//p' "$console")
	case $rc in
	0)	why= ;;
	124|137) why="guest timed out after $limit s" ;;
	*)	why="QEMU failed (exit $rc)" ;;
	esac
	[ -z "$why" ] && grep -q 'Kernel panic' "$console" && why="guest crashed after $secs s"
	[ -z "$why" ] && return 0
	echo "Bail out! $why" >>"$doc"
	echo "$label: $why; last console lines:" >&2
	grep -v '^qemu-exit=' "$console" | tail -n 15 | sed 's/^/  | /' >&2
	return 1
}

# boot_per_case KTAP CMDLINE: one boot per case of $suite that $CASES
# selects, composed into one document: case I is result I, failed if
# anything in its boot failed, with the boot's document as its subtest;
# then no_kernel_reports over all boots.
boot_per_case() {
	cases=$("${INIT_HOST:?INIT_HOST names an init to list cases with}" --cases "$suitefile" \
		${CASES:+"$CASES"}) ||
		{ echo "Bail out! cannot list the cases of $suitefile" >"$1"; return 1; }
	n=$(echo "$cases" | grep -c .)
	status=0 reports=ok
	mkdir -p "$1.d"
	{
		echo "KTAP version 1"
		echo "1..$((n + 1))"
		i=1
		for name in $cases; do
			sub=$1.d/$i.ktap
			complete=1
			boot "$sub" "$2 case=$name" || { status=1 complete=; }
			echo "    # Subtest: $name"
			sed 's/^/    /' "$sub"
			# The case's own result, as the boot printed it, if its
			# boot completed and found no kernel report.
			res=$(grep -E '^(not )?ok 1 ' "$sub")
			if [ -n "$complete" ] && grep -qx 'ok 2 no_kernel_reports' "$sub"; then
				case $res in
				"ok 1 "*) echo "ok $i ${res#ok 1 }" ;;
				*) echo "not ok $i $name" ;;
				esac
			else
				reports="not ok"
				echo "not ok $i $name"
			fi
			i=$((i + 1))
		done
		echo "$reports $((n + 1)) no_kernel_reports"
	} >"$1.tmp"
	mv "$1.tmp" "$1"
	return $status
}

failed=0
for ktap; do
	rm -f "$ktap"
	dir=${ktap%/*}
	name=${ktap##*/}
	suite=${name%%.*}
	suitefile=$dir/$suite.t	# boot-dir.sh's link
	arch=tests/arch/$(field "$dir/cell.config" arch).config
	limit=$(field "$suitefile" timeout)
	limit=${limit:-180}
	memory=$(field "$suitefile" memory)
	memory=${memory:-256}
	cmdline=$(echo "suite=$suite $(field "$suitefile" cmdline)" \
		"${STRESS_CYCLES:+stress_cycles=$STRESS_CYCLES} ${GUEST_CMDLINE:-}" | tr -s ' ' | sed 's/ $//')
	case $(field "$dir/cell.config" boot) in
	case)	boot_per_case "$ktap" "$cmdline" ;;
	*)	boot "$ktap" "$cmdline${CASES:+ case=$CASES}" ;;
	esac || failed=1
done
exit $failed

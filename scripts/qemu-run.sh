#!/bin/sh
# qemu-run.sh [--show] KERNEL INITRD SUITE KTAP
#
# Boot KERNEL with INITRD under QEMU, run the guest suite SUITE and write
# the KTAP the guest printed to KTAP (the whole console to KTAP.console).
# KERNEL is an x86 bzImage (x86_64 or i386: qemu-system-x86_64 runs both)
# or an arm64 Image (qemu-system-aarch64 -M virt, TCG only).
# QEMU always runs under a timeout (GUEST_TIMEOUT, default 180 s); KVM is
# used only when a probe boot shows it works, else TCG.  --show streams
# the console to the terminal.  Extra kernel parameters: GUEST_CMDLINE;
# extra QEMU options: QEMU_EXTRA; QEMU_ACCEL overrides the probe;
# QEMU_SMP sets the CPU count (default 2, for tests/suite/stress.t).
set -u

show=
[ "$1" = --show ] && { show=1; shift; }
kernel=$1 initrd=$2 suite=$3 ktap=$4
console=$ktap.console
limit=${GUEST_TIMEOUT:-180}
cache=${ktap%/*}/../accel

# An arm64 Image has "ARM\x64" at offset 56 of its header.
if [ "$(od -An -c -j 56 -N 3 "$kernel" | tr -d ' ')" = ARM ]; then
	machine="qemu-system-aarch64 -M virt -cpu cortex-a57" tty=ttyAMA0
	QEMU_ACCEL=${QEMU_ACCEL:--accel tcg}
else
	machine=qemu-system-x86_64 tty=ttyS0
fi

qemu() {
	timeout --foreground -k 5 "$1" $machine $2 -m 256 -smp ${QEMU_SMP:-2} \
		-display none -monitor none -serial stdio -no-reboot ${QEMU_EXTRA:-} \
		-kernel "$kernel" -initrd "$initrd" \
		-append "console=$tty loglevel=3 panic=-1 oops=panic suite=$3 ${GUEST_CMDLINE:-}"
}

# KVM on these machines can fail (MSR errors with -cpu host) or hang
# (default CPU): trust it only after a boot that completes a suite.
probe_accel() {
	if [ -r /dev/kvm ] && [ -w /dev/kvm ] &&
	   qemu 20 "-accel kvm -cpu host" smoke 2>/dev/null | tr -d '\r' | grep -q '^ok 1 '; then
		echo "-accel kvm -cpu host"
	else
		echo "-accel tcg"
	fi
}
if [ -n "${QEMU_ACCEL:-}" ]; then
	accel=$QEMU_ACCEL
else
	[ -s "$cache" ] || probe_accel >"$cache"
	accel=$(cat "$cache")
fi

# Run QEMU and append its exit status to the console, so the status
# survives the pipe (POSIX sh has no pipefail).
boot() {
	qemu "$limit" "$accel" "$suite" 2>&1
	echo "qemu-exit=$?"
}

start=$(date +%s.%N)
if [ -n "$show" ]; then
	boot | tr -d '\r' | tee "$console" | grep -v '^qemu-exit='
else
	boot | tr -d '\r' >"$console"
fi
secs=$(echo "$(date +%s.%N) $start" | awk '{ printf "%.1f", $1 - $2 }')
rc=$(sed -n 's/^qemu-exit=//p' "$console")
sed -n '/^KTAP version 1$/,/^qemu-exit=/p' "$console" | grep -v '^qemu-exit=' >"$ktap"

label=${ktap#"${ktap%/*/*}"/}
fail() {
	echo "$label: $*; last console lines:" >&2
	grep -v '^qemu-exit=' "$console" | tail -n 15 | sed 's/^/  | /' >&2
	exit 1
}
case $rc in
0)	;;
124|137) fail "guest timed out after $limit s" ;;
*)	fail "QEMU failed (exit $rc)" ;;
esac
grep -q 'Kernel panic' "$console" && fail "guest crashed after $secs s"
echo "  BOOT    $label: $secs s (${accel#-accel })" >&2

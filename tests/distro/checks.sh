#!/bin/bash
# checks.sh CHECK [ARG...]: the distro suite's checks that need a shell
# (tests/suite/distro.t), run in the guest by Debian's bash with busybox's
# applets and Debian's kmod (busybox's own sh would run its modprobe and
# modinfo applets instead).  The host leaves what they compare against in /distro/:
# linked-text (_text's link-time address, from System.map) and
# Module.symvers (the headers package's).  Each check prints what it
# found and exits non-zero when it is not what it should be.
set -u

release=$(uname -r)
moddir=/lib/modules/$release
fail() { echo "$*"; exit 1; }

# The module tools are Debian's kmod, not busybox's applets, and kmod's
# insmod refuses an unsigned module too.
kmod_tools() {
	for tool in depmod insmod modinfo modprobe rmmod; do
		for d in /bin /sbin; do
			[ "$(readlink "$d/$tool")" = kmod ] || [ "$(readlink "$d/$tool")" = ../bin/kmod ] ||
				fail "$d/$tool is $(readlink "$d/$tool"), not kmod"
		done
	done
	kmod --version
	! insmod /m/gplf_prop.ko || fail "kmod's insmod loaded the unsigned gplf_prop.ko"
}

# The kernel runs at an address KASLR chose: _text is not where it was
# linked (the same slot comes up in about 1 boot of 500).
kaslr() {
	linked=$(cat /distro/linked-text)
	now=$(grep ' _text$' /proc/kallsyms | cut -d' ' -f1)
	echo "_text linked at $linked, runs at $now"
	[ -n "$linked" ] || fail "no link-time _text address in /distro/linked-text"
	[ -n "$now" ] && [ "$now" != 0000000000000000 ] || fail "no _text address in /proc/kallsyms"
	[ "$now" != "$linked" ] || fail "KASLR left the kernel where it was linked"
}

# depmod -a writes the indexes (there are none before: the image
# package ships none), and they name the future-GPL exporter: its
# export, and a dependency of its users.
depmod_indexes() {
	[ ! -e "$moddir/modules.dep" ] || fail "$moddir/modules.dep is there before depmod -a"
	depmod -a || fail "depmod -a failed"
	grep -x 'alias symbol:gplf_exporter_triple gplf_exporter' "$moddir/modules.symbols" ||
		fail "modules.symbols lacks gplf_exporter's future-GPL export"
	grep -x 'alias symbol:test_gpl_future_add gplf_exporter' "$moddir/modules.symbols" &&
		fail "vmlinux's export indexed as gplf_exporter's"
	for user in gplf_mod_prop gplf_mod_gpl; do
		grep -x "updates/$user.ko.xz: updates/gplf_exporter.ko.xz" "$moddir/modules.dep" ||
			fail "modules.dep: $user does not depend on gplf_exporter"
	done
}

# modinfo MODULE LICENSE: what modinfo shows of the installed, signed,
# compressed MODULE.
modinfo_signed() {
	for f in filename license signer sig_hashalgo; do
		echo "$f: $(modinfo -F $f "$1")"
	done
	[ "$(modinfo -F license "$1")" = "$2" ] || fail "license is not $2"
	[ "$(modinfo -F sig_hashalgo "$1")" = sha512 ] || fail "not signed with sha512"
	[ -n "$(modinfo -F signer "$1")" ] || fail "no signer"
	case $(modinfo -F filename "$1") in
	*.ko.xz) ;;
	*) fail "not compressed with xz" ;;
	esac
}

# The CRCs modprobe --dump-modversions lists for MODULE's future-GPL
# imports are those of Module.symvers.
dump_modversions() {
	file=$(modinfo -F filename "$1") || fail "no $1"
	modprobe --dump-modversions "$file" >/tmp/versions || fail "--dump-modversions failed"
	cat /tmp/versions
	for sym in test_gpl_future_add test_gpl_future_magic; do
		crc=$(awk -v s="$sym" '$2 == s && $4 == "EXPORT_SYMBOL_GPL_FUTURE" { print $1 }' \
			/distro/Module.symvers)
		[ -n "$crc" ] || fail "Module.symvers has no future-GPL $sym"
		grep -qix "$crc[[:space:]]*$sym" /tmp/versions || fail "$sym: not $crc"
	done
}

# depmod -e -E Module.symvers finds no problem in the tree, and does
# find one when a future-GPL export's CRC is changed.
depmod_symvers() {
	depmod -n -e -E /distro/Module.symvers >/dev/null 2>/tmp/warnings ||
		{ cat /tmp/warnings; fail "depmod -e failed"; }
	[ ! -s /tmp/warnings ] || { cat /tmp/warnings; fail "depmod -e warned"; }
	awk '$2 == "test_gpl_future_add" { $1 = "0x00000bad" } { print }' OFS='\t' \
		/distro/Module.symvers >/tmp/bad.symvers
	depmod -n -e -E /tmp/bad.symvers >/dev/null 2>/tmp/warnings
	cat /tmp/warnings
	grep -q 'gplf_prop.ko.xz disagrees about version of symbol test_gpl_future_add' /tmp/warnings ||
		fail "depmod -e missed a changed CRC"
}

# wait_until WHAT CHECK PATH...: CHECK PATH... succeeds within 30 s; if
# not, say what PATH is then.
wait_until() {
	what=$1
	shift
	i=0
	until "$@"; do
		i=$((i + 1))
		[ $i -le 300 ] || fail "$what: not after 30 s ($(found "$2"))"
		sleep 0.1
	done
}
holds() { [ "$(cat "$1" 2>/dev/null)" = "$2" ]; }
gone() { [ ! -e "$1" ]; }
found() {
	if [ -d "$1" ]; then
		echo "$1 exists"
	else
		echo "$1: $(cat "$1" 2>&1)"
	fi
}

# The live patch calls test_gpl_future_add() from /proc/cmdline's show
# function while enabled; disabled and removed, /proc/cmdline is the
# kernel's own again.
livepatch() {
	lp=/sys/kernel/livepatch/gplf_livepatch
	patched='gplf_livepatch: test_gpl_future_add(2, 3) = 5'
	modprobe gplf_livepatch || fail "modprobe gplf_livepatch failed"
	wait_until "$lp/enabled is 1" holds "$lp/enabled" 1
	wait_until "$lp/transition is 0" holds "$lp/transition" 0
	[ "$(cat /proc/cmdline)" = "$patched" ] || fail "/proc/cmdline: $(cat /proc/cmdline)"
	echo 0 >"$lp/enabled" || fail "cannot disable"
	wait_until "$lp gone after disabling" gone "$lp"
	grep -q 'suite=distro' /proc/cmdline || fail "/proc/cmdline still patched: $(cat /proc/cmdline)"
	modprobe -r gplf_livepatch || fail "modprobe -r gplf_livepatch failed"
}

# modprobe MODULE fails.
refused() {
	! modprobe "$1" || fail "modprobe $1 loaded it"
}

check=$1
shift
"$check" "$@"

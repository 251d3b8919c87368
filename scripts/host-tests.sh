#!/bin/sh
# host-tests.sh BUILD: the suite's host-side cases (the harness itself and,
# later, build-time behaviour), printed as KTAP version 1.
set -u

b=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
num=0

# result NAME COMMAND...: one KTAP line, ok when COMMAND succeeds.
result() {
	name=$1
	shift
	num=$((num + 1))
	if "$@" >"$tmp/out" 2>&1; then
		echo "ok $num $name"
	else
		sed 's/^/# /' "$tmp/out"
		echo "not ok $num $name"
	fi
}

configure_rejects_dropped_option() {
	echo 'CONFIG_GPL_FUTURE_NO_SUCH_OPTION=y' >"$tmp/bad.config"
	if KCC="ccache gcc" sh scripts/configure.sh "$b/linux" "$tmp/obj" \
		tests/config/base.config "$tmp/bad.config" 2>"$tmp/err"; then
		echo "configure.sh accepted an option Kconfig dropped"
		return 1
	fi
	grep -q 'did not survive olddefconfig: .*CONFIG_GPL_FUTURE_NO_SUCH_OPTION=y' "$tmp/err"
}

report_fails_truncated_run() {
	printf 'KTAP version 1\n1..3\nok 1 a\nok 2 b\n' >"$tmp/cut.ktap"
	if sh scripts/ktap-report.sh "$tmp/cut.ktap" >"$tmp/rep"; then
		echo "ktap-report.sh passed a run that stopped after 2 of 3 results"
		return 1
	fi
	grep -q 'plan says 3 results, got 2' "$tmp/rep" &&
		grep -qx '2 passed, 1 failed, 0 skipped' "$tmp/rep"
}

relicense_refuses_plain_module() {
	cp "$b/modversions/mods/smoke_gpl.ko" "$tmp/plain.ko"
	if sh scripts/relicense.sh "$tmp/plain.ko" 2>/dev/null; then
		echo "relicense.sh rewrote a module without the placeholder"
		return 1
	fi
	cmp "$tmp/plain.ko" "$b/modversions/mods/smoke_gpl.ko"
}

bypass_module_is_proprietary() {
	for c in "$b"/*/mods/smoke_bypass.ko; do
		[ "$(modinfo -F license "$c")" = Proprietary ] ||
			{ echo "$c: license is not Proprietary"; return 1; }
	done
}

echo "KTAP version 1"
echo "1..4"
result configure_rejects_dropped_option configure_rejects_dropped_option
result report_fails_truncated_run report_fails_truncated_run
result relicense_refuses_plain_module relicense_refuses_plain_module
result bypass_module_is_proprietary bypass_module_is_proprietary

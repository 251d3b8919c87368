# ktap-lib.sh: sourced by the host-side test scripts.
#
# Each test is a shell function; "result NAME" runs it and prints one
# KTAP line, ok when it succeeds, its output as diagnostics when it does
# not ("result NAME COMMAND..." runs COMMAND instead).  Tests keep
# scratch files under $tmp.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
num=0

result() {
	name=$1
	[ $# -gt 1 ] && shift
	num=$((num + 1))
	if "$@" >"$tmp/out" 2>&1; then
		echo "ok $num $name"
	else
		sed 's/^/# /' "$tmp/out"
		# Output without a final newline must not swallow the result.
		[ -z "$(tail -c 1 "$tmp/out")" ] || echo
		echo "not ok $num $name"
	fi
}

#!/bin/sh
# configure.sh ARCH SRC OBJ FRAGMENT...
#
# Write OBJ/.config for ARCH: tinyconfig, then the fragments merged in
# order, then olddefconfig.  Kconfig silently drops an option whose dependencies are
# not met, so every line of every fragment is checked against the result
# and a dropped one is an error.
set -eu

arch=$1 src=$2 obj=$3
shift 3
kmake() { sh scripts/harness/kmake.sh "$arch" "$src" "$obj" "$@"; }
die() { echo "configure: error: $*" >&2; exit 1; }

mkdir -p "$obj"
kmake tinyconfig >/dev/null || die "make tinyconfig failed"
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" \
	>"$obj/merge_config.log" 2>&1 ||
	{ cat "$obj/merge_config.log" >&2; die "merge_config.sh failed"; }
kmake olddefconfig >/dev/null || die "make olddefconfig failed"

# Print "FRAGMENT: LINE" for each requested setting the result lacks.  A
# later fragment may override an earlier one: the last setting counts.
dropped() {
	awk '/^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)/ {
		opt = $1 == "#" ? $2 : substr($0, 1, index($0, "=") - 1)
		if (!(opt in want))
			order[n++] = opt
		want[opt] = FILENAME ": " $0
	} END { for (i = 0; i < n; i++) print want[order[i]] }' "$@" |
	while IFS= read -r line; do
		want=${line#*: }
		case $want in
		'# '*)	opt=${want#\# }
			grep -q "^${opt%% *}=" "$obj/.config" || continue ;;
		*)	grep -qxF "$want" "$obj/.config" && continue ;;
		esac
		echo "$line"
	done
}

lost=$(dropped "$@")
if [ -n "$lost" ]; then
	echo "$lost" | sed 's/^/configure: error: did not survive olddefconfig: /' >&2
	exit 1
fi

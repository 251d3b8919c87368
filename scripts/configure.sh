#!/bin/sh
# configure.sh SRC OBJ FRAGMENT...
#
# Write OBJ/.config: tinyconfig, then the fragments merged in order, then
# olddefconfig.  Kconfig silently drops an option whose dependencies are
# not met, so every line of every fragment is checked against the result
# and a dropped one is an error.
set -eu

src=$1 obj=$2
shift 2
kmake() { make -s -C "$src" O="$obj" CC="${KCC:-gcc}" "$@"; }
die() { echo "configure: error: $*" >&2; exit 1; }

mkdir -p "$obj"
kmake tinyconfig >/dev/null || die "make tinyconfig failed"
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" \
	>"$obj/merge_config.log" 2>&1 ||
	{ cat "$obj/merge_config.log" >&2; die "merge_config.sh failed"; }
kmake olddefconfig >/dev/null || die "make olddefconfig failed"

# Print "FRAGMENT: LINE" for each requested setting the result lacks.
dropped() {
	for frag in "$@"; do
		grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$frag" |
		while IFS= read -r want; do
			case $want in
			'# '*)	opt=${want#\# }
				grep -q "^${opt%% *}=" "$obj/.config" || continue ;;
			*)	grep -qxF "$want" "$obj/.config" && continue ;;
			esac
			echo "$frag: $want"
		done
	done
}

lost=$(dropped "$@")
if [ -n "$lost" ]; then
	echo "$lost" | sed 's/^/configure: error: did not survive olddefconfig: /' >&2
	exit 1
fi

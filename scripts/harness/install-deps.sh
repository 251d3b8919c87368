#!/bin/sh
# install-deps.sh [PACKAGE...]: install the Debian packages the harness
# needs, or only the PACKAGEs given, but only those missing.  apt-get
# update runs once, and only when something must be installed.
set -eu

pkgs="quilt qemu-system-x86 ccache gcc make bc bison flex
libelf-dev libssl-dev cpio xz-utils kmod perl git coreutils
universal-ctags python3-ply python3-git liblzma-dev libzstd-dev zlib1g-dev pkg-config zstd
jq rsync
man-db"
[ $# -gt 0 ] && pkgs="$*"

missing() {
	missing=
	for p in $pkgs; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || missing="$missing $p"
	done
}
missing
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "install-deps: missing packages:$missing (run as root, or install them)" >&2
	exit 1
fi
# Parallel make jobs may get here together: one apt-get at a time, and
# what the one before installed is not installed again.
exec 9>/var/lock/gpl-future-install-deps.lock
flock 9
missing
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { apt-get update && apt-get install -y --no-install-recommends $missing; } >"$log" 2>&1; then
	tail -n 20 "$log" >&2
	rm -f "$log"
	echo "install-deps: error: could not install:$missing" >&2
	exit 1
fi
rm -f "$log"

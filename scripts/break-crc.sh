#!/bin/sh
# break-crc.sh MODULE.ko SYMBOL
#
# Change the CRC that MODULE.ko's __versions table records for SYMBOL, as
# a module built against another kernel would have, and check that it
# changed.  A module without __versions (MODVERSIONS=n) is left alone.
set -eu
ko=$1 sym=$2

before=$(modprobe --dump-modversions "$ko" 2>/dev/null | awk -v s="$sym" '$2 == s { print $1 }')
[ -n "$before" ] || exit 0
# struct modversion_info on 64-bit: an 8-byte little-endian CRC, then the
# name; the CRC's top four bytes are zero.
perl -0777 -pi -e '
	my $i = index($_, "\0\0\0\0'"$sym"'\0");
	die "no __versions entry\n" if $i < 4;
	substr($_, $i - 4, 1) = chr(ord(substr($_, $i - 4, 1)) ^ 0x55);
' "$ko"
after=$(modprobe --dump-modversions "$ko" | awk -v s="$sym" '$2 == s { print $1 }')
[ "$after" != "$before" ] ||
	{ echo "break-crc: error: CRC of $sym in $ko did not change" >&2; exit 1; }

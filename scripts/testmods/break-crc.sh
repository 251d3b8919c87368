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
# struct modversion_info: the CRC as an unsigned long (little-endian on
# every architecture here: 4 bytes on i386, 8 with four zero bytes on
# 64-bit), then the name.  Flip bits in the CRC's first byte.
perl -0777 -pi -e '
	my $crc = pack("V", hex("'"$before"'"));
	my $i = index($_, $crc . "'"$sym"'\0");
	$i = index($_, $crc . "\0\0\0\0'"$sym"'\0") if $i < 0;
	die "no __versions entry\n" if $i < 0;
	substr($_, $i, 1) = chr(ord(substr($_, $i, 1)) ^ 0x55);
' "$ko"
after=$(modprobe --dump-modversions "$ko" | awk -v s="$sym" '$2 == s { print $1 }')
[ "$after" != "$before" ] ||
	{ echo "break-crc: error: CRC of $sym in $ko did not change" >&2; exit 1; }

#!/bin/sh
# rewrite-modinfo.sh KEY FROM TO MODULE.ko...
#
# Rewrite the .modinfo entry KEY=FROM into KEY=TO in place, behind
# modpost's back, as a bypass would: tests use it to reach the loader's
# own checks.  FROM and TO are perl string bodies ("GPL v2") of the
# same length, so no offset in the file moves.  Checks that it worked.
set -eu
key=$1 from=$2 to=$3
shift 3
for ko; do
	FROM="$key=$from" TO="$key=$to" perl -0777 -pi -e '
		BEGIN { ($f, $t) = map { eval "\"$_\"" } @ENV{qw(FROM TO)};
			die "lengths differ\n" if length $f != length $t }
		s/\Q$f\E/$t/ or die "no $f\n"' "$ko" ||
		{ echo "rewrite-modinfo: error: $ko: cannot rewrite $key=$from" >&2; exit 1; }
	modinfo -F "$key" "$ko" | grep -qxF "$to" ||
		{ echo "rewrite-modinfo: error: $ko: $key is not $to" >&2; exit 1; }
done

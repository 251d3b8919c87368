#!/bin/sh
# field.sh FILE KEY: print the value of the line "# KEY: VALUE" of FILE.
#
# The one reader of the harness's records: base, architecture and cell
# descriptors (tests/bases/, tests/arch/, tests/cells/) and the header of
# a suite (tests/suite/*.t).  A record is a comment, so a kconfig
# fragment or a suite can carry its own.  A missing FILE is an error; a
# missing KEY prints nothing.
set -eu
[ -r "$1" ] || { echo "field: error: no such record: $1" >&2; exit 1; }
sed -n "s/^# $2: *//p" "$1" | sed -n 1p

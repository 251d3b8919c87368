#!/bin/sh
# series.sh BASE [PART]: the patch files of BASE's quilt series
# (tests/bases/BASE: "series:" and "patches:"), or of its part PART
# alone (PATCHES/PART/series), in order, one absolute path per line.
# The one reader of a series file.
set -eu
desc=tests/bases/$1
series=$(sh scripts/harness/field.sh "$desc" series)
patches=$(sh scripts/harness/field.sh "$desc" patches)
[ -z "${2:-}" ] || { patches=$patches/$2 series=$patches/series; }
[ -r "$series" ] || { echo "series: error: $desc: no series file $series" >&2; exit 1; }
sed -n "s#^\([^\#][^ ]*\).*#$(pwd)/$patches/\1#p" "$series"

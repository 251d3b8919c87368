#!/bin/sh
# relicense.sh MODULE.ko...: turn the .modinfo license of test modules
# built with MODULE_LICENSE("GPL\0xxxxxxx") into "Proprietary", in place,
# the way a modpost bypass would, and check that it worked.
set -eu
for ko; do
	perl -0777 -pi -e 's/license=GPL\0xxxxxxx/license=Proprietary/ or die "no license placeholder\n"' "$ko" ||
		{ echo "relicense: error: $ko has no license placeholder" >&2; exit 1; }
	[ "$(modinfo -F license "$ko")" = Proprietary ] ||
		{ echo "relicense: error: $ko: license rewrite failed" >&2; exit 1; }
done

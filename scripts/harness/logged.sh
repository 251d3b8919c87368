#!/bin/sh
# logged.sh LOG COMMAND...: run COMMAND with its output in LOG; on failure
# show the tail of LOG so the error is visible without opening the file.
set -u
log=$1
shift
if ! "$@" >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	echo "error: '$*' failed; full log in $log" >&2
	exit 1
fi

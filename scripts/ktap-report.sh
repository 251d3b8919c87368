#!/bin/sh
# ktap-report.sh KTAP...
#
# Turn KTAP version 1 documents into a readable report and the closing
# line "N passed, N failed, N skipped".  Only top-level results count.
# A document without a version line or plan, or with fewer results than
# its plan (a guest that crashed or hung mid-run), counts its missing
# results as failures.  Exit status: 0 only if nothing failed.
empty=0
for f; do
	shift
	if [ -s "$f" ]; then
		set -- "$@" "$f"
	else
		echo "FAIL ${f##*build/}: no KTAP output"
		empty=$((empty + 1))
	fi
done
exec awk -v failed="$empty" '
function finish() {
	if (FILENAME_PREV == "")
		return
	if (!version || plan < 0) {
		printf "FAIL %s: no KTAP version line or plan\n", FILENAME_PREV
		failed++
	} else if (seen != plan) {
		printf "FAIL %s: plan says %d results, got %d\n", FILENAME_PREV, plan, seen
		if (seen < plan)
			failed += plan - seen
		else
			failed++
	}
}
FNR == 1 {
	finish()
	FILENAME_PREV = FILENAME
	label = FILENAME
	sub(/.*build\//, "", label)
	sub(/\.ktap$/, "", label)
	version = 0; plan = -1; seen = 0
}
/^KTAP version 1$/ { version = 1; next }
/^1\.\.[0-9]+$/ { plan = substr($0, 4) + 0; next }
/^(not )?ok [0-9]+/ {
	seen++
	line = $0
	ok = (line !~ /^not /)
	sub(/^(not )?ok [0-9]+ ?/, "", line)
	if (line ~ /# *SKIP/) {
		skipped++; tag = "SKIP"
	} else if (ok) {
		passed++; tag = "PASS"
	} else {
		failed++; tag = "FAIL"
	}
	printf "%s %s: %s\n", tag, label, line
	if (!ok)
		for (i = 0; i < ndiag; i++)
			print "     " diag[i]
	ndiag = 0
	next
}
/^# / { diag[ndiag++] = $0; next }
END {
	finish()
	printf "%d passed, %d failed, %d skipped\n", passed, failed, skipped
	exit failed > 0 || passed + skipped == 0
}' "$@" /dev/null

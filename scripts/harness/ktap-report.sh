#!/bin/sh
# ktap-report.sh KTAP...
#
# Turn KTAP version 1 documents into a readable report, a tally per cell
# (BASE/CELL of build/BASE/CELL/SUITE.ktap; BASE/host, BASE/tools... for
# the others) and the closing line "N passed, N failed, N skipped": the
# harness's one reader of KTAP.  Only top-level results count; subtests
# (indented) are shown with their parent's result when it fails.
# A document without a version line or plan, or with fewer results than
# its plan (a guest that crashed or hung mid-run), counts its missing
# results as failures; a top-level "Bail out!" (a boot that did not
# complete, even after its last result) counts as one more.  Exit
# status: 0 only if nothing failed.
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
function count(what, n) {
	if (!(cell in order_of)) {
		order_of[cell] = ncells
		cells[ncells++] = cell
	}
	tally[cell, what] += n
	if (what == "failed")
		failed += n
	else if (what == "passed")
		passed += n
	else
		skipped += n
}
function finish() {
	if (FILENAME_PREV == "")
		return
	if (!version || plan < 0) {
		printf "FAIL %s: no KTAP version line or plan\n", FILENAME_PREV
		count("failed", 1)
	} else if (seen != plan) {
		printf "FAIL %s: plan says %d results, got %d\n", FILENAME_PREV, plan, seen
		count("failed", seen < plan ? plan - seen : 1)
	}
}
FNR == 1 {
	finish()
	FILENAME_PREV = FILENAME
	label = FILENAME
	sub(/.*build\//, "", label)
	sub(/\.ktap$/, "", label)
	# build/BASE/CELL/SUITE.ktap counts for BASE/CELL, build/BASE/X.ktap
	# for BASE/X.
	cell = label
	if (split(label, part, "/") >= 3)
		cell = part[1] "/" part[2]
	version = 0; plan = -1; seen = 0; ndiag = 0
}
/^KTAP version 1$/ { version = 1; next }
# A run that stopped early (run-suites.sh: a guest crashed or timed out).
/^Bail out!/ {
	printf "FAIL %s: %s\n", label, $0
	count("failed", 1)
	next
}
/^1\.\.[0-9]+$/ { plan = substr($0, 4) + 0; next }
/^(not )?ok [0-9]+/ {
	seen++
	line = $0
	ok = (line !~ /^not /)
	sub(/^(not )?ok [0-9]+ ?/, "", line)
	if (line ~ /# *SKIP/) {
		count("skipped", 1); tag = "SKIP"
	} else if (ok) {
		count("passed", 1); tag = "PASS"
	} else {
		count("failed", 1); tag = "FAIL"
	}
	printf "%s %s: %s\n", tag, label, line
	if (!ok)
		for (i = 0; i < ndiag; i++)
			print "     " diag[i]
	ndiag = 0
	next
}
# Diagnostics, also those of subtests (indented), go with the result.
/^ *# / { sub(/^ */, ""); diag[ndiag++] = $0; next }
END {
	finish()
	for (i = 0; i < ncells; i++)
		printf "%-22s %d passed, %d failed, %d skipped\n", cells[i] ":",
		       tally[cells[i], "passed"], tally[cells[i], "failed"],
		       tally[cells[i], "skipped"]
	printf "%d passed, %d failed, %d skipped\n", passed, failed, skipped
	exit failed > 0 || passed + skipped == 0
}' "$@" /dev/null

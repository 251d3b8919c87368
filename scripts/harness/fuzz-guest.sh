#!/bin/sh
# fuzz-guest.sh DIR KO-FUZZ SEED FIRST COUNT BATCH [REGIONS]
#
# make fuzz-guest: load mutants FIRST to FIRST+COUNT-1 of run SEED in the
# guest of DIR (build/BASE/CELL, made ready for tests/suite/fuzz.t by
# boot-dir.sh), BATCH per boot, and print one KTAP document: a result
# per boot, failed when a mutant of it made a kernel report, crashed the
# guest or hung it; then the rate.  A boot that crashed or hung is
# followed by one that goes on after the mutant it ended at (the last
# "# mutant I" it printed), so one finding does not hide the rest.
# REGIONS "all" mutates what the loader trusts too (tests/mangle/
# ko-mutate.h: a crash there is the unpatched loader's); the default,
# "checked", what it checks.
#
# Each finding is kept in DIR/fuzz-findings/SEED-I/: the mutant
# (mutant.ko, written again by KO-FUZZ: ko-fuzz SEED I ...), its changes
# (changes: "SEEDFILE SUM CHANGE...", for ko-fuzz -a), what happened
# (what), the boot's console (console) and whether it fails again when
# booted alone (replays: yes, no, or why that is unknown).  It replays
# alone with "make fuzz-guest BASE=... FUZZ_CELL=... SEED=SEED ONLY=I".
# A report is pinned on the mutant during which the guest read it; a
# crash or hang on the last mutant the guest named before it; one after
# the mutants (their unloading, kmemleak's scan) fails the boot, pinned
# on none.  A hang is a boot past the suite's timeout: BATCH must load
# well within it.
set -u

dir=$1 ko_fuzz=$2 seed=$3 first=$4 count=$5 batch=$6 regions=${7:-checked}
all=
[ "$regions" = all ] && all=-A
suite=$dir/fuzz.t
# The seeds and the layout module, as the suite's fuzz step names them.
seeds=$(sh scripts/harness/fuzz-seeds.sh "$suite")
[ -n "$seeds" ] || { echo "fuzz-guest: no fuzz step in $suite" >&2; exit 2; }
findings=$dir/fuzz-findings
mkdir -p "$findings"

base=${dir%/*}
base=${base##*/}
cell=${dir##*/}

# replays I: boot mutant I alone and say whether it fails again: "yes"
# (a report or a module left by it, or the guest ended while loading
# it), "no" (the guest loaded it and went on), or why neither can be said.
replays() {
	alone=$dir/fuzz.$seed-$1-alone.ktap
	t=$(date +%s)
	GUEST_CMDLINE="fuzz_seed=$seed fuzz_first=$1 fuzz_count=1 fuzz_regions=$regions" \
		sh scripts/harness/run-suites.sh "$alone" 2>"$alone.err"
	replay_s=$((replay_s + $(date +%s) - t))
	c=$alone.console
	if grep -q -e "^# mutant $1 made a kernel report" \
		-e "^# mutant $1: module .* does not unload" "$c" 2>/dev/null; then
		echo yes
	elif grep -q '^# fuzz: [0-9]* mutants in' "$c" 2>/dev/null; then
		echo no
	elif grep -q "^# mutant $1 " "$c" 2>/dev/null; then
		echo yes
	else
		echo "unknown: the guest did not get to it ($(sed -n 's/^Bail out! //p' "$alone" 2>/dev/null))"
	fi
}

# keep I WHAT CONSOLE: keep mutant I as a finding; say so.  The guest
# printed the mutant's checksum ("# mutant I FILE SUM"); ko-fuzz must
# make the same mutant.  Unless it was the first of its boot (an ONLY=I
# boot's is), it is booted alone, once per run, to see whether it fails
# without the mutants before it (its file "replays").
keep() {
	f=$findings/$seed-$1
	mkdir -p "$f"
	echo "$2" >"$f/what"
	cp "$3" "$f/console"
	(cd "$dir/mods" && "$ko_fuzz" -l gplf_layout.ko $all "$seed" "$1" "$f/mutant.ko" $seeds) \
		>"$f/changes" || echo "# cannot write mutant $1 again" >&2
	guest=$(sed -n "s/^# mutant $1 [^ ]* \(0x[0-9a-f]*\)\$/\1/p" "$3" | tail -n 1)
	host=$(cut -d' ' -f2 "$f/changes")
	[ -n "$guest" ] && [ -n "$host" ] && [ $((guest)) = $((host)) ] ||
		echo "# mutant $1: the guest's checksum $guest is not ko-fuzz's $host: the kept mutant is not the one loaded"
	echo "# mutant $1: $2: $(cat "$f/changes")"
	case " $replayed " in
	*" $1 "*) ;;
	*)	replayed="$replayed $1"
		if [ "$1" -gt "$next" ]; then
			replays "$1" >"$f/replays"
		else
			echo "yes (the first of its boot)" >"$f/replays"
		fi
		echo "#   fails again alone: $(cat "$f/replays")" ;;
	esac
	echo "#   kept in ${f#*/build/}; replay: make fuzz-guest BASE=$base FUZZ_CELL=$cell" \
		"SEED=$seed ONLY=$1${all:+ FUZZ_REGIONS=all}"
}

echo "KTAP version 1"
echo "# fuzz-guest: run $seed, mutants $first to $((first + count - 1)), $batch per boot, $regions regions"
n=0 next=$first end=$((first + count)) found=0 start=$(date +%s) guest_n=0 guest_ms=0
replayed= replay_s=0
while [ "$next" -lt "$end" ]; do
	this=$((end - next < batch ? end - next : batch))
	doc=$dir/fuzz.$seed-$next.ktap
	n=$((n + 1))
	GUEST_CMDLINE="fuzz_seed=$seed fuzz_first=$next fuzz_count=$this fuzz_regions=$regions" \
		sh scripts/harness/run-suites.sh "$doc" 2>"$doc.err"
	bad=0
	console=$doc.console
	# Kernel reports the guest tied to a mutant, and modules it could not
	# unload, from the whole console (the document ends at the last
	# result when the boot did not complete).
	for i in $(sed -n 's/^# mutant \([0-9]*\) made a kernel report.*/\1/p' "$console"); do
		keep "$i" "kernel report" "$console"
		bad=1
	done
	for i in $(sed -n 's/^# mutant \([0-9]*\): module .* does not unload.*/\1/p' "$console"); do
		keep "$i" "does not unload" "$console"
		bad=1
	done
	# The guest's own time for the mutants of a boot that finished them.
	ms=$(sed -n 's/^# fuzz: \([0-9]*\) mutants in \([0-9]*\) ms.*/\1 \2/p' "$console")
	[ -z "$ms" ] || { guest_n=$((guest_n + ${ms% *})); guest_ms=$((guest_ms + ${ms#* })); }
	if grep -q '^Bail out!' "$doc"; then
		why=$(sed -n 's/^Bail out! //p' "$doc")
		last=$(sed -n 's/^# mutant \([0-9]*\) .*/\1/p' "$console" | tail -n 1)
		if [ -n "$ms" ]; then
			# After the last mutant: the unloads or kmemleak's scan.
			echo "# after its mutants: $why"
			grep -v '^# mutant [0-9]* ' "$console" | tail -n 20 | sed 's/^/# | /'
			bad=1
		elif [ -z "$last" ] || [ "$last" -lt "$next" ]; then
			echo "not ok $n mutants_${next}_on # the guest ended before its first mutant"
			grep -v '^# mutant [0-9]* ' "$console" | tail -n 20 | sed 's/^/# | /'
			echo "Bail out! the fuzz guest does not start"
			exit 1
		else
			keep "$last" "$why" "$console"
			bad=1
			this=$((last + 1 - next))
		fi
	fi
	# Any failed case: a kept mutant, kmemleak's scan, a seed that does
	# not parse.
	if grep -q '^not ok' "$doc"; then
		grep '^#' "$doc" | grep -v '^# mutant [0-9]* ' | tail -n 20
		bad=1
	fi
	found=$((found + bad))
	[ "$bad" = 0 ] || printf 'not '
	echo "ok $n mutants_${next}_to_$((next + this - 1))"
	next=$((next + this))
done
# The rate leaves out the boots that replayed findings alone.
awk -v n="$count" -v s=$(($(date +%s) - start - replay_s)) -v gn="$guest_n" -v ms="$guest_ms" 'BEGIN {
	printf "# fuzz-guest: %d mutants in %d s: %.1f per second with the boots, %.1f loading\n",
		n, s, n / (s ? s : 1), ms ? gn * 1000 / ms : 0 }'
echo "1..$n"
[ "$found" = 0 ]

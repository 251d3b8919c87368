#!/bin/sh
# bench.sh BASE BUILD CONFIG INIT ROUNDS N
#
# What the series costs, as ratios measured in one run.  Builds the
# pristine tree, the tree with only the loader fixes series (the first
# of the base record's "parts:"; on 6.12 and 6.1 among them
# resolve_symbol()'s strscpy(), which alone makes loading cheaper),
# both worktrees of the base's
# repository (tree.sh, under BUILD/BASE/bench/), and the patched one
# (BUILD/BASE/linux) with the same config (CONFIG, the modversions
# config, without CONFIG_TEST_GPL_FUTURE, so the patched kernel has no
# user of the macro), builds the benchmark
# modules (gen-bench-modules.sh, N imports each) for each, boots the
# kernels in turn ROUNDS times each under TCG with
# "-icount shift=0,sleep=off" (the guest clock counts instructions, so
# runs repeat to the microsecond), then once each under plain TCG as a
# sanity check.  Prints the table (bench-report.sh) and adds it to
# Documentation/benchmarks.md.
set -eu

base=$1 build=$2 config=$3 init=$4 rounds=$5 n=$6
b=$build/$base
out=$b/bench
kernels="pristine fixes patched"
# The loader fixes series, which a maintainer can take alone.
fixes=$(sh scripts/harness/series.sh "$base" fixes | wc -l)

die() { echo "bench: error: $*" >&2; exit 1; }
src() { if [ "$1" = patched ]; then echo "$b/linux"; else echo "$out/$1/src"; fi; }
# kmake LOG KERNEL TARGET...: make in KERNEL's tree, output in LOG.
kmake() {
	log=$1 k=$2
	shift 2
	sh scripts/harness/logged.sh "$log" sh scripts/harness/kmake.sh x86_64 "$(src "$k")" \
		"$out/$k/obj" "$@"
}

mkdir -p "$out"
sh scripts/harness/tree.sh "$base" "$build" "$(src pristine)" 0 >/dev/null
sh scripts/harness/tree.sh "$base" "$build" "$(src fixes)" "$fixes" >/dev/null
for k in $kernels; do
	mkdir -p "$out/$k/obj"
	cp "$config" "$out/$k/obj/.config"
	# UP, unlike the test kernels: on SMP each unload waits for RCU
	# grace periods, whole jiffies under -icount, which hide the lookup.
	"$b/linux/scripts/config" --file "$out/$k/obj/.config" -d TEST_GPL_FUTURE -d SMP
	echo "  BUILD   bench kernel ($k)" >&2
	kmake "$out/$k/kernel.log" "$k" olddefconfig bzImage modules
done
grep -q EXPORT_SYMBOL_GPL_FUTURE "$(src patched)/include/linux/export.h" ||
	die "the patched bench tree lacks EXPORT_SYMBOL_GPL_FUTURE"

for k in $kernels; do
	mods=$out/$k/mods
	rm -rf "$mods" && mkdir -p "$mods"
	sh scripts/bench/gen-bench-modules.sh "$n" "$mods" \
		"$out/pristine/obj/Module.symvers" "$out/patched/obj/Module.symvers"
	future=; [ "$k" = patched ] && future=m
	echo "  BUILD   bench modules ($k)" >&2
	kmake "$out/$k/modules.log" "$k" M="$mods" BENCH_FUTURE=$future modules
	sh scripts/harness/boot-dir.sh "$out/$k" modversions tests/suite/bench.t "$init" "$mods"
done

# boot KERNEL RUN: one boot of the bench suite, KTAP in
# $out/KERNEL/bench.RUN.ktap.
boot() {
	QEMU_SMP=1 sh scripts/harness/run-suites.sh "$out/$1/bench.$2.ktap"
}

rm -f "$out"/*/bench.*.ktap
r=1
while [ "$r" -le "$rounds" ]; do
	for k in $kernels; do
		QEMU_ACCEL="-accel tcg" QEMU_EXTRA="-icount shift=0,sleep=off" boot "$k" "icount-$r"
	done
	r=$((r + 1))
done
for k in $kernels; do
	QEMU_ACCEL="-accel tcg" boot "$k" tcg
done
sh scripts/bench/bench-report.sh "$out" "$(cat "$out/patched/obj/include/config/kernel.release")" \
	"tests/bases/$base" >"$out/report.md"
cat "$out/report.md"
# Newest run first, under the marker, so the next run reads against this one.
doc=Documentation/benchmarks.md
awk -v report="$out/report.md" '{ print } /^<!-- runs, newest first -->$/ {
	print ""; while ((getline l < report) > 0) print l }' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
echo "bench: added this run to $doc" >&2

#!/bin/sh
# fuzz-seeds.sh SUITE: the seed modules of SUITE's fuzz step ("fuzz COUNT
# FILE..."), in its order.  The guest makes mutant I of a run from one of
# them, chosen by I, so ko-fuzz must be given the same list to make it
# again (fuzz-guest.sh, host-tests.sh).
awk '$1 == "fuzz" { $1 = ""; $2 = ""; print; exit }' "$1"

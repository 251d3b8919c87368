#!/bin/sh
# kmake.sh ARCH SRC OBJ [TARGET...]: make in the kernel tree SRC, output
# in OBJ, for ARCH (tests/arch/ARCH.config gives the cross prefix), with
# ccache on every CPU.  The one way the harness runs the kernel's make.
#
# The kernel's make gets only what this passes: the harness's own make
# flags and variables (MAKEFLAGS) stay out, the jobserver included.
# LOCALVERSION is set, empty: the trees are git worktrees, and without it
# setlocalversion would append "+" to the release of every tree that is
# not at a tag, which is not what Debian's tarball gives.
set -eu
arch=$1 src=$2 obj=$3
shift 3
unset MAKEFLAGS MFLAGS
cross=$(sh scripts/harness/field.sh "tests/arch/$arch.config" cross)
exec make -s -C "$src" O="$obj" ARCH="$arch" ${cross:+CROSS_COMPILE="$cross"} \
	CC="ccache ${cross}gcc" LOCALVERSION= -j"$(nproc)" "$@"

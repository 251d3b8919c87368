#!/bin/sh
# dkms-build.sh SRC KERNEL_DIR [ENV]
#
# In a DKMS package's source SRC (the directory of its dkms.conf), what
# DKMS does for a build against KERNEL_DIR (a kernel's object tree, or
# the build directory of its headers package).  A dkms.conf is bash that
# DKMS sources with its variables set, so bash reads it here too; its
# MAKE[0] (by default make -C KERNEL_DIR M=SRC) is run by that bash, with
# "-jN KERNELRELEASE=release" after a leading make, as DKMS adds them,
# and ENV's assignments exported (they may use $obj, KERNEL_DIR, and
# $kernelver).  Then the module is stripped of debug information unless
# STRIP[0] says no.  Prints the module's path; the build's output goes
# to stderr.
set -eu

cd "$1"
unset MAKEFLAGS MFLAGS
obj=$2 kernelver=$(cat "$2/include/config/kernel.release") env=${3:-} exec bash -c '
	kernel_source_dir=$obj arch=x86_64 parallel_jobs=$(nproc)
	. ./dkms.conf
	make_command=${MAKE[0]:-"make -C $kernel_source_dir M=$PWD"}
	make_command=${make_command/#make/make -j$parallel_jobs KERNELRELEASE=$kernelver}
	ko=$PWD/${BUILT_MODULE_LOCATION[0]:-.}/${BUILT_MODULE_NAME[0]}.ko
	{ [ -z "$env" ] || eval "export $env"; } && eval "$make_command" >&2 && [ -f "$ko" ] || exit 1
	case ${STRIP[0]:-yes} in [Nn]*) ;; *) strip -g "$ko" || exit 1 ;; esac
	echo "$ko"'

#!/bin/sh
# copy-programs.sh ARCH ROOT PROGRAM...
#
# Copy this machine's PROGRAMs, from /usr/bin and /usr/sbin (ARCH, the
# guest's architecture, must be this machine's), to the guest root
# ROOT's /bin with the shared libraries ldd names, where they are here:
# a program that is another's link (kmod's modprobe) becomes a link to
# it in /bin and /sbin.  A missing library, or one outside the dynamic
# loader's own directories (the guest has no ld.so.cache), is an error.
set -eu

arch=$1 root=$2
shift 2
die() { echo "copy-programs: error: $*" >&2; exit 1; }

[ "$arch" = "$(uname -m)" ] || die "$arch guest: this machine's programs are $(uname -m)'s"
multiarch=$(gcc -print-multiarch)
mkdir -p "$root/bin" "$root/sbin"

# copy_program NAME: the program NAME the Debian package installs, and
# the libraries it loads.
copy_program() {
	path=$(PATH=/usr/sbin:/usr/bin command -v "$1") || die "$1 is not installed"
	real=$(readlink -f "$path")
	cp "$real" "$root/bin/"
	if [ "${real##*/}" != "$1" ]; then
		ln -sf "${real##*/}" "$root/bin/$1"
		ln -sf "../bin/${real##*/}" "$root/sbin/$1"
	fi
	libs=$(ldd "$real") || die "ldd $real failed"
	! echo "$libs" | grep 'not found' || die "$real: a library is missing"
	for lib in $(echo "$libs" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		case ${lib%/*} in
		/lib64|/lib/$multiarch|/usr/lib/$multiarch) ;;
		*) die "$real loads $lib, outside the loader's own directories" ;;
		esac
		mkdir -p "$root${lib%/*}"
		cp -L "$lib" "$root$lib"
	done
}
for p; do
	copy_program "$p"
done

#!/bin/sh
# distro-tests.sh BASE BUILD INIT BUSYBOX AUDIT
# distro-tests.sh --guide BASE BUILD SYMVERS [CONFIG]
#
# make check-distro: the distro cell's kernel (tests/cells/distro.config,
# built by make in BUILD/BASE/distro/obj, its test modules in .../modsrc)
# packaged and used as a distribution's builder and users do.
#
#   1. "make bindeb-pkg", the kernel's own target, makes the linux-image
#      and linux-headers packages (no debug package, gzip: the check
#      reads neither); the headers package's Module.symvers is the
#      build's, the future-GPL type included.
#   2. A proprietary DKMS package (tests/distro/gplf-dkms) is built as
#      DKMS builds it (dkms-build.sh) against the headers package only,
#      unpacked into a scratch root, through the package's
#      /lib/modules/RELEASE/build link: modpost warns about its future-GPL
#      imports; then it is signed and compressed in its build directory
#      as DKMS (3.0, Debian 12's) does, the build's key standing in for
#      the machine owner key DKMS would use.
#   3. The guest's root: the image package's /lib/modules/RELEASE, the
#      test modules installed there by "make modules_install" (signed,
#      compressed, BTF), the DKMS module where its dkms.conf puts it, no
#      index (depmod -a in the guest makes it), Debian's kmod and bash
#      (copy-programs.sh), busybox, tests/distro/checks.sh and what it
#      compares against; /m holds gplf_prop.ko unsigned and, signed and
#      compressed, gplf_prop.ko.xz for the kernel to decompress.
#   4. The image package's kernel boots tests/suite/distro.t, locked
#      down; its cases, no_kernel_reports included, are this document's.
#      Not booted when an earlier step failed: its cases fail, saying so.
#   5. The user guide's snippets for distribution builders
#      (Documentation/user-guide.md, "<!-- snippet: NAME -->"), each run
#      as the guide shows it, and none left out: the list of marked
#      symbols, the series through debian/patches/series onto a pristine
#      tree, Debian's ABI comparison (debian_linux/abi.py from the newest
#      linux-support the machine's suites have), the kernel postinst hook
#      run by the image package's own postinst and from
#      header_postinst.d as Debian's headers packages run it, and, as
#      DKMS runs it, the DKMS post-build script with gpl-future-audit
#      (AUDIT).
#
# With --guide, make ci's part of the check: the cell's configuration
# holds the options that make it a distribution's, and the snippets
# that need no distro kernel run (the marked symbols and Debian's ABI
# comparison on SYMVERS, another cell's Module.symvers; the series
# through debian/patches/series), CONFIG being the distro cell's
# .config; without CONFIG (a base without the distro cell, 6.1: make
# ci-full), the snippets only.
#
# Everything it writes stays in BUILD/BASE/distro/: the packages and
# bindeb-pkg.log, unpacked/, dkms/, distro/ (the root), m/, guide/ (the
# snippets, their root and their git worktree), distro.ktap, its
# console and boot.log; --guide's in BUILD/BASE/distro-guide/.
set -u
export LC_ALL=C

guide_only= config=
[ "${1:-}" != --guide ] || { guide_only=${4:?SYMVERS} config=${5:-}; shift; }
base=$1 b=$2 init=${3:-} busybox=${4:-} audit=${5:-}
bb=$b/$base src=$bb/linux dir=$bb/distro
# Where the snippets run: the quick run has its own.
gdir=$dir/guide
[ -z "$guide_only" ] || gdir=$bb/distro-guide
snippets=$gdir/snippets
record=tests/bases/$base guide=Documentation/user-guide.md
obj=$dir/obj unpacked=$dir/unpacked root=$dir/distro
suite=tests/suite/distro.t
programs="bash kmod modprobe depmod insmod rmmod modinfo"
# The snippets' tools, and the guest's programs; the cell's record names
# what building and packaging take.
guide_packages="quilt python3"
packages="bash kmod $guide_packages"
. scripts/harness/ktap-lib.sh
cell=tests/cells/distro.config
# field RECORD KEY
field() { sh scripts/harness/field.sh "$1" "$2"; }

release= hdr= moddir=

# What makes the cell a distribution's kernel (the distro cell's record
# sets them, or tests/config/base.config does; configure.sh has checked
# that olddefconfig kept every line of them): each must be =y, and the
# signing key the build's own.
distro_options="MODVERSIONS MODULE_SIG MODULE_SIG_FORCE MODULE_SIG_ALL MODULE_SIG_SHA512
	MODULE_COMPRESS_XZ MODULE_DECOMPRESS RELOCATABLE RANDOMIZE_BASE KALLSYMS_ALL
	DEBUG_INFO_BTF DEBUG_INFO_BTF_MODULES LIVEPATCH SECURITY_LOCKDOWN_LSM MODULE_UNLOAD SMP"
config_has_distribution_options() {
	[ -r "$config" ] || { echo "no $config"; return 1; }
	missing=
	for o in $distro_options; do
		grep -qx "CONFIG_$o=y" "$config" || missing="$missing CONFIG_$o"
	done
	[ -z "$missing" ] || { echo "not =y in $config:$missing"; return 1; }
	grep -x 'CONFIG_MODULE_SIG_KEY="certs/signing_key.pem"' "$config" ||
		{ echo "the signing key is not the one the build generates"; return 1; }
}

deb() {
	ls "$dir/$1-${release}_"*.deb 2>/dev/null
}

# 1. The packages, unpacked as dpkg would install them.
bindeb_pkg_builds_image_and_headers() {
	rm -rf "$unpacked" "$dir"/*.deb "$dir"/*.buildinfo "$dir"/*.changes
	sh scripts/harness/kmake.sh x86_64 "$src" "$obj" bindeb-pkg KDEB_COMPRESS=gzip \
		DPKG_FLAGS=-Ppkg.linux-upstream.nokerneldbg \
		>"$dir/bindeb-pkg.log" 2>&1 || { tail -n 30 "$dir/bindeb-pkg.log"; return 1; }
	for p in image headers; do
		d=$(deb "linux-$p") || { echo "no linux-$p-$release package"; return 1; }
		echo "${d##*/}"
		mkdir -p "$unpacked/$p" && dpkg-deb -x "$d" "$unpacked/$p" || return 1
	done
	[ -s "$unpacked/image/boot/vmlinuz-$release" ] || { echo "no boot/vmlinuz-$release"; return 1; }
	[ -d "$unpacked/image/$moddir" ] || { echo "no /$moddir"; return 1; }
	# The headers package's build link, absolute as installed: what
	# DKMS builds against (/lib/modules/RELEASE/build), in the root.
	link=$(readlink "$unpacked/headers/$moddir/build") && [ "${link#/}" != "$link" ] ||
		{ echo "no absolute /$moddir/build link in the headers package"; return 1; }
	hdr=$unpacked/headers$link
	echo "/$moddir/build -> $link"
	[ -s "$hdr/Makefile" ] || { echo "no Makefile in $link"; return 1; }
}

headers_carry_future_gpl_module_symvers() {
	cmp "$obj/Module.symvers" "$hdr/Module.symvers" || return 1
	grep -P '^0x[0-9a-f]{8}\ttest_gpl_future_add\tvmlinux\tEXPORT_SYMBOL_GPL_FUTURE\t$' \
		"$hdr/Module.symvers" ||
		{ echo "no future-GPL test_gpl_future_add in $hdr/Module.symvers"; return 1; }
}

# 2. The DKMS module: built against the headers package only (no file
# of the build's trees in its dependencies), with modpost's warning.
dkms=$dir/dkms/src
dkms_module_builds_against_headers_with_modpost_warning() {
	rm -rf "$dir/dkms" && mkdir -p "$dir/dkms" && cp -r tests/distro/gplf-dkms "$dkms" ||
		return 1
	ko=$(sh scripts/harness/dkms-build.sh "$dkms" "$hdr" 2>"$dir/dkms/build.log") ||
		{ tail -n 20 "$dir/dkms/build.log"; return 1; }
	ls "$dkms"/.*.cmd >/dev/null || { echo "no .cmd files in $dkms"; return 1; }
	! grep -l -e "$obj" -e "$src" "$dkms"/.*.cmd || { echo "built from the build's trees"; return 1; }
	vermagic=$(modinfo -F vermagic "$ko")
	[ "${vermagic%% *}" = "$release" ] || { echo "vermagic $vermagic, not $release"; return 1; }
	for sym in test_gpl_future_add test_gpl_future_magic; do
		grep -E "gplf_dkms.* uses future GPL-only symbol '$sym'" "$dir/dkms/build.log" ||
			{ echo "no modpost warning for $sym"; return 1; }
	done
}

# dkms_conf VARIABLE: its value in the DKMS package's dkms.conf, read as
# DKMS reads it, with $kernel_source_dir set.
dkms_conf() {
	(cd "$dkms" && kernel_source_dir=$hdr bash -c '. ./dkms.conf && echo "${'"$1"'}"')
}

# What DKMS 3.0 does next in the build directory for a kernel whose
# modules are .ko.xz: sign (the headers package's sign-file) and
# compress (xz -f), then the module goes where dkms.conf says.
dkms_sign_and_install() {
	dest=$(dkms_conf 'DEST_MODULE_LOCATION[0]') && [ -n "$dest" ] &&
	"$hdr/scripts/sign-file" sha512 "$obj/certs/signing_key.pem" "$obj/certs/signing_key.x509" \
		"$dkms/gplf_dkms.ko" &&
	xz -f "$dkms/gplf_dkms.ko" &&
	mkdir -p "$root/$moddir/$dest" &&
	cp "$dkms/gplf_dkms.ko.xz" "$root/$moddir/$dest/"
}

# 3. The guest's root.
root_assembled() {
	rm -rf "$root" "$dir/m" && mkdir -p "$root/distro" "$root/tmp" "$dir/m" || return 1
	cp -a "$unpacked/image/lib" "$root/" || return 1
	# Linked again first: bindeb-pkg linked vmlinux again, and pahole
	# (1.24) encodes its BTF differently each time; a module's BTF is
	# split BTF on top of it, and the kernel refuses a module whose BTF
	# does not fit.  Kbuild relinks an external module only when it is
	# missing, not when vmlinux changed.
	rm -f "$dir"/modsrc/*.ko &&
	sh scripts/harness/kmake.sh x86_64 "$src" "$obj" M="$dir/modsrc" modules \
		>"$dir/modules_install.log" 2>&1 &&
	sh scripts/harness/kmake.sh x86_64 "$src" "$obj" M="$dir/modsrc" INSTALL_MOD_PATH="$root" \
		modules_install >>"$dir/modules_install.log" 2>&1 ||
		{ tail -n 20 "$dir/modules_install.log"; return 1; }
	dkms_sign_and_install || return 1
	# What depmod writes: the guest's depmod -a writes it again.
	rm -f "$root/$moddir"/modules.dep* "$root/$moddir"/modules.alias* \
		"$root/$moddir"/modules.symbols* "$root/$moddir"/modules.softdep \
		"$root/$moddir"/modules.weakdep "$root/$moddir"/modules.devname \
		"$root/$moddir"/modules.builtin.alias.bin "$root/$moddir"/modules.builtin.bin
	sh scripts/harness/copy-programs.sh x86_64 "$root" $programs || return 1
	cp "$busybox" "$root/bin/busybox" &&
	cp tests/distro/checks.sh "$root/distro/" &&
	cp "$hdr/Module.symvers" "$root/distro/" &&
	awk '$3 == "_text" { print $1 }' "$obj/System.map" >"$root/distro/linked-text" &&
	[ -s "$root/distro/linked-text" ] &&
	cp "$dir/modsrc/gplf_prop.ko" "$root/$moddir/updates/gplf_prop.ko.xz" "$dir/m/" || return 1
	! grep -q '~Module signature appended~' "$dir/m/gplf_prop.ko" ||
		{ echo "modsrc/gplf_prop.ko is signed"; return 1; }
	ls "$root/$moddir/updates" "$root/$moddir/$dest" && touch "$dir/ready"
}

# 4. The image package's kernel, booted, if the steps before succeeded.
boot() {
	rm -f "$dir/distro.ktap" "$dir/boot.log"
	[ -e "$dir/ready" ] || return 0
	{ sh scripts/harness/boot-dir.sh "$dir" distro "$suite" "$init" "$dir/m" &&
	ln -sf "$unpacked/image/boot/vmlinuz-$release" "$dir/image" &&
	INIT_HOST=$init sh scripts/harness/run-suites.sh "$dir/distro.ktap"; } >"$dir/boot.log" 2>&1
}

# The line of guest case $1, its number dropped, and the diagnostics
# before it.
guest_passed() {
	[ -e "$dir/ready" ] || { echo "not booted: the packages or the guest's root failed (above)"; return 1; }
	[ -s "$dir/distro.ktap" ] || { echo "the guest left no document:"; tail -n 20 "$dir/boot.log"; return 1; }
	! grep '^Bail out' "$dir/distro.ktap" || { tail -n 20 "$dir/boot.log"; return 1; }
	awk -v c="$1" '/^# / { diag = diag $0 "\n"; next }
		$0 ~ "^(not )?ok [0-9]+ " c "( |$)" { printf "%s", diag; print; exit }
		{ diag = "" }' "$dir/distro.ktap" >"$tmp/case"
	[ -s "$tmp/case" ] || { echo "no case $1 in $dir/distro.ktap:"; tail -n 5 "$dir/distro.ktap"; return 1; }
	grep -qE "^ok [0-9]+ $1\$" "$tmp/case" && return 0
	cat "$tmp/case"
	return 1
}

# 5. The guide's snippets.  Each indented block after
# "<!-- snippet: NAME -->" (indented too in a list item), its first
# four columns removed, into $snippets/NAME, read once for every case.
# A NAME not in [a-z-], or given twice, stops the check.
extract_snippets() {
	mkdir -p "$snippets" &&
	awk -v d="$snippets" 'function bad(why) {
			print FILENAME ":" NR ": " why ": " $0 >"/dev/stderr"; exit 1 }
		{ t = $0; sub(/^[ \t]+/, "", t) }
		t ~ /^<!--[ \t]*snippet/ && t !~ /^<!-- snippet: [a-z-]+ -->$/ { bad("not a snippet marker") }
		t ~ /^<!-- snippet: / { name = substr(t, 15, length(t) - 18)
			if (seen[name]++) bad("a second snippet " name)
			if (out != "") close(out)
			out = d "/" name; printf "" >out; got = 0; gap = ""; next }
		out == "" { next }
		/^    / { printf "%s%s\n", gap, substr($0, 5) >out; got = 1; gap = ""; next }
		/^$/ { if (got) gap = gap "\n"; next }
		{ close(out); out = "" }' "$guide"
}

# snippet NAME: the guide has it.
snippet() {
	[ -s "$snippets/$1" ] || { echo "$guide has no snippet $1"; return 1; }
}

# Every snippet of the guide has its case here (guide_snippet_NAME,
# "-" written "_").
guide_snippets_each_run() {
	ls "$snippets" >"$tmp/in-guide" &&
	sed -n 's/^[[:space:]]*result guide_snippet_\([a-z_]*\) .*/\1/p' "$0" | tr _ - | sort -u |
		diff - "$tmp/in-guide" ||
		{ echo "(<: a case here, not in $guide; >: in $guide, no case)"; return 1; }
}

# The guide's list of marked symbols, in the directory of Module.symvers
# $1: the symbols the patched tree's sources mark (the cell builds them).
guide_marked_symbols() {
	snippet marked-symbols && mkdir -p "$gdir/symvers" &&
	cp "$1" "$gdir/symvers/Module.symvers" &&
	(cd "$gdir/symvers" && sh -e "$snippets/marked-symbols") | sort >"$tmp/marked" || return 1
	cat "$tmp/marked"
	git -C "$src" grep -hoE '^[[:space:]]*EXPORT_SYMBOL(_NS)?_GPL_FUTURE\([A-Za-z0-9_]+' HEAD -- '*.c' '*.S' |
		sed 's/.*(//' | sort >"$tmp/want"
	[ -s "$tmp/want" ] || { echo "no EXPORT_SYMBOL_GPL_FUTURE() in $src"; return 1; }
	diff "$tmp/want" "$tmp/marked"
}

# Through a stand-in debian/patches/series (Debian's own patches are
# applied in the tree linux-source ships: the pristine tree), quilt
# applies the whole series, and the result is the patched tree.  The
# series given to the snippet has a comment and a blank line first, as
# a series file may.
guide_debian_series() {
	t=$gdir/src series=$gdir/series patches=$top/$(field "$record" patches)
	{ printf '# the gpl-future series\n\n' && cat "$top/$(field "$record" series)"; } >"$series" &&
	snippet debian-series &&
	sh scripts/harness/tree.sh "$base" "$b" "$t" 0 >/dev/null || return 1
	rm -rf "$t/debian" "$t/.pc" && mkdir -p "$t/debian/patches" && : >"$t/debian/patches/series"
	# Twice, as a packager updating the series does: first an older
	# version whose first patch had another name, then this one, which
	# must replace it entirely.
	old=$gdir/old-patches && rm -rf "$old" && mkdir -p "$old" &&
	first=$(grep -v -e '^#' -e '^$' "$series" | head -n 1) &&
	cp "$patches/$first" "$old/0001-an-older-name.patch" &&
	echo 0001-an-older-name.patch >"$gdir/old-series" || return 1
	(cd "$t" && series=$gdir/old-series patches=$old sh -e "$snippets/debian-series") &&
	(cd "$t" && series=$series patches=$patches sh -e "$snippets/debian-series") || return 1
	[ ! -e "$t/debian/patches/features/all/gpl-future/0001-an-older-name.patch" ] ||
		{ echo "the older version's patch was left"; return 1; }
	(cd "$t" && QUILT_PATCHES=debian/patches quilt --quiltrc=- push -a -q --fuzz=0) || return 1
	grep -v -e '^#' -e '^$' "$series" | sed 's|^|features/all/gpl-future/|' |
		diff - "$t/debian/patches/series" || return 1
	rm -rf "$t/debian" "$t/.pc"
	git -C "$t" add -A -f &&
	[ "$(git -C "$t" write-tree)" = "$(git -C "$src" rev-parse 'HEAD^{tree}')" ] ||
		{ echo "quilt's tree is not the patched tree"; return 1; }
	# A whole kernel tree (1.8 GB) only this case reads: kept for a
	# look when it fails, not after.
	rm -rf "$t" && git -C "$b/$base/git" worktree prune
}

# Debian's abi.py, from the newest linux-support of the machine's
# suites (abi.py reads any base's Module.symvers), on Module.symvers $1
# against a copy with the future-GPL types made plain and one plain
# export's CRC changed: the snippet lists exactly the type changes.
guide_debian_abi() {
	support=$(apt-cache search --names-only '^linux-support-' | cut -d' ' -f1 | sort -V | tail -n 1)
	[ -n "$support" ] || { echo "no linux-support package in the machine's suites"; return 1; }
	sh scripts/harness/install-deps.sh "$support" || return 1
	old=$gdir/old.symvers new=$1
	awk -F'\t' -v OFS='\t' '!done && $4 == "EXPORT_SYMBOL" { $1 = "0x00000001"; done = 1 } 1' "$new" |
		sed 's/\tEXPORT_SYMBOL_GPL_FUTURE\t/\tEXPORT_SYMBOL\t/' >"$old" &&
	snippet debian-abi || return 1
	abiname=${support#linux-support-} old=$old new=$new sh -e "$snippets/debian-abi" >"$tmp/abi" ||
		return 1
	cat "$tmp/abi"
	awk -F'\t' '$4 == "EXPORT_SYMBOL_GPL_FUTURE" { print $2, "EXPORT_SYMBOL ->", $4 }' "$new" |
		sort >"$tmp/want"
	[ -s "$tmp/want" ] || { echo "$new has no future-GPL export"; return 1; }
	diff "$tmp/want" "$tmp/abi"
}

# gpl-future-audit's report (on stderr, $1) names the DKMS module's
# future-GPL imports.
names_dkms_imports() {
	cat "$1"
	for sym in test_gpl_future_add test_gpl_future_magic; do
		grep -Eq "^gplf_dkms +Proprietary +$sym +gpl-future +vmlinux " "$1" ||
			{ echo "no gplf_dkms $sym"; return 1; }
	done
}

# as_dpkg CMD...: CMD as dpkg runs a maintainer script on the root $r,
# gpl-future-audit in PATH.
as_dpkg() {
	PATH=${audit%/*}:$PATH DPKG_ROOT=$r "$@"
}

# run_postinst: the image package's own postinst, as dpkg runs it after
# unpacking, its hook directories (/etc/kernel, and on 7.3
# /usr/share/kernel too) moved into the root $r.
run_postinst() {
	dpkg-deb -I "$(deb linux-image)" postinst >"$tmp/postinst" &&
	sed -e "s|/etc/kernel|$r/etc/kernel|g" -e "s|/usr/share/kernel|$r/usr/share/kernel|g" \
		"$tmp/postinst" >"$tmp/postinst.r" || return 1
	grep -qF "$r/etc/kernel" "$tmp/postinst.r" ||
		{ cat "$tmp/postinst"; echo "the postinst names no /etc/kernel"; return 1; }
	as_dpkg sh "$tmp/postinst.r" configure
}

# The hook, installed in /etc/kernel/postinst.d of a root holding the
# image and headers packages and the guest's modules, run as the image
# package's postinst runs it, and in /etc/kernel/header_postinst.d as
# Debian's headers packages run that; and with no headers package
# (installed later, or never), where the audit has no Module.symvers:
# it fails, and the hook does not fail the installation.
guide_postinst_hook() {
	r=$gdir/root hooks=$gdir/root/etc/kernel/postinst.d
	snippet postinst-hook || return 1
	rm -rf "$r" && mkdir -p "$r" && cp -a "$unpacked/headers/." "$root/lib" "$r/" &&
	mkdir -p "$hooks" && cp "$snippets/postinst-hook" "$hooks/zz-gpl-future-audit" &&
	chmod 0755 "$hooks/zz-gpl-future-audit" || return 1
	run_postinst 2>"$tmp/hook" || { cat "$tmp/hook"; echo "the postinst failed"; return 1; }
	names_dkms_imports "$tmp/hook" || return 1
	# Debian's own linux-headers packages run header_postinst.d so
	# (linux-headers-6.1.0-57-amd64's postinst), the release alone.
	mkdir -p "$r/etc/kernel/header_postinst.d" &&
	cp -p "$hooks/zz-gpl-future-audit" "$r/etc/kernel/header_postinst.d/" &&
	as_dpkg run-parts --report --exit-on-error --arg="$release" \
		"$r/etc/kernel/header_postinst.d" 2>"$tmp/hook" ||
		{ cat "$tmp/hook"; return 1; }
	echo "from header_postinst.d:"
	names_dkms_imports "$tmp/hook" || return 1
	rm -rf "$r/usr/src" "$r/$moddir/build"
	run_postinst 2>"$tmp/hook" || { cat "$tmp/hook"; echo "the postinst failed"; return 1; }
	echo "without the headers package:"
	cat "$tmp/hook"
	grep -qF "no Module.symvers of $release found" "$tmp/hook" ||
		{ echo "the audit did not say it found no Module.symvers"; return 1; }
}

# The package's POST_BUILD (its dkms.conf names the guide's script) as
# DKMS 3.0 runs it (run_build_script): the build directory's file,
# skipped unless executable, exec'd there with its words split, once the
# module is signed and compressed.
guide_dkms_post_build() {
	snippet dkms-post-build &&
	cp "$snippets/dkms-post-build" "$dkms/gpl-future-audit.sh" &&
	chmod 0755 "$dkms/gpl-future-audit.sh" &&
	post_build=$(dkms_conf POST_BUILD) || return 1
	run=$dkms/$post_build
	echo "POST_BUILD: $post_build"
	[ -x "${run%% *}" ] || { echo "${run%% *} is not executable"; return 1; }
	(cd "$dkms" && PATH=${audit%/*}:$PATH exec $run) 2>"$tmp/dkms" ||
		{ cat "$tmp/dkms"; return 1; }
	names_dkms_imports "$tmp/dkms"
}

echo "KTAP version 1"
top=$(pwd)
rm -rf "$gdir" && mkdir -p "$gdir" && extract_snippets || exit 1
if [ -n "$guide_only" ]; then
	echo "1..5"
	sh scripts/harness/install-deps.sh $guide_packages >&2 || exit 1
	if [ -n "$config" ]; then
		result config_has_distribution_options
	else
		num=$((num + 1))
		echo "ok $num config_has_distribution_options # SKIP $record lists no distro cell"
	fi
	result guide_snippets_each_run
	result guide_snippet_marked_symbols guide_marked_symbols "$guide_only"
	result guide_snippet_debian_series guide_debian_series
	result guide_snippet_debian_abi guide_debian_abi "$guide_only"
	exit 0
fi
release=$(cat "$obj/include/config/kernel.release") || exit 1
config=$obj/.config
hdr=$unpacked/headers/usr/src/linux-headers-$release
moddir=lib/modules/$release
audit=$(realpath "$audit")
cases="$("$init" --cases "$suite") no_kernel_reports" || exit 1
echo "1..$(($(echo $cases | wc -w) + 11))"
# The cell's own packages too: make installs them only when it
# configures the cell.
sh scripts/harness/install-deps.sh $packages $(field "$cell" packages) >&2 || exit 1
rm -f "$dir/ready"
result config_has_distribution_options
start=$(date +%s)
result bindeb_pkg_builds_image_and_headers
echo "# bindeb-pkg: $(($(date +%s) - start)) s"
result headers_carry_future_gpl_module_symvers
result dkms_module_builds_against_headers_with_modpost_warning
result root_assembled
start=$(date +%s)
boot
echo "# boot: $(($(date +%s) - start)) s"
for c in $cases; do
	result "$c" guest_passed "$c"
done
result guide_snippets_each_run
result guide_snippet_marked_symbols guide_marked_symbols "$hdr/Module.symvers"
result guide_snippet_debian_series guide_debian_series
result guide_snippet_debian_abi guide_debian_abi "$hdr/Module.symvers"
result guide_snippet_postinst_hook guide_postinst_hook
result guide_snippet_dkms_post_build guide_dkms_post_build

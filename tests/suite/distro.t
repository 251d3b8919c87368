# make check-distro: the distro cell's packaged kernel (tests/cells/
# distro.config), booted by scripts/checks/distro-tests.sh from the
# linux-image package "make bindeb-pkg" made, locked down, with the
# package's /lib/modules/RELEASE tree and, in it, the test modules
# installed by "make modules_install" (signed, compressed: updates/) and
# a proprietary module built by DKMS against the headers package
# (updates/dkms/gplf_dkms).  No module index: depmod -a makes it.
# Debian's kmod does the loading; /distro/checks.sh the checks that need
# a shell.  /m/gplf_prop.ko is the unsigned, uncompressed build,
# /m/gplf_prop.ko.xz the installed one.
# root: distro
# cmdline: lockdown=integrity
# memory: 512
# timeout: 600

case tools_and_securityfs_ready
run /bin/busybox --install -s /bin
run /bin/mount -t securityfs securityfs /sys/kernel/security
end

case module_tools_are_kmod
run /bin/bash /distro/checks.sh kmod_tools
log 1 Loading of unsigned module is rejected
end

case kernel_locked_down_at_integrity
file /sys/kernel/security/lockdown [integrity]
end

case kaslr_moved_the_kernel
run /bin/bash /distro/checks.sh kaslr
end

case depmod_indexes_the_future_gpl_exporter
run /bin/bash /distro/checks.sh depmod_indexes
end

case modinfo_shows_license_and_signature
run /bin/bash /distro/checks.sh modinfo_signed gplf_prop Proprietary
run /bin/bash /distro/checks.sh modinfo_signed gplf_exporter GPL
run /bin/bash /distro/checks.sh modinfo_signed gplf_dkms Proprietary
end

case modprobe_pulls_exporter_in_and_warns
run /sbin/modprobe gplf_mod_prop
log 1 gplf_mod_prop: future-GPL values ok
log 1 gplf_mod_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: gplf_exporter_triple [gplf_exporter]
log 1 will become GPL-only
file /sys/module/gplf_mod_prop/gpl_future_imports/gplf_exporter_triple gplf_exporter
entries /sys/module/gplf_mod_prop/gpl_future_imports 1
file /sys/module/gplf_exporter/refcnt 1
end

case btf_of_exporter_and_user_loaded
run /bin/test -s /sys/kernel/btf/vmlinux
run /bin/test -s /sys/kernel/btf/gplf_exporter
run /bin/test -s /sys/kernel/btf/gplf_mod_prop
end

case modprobe_r_unloads_user_and_exporter
run /sbin/modprobe -r gplf_mod_prop
nofile /sys/module/gplf_mod_prop
nofile /sys/module/gplf_exporter
end

case gpl_user_silent
run /sbin/modprobe gplf_mod_gpl
file /sys/module/gplf_mod_gpl/initstate live
log 0 will become GPL-only
nofile /sys/module/gplf_mod_gpl/gpl_future_imports
run /sbin/modprobe -r gplf_mod_gpl
nofile /sys/module/gplf_exporter
end

case vmlinux_user_warns_with_relocated_values
run /sbin/modprobe gplf_prop
log 1 gplf_prop: future-GPL values ok
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future:
log 1 test_gpl_future_add [vmlinux]
log 1 test_gpl_future_magic [vmlinux]
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_add vmlinux
entries /sys/module/gplf_prop/gpl_future_imports 2
run /sbin/modprobe -r gplf_prop
nofile /sys/module/gplf_prop
end

case dkms_module_loads_with_warning
run /sbin/modprobe gplf_dkms
log 1 gplf_dkms: future-GPL values ok
log 1 gplf_dkms: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future:
log 1 test_gpl_future_add [vmlinux]
log 1 test_gpl_future_magic [vmlinux]
entries /sys/module/gplf_dkms/gpl_future_imports 2
file /sys/module/gplf_dkms/gpl_future_imports/test_gpl_future_magic vmlinux
run /sbin/rmmod gplf_dkms
nofile /sys/module/gplf_dkms
end

# MODULE_SIG_FORCE refuses it before anything reads its symbols.
case unsigned_module_refused_before_future_gpl_processing
insmod EKEYREJECTED gplf_prop.ko
log 1 Loading of unsigned module is rejected
log 0 will become GPL-only
log 0 future-GPL values ok
nofile /sys/module/gplf_prop
end

case dump_modversions_lists_future_gpl_crcs
run /bin/bash /distro/checks.sh dump_modversions gplf_prop
end

case depmod_e_finds_no_problem_with_future_gpl_type
run /bin/bash /distro/checks.sh depmod_symvers
end

# Debian 12's kmod decompresses modules itself: the init hands the
# kernel a signed, compressed one (MODULE_INIT_COMPRESSED_FILE).
case kernel_decompresses_signed_module
insmod ok gplf_prop.ko.xz
log 1 gplf_prop: future-GPL values ok
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future:
rmmod ok gplf_prop
end

case livepatch_calls_future_gpl_export_silently
run /bin/bash /distro/checks.sh livepatch
log 0 will become GPL-only
nofile /sys/module/gplf_livepatch
end

# Last: the policy tightens for the rest of the boot.
case enforce_refuses_proprietary_user
write ok /sys/module/module/parameters/gpl_future enforce
run /bin/bash /distro/checks.sh refused gplf_prop
log 1 gplf_prop: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
nofile /sys/module/gplf_prop
run /sbin/modprobe gplf_gpl
log 0 gplf_gpl: module.gpl_future=enforce refuses
run /sbin/modprobe -r gplf_gpl
end

# The series's own kselftest (7.3: tools/testing/selftests/module/
# gpl_future.sh, its users built out of tree in test_modules/, the
# exporter lib/tests/module/test_gpl_future), run as a maintainer runs
# it: installed with "make -C tools/testing/selftests TARGETS=module
# O=<the cell's build tree> install" (KDIR left to its default, O), the
# kernel's modules where make modules_install puts them, busybox for the
# shell and modprobe (scripts/harness/kselftest-root.sh; its applets are
# linked here, by the guest's own busybox).  The exporter is built in on
# these cells (tests/config/gpl-future.config), so the script expects
# its symbols to be vmlinux's.  Skipped where the series has no selftest
# (6.12), where the kernel cannot unload modules (the selftest's config
# asks for MODULE_UNLOAD), and on TRIM_UNUSED_KSYMS kernels, which keep
# only the exports in-tree modules and their whitelist use.
# root: kselftest
# timeout: 300

# Through kselftest's own runner, as "make run_tests" does: without -p,
# so the proprietary user, which would taint the kernel for the rest of
# a shared run, is not loaded.
case run_kselftest_passes
needs /kselftest/module/gpl_future.sh
needs CONFIG_MODULE_UNLOAD=y
needs # CONFIG_TRIM_UNUSED_KSYMS is not set
needs /bin/busybox
run /bin/busybox --install -s /bin
run /kselftest/run_kselftest.sh -t module:gpl_future.sh
log 1 gpl_future.sh: mark
log 0 test_gpl_future_prop
nofile /sys/module/test_gpl_future_prop
end

# Alone, so its subtests show, and with -p: the proprietary user too,
# warned once per load.
case gpl_future_sh_p_passes
needs /kselftest/module/gpl_future.sh
needs CONFIG_MODULE_UNLOAD=y
needs # CONFIG_TRIM_UNUSED_KSYMS is not set
needs /bin/busybox
run /bin/busybox --install -s /bin
run /kselftest/module/gpl_future.sh -p
log 2 test_gpl_future_prop: non-GPL module uses symbols that will become GPL-only
end

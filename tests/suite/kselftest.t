# The series's own kselftest (7.3: tools/testing/selftests/module/
# gpl_future.sh, its users built out of tree in test_modules/, the
# exporter lib/tests/module/test_gpl_future), run as a maintainer runs
# it: installed with "make -C tools/testing/selftests TARGETS=module
# install" and KDIR set to the cell's build tree, the kernel's modules
# where make modules_install puts them, busybox for the shell and
# modprobe (scripts/harness/kselftest-root.sh; its applets are linked
# here, by the guest's own busybox).  The exporter is built in
# on these cells (tests/config/gpl-future.config), so the script expects
# its symbols to be vmlinux's.  Skipped where the series has no selftest
# (6.12), where the kernel cannot unload modules (the selftest's config
# asks for MODULE_UNLOAD), and on TRIM_UNUSED_KSYMS kernels, which keep
# only the exports in-tree modules and their whitelist use.
# root: kselftest
# timeout: 300

# Through kselftest's own runner, as "make run_tests" does.
case run_kselftest_passes
needs /kselftest/module/gpl_future.sh
needs CONFIG_MODULE_UNLOAD=y
needs # CONFIG_TRIM_UNUSED_KSYMS is not set
needs /bin/busybox
run /bin/busybox --install -s /bin
run /kselftest/run_kselftest.sh -t module:gpl_future.sh
end

# Alone, so its subtests show.
case gpl_future_sh_passes
needs /kselftest/module/gpl_future.sh
needs CONFIG_MODULE_UNLOAD=y
needs # CONFIG_TRIM_UNUSED_KSYMS is not set
needs /bin/busybox
run /bin/busybox --install -s /bin
run /kselftest/module/gpl_future.sh
end

# The series's own kselftest (7.3: tools/testing/selftests/module/
# gpl_future.sh and the modules of lib/tests/module/), run as a
# maintainer runs it: installed with "make -C tools/testing/selftests
# TARGETS=module install", the kernel's modules where make
# modules_install puts them, busybox for the shell and modprobe
# (scripts/harness/kselftest-root.sh).  The exporter is built in on these
# cells (tests/config/gpl-future.config), so the script expects its
# symbols to be vmlinux's.  The 6.12 series has no kselftest, and the
# test needs MODULE_UNLOAD (its config): skipped there.
# root: kselftest
# timeout: 300

# Through kselftest's own runner, as "make run_tests" does.
case run_kselftest_passes
needs CONFIG_TEST_GPL_FUTURE_USERS=m
needs CONFIG_MODULE_UNLOAD=y
needs /bin/busybox
run /kselftest/run_kselftest.sh -t module:gpl_future.sh
end

# Alone, so its subtests show.
case gpl_future_sh_passes
needs CONFIG_TEST_GPL_FUTURE_USERS=m
needs CONFIG_MODULE_UNLOAD=y
needs /bin/busybox
run /kselftest/module/gpl_future.sh
end

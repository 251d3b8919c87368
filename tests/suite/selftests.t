# make check-selftests: the kernel's own module selftests, booted by
# scripts/checks/selftests-tests.sh on the selftests cell's patched and
# pristine kernels (tests/cells/selftests.config), whose results must be
# the same.  Installed as a maintainer installs them, with Debian's bash,
# kmod, capsh and perf (scripts/harness/kselftest-root.sh) and the
# kernel's modules where make modules_install puts them, indexed by
# depmod.  kmod.sh's tests run one case each, at the counts the script
# recommends ("-t ID"); 4 GiB of memory, as kmod.sh asks.
# root: kselftest
# cmdline: loglevel=4 hung_task_panic=1
# memory: 4096
# timeout: 2400

# kmod/kmod.sh with lib/test_kmod.c: request_module() and get_fs_type()
# through the usermode helper and /sbin/modprobe.
case kmod_0001_empty_names
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0001
end

case kmod_0002_missing_modules
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0002
end

case kmod_0003_get_fs_type_one_thread
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0003
end

case kmod_0004_get_fs_type_two_threads
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0004
end

case kmod_0005_request_module_threads
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0005
end

case kmod_0006_get_fs_type_threads
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0006
end

case kmod_0007_both_threads
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0007
end

case kmod_0008_request_module_over_limit
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0008
end

case kmod_0009_get_fs_type_over_limit
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0009
end

case kmod_0010_modprobe_missing
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0010
end

case kmod_0011_autoload_disabled
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0011
end

case kmod_0012_proc_modules_hidden_without_cap_syslog
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0012
end

case kmod_0013_sections_hidden_without_cap_syslog
needs /kselftest/kmod/kmod.sh
run /bin/busybox --install -s /bin
run /kselftest/kmod/kmod.sh -t 0013
end

# module/ (7.3): find_symbol.sh loads test_kallsyms_b under perf stat,
# with 0, then more, then twice as many module symbols to search.
case module_find_symbol_sh
needs /kselftest/module/find_symbol.sh
run /bin/busybox --install -s /bin
run /kselftest/module/find_symbol.sh
end

# The series's own (7.3): only the patched kernel has it.  With -p, the
# proprietary user too, which taints the kernel: the suite's last case.
case module_gpl_future_sh
needs /kselftest/module/gpl_future.sh
run /bin/busybox --install -s /bin
run /kselftest/module/gpl_future.sh -p
end

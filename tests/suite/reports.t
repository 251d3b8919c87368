# The harness's own negative control, not one of make check's suites:
# the module makes every checker the kernel has report once, so this
# suite's final no_kernel_reports case must fail.  scripts/checks/host-tests.sh
# boots it on each configuration and checks that it failed for each
# report the configuration can make.

case checkers_report_on_request
insmod ok gplf_reports.ko warn=1 leak=1 overread=8 lock_inversion=1 atomic_sleep=1
log 1 gplf_reports: done
end

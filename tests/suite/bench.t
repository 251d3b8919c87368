# make bench: module load cost, one boot per kernel and round.  Each
# "bench" step loads and unloads its module 200 times; the console
# loglevel (3) keeps the proprietary users' warnings off the serial line,
# but they are still formatted and logged.  The kernels are UP: on SMP,
# unloading waits for RCU grace periods, and under -icount every cycle
# then took a whole number of 4-ms jiffies (12.000 and 20.000 ms).

case bench_plain_imports
needs # CONFIG_SMP is not set
insmod ok bench_plain_exporter.ko
bench vmlinux_plain bench_vmlinux.ko 200
bench module_plain_gpl bench_plain_gpl.ko 200
bench module_plain_prop bench_plain_prop.ko 200
rmmod ok bench_plain_exporter
end

# Only a patched kernel's benchmark modules have the future-GPL ones.
case bench_future_gpl_imports
needs # CONFIG_SMP is not set
needs /m/bench_future_exporter.ko
insmod ok bench_future_exporter.ko
bench future_gpl bench_future_gpl.ko 200
bench future_prop bench_future_prop.ko 200
rmmod ok bench_future_exporter
end

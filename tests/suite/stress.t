# Parallel load and unload on two CPUs: gplf_exporter, its GPL and its
# proprietary consumer, and a GPL and a proprietary user of vmlinux's
# future-GPL exports, 1000 cycles each.  Every record the kernel logs at
# warning level or worse must be one that a counted load explains, and
# nothing may stay referenced.  The log buffer is made big enough that
# the init, which drains it while the workers run, loses no record.
# Under TCG a busy host makes the TSC look skewed to the clocksource
# watchdog, whose warnings no load explains: tsc=reliable turns it off.
# cmdline: log_buf_len=4M tsc=reliable
# timeout: 600

# Once-per-boot taint messages belong here, not in the counted case.
case warm_up
insmod ok gplf_prop.ko
rmmod ok gplf_prop
insmod ok gplf_exporter.ko
insmod ok gplf_mod_prop.ko
rmmod ok gplf_mod_prop
rmmod ok gplf_exporter
end

case parallel_load_unload
needs CONFIG_SMP=y
needs CONFIG_MODULE_UNLOAD=y
stress 1000 gplf_exporter.ko gplf_mod_gpl.ko gplf_mod_prop.ko gplf_prop.ko gplf_gpl.ko
per-load gplf_prop.ko gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
per-load gplf_mod_prop.ko gplf_mod_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: gplf_exporter_triple [gplf_exporter]
per-fail gplf_mod_prop.ko ENOENT gplf_mod_prop: Unknown symbol gplf_exporter_triple (err -2)
per-fail gplf_mod_gpl.ko ENOENT gplf_mod_gpl: Unknown symbol gplf_exporter_triple (err -2)
warnings-accounted
nofile /sys/module/gplf_exporter
nofile /sys/module/gplf_mod_prop
end

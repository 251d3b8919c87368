# What "make" shows: each case prints the kernel log it caused.

case demo_proprietary_module_loads_with_future_gpl_warning
insmod ok gplf_prop.ko
dmesg
log 1 will become GPL-only
rmmod ok gplf_prop
end

case demo_gpl_module_loads_silently
insmod ok gplf_gpl.ko
dmesg
log 0 will become GPL-only
rmmod ok gplf_gpl
end

case demo_proprietary_module_refused_gpl_only_symbol
insmod ENOENT smoke_bypass.ko
dmesg
end

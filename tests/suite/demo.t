# What "make" shows: each case prints the kernel log it caused.

case demo_gpl_module_loads
insmod ok smoke_gpl.ko
dmesg
rmmod ok smoke_gpl
end

case demo_proprietary_module_refused_gpl_only_symbol
insmod ENOENT smoke_bypass.ko
dmesg
end

# Harness smoke tests: the loader, the tree and the guest work at all.

case gpl_module_loads_and_unloads
insmod ok smoke_gpl.ko
log 1 smoke_gpl: init ran
file /sys/module/smoke_gpl/initstate live
rmmod ok smoke_gpl
log 1 smoke_gpl: exit ran
nofile /sys/module/smoke_gpl
end

case proprietary_module_refused_gpl_only_symbol
insmod ENOENT smoke_bypass.ko
log 1 smoke_bypass: Unknown symbol ktime_get (err -2)
log 0 smoke_bypass: loaded at
nofile /sys/module/smoke_bypass
end

case uname_r_is_the_built_kernel
uname-r
end

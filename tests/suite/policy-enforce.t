# module.gpl_future=enforce from the command line: future-GPL symbols are
# GPL-only for this boot.
# cmdline: module.gpl_future=enforce

case policy_reads_enforce
file /sys/module/module/parameters/gpl_future enforce
end

case proprietary_user_refused_with_reason
insmod ENOENT gplf_prop.ko
log 1 gplf_prop: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
log 1 module.gpl_future=enforce refuses
log 1 gplf_prop: Unknown symbol test_gpl_future_add (err -2)
log 0 which will not be allowed in the future
nofile /sys/module/gplf_prop
end

case gpl_user_still_loads_silently
insmod ok gplf_gpl.ko
log 1 gplf_gpl: future-GPL values ok
log 0 will become GPL-only
nofile /sys/module/gplf_gpl/gpl_future_imports
rmmod ok gplf_gpl
end

case module_exported_symbol_enforced_too
insmod ok gplf_exporter.ko
insmod ENOENT gplf_mod_prop.ko
log 1 gplf_mod_prop: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: gplf_exporter_triple [gplf_exporter]
rmmod ok gplf_exporter
end

case gpl_module_loads_whatever_its_symbol_order
insmod ok gplf_prop_exporter.ko
insmod ok gplf_order.ko
rmmod ok gplf_order
insmod ok gplf_order_swapped.ko
rmmod ok gplf_order
log 0 module.gpl_future=enforce refuses
rmmod ok gplf_prop_exporter
end

case plain_exports_unaffected
insmod ok gplf_dup_plain.ko
rmmod ok gplf_dup_plain
end

case cannot_relax_to_warn
write EPERM /sys/module/module/parameters/gpl_future warn
log 1 module.gpl_future: 'enforce' cannot be relaxed to 'warn'
file /sys/module/module/parameters/gpl_future enforce
write ok /sys/module/module/parameters/gpl_future enforce
end

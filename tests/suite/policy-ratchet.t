# The policy at run time: warn can be tightened to enforce, never back.

case starts_in_warn_mode
file /sys/module/module/parameters/gpl_future warn
insmod ok gplf_prop.ko
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only
rmmod ok gplf_prop
end

case bad_value_rejected_and_policy_kept
write EINVAL /sys/module/module/parameters/gpl_future sometimes
log 1 module.gpl_future: unknown policy 'sometimes' (warn or enforce), keeping 'warn'
file /sys/module/module/parameters/gpl_future warn
end

# The log repeats at most 16 bytes of a rejected value.
case long_bad_value_echoed_bounded
write EINVAL /sys/module/module/parameters/gpl_future xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
log 1 module.gpl_future: unknown policy 'xxxxxxxxxxxxxxxx' (warn or enforce), keeping 'warn'
log 0 xxxxxxxxxxxxxxxxx
file /sys/module/module/parameters/gpl_future warn
end

case tightening_needs_cap_sys_module
write-nocap EPERM /sys/module/module/parameters/gpl_future enforce
file /sys/module/module/parameters/gpl_future warn
end

# Without CAP_SYS_MODULE any write is refused before it is read: no
# EINVAL for a bad value, nothing in the log.
case writer_without_cap_sys_module_not_heard
write-nocap EPERM /sys/module/module/parameters/gpl_future sometimes
log 0 module.gpl_future
file /sys/module/module/parameters/gpl_future warn
end

case tighten_to_enforce_takes_effect
write ok /sys/module/module/parameters/gpl_future enforce
file /sys/module/module/parameters/gpl_future enforce
insmod ENOENT gplf_prop.ko
log 1 gplf_prop: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
insmod ok gplf_gpl.ko
rmmod ok gplf_gpl
end

# Tightens again (a no-op in one boot) so that the case also stands alone,
# as it must where each case gets its own boot (MODULE_UNLOAD=n).
case relax_refused_after_tightening
write ok /sys/module/module/parameters/gpl_future enforce
write EPERM /sys/module/module/parameters/gpl_future warn
log 1 module.gpl_future: 'enforce' cannot be relaxed to 'warn'
file /sys/module/module/parameters/gpl_future enforce
insmod ENOENT gplf_prop.ko
end

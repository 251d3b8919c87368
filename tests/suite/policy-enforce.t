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

# Under enforce a future-GPL symbol is GPL-only for every module, in
# every order: a GPL module that also binds a proprietary module's symbol
# (a shim) is refused as its twin that binds an EXPORT_SYMBOL_GPL symbol
# instead (gplf_order_gpl) is, with the same error and the same reason.
# GPL-only first, the proprietary symbol is refused (inherit_taint());
# proprietary first, the module is no longer GPL and the GPL-only symbol
# is not found.
case shim_refused_as_gpl_only_future_first
insmod ok gplf_prop_exporter.ko
insmod ENOENT gplf_order_gpl.ko
log 1 gplf_order_gpl: module using GPL-only symbols uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter.
log 1 gplf_order_gpl: Unknown symbol gplf_prop_plain (err -2)
insmod ENOENT gplf_order.ko
log 1 gplf_order: module using GPL-only symbols uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter.
log 1 gplf_order: Unknown symbol gplf_prop_plain (err -2)
log 0 will become GPL-only
nofile /sys/module/gplf_order
rmmod ok gplf_prop_exporter
end

case shim_refused_as_gpl_only_proprietary_first
insmod ok gplf_prop_exporter.ko
insmod ENOENT gplf_order_gpl_swapped.ko
log 1 gplf_order_gpl: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order_gpl: Unknown symbol ktime_get (err -2)
insmod ENOENT gplf_order_swapped.ko
log 1 gplf_order: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order: Unknown symbol test_gpl_future_add (err -2)
log 1 gplf_order: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: test_gpl_future_add [vmlinux]
nofile /sys/module/gplf_order
rmmod ok gplf_prop_exporter
end

# The weak-reference modules (gplf_prop_weak, gplf_order_weak*) load on
# x86 only: on arm64 GCC reaches an undefined weak symbol through the GOT
# (R_AARCH64_ADR_GOT_PAGE), and 6.12's arm64 module loader refuses those
# relocations ("unsupported RELA relocation: 311") before any symbol is
# resolved, so the cases could not test the series there.
#
# The same with only a weak reference to the proprietary module's
# symbol, as its GPL-only twin (gplf_order_weak_gpl) fares: future-GPL
# symbol first, the weak reference is refused and left NULL, and the
# module loads, GPL, not warned; proprietary first, the module is not
# GPL when it meets the future-GPL symbol, and is refused it.
case weak_shim_as_gpl_only_future_first
needs CONFIG_X86=y
insmod ok gplf_prop_exporter.ko
insmod ok gplf_order_weak_gpl.ko
file /sys/module/gplf_order_weak_gpl/parameters/bound N
log 1 gplf_order_weak_gpl: module using GPL-only symbols uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter.
insmod ok gplf_order_weak.ko
file /sys/module/gplf_order_weak/parameters/bound N
log 1 gplf_order_weak: module using GPL-only symbols uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter.
log 0 inheriting taint
log 0 will become GPL-only
nofile /sys/module/gplf_order_weak/gpl_future_imports
rmmod ok gplf_order_weak
rmmod ok gplf_order_weak_gpl
rmmod ok gplf_prop_exporter
end

case weak_shim_as_gpl_only_proprietary_first
needs CONFIG_X86=y
insmod ok gplf_prop_exporter.ko
insmod ENOENT gplf_order_weak_gpl_swapped.ko
log 1 gplf_order_weak_gpl: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order_weak_gpl: Unknown symbol ktime_get (err -2)
insmod ENOENT gplf_order_weak_swapped.ko
log 1 gplf_order_weak: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order_weak: Unknown symbol test_gpl_future_add (err -2)
log 1 gplf_order_weak: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: test_gpl_future_add [vmlinux]
nofile /sys/module/gplf_order_weak
rmmod ok gplf_prop_exporter
end

# A proprietary module's future-GPL export is, to a GPL user, a GPL-only
# symbol of a proprietary module: refused (inherit_taint()).
case gpl_user_of_proprietary_future_export_refused
insmod ok gplf_prop_exporter.ko
insmod ENOENT gplf_taint_future.ko
log 1 gplf_taint_future: module using GPL-only symbols uses symbols gplf_prop_future from proprietary module gplf_prop_exporter.
log 1 gplf_taint_future: Unknown symbol gplf_prop_future (err -2)
log 0 module.gpl_future=enforce refuses
nofile /sys/module/gplf_taint_future
rmmod ok gplf_prop_exporter
end

# A weak reference is refused and left NULL, and the module loads, as
# with a weak reference to an EXPORT_SYMBOL_GPL symbol; the log says the
# policy refused it.
case weak_reference_refused_left_null_and_loads
needs CONFIG_X86=y
insmod ok gplf_prop_weak.ko
file /sys/module/gplf_prop_weak/parameters/bound N
log 1 gplf_prop_weak: module.gpl_future=enforce refuses symbols that will become GPL-only to non-GPL modules: test_gpl_future_add [vmlinux]
nofile /sys/module/gplf_prop_weak/gpl_future_imports
rmmod ok gplf_prop_weak
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

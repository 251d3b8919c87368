# EXPORT_SYMBOL_GPL_FUTURE: what the loader does with each kind of user.
# vmlinux exports test_gpl_future_add (function), test_gpl_future_magic
# (data) and test_gpl_future_ns_id (namespace TEST_GPL_FUTURE) from
# lib/test_gpl_future.c; the modules check the values they get.

case proprietary_module_binds_vmlinux_future_gpl_symbols_with_warning
insmod ok gplf_prop.ko
log 1 gplf_prop: future-GPL values ok
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future:
log 1 test_gpl_future_add [vmlinux]
log 1 test_gpl_future_magic [vmlinux]
rmmod ok gplf_prop
end

case reload_warns_again_once_per_load
insmod ok gplf_prop.ko
log 1 test_gpl_future_add [vmlinux]
rmmod ok gplf_prop
insmod ok gplf_prop.ko
log 2 test_gpl_future_add [vmlinux]
log 2 test_gpl_future_magic [vmlinux]
rmmod ok gplf_prop
end

case gpl_module_binds_them_silently
insmod ok gplf_gpl.ko
log 1 gplf_gpl: future-GPL values ok
log 0 will become GPL-only
rmmod ok gplf_gpl
end

case gpl_and_additional_rights_counts_as_gpl
insmod ok gplf_gplplus.ko
log 1 gplf_gplplus: future-GPL values ok
log 0 will become GPL-only
rmmod ok gplf_gplplus
end

case dual_mit_gpl_counts_as_gpl
insmod ok gplf_dualmit.ko
log 1 gplf_dualmit: future-GPL values ok
log 0 will become GPL-only
rmmod ok gplf_dualmit
end

case gpl_only_symbol_still_refused_to_proprietary_module
insmod ENOENT smoke_bypass.ko
log 1 smoke_bypass: Unknown symbol ktime_get (err -2)
nofile /sys/module/smoke_bypass
end

case module_to_module_warning_names_exporter_and_records_dependency
insmod ENOENT gplf_mod_prop.ko
insmod ok gplf_exporter.ko
insmod ok gplf_mod_prop.ko
log 1 gplf_mod_prop: future-GPL values ok
log 1 gplf_mod_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: gplf_exporter_triple [gplf_exporter]
# Without MODULE_UNLOAD there are no references to count.
needs CONFIG_MODULE_UNLOAD=y
file /sys/module/gplf_exporter/refcnt 1
nofile /sys/module/gplf_exporter/holders/missing
file /sys/module/gplf_exporter/holders/gplf_mod_prop/initstate live
rmmod EWOULDBLOCK gplf_exporter
rmmod ok gplf_mod_prop
rmmod ok gplf_exporter
end

# EXPORT_SYMBOL_GPL_FUTURE in an assembly file (gplf_asm_add.S).
case assembly_future_gpl_export_warns_proprietary_user_only
insmod ok gplf_asm_exporter.ko
insmod ok gplf_asm_prop.ko
log 1 gplf_asm_prop: future-GPL values ok
log 1 gplf_asm_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: gplf_asm_add [gplf_asm_exporter]
file /sys/module/gplf_asm_prop/gpl_future_imports/gplf_asm_add gplf_asm_exporter
entries /sys/module/gplf_asm_prop/gpl_future_imports 1
insmod ok gplf_asm_gpl.ko
log 1 gplf_asm_gpl: future-GPL values ok
log 1 will become GPL-only
nofile /sys/module/gplf_asm_gpl/gpl_future_imports
rmmod ok gplf_asm_gpl
rmmod ok gplf_asm_prop
rmmod ok gplf_asm_exporter
end

# The trim configuration trims test_gpl_future_ns_id (tests/config/trim.config).
case namespaced_future_gpl_symbol_with_import
needs # CONFIG_TRIM_UNUSED_KSYMS is not set
insmod ok gplf_ns_prop.ko
log 1 gplf_ns_prop: future-GPL values ok
log 1 gplf_ns_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_ns_id [vmlinux]
rmmod ok gplf_ns_prop
end

case five_hundred_symbols_one_bounded_warning
insmod ok gplf_many_exporter.ko
insmod ok gplf_many_user.ko
log 1 gplf_many_user: non-GPL module uses symbols that will become GPL-only
# All 500 names have the same length: 21 fit in the line, the rest are counted.
log 21 [gplf_many_exporter]
log 1 [gplf_many_exporter] and 479 more
rmmod ok gplf_many_user
rmmod ok gplf_many_exporter
end

case modversions_crc_mismatch_refused
needs CONFIG_MODVERSIONS=y
insmod EINVAL gplf_badcrc.ko
log 1 gplf_badcrc: disagrees about version of symbol test_gpl_future_add
nofile /sys/module/gplf_badcrc
end

case symbol_get_refuses_future_gpl_symbol
insmod ok gplf_symget.ko
log 1 failing symbol_get of non-GPLONLY symbol test_gpl_future_add.
log 1 gplf_symget: symbol_get refused
rmmod ok gplf_symget
end

case namespaced_future_gpl_symbol_without_import_refused
needs # CONFIG_TRIM_UNUSED_KSYMS is not set
insmod EINVAL gplf_ns_noimport.ko
log 1 gplf_ns_noimport: module uses symbol (test_gpl_future_ns_id) from namespace TEST_GPL_FUTURE, but does not import it.
log 0 will become GPL-only
nofile /sys/module/gplf_ns_noimport
end

# DEFAULT_SYMBOL_NAMESPACE applies to EXPORT_SYMBOL_GPL_FUTURE() as to
# the other export macros: the user needs the import, and is warned.
case default_namespace_future_gpl_export
insmod ok gplf_defns.ko
insmod ok gplf_defns_prop.ko
log 1 gplf_defns_prop: future-GPL values ok
log 1 gplf_defns_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: gplf_defns_value [gplf_defns]
rmmod ok gplf_defns_prop
rmmod ok gplf_defns
end

# No module uses it, so vmlinux does not export it; the other two
# future-GPL exports, used, stay (every other case here binds them).
case unused_future_gpl_export_trimmed
needs CONFIG_TRIM_UNUSED_KSYMS=y
insmod ENOENT gplf_ns_prop.ko
log 1 gplf_ns_prop: Unknown symbol test_gpl_future_ns_id (err -2)
nofile /sys/module/gplf_ns_prop
end

# The duplicate-export check looks in the future-GPL table both ways: as
# the table of the module being loaded and as the table of a loaded one.
case duplicate_of_loaded_future_gpl_export_refused
insmod ok gplf_dup_future.ko
insmod ENOEXEC gplf_dup_plain.ko
log 1 gplf_dup_plain: exports duplicate symbol gplf_dup_sym (owned by gplf_dup_future)
nofile /sys/module/gplf_dup_plain
rmmod ok gplf_dup_future
end

case future_gpl_export_duplicating_loaded_one_refused
insmod ok gplf_dup_plain.ko
insmod ENOEXEC gplf_dup_future.ko
log 1 gplf_dup_future: exports duplicate symbol gplf_dup_sym (owned by gplf_dup_plain)
nofile /sys/module/gplf_dup_future
rmmod ok gplf_dup_plain
end

# /sys/module/NAME/gpl_future_imports/SYMBOL: what a non-GPL module
# bound, one file per symbol, holding its exporter.
case record_lists_exactly_the_bound_symbols
insmod ok gplf_prop.ko
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_add vmlinux
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_magic vmlinux
entries /sys/module/gplf_prop/gpl_future_imports 2
rmmod ok gplf_prop
nofile /sys/module/gplf_prop/gpl_future_imports
end

case record_names_the_exporting_module
insmod ok gplf_exporter.ko
insmod ok gplf_mod_prop.ko
file /sys/module/gplf_mod_prop/gpl_future_imports/gplf_exporter_triple gplf_exporter
entries /sys/module/gplf_mod_prop/gpl_future_imports 1
nofile /sys/module/gplf_exporter/gpl_future_imports
rmmod ok gplf_mod_prop
rmmod ok gplf_exporter
end

case record_absent_for_gpl_modules
insmod ok gplf_gpl.ko
insmod ok gplf_dualmit.ko
nofile /sys/module/gplf_gpl/gpl_future_imports
nofile /sys/module/gplf_dualmit/gpl_future_imports
rmmod ok gplf_gpl
rmmod ok gplf_dualmit
end

# A crafted user that lists one import twice (gplf_many_user_dup.ko):
# one file for it, the rest of the record intact.
case record_lists_a_twice_imported_symbol_once
insmod ok gplf_many_exporter.ko
insmod ok gplf_many_user_dup.ko
entries /sys/module/gplf_many_user/gpl_future_imports 499
file /sys/module/gplf_many_user/gpl_future_imports/gplf_many_000 gplf_many_exporter
file /sys/module/gplf_many_user/gpl_future_imports/gplf_many_499 gplf_many_exporter
nofile /sys/module/gplf_many_user/gpl_future_imports/gplf_many_001
log 0 cannot create
log 0 incomplete record
rmmod ok gplf_many_user
rmmod ok gplf_many_exporter
end

case record_holds_all_five_hundred_symbols
insmod ok gplf_many_exporter.ko
insmod ok gplf_many_user.ko
entries /sys/module/gplf_many_user/gpl_future_imports 500
file /sys/module/gplf_many_user/gpl_future_imports/gplf_many_000 gplf_many_exporter
file /sys/module/gplf_many_user/gpl_future_imports/gplf_many_499 gplf_many_exporter
rmmod ok gplf_many_user
rmmod ok gplf_many_exporter
end

case default_policy_is_warn
file /sys/module/module/parameters/gpl_future warn
end

# A GPL module that binds a proprietary module's future-GPL export takes
# its taint, and with it what a non-GPL module gets: once the symbol is
# EXPORT_SYMBOL_GPL the kernel refuses it (policy-enforce.t), so today it
# is warned and recorded.
case gpl_user_of_proprietary_future_export_warned
insmod ok gplf_prop_exporter.ko
insmod ok gplf_taint_future.ko
log 1 gplf_taint_future: module uses symbols gplf_prop_future from proprietary module gplf_prop_exporter, inheriting taint.
file /sys/module/gplf_taint_future/taint P
log 1 gplf_taint_future: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: gplf_prop_future [gplf_prop_exporter]
file /sys/module/gplf_taint_future/gpl_future_imports/gplf_prop_future gplf_prop_exporter
entries /sys/module/gplf_taint_future/gpl_future_imports 1
rmmod ok gplf_taint_future
rmmod ok gplf_prop_exporter
end

# A GPL module that binds a proprietary module's symbol inherits its
# taint (a shim): the warning and the record follow the module's taint
# once all its symbols are bound, so it gets both whichever of its
# future-GPL and proprietary imports its symbol table lists first (the
# host checks the orders).
case shim_warned_and_recorded_future_first
insmod ok gplf_prop_exporter.ko
insmod ok gplf_order.ko
log 1 gplf_order: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux]
file /sys/module/gplf_order/gpl_future_imports/test_gpl_future_add vmlinux
entries /sys/module/gplf_order/gpl_future_imports 1
rmmod ok gplf_order
rmmod ok gplf_prop_exporter
end

case shim_warned_and_recorded_proprietary_first
insmod ok gplf_prop_exporter.ko
insmod ok gplf_order_swapped.ko
log 1 gplf_order: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux]
file /sys/module/gplf_order/gpl_future_imports/test_gpl_future_add vmlinux
entries /sys/module/gplf_order/gpl_future_imports 1
rmmod ok gplf_order
rmmod ok gplf_prop_exporter
end

# The weak-reference modules (gplf_prop_weak, gplf_order_weak*) load on
# x86 only: on arm64 GCC reaches an undefined weak symbol through the GOT
# (R_AARCH64_ADR_GOT_PAGE), and 6.12's arm64 module loader refuses those
# relocations ("unsupported RELA relocation: 311") before any symbol is
# resolved, so the cases could not test the series there.
#
# A shim whose proprietary import is a weak reference: bound, it passes
# on the taint as a strong one does, and the module is warned and
# recorded in either order.  Once the symbol is GPL-only, the same
# module loads with that reference left NULL (future-GPL symbol first)
# or is refused (proprietary first), as policy-enforce.t shows: it
# loses a symbol either way, so the warning stands.
case weak_shim_warned_and_recorded_future_first
needs CONFIG_X86=y
insmod ok gplf_prop_exporter.ko
insmod ok gplf_order_weak.ko
file /sys/module/gplf_order_weak/parameters/bound Y
log 1 gplf_order_weak: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order_weak: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux]
file /sys/module/gplf_order_weak/gpl_future_imports/test_gpl_future_add vmlinux
rmmod ok gplf_order_weak
rmmod ok gplf_prop_exporter
end

case weak_shim_warned_and_recorded_proprietary_first
needs CONFIG_X86=y
insmod ok gplf_prop_exporter.ko
insmod ok gplf_order_weak_swapped.ko
file /sys/module/gplf_order_weak/parameters/bound Y
log 1 gplf_order_weak: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
log 1 gplf_order_weak: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux]
file /sys/module/gplf_order_weak/gpl_future_imports/test_gpl_future_add vmlinux
rmmod ok gplf_order_weak
rmmod ok gplf_prop_exporter
end

# With no proprietary exporter loaded the weak reference is left NULL:
# the module stays GPL, and is neither warned nor recorded.
case weak_shim_unbound_not_warned
needs CONFIG_X86=y
insmod ok gplf_order_weak.ko
file /sys/module/gplf_order_weak/parameters/bound N
log 0 will become GPL-only
nofile /sys/module/gplf_order_weak/gpl_future_imports
rmmod ok gplf_order_weak
end

# The warning comes once the load can only fail in the module's own
# init: a module refused after its symbols are bound (here by the
# duplicate-export check) is not warned; one whose init fails, as a
# driver's does without its hardware, was bound and is warned.
case module_refused_after_binding_not_warned
insmod ok gplf_dup_plain.ko
insmod ENOEXEC gplf_prop_dup.ko
log 1 gplf_prop_dup: exports duplicate symbol gplf_dup_sym (owned by gplf_dup_plain)
log 0 will become GPL-only
nofile /sys/module/gplf_prop_dup
rmmod ok gplf_dup_plain
end

# A bad parameter fails the load after complete_formation(), in
# parse_args(): not warned either.
case module_refused_by_its_parameters_not_warned
needs CONFIG_X86=y
insmod EINVAL gplf_prop_weak.ko bound=maybe
log 0 will become GPL-only
nofile /sys/module/gplf_prop_weak
end

case module_whose_init_fails_warned
insmod ENODEV gplf_prop_initfail.ko
log 1 gplf_prop_initfail: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux]
nofile /sys/module/gplf_prop_initfail
end

# A weak reference to a future-GPL symbol binds it and is warned, as a
# strong one is.
case weak_reference_bound_and_warned
needs CONFIG_X86=y
insmod ok gplf_prop_weak.ko
file /sys/module/gplf_prop_weak/parameters/bound Y
log 1 gplf_prop_weak: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux]
rmmod ok gplf_prop_weak
end

case gpl_user_of_proprietary_plain_export_inherits_taint
insmod ok gplf_prop_exporter.ko
insmod ok gplf_taint_plain.ko
log 1 gplf_taint_plain: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
file /sys/module/gplf_taint_plain/taint P
rmmod ok gplf_taint_plain
rmmod ok gplf_prop_exporter
end

case gpl_only_user_of_proprietary_future_export_refused
insmod ok gplf_prop_exporter.ko
insmod ENOENT gplf_taint_gplonly.ko
log 1 gplf_taint_gplonly: Unknown symbol
nofile /sys/module/gplf_taint_gplonly
rmmod ok gplf_prop_exporter
end

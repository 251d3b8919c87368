# Failed allocations during a load (CONFIG_FAILSLAB, the debug kernel):
# each slab allocation finit_module() makes for gplf_prop.ko fails in
# turn.  The warning's names and the record are diagnostics: when only
# they cannot be allocated the module still loads, says so, and never
# turns the failure into "Unknown symbol X (err -12)".  Whatever fails,
# nothing is left behind (no_kernel_reports: KASAN, kmemleak).  Only the
# dependency on an exporting module (ref_module()) may fail a load with
# "Unknown symbol", as it always could.  slab_debug=P poisons what the
# slab allocator hands out, so a list read before it is written is
# garbage, not the zeroes of a fresh page.
# cmdline: slab_debug=P

case diagnostics_out_of_memory_do_not_fail_the_load
needs CONFIG_FAILSLAB=y
write ok /sys/kernel/debug/failslab/ignore-gfp-wait N
write ok /sys/kernel/debug/failslab/verbose 0
alloc-fail gplf_prop.ko
log 0 Unknown symbol
log + gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: 2 more
log + gplf_prop: incomplete record: /sys/module/gplf_prop/gpl_future_imports lacks 1 of these symbols
log + gplf_prop: cannot create /sys/module/gplf_prop/gpl_future_imports (-12)
end

# One import: a record whose only entry fails is empty.
case module_to_module_user_too
needs CONFIG_FAILSLAB=y
write ok /sys/kernel/debug/failslab/ignore-gfp-wait N
write ok /sys/kernel/debug/failslab/verbose 0
insmod ok gplf_exporter.ko
alloc-fail gplf_mod_prop.ko
log 1 gplf_mod_prop: Unknown symbol gplf_exporter_triple (err -12)
log + gplf_mod_prop: incomplete record: /sys/module/gplf_mod_prop/gpl_future_imports lacks 1 of these symbols
rmmod ok gplf_exporter
end

# The same load from a copy whose file sets every field of struct module
# the loader must set itself (gplf_fillall_prop.ko, fill.t): each error
# path a failed allocation takes frees and puts only what the loader
# set, never what the file holds.
case error_paths_ignore_the_fields_the_file_sets
needs CONFIG_FAILSLAB=y
write ok /sys/kernel/debug/failslab/ignore-gfp-wait N
write ok /sys/kernel/debug/failslab/verbose 0
alloc-fail gplf_fillall_prop.ko gplf_prop
log 0 Unknown symbol
end

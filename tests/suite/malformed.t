# Broken exporters, each one defect away from gplf_mangle.ko (written by
# scripts/testmods/mangle-modules.sh with tests/mangle/ko-mangle.c).  gplf_mangle
# exports gplf_mangle_plain, gplf_mangle_gpl and, future-GPL in this
# order, gplf_mangle_a, _b, _c and the per-CPU gplf_mangle_pcpu.  Every
# variant must be refused with ENOEXEC and one line that names the
# defect; the last case shows the loader still works afterwards.  The
# plain and GPL-only variants show the checks hold for every table.
# The intact modules, and copies the loader must not misread, are
# fill.t's.

case plain_table_not_whole_entries
insmod ENOEXEC gplf_bad_plain_size.ko
log 1 gplf_mangle: __ksymtab is 16 bytes, not a whole number of 12-byte entries
nofile /sys/module/gplf_mangle
end

case gpl_table_not_whole_entries
insmod ENOEXEC gplf_bad_gpl_size.ko
log 1 gplf_mangle: __ksymtab_gpl is 16 bytes, not a whole number of 12-byte entries
nofile /sys/module/gplf_mangle
end

case future_table_not_whole_entries
insmod ENOEXEC gplf_bad_future_size.ko
log 1 gplf_mangle: __ksymtab_gpl_future is 52 bytes, not a whole number of 12-byte entries
nofile /sys/module/gplf_mangle
end

case gpl_table_not_alloc
insmod ENOEXEC gplf_bad_gpl_noalloc.ko
log 1 gplf_mangle: section __ksymtab_gpl is not SHF_ALLOC
nofile /sys/module/gplf_mangle
end

case future_table_not_alloc
insmod ENOEXEC gplf_bad_future_noalloc.ko
log 1 gplf_mangle: section __ksymtab_gpl_future is not SHF_ALLOC
nofile /sys/module/gplf_mangle
end

case future_table_unsorted
insmod ENOEXEC gplf_bad_future_unsorted.ko
log 1 gplf_mangle: __ksymtab_gpl_future is not sorted: gplf_mangle_c, then gplf_mangle_b
nofile /sys/module/gplf_mangle
end

case future_table_names_a_symbol_twice
insmod ENOEXEC gplf_bad_future_dup.ko
log 1 gplf_mangle: exports gplf_mangle_a twice in __ksymtab_gpl_future
nofile /sys/module/gplf_mangle
end

case symbol_in_plain_and_future_tables
insmod ENOEXEC gplf_bad_plain_dup_future.ko
log 1 gplf_mangle: exports gplf_mangle_a in both __ksymtab and __ksymtab_gpl_future
nofile /sys/module/gplf_mangle
end

case symbol_in_gpl_and_future_tables
insmod ENOEXEC gplf_bad_gpl_dup_future.ko
log 1 gplf_mangle: exports gplf_mangle_pcpu in both __ksymtab_gpl and __ksymtab_gpl_future
nofile /sys/module/gplf_mangle
end

case gpl_name_outside_module
insmod ENOEXEC gplf_bad_gpl_name_out.ko
log 1 gplf_mangle: __ksymtab_gpl entry 0: name or namespace outside __ksymtab_strings
nofile /sys/module/gplf_mangle
end

case future_name_outside_module
insmod ENOEXEC gplf_bad_future_name_out.ko
log 1 gplf_mangle: __ksymtab_gpl_future entry 1: name or namespace outside __ksymtab_strings
nofile /sys/module/gplf_mangle
end

case future_namespace_outside_module
insmod ENOEXEC gplf_bad_future_ns_out.ko
log 1 gplf_mangle: __ksymtab_gpl_future entry 1: name or namespace outside __ksymtab_strings
nofile /sys/module/gplf_mangle
end

case gpl_value_outside_module
insmod ENOEXEC gplf_bad_gpl_value_out.ko
log 1 gplf_mangle: __ksymtab_gpl entry 0 (gplf_mangle_gpl): value outside the module
nofile /sys/module/gplf_mangle
end

case future_value_outside_module
insmod ENOEXEC gplf_bad_future_value_out.ko
log 1 gplf_mangle: __ksymtab_gpl_future entry 1 (gplf_mangle_b): value outside the module
nofile /sys/module/gplf_mangle
end

# Under SMP a per-CPU export's value lies in the per-CPU area, not in the
# module's memory: 64 bytes on is past the module's 4-byte share of it.
case future_percpu_value_outside_percpu_area
needs CONFIG_SMP=y
insmod ENOEXEC gplf_bad_future_pcpu_out.ko
log 1 gplf_mangle: __ksymtab_gpl_future entry 3 (gplf_mangle_pcpu): value outside the module
nofile /sys/module/gplf_mangle
end

case gpl_crc_table_short
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_gpl_crc_short.ko
log 1 gplf_mangle: __kcrctab_gpl is 0 bytes, 4 expected
nofile /sys/module/gplf_mangle
end

case future_crc_table_short
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_future_crc_short.ko
log 1 gplf_mangle: __kcrctab_gpl_future is 12 bytes, 16 expected
nofile /sys/module/gplf_mangle
end

case future_crc_table_absent
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_future_crc_absent.ko
log 1 gplf_mangle: no versions for exported symbols
nofile /sys/module/gplf_mangle
end

case future_crc_table_not_alloc
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_future_crc_noalloc.ko
log 1 gplf_mangle: section __kcrctab_gpl_future is not SHF_ALLOC
nofile /sys/module/gplf_mangle
end

case intact_exporter_still_loads_afterwards
insmod ok gplf_mangle.ko
rmmod ok gplf_mangle
end

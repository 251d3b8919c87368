# Broken exporters, each one defect away from gplf_mangle.ko (written by
# scripts/testmods/mangle-modules.sh with tests/mangle/ko-mangle.c), for
# 7.3: one __ksymtab, and each export's license in __kflagstab
# (tests/suite/malformed.t is 6.12's, one table per license).
# gplf_mangle exports gplf_mangle_plain, gplf_mangle_gpl and, future-GPL,
# gplf_mangle_a, _b, _c and the per-CPU gplf_mangle_pcpu; sorted, the
# table holds _a, _b, _c, _gpl, _pcpu, _plain.  Every variant must be
# refused with ENOEXEC and one line that names the defect; the last case
# shows the loader still works afterwards.
# The intact modules, and copies the loader must not misread, are
# fill.t's.

case table_not_whole_entries
insmod ENOEXEC gplf_bad_size.ko
log 1 gplf_mangle: __ksymtab is 76 bytes, not a whole number of 12-byte entries
nofile /sys/module/gplf_mangle
end

case table_not_alloc
insmod ENOEXEC gplf_bad_noalloc.ko
log 1 gplf_mangle: section __ksymtab is not SHF_ALLOC
nofile /sys/module/gplf_mangle
end

case table_unsorted
insmod ENOEXEC gplf_bad_unsorted.ko
log 1 gplf_mangle: __ksymtab is not sorted: gplf_mangle_c, then gplf_mangle_b
nofile /sys/module/gplf_mangle
end

case table_names_a_symbol_twice
insmod ENOEXEC gplf_bad_dup.ko
log 1 gplf_mangle: exports gplf_mangle_a twice
nofile /sys/module/gplf_mangle
end

case name_outside_module
insmod ENOEXEC gplf_bad_name_out.ko
log 1 gplf_mangle: __ksymtab entry 1: name or namespace outside __ksymtab_strings
nofile /sys/module/gplf_mangle
end

case namespace_outside_module
insmod ENOEXEC gplf_bad_ns_out.ko
log 1 gplf_mangle: __ksymtab entry 1: name or namespace outside __ksymtab_strings
nofile /sys/module/gplf_mangle
end

case value_outside_module
insmod ENOEXEC gplf_bad_value_out.ko
log 1 gplf_mangle: __ksymtab entry 1 (gplf_mangle_b): value outside the module
nofile /sys/module/gplf_mangle
end

# Under SMP a per-CPU export's value lies in the per-CPU area, not in the
# module's memory: 64 bytes on is past the module's 4-byte share of it.
case percpu_value_outside_percpu_area
needs CONFIG_SMP=y
insmod ENOEXEC gplf_bad_pcpu_out.ko
log 1 gplf_mangle: __ksymtab entry 4 (gplf_mangle_pcpu): value outside the module
nofile /sys/module/gplf_mangle
end

case flags_table_short
insmod ENOEXEC gplf_bad_flags_short.ko
log 1 gplf_mangle: __kflagstab is 5 bytes, 6 expected
nofile /sys/module/gplf_mangle
end

case flags_table_not_alloc
insmod ENOEXEC gplf_bad_flags_noalloc.ko
log 1 gplf_mangle: section __kflagstab is not SHF_ALLOC
nofile /sys/module/gplf_mangle
end

# Refused by 7.3 itself; the case shows the checks did not move that.
case flags_table_absent
insmod ENOEXEC gplf_bad_flags_absent.ko
log 1 gplf_mangle: no flags for exported symbols
nofile /sys/module/gplf_mangle
end

# A bit this kernel does not know, or both licenses at once.
case unknown_flag
insmod ENOEXEC gplf_bad_flags_unknown.ko
log 1 gplf_mangle: __kflagstab entry 1 (gplf_mangle_b): invalid flags 0x4
nofile /sys/module/gplf_mangle
end

case gpl_only_and_future_flags
insmod ENOEXEC gplf_bad_flags_both.ko
log 1 gplf_mangle: __kflagstab entry 1 (gplf_mangle_b): invalid flags 0x3
nofile /sys/module/gplf_mangle
end

case crc_table_short
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_crc_short.ko
log 1 gplf_mangle: __kcrctab is 20 bytes, 24 expected
nofile /sys/module/gplf_mangle
end

case crc_table_absent
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_crc_absent.ko
log 1 gplf_mangle: no versions for exported symbols
nofile /sys/module/gplf_mangle
end

case crc_table_not_alloc
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_bad_crc_noalloc.ko
log 1 gplf_mangle: section __kcrctab is not SHF_ALLOC
nofile /sys/module/gplf_mangle
end

case intact_exporter_still_loads_afterwards
insmod ok gplf_mangle.ko
rmmod ok gplf_mangle
end

# Mutation fuzzing of module loading (issue 24): mutants of six seed
# modules, each a copy with one to four changes in what the loader
# parses (tests/mangle/ko-mutate.h): an exporter with every export table,
# proprietary and GPL users of vmlinux's future-GPL exports, a
# proprietary user of a module's, one of 500 imports and a namespaced
# user.  Each mutant is loaded with finit_module(); whatever loads is
# unloaded after its record is read.  Every mutant must be refused or
# load and unload without a kernel report (no_kernel_reports: BUG,
# WARNING, KASAN, lockdep, UBSAN, kmemleak); a crash or a hang ends the
# boot.  The run is "fuzz_seed" (1 unless the command line says),
# mutants "fuzz_first" on; make fuzz-guest runs more of them in batches
# and keeps what it finds (scripts/harness/fuzz-guest.sh).  The seeds
# are ELF64 (x86_64, arm64).
# Loading and unloading wait for RCU grace periods several times; on
# the debug kernel under TCG that is most of a mutant's time, so the
# waits are expedited (rcupdate.rcu_expedited).
# cmdline: rcupdate.rcu_expedited=1
# timeout: 900
# memory: 512

# First the kept mutants (scripts/testmods/mangle-modules.sh writes
# them anew from each build with ko-fuzz -a).  .modinfo's section header
# made inactive (SHT_NULL) with a name past the section name table:
# without the fixes series' first patch ("module: check the name of
# every section header") 6.12 and 7.3 oops in strcmp() under
# find_any_unique_sec().
case inactive_section_header_named_outside_the_table
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_null_name.ko
log 1 Invalid ELF section name in module (section
nofile /sys/module/gplf_mod_prop
end

# The first section header, which the W^X check reads too, named past
# the table: refused for its name before anything prints it.
case first_section_header_named_outside_the_table
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_first_name.ko
log 1 Invalid ELF section name in module (section 0 type 0)
log 0 invalid WRITE|EXEC flags
nofile /sys/module/gplf_prop
end

# Sections the loader read from the file without checking where they
# lie: .gnu.linkonce.this_module made inactive with its contents past
# the file ("module: check where inactive section headers point"),
# .modinfo, __versions and .data..percpu of type NOBITS likewise
# ("module: refuse NOBITS sections whose contents the loader reads").
# Without the fixes each is read from past the file (on 6.12, an oops).
case inactive_section_header_with_contents_past_the_file
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_null_offset.ko
log 1 Invalid ELF section in module (section
nofile /sys/module/gplf_prop
end

case nobits_modinfo
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_nobits_modinfo.ko
log 1 .modinfo section must have contents
nofile /sys/module/gplf_prop
end

case nobits_percpu
needs CONFIG_64BIT=y
needs CONFIG_SMP=y
insmod ENOEXEC gplf_fuzz_nobits_percpu.ko
log 1 gplf_mangle: .data..percpu section must have contents
nofile /sys/module/gplf_mangle
end

case nobits_versions
needs CONFIG_64BIT=y
needs CONFIG_MODVERSIONS=y
insmod ENOEXEC gplf_fuzz_nobits_versions.ko
log 1 must have contents
nofile /sys/module/gplf_prop
end

# The symbol string table and .gnu.linkonce.this_module NOBITS, the
# latter 8 bytes shorter or longer than struct module, and two sections
# of its name: the symbols' names and struct module are read from the
# file, and a module built against a smaller struct module would have
# the series' fields written past its own (mainline refuses them since
# 6.13 and 6.4; the 6.1 series does too, patches 7 and 8).
case nobits_strtab
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_nobits_strtab.ko
log 1 Invalid ELF symbol string table type: 8
nofile /sys/module/gplf_prop
end

case nobits_this_module
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_nobits_this_module.ko
log 1 gplf_prop: .gnu.linkonce.this_module section must have a size set
nofile /sys/module/gplf_prop
end

case this_module_of_another_size
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_this_module_short.ko
insmod ENOEXEC gplf_fuzz_this_module_long.ko
log 2 gplf_prop: .gnu.linkonce.this_module section size must match
nofile /sys/module/gplf_prop
end

case this_module_twice
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_this_module_twice.ko
log 1 gplf_prop: Exactly one .gnu.linkonce.this_module section must exist.
nofile /sys/module/gplf_prop
end

# Sections the layout cannot hold (the loader patches "refuse section
# alignments the layout cannot apply" and "check the layout's
# arithmetic for overflow").  ALIGN() truncates an alignment to the
# layout's unsigned int: 2^64 - 1 (the finding) rounds __ksymtab's
# offset down to 0 or 1 and 2^40 makes it 0, over the first sections of
# its region (on 6.1, struct module); 24 is no power of two.  A 4 GiB
# .bss wraps its region's size; two NOBITS sections of 2.25 and 1.75
# GiB, each within a region, wrap it together, to about what the
# sections before them take.  A page's alignment is honoured.
case section_alignment_not_a_power_of_two
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_align_all_ones.ko
insmod ENOEXEC gplf_fuzz_align_24.ko
log 2 Invalid ELF section alignment in module (section
log 1 alignment 0xffffffffffffffff)
log 1 alignment 0x18)
nofile /sys/module/gplf_mangle
end

case section_alignment_past_the_layout
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_align_huge.ko
log 1 Invalid ELF section alignment in module (section
log 1 alignment 0x10000000000)
nofile /sys/module/gplf_mangle
end

case nobits_sections_past_the_layout
needs CONFIG_64BIT=y
insmod ENOEXEC gplf_fuzz_bss_huge.ko
insmod ENOEXEC gplf_fuzz_nobits_sum.ko
log 2 gplf_mangle: module layout exceeds
nofile /sys/module/gplf_mangle
end

# The core symbols' names, which kallsyms copies into the module's
# data, summed in an unsigned int: 16384 symbols sharing one name of
# 2^18 bytes wrap the sum; sharing one of 2^18 - 40, they do not, and
# the region that holds them and their symbols wraps.  Without kallsyms
# nothing is copied and both load.
case core_symbol_names_past_the_layout
needs CONFIG_64BIT=y
needs CONFIG_KALLSYMS=y
insmod ENOEXEC gplf_fuzz_strtab_wrap.ko
insmod ENOEXEC gplf_fuzz_strtab_region.ko
log 1 gplf_many_syms: core symbol names exceed 4294967295 bytes
log 1 gplf_many_syms: module layout exceeds
nofile /sys/module/gplf_many_syms
end

case core_symbol_names_without_kallsyms_load
needs CONFIG_64BIT=y
needs # CONFIG_KALLSYMS is not set
needs CONFIG_MODULE_UNLOAD=y
insmod ok gplf_fuzz_strtab_wrap.ko
rmmod ok gplf_many_syms
insmod ok gplf_fuzz_strtab_region.ko
rmmod ok gplf_many_syms
end

case section_alignment_of_a_page_loads
needs CONFIG_64BIT=y
needs CONFIG_MODULE_UNLOAD=y
insmod ok gplf_fuzz_align_page.ko
rmmod ok gplf_mangle
end

# The series' fields of struct module as the file has them, set
# (.gnu.linkonce.this_module): the loader sets each itself, so the
# module loads, warns and records as the original does.
case series_fields_from_the_file_are_not_used
needs CONFIG_64BIT=y
insmod ok gplf_fuzz_series.ko
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
entries /sys/module/gplf_prop/gpl_future_imports 2
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_add vmlinux
rmmod ok gplf_prop
end

case mutants_load_or_refuse_cleanly
needs CONFIG_64BIT=y
needs CONFIG_MODULE_UNLOAD=y
insmod ok gplf_exporter.ko
insmod ok gplf_many_exporter.ko
fuzz 2000 gplf_mangle.ko gplf_prop.ko gplf_gpl.ko gplf_mod_prop.ko gplf_many_user.ko gplf_ns_prop.ko
rmmod ok gplf_many_exporter
rmmod ok gplf_exporter
end

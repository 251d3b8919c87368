# What the loader must not misread in modules that are intact: gplf_mangle
# and a proprietary user of its future-GPL exports load as they should
# (malformed.t breaks copies of gplf_mangle), and copies of modules whose
# bytes of the fields the series adds to struct module are all 0xff
# (scripts/testmods/mangle-modules.sh), and then of every field but the
# three the file sets, load like the originals.

case intact_exporter_and_proprietary_user_load
insmod ok gplf_mangle.ko
insmod ok gplf_mangle_user.ko
log 1 gplf_mangle_user: sum 19
log 1 gplf_mangle_a [gplf_mangle]
log 1 gplf_mangle_b [gplf_mangle]
log 1 gplf_mangle_c [gplf_mangle]
log 1 gplf_mangle_pcpu [gplf_mangle]
log 0 gplf_mangle_plain [
rmmod ok gplf_mangle_user
rmmod ok gplf_mangle
end

# struct module is read from the module file: copies whose bytes of the
# fields the series adds are all 0xff (gplf_fill_*.ko) must load and
# unload like the originals, the record exactly as theirs.  Reading the
# files and unloading touch every such field; the debug kernel's KASAN
# would report a wild pointer (no_kernel_reports).
case fields_the_series_adds_are_set_by_the_loader
insmod ok gplf_fill_exporter.ko
insmod ok gplf_fill_gpl.ko
insmod ok gplf_fill_prop.ko
insmod ok gplf_mod_prop.ko
nofile /sys/module/gplf_gpl/gpl_future_imports
nofile /sys/module/gplf_exporter/gpl_future_imports
entries /sys/module/gplf_prop/gpl_future_imports 2
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_add vmlinux
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_magic vmlinux
entries /sys/module/gplf_mod_prop/gpl_future_imports 1
file /sys/module/gplf_mod_prop/gpl_future_imports/gplf_exporter_triple gplf_exporter
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
rmmod ok gplf_mod_prop
rmmod ok gplf_prop
rmmod ok gplf_gpl
rmmod ok gplf_exporter
end

# Every other field is the loader's to set too: copies whose bytes of
# struct module are all 0xff but those of name, init and exit
# (gplf_fillall_*.ko; the per-CPU area's address and size, the memory
# sizes, the taints, using_gplonly_symbols and the sysfs pointers among
# them) must load, bind, warn, record and unload as the originals do,
# gplf_taint_plain inheriting its taint from gplf_prop_exporter as
# gpl-future.t's original does.  Without the loader fix that clears
# them, the layout refuses the exporter ("module layout exceeds"), and
# rmmod passes percpu to free_percpu().
case fields_the_file_does_not_set_are_set_by_the_loader
insmod ok gplf_fillall_exporter.ko
insmod ok gplf_fillall_gpl.ko
insmod ok gplf_fillall_prop.ko
insmod ok gplf_mod_prop.ko
file /sys/module/gplf_prop/taint P
log 0 gplf_gpl: non-GPL module
nofile /sys/module/gplf_gpl/gpl_future_imports
nofile /sys/module/gplf_exporter/gpl_future_imports
entries /sys/module/gplf_prop/gpl_future_imports 2
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_add vmlinux
file /sys/module/gplf_prop/gpl_future_imports/test_gpl_future_magic vmlinux
entries /sys/module/gplf_mod_prop/gpl_future_imports 1
file /sys/module/gplf_mod_prop/gpl_future_imports/gplf_exporter_triple gplf_exporter
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only, which will not be allowed in the future: test_gpl_future_add [vmlinux], test_gpl_future_magic [vmlinux]
insmod ok gplf_prop_exporter.ko
insmod ok gplf_fillall_taint_plain.ko
log 1 gplf_taint_plain: module uses symbols gplf_prop_plain from proprietary module gplf_prop_exporter, inheriting taint.
file /sys/module/gplf_taint_plain/taint P
rmmod ok gplf_taint_plain
rmmod ok gplf_prop_exporter
rmmod ok gplf_mod_prop
rmmod ok gplf_prop
rmmod ok gplf_gpl
rmmod ok gplf_exporter
end

# The per-CPU area's address and size: percpu_modalloc() leaves them
# alone for a module without .data..percpu, and both the unload and a
# load that fails after the layout pass the address to free_percpu().
# Copies whose file sets them (gplf_fillpcpu_*.ko): gplf_mod_gpl refused
# for want of gplf_exporter's symbol, gplf_gpl loaded and unloaded.
# Without the loader fix that clears them, each oopses in free_percpu().
case percpu_area_the_file_names_is_not_freed
needs CONFIG_SMP=y
insmod ENOENT gplf_fillpcpu_mod_gpl.ko
log 1 gplf_mod_gpl: Unknown symbol gplf_exporter_triple
nofile /sys/module/gplf_mod_gpl
insmod ok gplf_fillpcpu_gpl.ko
rmmod ok gplf_gpl
end

# The name is the field of struct module the loader takes from the file
# as a C string: a copy whose name fills the field with no NUL
# (gplf_fuzz_name_unterminated.ko) is refused.  Without the check it
# loads under a name of the field's size, which delete_module() cannot
# take.
case name_without_its_nul_is_refused
insmod ENOEXEC gplf_fuzz_name_unterminated.ko
log 1 The module name in .gnu.linkonce.this_module is not NUL-terminated.
end

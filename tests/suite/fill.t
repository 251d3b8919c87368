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
# sizes, the taints and the sysfs pointers among them) must load, bind,
# warn, record and unload as the originals do.  Before the loader set
# them, the 7.3 series refused the exporter ("sections take more than"),
# and percpu reached free_percpu() on rmmod.
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
rmmod ok gplf_mod_prop
rmmod ok gplf_prop
rmmod ok gplf_gpl
rmmod ok gplf_exporter
end

# The per-CPU area's address and size: percpu_modalloc() leaves them
# alone for a module without .data..percpu (gplf_gpl), and the unload
# (as a load that fails once the module is laid out) passes the address
# to free_percpu().  A copy whose file sets them: before the loader set
# them, rmmod oopsed in free_percpu().
case percpu_area_the_file_names_is_not_freed
needs CONFIG_SMP=y
insmod ok gplf_fillpcpu_gpl.ko
rmmod ok gplf_gpl
end

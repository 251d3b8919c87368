# What the loader must not misread in modules that are intact: gplf_mangle
# and a proprietary user of its future-GPL exports load as they should
# (malformed.t breaks copies of gplf_mangle), and copies of modules whose
# bytes of the fields the series adds to struct module are all 0xff
# (scripts/testmods/mangle-modules.sh) load like the originals.

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

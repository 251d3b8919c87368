# A bad module.gpl_future= on the command line: rejected with a message,
# the default (warn) kept.
# cmdline: module.gpl_future=strict

case bad_boot_value_reported
bootlog 1 module.gpl_future: unknown policy 'strict' (warn or enforce), keeping 'warn'
file /sys/module/module/parameters/gpl_future warn
end

case default_behaviour_kept
insmod ok gplf_prop.ko
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only
rmmod ok gplf_prop
end

# The command line sets the policy either way, the last value winning as
# for any parameter: the one-way rule applies after boot, to writers of
# /sys/module/module/parameters/gpl_future (policy-ratchet.t).
# cmdline: module.gpl_future=enforce module.gpl_future=warn

case last_boot_value_wins
file /sys/module/module/parameters/gpl_future warn
bootlog 0 module.gpl_future:
end

case proprietary_user_warned
insmod ok gplf_prop.ko
log 1 gplf_prop: non-GPL module uses symbols that will become GPL-only
rmmod ok gplf_prop
end

# swaync 0.7 (SwayNotificationCenter) under headless sway (Tests/Desktops/sway.sh), with its
# default settings. It has no way to press a button without a pointer.
. "$here/sway.sh"
desk_server=swaync
shoot() { grim_shot "swaync-$1" "504,0 520x320"; }
displayed() { as_desk swaync-client --count 2>/dev/null; }
press() { return 1; }
server_alive() { kill -0 "$server_pid"; }
run_server() { run_on swaync noact sway; }

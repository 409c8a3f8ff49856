# swaync 0.7 (SwayNotificationCenter) under headless sway (Tests/Desktops/sway.sh), with its
# default settings. It has no way to press a button without a pointer.
. "$here/sway.sh"
start_server() {
  desk_spawn swaync >>"$work/swaync.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications
}
shoot() { grim_shot "swaync-$1" "504,0 520x320"; }
displayed() { as_desk swaync-client --count 2>/dev/null; }
press() { return 1; }
restart_server() { kill -9 "$server_pid"; sleep 0.5; start_server; }
server_alive() { kill -0 "$server_pid"; }
run_server() {
  setup swaync
  start_bus noact
  sway_setup || { record FAIL "sway starts" "$(tail -5 "$work/sway.log")"; return; }
  start_server || { record FAIL "swaync starts" "$(cat "$work/swaync.log")"; return; }
  scenario
}

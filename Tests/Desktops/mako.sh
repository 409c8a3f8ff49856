# mako 1.7 under headless sway (Tests/Desktops/sway.sh), with its default settings.
. "$here/sway.sh"
start_server() {
  desk_spawn mako >>"$work/mako.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications
}
shoot() { grim_shot "mako-$1" "624,0 400x420"; }
displayed() { as_desk makoctl list 2>/dev/null | grep -o '"app-name"' | wc -l; }
press() {
  local id
  id=$(grep -o 'Notify answered: id [0-9]*' "$work/notify.log" | tail -1 | grep -o '[0-9]*$')
  [ -n "$id" ] && as_desk makoctl invoke -n "$id" "$1"
}
restart_server() { kill -9 "$server_pid"; sleep 0.5; start_server; }
server_alive() { kill -0 "$server_pid" && ! grep -qi 'segmentation\|abort' "$work/mako.log"; }
run_server() {
  setup mako
  start_bus noact
  sway_setup || { record FAIL "sway starts" "$(tail -5 "$work/sway.log")"; return; }
  start_server || { record FAIL "mako starts" "$(cat "$work/mako.log")"; return; }
  scenario
}

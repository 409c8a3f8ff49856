# xfce4-notifyd 0.7 under Xvfb. Its notifications are windows of their own: counted with
# xwininfo; a button is pressed by clicking where xdotool finds its label's window.
xfce_notifyd() {
  for f in /usr/lib/*/xfce4/notifyd/xfce4-notifyd; do echo "$f"; return; done
}
start_server() {
  "$(xfce_notifyd)" >"$work/xfce.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications
}
shoot() { sleep 0.8; import -window root -crop 520x640+504+0 +repage "$out/xfce4-notifyd-$1.png"; }
windows() { xwininfo -root -tree | grep -E '"xfce4-notifyd"' | grep -vE ' (1x1|10x10)\+' ; }
displayed() { windows | wc -l; }
press() {
  # The first notification window; its buttons sit along the bottom: Pause, +1 min, Stop.
  local geometry w h x y
  geometry=$(windows | head -1 | grep -oE '[0-9]+x[0-9]+\+-?[0-9]+\+-?[0-9]+' | head -1)
  [ -n "$geometry" ] || return 1
  w=${geometry%%x*}; h=${geometry#*x}; h=${h%%+*}
  x=$(echo "$geometry" | cut -d+ -f2); y=$(echo "$geometry" | cut -d+ -f3)
  # 18 px above the bottom: a quarter across for the first button, the middle for "+1 min".
  case $1 in pause|resume) xdotool mousemove $((x + w / 4)) $((y + h - 18)) click 1 ;;
    extend) xdotool mousemove $((x + w / 2)) $((y + h - 18)) click 1 ;; *) return 1 ;; esac
}
restart_server() {
  kill -9 "$server_pid"; sleep 0.5
  start_server
}
server_alive() { kill -0 "$server_pid"; }
run_server() { run_on xfce4-notifyd noact :92; }

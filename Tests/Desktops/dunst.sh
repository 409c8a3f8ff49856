# dunst 1.9 under Xvfb, with the tests' dunstrc and a context menu that picks the button
# named in $work/pick.
start_server() {
  # The tests' look, with dunst's own default timeouts (10 s for low and normal urgency).
  sed -e '/^\[global\]/a\    dmenu = '"$work"'/pick-action' \
      -e '1,/^\[urgency_critical\]/ s/timeout = 0/timeout = 10/' "$root/Tests/Fixtures/dunstrc" > "$work/dunstrc"
  printf '#!/bin/sh\ngrep -i "$(cat %s/pick)" | head -1\n' "$work" > "$work/pick-action"
  chmod +x "$work/pick-action"
  dunst -config "$work/dunstrc" >"$work/dunst.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications
}
shoot() { sleep 0.5; import -window root -crop 440x300+292+0 +repage "$out/dunst-$1.png"; }
displayed() { dunstctl count displayed; }
press() {  # by label: "+1 min" for extend
  case $1 in extend) echo '+1 min' ;; stop-fast) echo 'Stop Fast' ;; start-fast) echo 'Start Fast' ;; *) echo "$1" ;; esac > "$work/pick"
  dunstctl context
}
restart_server() {
  kill -9 "$server_pid"; sleep 0.5
  dunst -config "$work/dunstrc" >>"$work/dunst.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications
}
server_alive() { kill -0 "$server_pid"; }
run_server() { run_on dunst noact :91; }

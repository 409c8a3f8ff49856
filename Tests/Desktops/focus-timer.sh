# Issue 70 with Focus Timer (Debian unstable's focus-timer, run as its service under Xvfb):
# its Pomodoro on the island with no program changed, agreeing with the app to the second;
# Pause pressed on the island (a panel's click) pausing the app; Skip reaching it; a song in mpv
# waiting below the Pomodoro and shown when Focus Timer stops. The panel feed (`islet status`)
# is what is read. `make desktops DEBIAN=sid SERVERS=focus-timer`.

ft() {  # ft METHOD [ARGS...]: a call on Focus Timer's Timer interface
  gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer \
    --method "io.github.focustimerhq.FocusTimer.Timer.$1" "${@:2}" 2>/dev/null
}
ft_state() { ft_property State; }
ft_property() {
  gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer \
    --method org.freedesktop.DBus.Properties.Get io.github.focustimerhq.FocusTimer.Timer "$1" 2>/dev/null
}
ft_paused() { ft IsPaused | grep -q true; }
ft_running() { ft IsPaused | grep -q false; }
status_has() { islet status | grep -qF -- "$1"; }
# The seconds left as Focus Timer counts them (its GetRemaining, rounded up) and as the panel
# shows them ("Pomodoro 24:58"), read one after the other: equal, or one apart at a second's edge.
agrees_to_the_second() {
  local app shown
  app=$(ft GetRemaining -- -1 | sed -n 's/^(int64 \([0-9]*\),)$/\1/p')
  shown=$(islet status | grep -oE '[0-9]{2}:[0-9]{2}$')
  [ -n "$app" ] && [ -n "$shown" ] || return 1
  app=$(( (app + 999999) / 1000000 ))
  shown=$(( 10#${shown%%:*} * 60 + 10#${shown##*:} ))
  record NOTE "the app / the panel" "$app s / $shown s"
  [ $(( app - shown )) -le 1 ] && [ $(( shown - app )) -le 1 ]
}

focus_timer_scenario() {
  command -v focus-timer >/dev/null || { record NOTE "focus-timer" "not in this release (Debian unstable's package)"; return; }
  start_islet
  "$bin/islet-notify" --verbose 2>"$work/notify.log" & pids+=($!)
  check "islet-notify follows Pomodoro apps" wait_log "$work/notify.log" 'pomodoro: followed' 50
  focus-timer --gapplication-service >"$work/focus-timer.log" 2>&1 & pids+=($!)
  check "Focus Timer on the bus" wait_owner io.github.focustimerhq.FocusTimer 200
  focus-timer --start-pomodoro >>"$work/focus-timer.log" 2>&1
  check "its Pomodoro on the island" wait_for 100 status_has 'Pomodoro'
  record NOTE "panel" "$(islet status)"
  check "owned by Focus Timer's source, its desktop entry named" bash -c "'$bin/islet' activity | grep -q 'owner focus-timer'"
  check "the countdown agrees with Focus Timer's, to the second" agrees_to_the_second
  sleep 2.2
  check "... and still does two seconds on (counted, not sent)" agrees_to_the_second

  check "Pause pressed on the island (islet activity toggle)" islet activity toggle
  check "Focus Timer paused" wait_for 50 ft_paused
  check "the island paused" wait_for 50 status_has '❚❚'
  record NOTE "panel, paused" "$(islet status)"
  check "Resume pressed" islet activity toggle
  check "Focus Timer runs again" wait_for 50 ft_running

  if command -v mpv >/dev/null && [ -e /etc/mpv/scripts/mpris.so ]; then
    mpv --no-config --no-video --ao=null --script=/etc/mpv/scripts/mpris.so --force-media-title="Clair de Lune" \
      "av://lavfi:sine=frequency=440:duration=900" >"$work/mpv.log" 2>&1 & pids+=($!)
    check "mpv plays" wait_for 100 bash -c "playerctl --player=mpv status | grep -qx Playing"
    check "the Pomodoro keeps the island over the song" status_has 'Pomodoro'
  fi

  local id
  id=$(islet activity | sed -n 's/^custom activity \([^,]*\),.*/\1/p')
  check "Skip pressed (LiveActivity.Act)" call LiveActivity.Act "string:$id" string:skip
  check "Focus Timer skipped to its break" wait_for 50 bash -c "gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer --method org.freedesktop.DBus.Properties.Get io.github.focustimerhq.FocusTimer.Timer State | grep -q break"
  check "the break on the island, its own length (5 min)" wait_for 50 status_has 'Short Break 0'
  record NOTE "panel, break" "$(islet status)"

  ft Stop >/dev/null
  if command -v mpv >/dev/null && [ -e /etc/mpv/scripts/mpris.so ]; then
    check "Focus Timer stopped: the song it kept waiting is shown" wait_for 50 status_has 'Clair de Lune'
  else
    check "Focus Timer stopped: the island empties" wait_for 50 bash -c "! '$bin/islet' status | grep -q ."
  fi
}
run_server() {
  setup focus-timer
  start_xvfb :96 || { record FAIL "Xvfb starts"; return; }
  start_bus noact
  focus_timer_scenario
}

# A Pomodoro app as a person runs it, for the scenarios that show its block on the island
# (issue 70): Focus Timer where the release has it (Debian unstable), else gnome-pomodoro
# (Debian 12 and 13). Both under the scenario's X server, on its session bus.
#   pomodoro_start: the app started and its Pomodoro begun; pomodoro_app says which ("" : none)
#   pomodoro_paused: the app says its block is paused;  pomodoro_stop: the block stopped
pomodoro_app=""
pomodoro_start() {
  if command -v focus-timer >/dev/null; then
    pomodoro_app=focus-timer
    focus-timer --gapplication-service >"$work/pomodoro-app.log" 2>&1 & pids+=($!)
    wait_owner io.github.focustimerhq.FocusTimer 200 || return 1
    timeout 20 focus-timer --start-pomodoro >>"$work/pomodoro-app.log" 2>&1
  elif command -v gnome-pomodoro >/dev/null; then
    pomodoro_app=gnome-pomodoro
    GSETTINGS_BACKEND=memory gnome-pomodoro --no-default-window >"$work/pomodoro-app.log" 2>&1 & pids+=($!)
    wait_owner org.gnome.Pomodoro 200 || return 1
    gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro --method org.gnome.Pomodoro.Start >/dev/null
  else
    return 1
  fi
}
pomodoro_paused() {
  case $pomodoro_app in
    focus-timer) gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer \
      --method io.github.focustimerhq.FocusTimer.Timer.IsPaused 2>/dev/null | grep -q true ;;
    gnome-pomodoro) gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro \
      --method org.freedesktop.DBus.Properties.Get org.gnome.Pomodoro IsPaused 2>/dev/null | grep -q true ;;
    *) return 1 ;;
  esac
}
pomodoro_stop() {
  case $pomodoro_app in
    focus-timer) gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer \
      --method io.github.focustimerhq.FocusTimer.Timer.Reset >/dev/null 2>&1 ;;
    gnome-pomodoro) gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro --method org.gnome.Pomodoro.Stop >/dev/null 2>&1 ;;
  esac
}

# islet-notify's KDE job on a real Plasma 5.27 (as in plasma.sh): the activity in Plasma's own
# progress area, no live notification beside it, pause and resume reflected, the job gone at
# the end and the completion announced. Screenshots: docs/screenshots/plasma-job-*.png.
. "$here/plasma.sh"
job_path() { grep -o 'KDE job /[^ ]* for activity' "$work/notify.log" | tail -1 | awk '{print $3}'; }
job_on_bus() {  # a real client asks plasmashell for the job object islet-notify was given
  dbus-send --session --print-reply --dest=org.kde.JobViewServer "$(job_path)" \
    org.freedesktop.DBus.Introspectable.Introspect 2>/dev/null | grep -q 'org.kde.JobViewV2'
}
screen_says() {  # screen_says WORD...: every word on the screen (tesseract, 3x)
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 300% "$work/screen3.png"
  local text; text=$(tesseract "$work/screen3.png" - --psm 11 2>/dev/null)
  for word in "$@"; do grep -qF -- "$word" <<<"$text" || return 1; done
}
# Plasma 5.27's job buttons are icons: found from the popup's header ("islet" after the job's
# icon, read by tesseract), pause and stop at their places in the job popup (seen in
# plasma-job-running.png: pause 227 px right of the header's left and 70 px below it, stop 31
# px right of pause).
press_job() {
  # Plasma 6 labels its job buttons ("Pause", "Cancel"): the word is clicked.
  if [ "$plasma_major" -ge 6 ]; then ocr_click "$job_button"; return; fi
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 300% "$work/screen3.png"
  local box offset
  box=$(tesseract "$work/screen3.png" - --psm 11 tsv 2>/dev/null | awk -F'\t' '$12 == "islet" { print $7, $8, $9, $10 }' | tail -1)
  [ -n "$box" ] || return 1
  set -- $box
  case $job_button in pause) offset=227 ;; *) offset=258 ;; esac
  local x=$(( $1 / 3 + offset )) y=$(( ($2 + $4 / 2) / 3 + 70 ))
  record NOTE "$job_button button" "clicked at $x,$y (the header at $(( $1 / 3 )),$(( $2 / 3 )))"
  xdotool mousemove "$x" "$y"
  sleep 0.4
  xdotool click 1
}
shoot_job() { sleep 1.5; import -window root -crop 460x740+564+28 +repage "$screens/plasma-job-$1.png"; }

screen_lacks() {  # screen_lacks WORD...: none of the words on the screen
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 300% "$work/screen3.png"
  local text; text=$(tesseract "$work/screen3.png" - --psm 11 2>/dev/null)
  for word in "$@"; do grep -qiF -- "$word" <<<"$text" && return 1; done
  return 0
}
terminations() { count_log "$work/notify.log" 'KDE job for activity .* terminated'; }
terminated_at_least() { [ "$(terminations)" -ge "$1" ]; }
jobs_at_least() { [ "$(count_log "$work/notify.log" 'KDE job /.* for activity')" -ge "$1" ]; }
headed_islet() {  # a popup's header reads "islet" (the desktop entry's name), not "islet-notify"
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 300% "$work/screen3.png"
  tesseract "$work/screen3.png" - --psm 11 2>/dev/null | grep -qE '(^|[^a-z-])islet$'
}

run_server() {
  plasma_jobs=on  # in run_server's subshell, so that a plasma scenario after this one has no job
  setup plasma-job
  start_xvfb :96 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  start_server || { record FAIL "plasmashell starts" "$(tail -5 "$work"/*.log)"; return; }
  start_islet
  start_bridge "$work/notify.log"
  check "the job server is seen" wait_log "$work/notify.log" 'KDE job server:' 50
  islet timer intervals --title Workout --phase Work=40s --phase Rest=20s --rounds 8 >/dev/null
  check "a job for the activity" wait_log "$work/notify.log" 'KDE job /.* for activity' 50
  check "plasmashell serves the job (dbus-send)" wait_for 30 job_on_bus
  check "no live notification beside it" bash -c "! grep -qE 'Notify replaces [0-9]+: \"Workout\"' '$work/notify.log'"
  check "the job shows title and time" wait_for 60 screen_says Workout "00:"
  shoot_job running
  check "the job is headed islet, not islet-notify" wait_for 10 headed_islet
  if job_button=pause press_job; then
    check "Plasma's pause button pauses isletd" wait_for 50 timer_paused
  else
    record NOTE "pause button" "not found on the screen; paused from the command line"
    islet activity pause >/dev/null
  fi
  check "paused: the job says so" wait_for 60 screen_says Paused
  shoot_job paused
  islet activity resume >/dev/null
  islet timer stop >/dev/null
  check "stopped: the job is terminated" wait_for 50 terminated_at_least 1
  sleep 2
  check "stopped: nothing left that says Finished or Failed" screen_lacks Finished Failed Workout
  shoot_job stopped

  islet timer start Eggs 3s >/dev/null
  check "completion announced as a notification" wait_log "$work/notify.log" 'announcing done:' 100
  check "the finished timer's job ends at completion, not after the linger" wait_for 30 terminated_at_least 2
  sleep 2
  check "completion shown once (no job beside the Done)" screen_lacks Finished Failed
  shoot_job completed

  # A fast with a goal: Plasma's Cancel is a Stop Fast like any other, with Undo.
  islet goal set 16h >/dev/null
  islet fast start >/dev/null
  check "a fast's job" wait_for 50 jobs_at_least 3
  sleep 2
  if job_button=cancel press_job; then
    check "Cancel on a fast's job stops it" wait_for 50 bash -c "! '$bin/islet' fast | grep -q 'Fasting since'"
    check "the stop announced with Undo" wait_log "$work/notify.log" 'the stop, with Undo' 50
    sleep 1.5
    shoot_job fast-cancelled
  else
    record NOTE "cancel button" "not found on the screen"
    islet fast stop >/dev/null
  fi
  islet goal clear >/dev/null

  # islet-notify stopped (SIGTERM): its job ends with it, nothing left as "Failed".
  islet timer start Tea 5m >/dev/null
  check "a job for the next timer" wait_for 50 jobs_at_least 4
  local before; before=$(terminations)
  kill "$bridge_pid"
  check "SIGTERM: the job terminated" wait_for 30 terminated_at_least $((before + 1))
  sleep 2
  check "SIGTERM: nothing left as Failed" screen_lacks Failed unexpectedly
  shoot_job after-sigterm
  start_bridge "$work/notify.log.2"
  check "restarted: a job again" wait_log "$work/notify.log.2" 'KDE job /.* for activity' 50
  sleep 1
  kill -9 "$bridge_pid"
  # Its job was asked for by its keeper (islet-notify --job-keeper), which ends it.
  check "kill -9: the keeper ends the job" wait_log "$work/notify.log.2" 'job keeper: the bridge left' 50
  sleep 2
  check "kill -9: nothing left as Failed" screen_lacks Failed unexpectedly
  shoot_job after-kill
  islet timer stop >/dev/null
  check "plasmashell alive at the end" server_alive
}

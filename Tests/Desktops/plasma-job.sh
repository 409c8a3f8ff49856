# islet-notify's KDE job on a real Plasma 5.27 (as in plasma.sh): the activity in Plasma's own
# progress area, no live notification beside it, pause and resume reflected, the job gone at
# the end and the completion announced. Screenshots: docs/screenshots/plasma-job-*.png.
. "$here/plasma.sh"
plasma_jobs=on
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
# Plasma's job buttons are icons: found from the popup's header ("islet-notify", read by
# tesseract), pause and stop at their places in Plasma 5.27's job popup (seen in
# docs/screenshots/plasma-job-running.png: pause 248 px right of the header's left and 70 px
# below it, stop 30 px right of pause).
press_job() {
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 300% "$work/screen3.png"
  local box offset
  box=$(tesseract "$work/screen3.png" - --psm 11 tsv 2>/dev/null | awk -F'\t' '$12 == "islet-notify" { print $7, $8, $9, $10 }' | tail -1)
  [ -n "$box" ] || return 1
  set -- $box
  case $job_button in pause) offset=248 ;; *) offset=278 ;; esac
  local x=$(( $1 / 3 + offset )) y=$(( ($2 + $4 / 2) / 3 + 70 ))
  record NOTE "$job_button button" "clicked at $x,$y (the header at $(( $1 / 3 )),$(( $2 / 3 )))"
  xdotool mousemove "$x" "$y"
  sleep 0.4
  xdotool click 1
}
shoot_job() { sleep 1.5; import -window root -crop 460x740+564+28 +repage "$root/docs/screenshots/plasma-job-$1.png"; }

run_server() {
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
  check "stopped: the job is terminated" wait_log "$work/notify.log" 'KDE job for activity .* terminated' 50
  islet timer start Eggs 3s >/dev/null
  check "completion announced as a notification" wait_log "$work/notify.log" 'announcing done:' 100
  check "the finished timer's job terminated" wait_for 150 bash -c "[ \$(grep -c 'KDE job for activity .* terminated' '$work/notify.log') -ge 2 ]"
  shoot_job completed
  check "plasmashell alive at the end" server_alive
  check "islet-notify alive at the end" kill -0 "$bridge_pid"
}

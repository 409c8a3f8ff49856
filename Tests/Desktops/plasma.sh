# KDE Plasma (5.27 on Debian 12, 6.3 on Debian 13) under Xvfb: kactivitymanagerd, kded and
# plasmashell (and kwin on 6), on a bus that activates Plasma's services but no other
# notification server, with a system-bus stand-in. plasmashell is the notification server;
# its popups sit at the bottom right.
plasma_major=5; command -v kded6 >/dev/null && plasma_major=6
start_server() {
  # The notification scenario: islet-notify's live notification, not its KDE job (plasma-job.sh).
  mkdir -p "$XDG_CONFIG_HOME/islet"
  [ "${plasma_jobs:-}" = on ] || echo 'kde_jobs = false' > "$XDG_CONFIG_HOME/islet/config.toml"
  export XDG_CURRENT_DESKTOP=KDE KDE_FULL_SESSION=true KDE_SESSION_VERSION=$plasma_major QT_QPA_PLATFORM=xcb
  # KService's cache, so that the desktop entry setup wrote resolves ("org.islet.Islet": islet).
  "kbuildsycoca$plasma_major" >"$work/sycoca.log" 2>&1
  kactivitymanagerd >"$work/kamd.log" 2>&1 & pids+=($!)
  "kded$plasma_major" >"$work/kded.log" 2>&1 & pids+=($!)
  # Plasma 6 draws its popups only under a window manager; an app's windows want one on 5 too.
  if [ "$plasma_major" -ge 6 ] || [ "${plasma_wm:-}" = on ]; then kwin_x11 >"$work/kwin.log" 2>&1 & pids+=($!); fi
  sleep 1
  plasmashell --no-respawn >"$work/plasma.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications 300 || return 1
  sleep 3  # the panel and the popups' first layout
}
extra_teardown=plasma_teardown
plasma_teardown() { pkill -f plasma_waitforname 2>/dev/null; pkill -f kglobalaccel 2>/dev/null; true; }
shoot() { sleep 1.2; import -window root -crop 460x740+564+28 +repage "$out/plasma-$1.png"; }
# Each popup's header reads "islet": counted on the screen with tesseract.
displayed() {
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 300% "$work/screen3.png"
  tesseract "$work/screen3.png" - --psm 11 2>/dev/null | grep -cx islet
}
# Plasma stacks its popups up the screen and holds a new one back until there is room: the
# kept moments of the scenario so far (Goal Reached!, the runs' ends, from both islet-notifys)
# are closed first, as a person dismisses them, so that the reminder is seen and its Start Fast
# pressed: the pointer rests on the lowest popup's empty corner meanwhile, since Plasma 6.7
# lets a popup go to its history when its time is up (a few seconds) unless the pointer is on it,
# and reading the screen takes that long.
before_reminder=plasma_dismiss_kept
plasma_dismiss_kept() {
  local id
  for id in $(grep -ho 'announcement posted: id [0-9]*' "$work"/notify*.log | grep -o '[0-9]*$' | sort -un); do
    gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
      --method org.freedesktop.Notifications.CloseNotification "$id" >/dev/null 2>&1 || true
  done
  xdotool mousemove 700 670
  sleep 1
}
# The minimal popup as a person reads it: the time alone under Plasma's header, which names
# islet (a nameless notification is headed with the sending program's name, "islet-notify").
minimal_checks=plasma_minimal_checks
plasma_minimal_checks() { check "minimal: 'islet' over the time alone (OCR)" plasma_reads_minimal "$out/plasma-minimal.png"; }
plasma_reads_minimal() {
  local text
  text="$(ocr_text "$1") $(ocr_text "$1" -negate)"
  grep -qE "$minimal_time_re" <<<"$text" && grep -qw islet <<<"$text" && ! grep -q islet-notify <<<"$text" || {
    record NOTE "read" "$text"
    return 1
  }
}
press() { case $1 in extend) ocr_click "+1" ;; start-fast) ocr_click Start ;; *) ocr_click "$1" ;; esac; }
restart_server() { return 1; }
server_alive() { kill -0 "$server_pid"; }
run_server() { run_on plasma filtered :94 system; }

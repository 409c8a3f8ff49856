# islet as its packages install it (Tests/Packaging/desktop-check runs this in a clean root of a
# release where apt installed islet, islet-app and gnome-shell-extension-islet, and gnome-shell
# with them): nothing from this repository but the test's own helpers. The release's GNOME Shell
# loads the packaged extension from /usr/share (a system extension, ACTIVE); the first call
# activates the installed isletd through the packaged D-Bus service file; islet-notify runs as
# its autostart entry says; a timer is in the island and in a notification; "Open islet" in the
# island's menu opens the installed app (its own activation file). BIN_DIR is /usr/bin.
# Pictures: docs/screenshots/RELEASE/packaged-*.png.
. "$here/gnome.sh"
. "$here/gnome-island.sh"
. "$here/gnome-app.sh"

packaged_extension() {  # "type state path" of islet's extension, as the shell sees it
  island_eval "(() => { const e = Main.extensionManager.lookup('$island_uuid'); return e ? e.type + ' ' + e.state + ' ' + e.path : 'none'; })()"
}
autostart_exec() { sed -n 's/^Exec=//p' /etc/xdg/autostart/islet-notify.desktop; }
isletd_program() { readlink "/proc/$(pgrep -u "$(id -u)" -x isletd | head -1)/exe"; }

packaged_scenario() {
  # Nothing of islet's is the user's own: the extension, the app's entry and the activation
  # files are the packages'.
  rm -f "$XDG_DATA_HOME/applications/org.islet.Islet.desktop"
  check "the packages' files are installed" test -f /usr/share/gnome-shell/extensions/$island_uuid/metadata.json \
    -a -f /usr/share/dbus-1/services/org.islet.Islet1.service -a -f /usr/share/applications/org.islet.Islet.App.desktop
  record NOTE "versions" "$(dpkg-query -W -f '${Package} ${Version}, ' islet islet-app gnome-shell-extension-islet gnome-shell)"
  dbus-update-activation-environment DISPLAY XDG_DATA_HOME XDG_CONFIG_HOME XDG_RUNTIME_DIR HOME 2>/dev/null
  start_server || { record FAIL "gnome-shell starts" "$(tail -5 "$work/gnome.log")"; return; }
  record NOTE "GNOME Shell" "$(gnome-shell --version), $($gnome_headless && echo 'headless Wayland' || echo 'X11 on Xvfb')"
  # type 1: a system extension (/usr/share); state 1: ACTIVE (ENABLED before 46).
  check "the packaged extension is ACTIVE, from /usr/share" test "$(packaged_extension)" = "1 1 /usr/share/gnome-shell/extensions/$island_uuid"
  check "isletd is not running before the first call" bash -c "! pgrep -u $(id -u) -x isletd"
  islet timer start Tea 10m >/dev/null
  check "the first call activated the installed isletd" test "$(isletd_program)" = /usr/bin/isletd
  check "islet-notify's autostart entry runs the installed one" test "$(autostart_exec)" = /usr/bin/islet-notify
  : > "$work/notify.log"
  $(autostart_exec) --verbose 2>"$work/notify.log" & bridge_pid=$!
  pids+=($bridge_pid)
  check "islet-notify runs" wait_log "$work/notify.log" 'notification server:' 100
  check "the island shows the timer" wait_for 50 island_text_matches '^(10:00|09:[0-5][0-9])$'
  shoot_bar timer && mv "$screens/gnome-island-timer.png" "$screens/packaged-island.png"
  check "the timer's notification is in the shell" wait_for 50 notification_shown
  check "the island's menu ends with Open islet" wait_for 30 menu_has 'Open islet'
  check "Open islet pressed" menu_press 'Open islet'
  check "the installed app opened (D-Bus activation), its window on the shell" wait_for 150 app_shown
  # Where the shell opened in its overview (GNOME 40 and later, without a session's saved state).
  gnome_eval 'Main.overview.hide(); true' >/dev/null
  sleep 2
  screen "$screens/packaged-app.png" 1024x700+0+0
  check "the app is the installed one" test "$(readlink "/proc/$(pgrep -u "$(id -u)" -f islet-app | head -1)/exe")" = /usr/bin/islet-app
  check "the app's window shows the timer (OCR: Tea)" bash -c "convert '$screens/packaged-app.png' -resize 300% -threshold 60% '$work/app.png' && tesseract '$work/app.png' - --psm 6 2>/dev/null | grep -q Tea"
  close_app
  islet timer stop >/dev/null
  check "no errors in the shell's log" log_clean
  check "shell alive at the end" server_alive
}
run_server() {
  setup packaged
  start_xvfb :96 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  packaged_scenario
}

# islet in German (po/de.po) on GNOME Shell under Xvfb: the shell, islet's extension (its own
# German catalogue in its locale folder, as it is installed and zipped) and islet-notify, all
# under LANG=de_DE.UTF-8. The top bar's island and its menu, and a notification's banner.
# docs/screenshots/german-gnome-*.png.
. "$here/gnome-island.sh"
run_server() {
  setup german-gnome
  use_german || return
  start_xvfb :96 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  local api=43; [ "$gnome_major" -ge 45 ] && api=45
  "$here/../../packaging/gnome-shell/build" "$api" "$XDG_DATA_HOME/gnome-shell/extensions" >/dev/null
  # isletd first, as where islet is installed (the bus would start it): GNOME's extension
  # otherwise says "islet is not installed", a banner that covered islet's own in the pictures.
  start_islet
  start_server || { record FAIL "gnome-shell starts" "$(tail -5 "$work/gnome.log")"; return; }
  check "extension enabled (state 1)" test "$(island_eval "Main.extensionManager.lookup('$island_uuid').state")" = 1
  islet timer start Tee 10m >/dev/null
  check "de: the timer in the bar" wait_for 30 island_text_matches '^(10|09):[0-9]{2}$'
  check "de: the menu has Pausieren, +1 Min. and Stoppen" menu_has 'Pausieren / +1 Min. / Stoppen'
  shoot_menu german-timer-menu
  mv "$screens/gnome-island-german-timer-menu.png" "$screens/german-gnome-timer-menu.png"
  check "de: the menu on screen" ocr_reads "$screens/german-gnome-timer-menu.png" Tee Pausieren Stoppen
  islet timer stop >/dev/null
  islet goal set 16h >/dev/null
  islet fast start --at=-3h >/dev/null
  check "de: the fast in the bar" wait_for 30 island_text_matches '^13:'
  check "de: the fast's menu: Fasten beenden" menu_has 'Fasten beenden'
  shoot_menu german-fast-menu
  mv "$screens/gnome-island-german-fast-menu.png" "$screens/german-gnome-fast-menu.png"
  check "de: the fast's menu on screen" ocr_reads "$screens/german-gnome-fast-menu.png" Fastenziel "Fasten beenden"
  # islet-notify's notification, as GNOME's banner shows it.
  start_bridge "$work/notify.log"
  check "de: islet-notify posts Fastenziel" wait_log "$work/notify.log" 'Fastenziel' 50
  sleep 1.5
  screen "$screens/german-gnome-notification.png" 512x240+256+0
  check "de: the banner on screen" ocr_reads "$screens/german-gnome-notification.png" Fastenziel
  kill "$bridge_pid"
  check "no errors in the shell's log" log_clean
  check "shell alive at the end" server_alive
}

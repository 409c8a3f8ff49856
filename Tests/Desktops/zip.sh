# islet's extensions.gnome.org zip as a user installs it (`gnome-extensions install --force`),
# on the release's own GNOME Shell, in German (the zip's own catalogue: islet's is not there):
#   ISLET_ZIP_PHASE=absent     islet is not installed: the extension is ACTIVE, hides the island
#                              and says once, in a notification, that islet is missing (not again
#                              after the lock screen's disable and enable)
#   ISLET_ZIP_PHASE=installed  the islet package installed since: a timer in the island, the menu
#                              in German, and no notice
# ISLET_ZIP: the zip. Tests/Packaging/zip-check runs both phases in a clean root of a release.
# Pictures: docs/screenshots/RELEASE/zip-*.png.
. "$here/gnome.sh"
. "$here/gnome-island.sh"

missing_title='islet ist nicht installiert'
notices() {  # how many "islet is missing" notifications the shell holds
  island_eval "String(Main.messageTray.getSources().flatMap(s => s.notifications).filter(n => n.title === '$missing_title').length)"
}
extension_info() { island_eval "(() => { const e = Main.extensionManager.lookup('$island_uuid'); return e ? e.type + ' ' + e.state : 'none'; })()"; }

zip_scenario() {
  local zip=${ISLET_ZIP:?the zip}
  check "gnome-extensions install --force the zip" gnome-extensions install --force "$zip"
  check "installed as the user's" test -f "$XDG_DATA_HOME/gnome-shell/extensions/$island_uuid/locale/de/LC_MESSAGES/gnome-shell-extension-islet.mo"
  start_server || { record FAIL "gnome-shell starts" "$(tail -5 "$work/gnome.log")"; return; }
  record NOTE "GNOME Shell" "$(gnome-shell --version), $(dpkg-query -W -f '${Package} ${Version}' islet 2>/dev/null || echo 'islet not installed')"
  # type 2: a user's extension; state 1: ACTIVE (ENABLED before 46).
  check "the zip's extension is ACTIVE, as the user's" test "$(extension_info)" = "2 1"
  if [ "$ISLET_ZIP_PHASE" = absent ]; then
    check "no islet: the island is hidden" island_hidden
    check "no islet: said once, in a notification" wait_for 50 test "$(notices)" = 1
    gnome_eval 'Main.panel.statusArea.dateMenu.menu.open(false); true' >/dev/null
    sleep 1.5
    screen "$screens/zip-islet-missing.png" 880x420+72+0
    gnome_eval 'Main.panel.statusArea.dateMenu.menu.close(false); true' >/dev/null
    check "no islet: the notice on screen, in German (OCR)" ocr_reads "$screens/zip-islet-missing.png" "nicht installiert"
    # The lock screen disables and enables user extensions: not said a second time.
    island_eval "Main.extensionManager.disableExtension('$island_uuid'); Main.extensionManager.enableExtension('$island_uuid'); true" >/dev/null
    sleep 2
    check "no islet: not said again after disable and enable" test "$(notices)" = 1
  else
    check "islet installed: no notice" test "$(notices)" = 0
    islet timer start Tee 10m >/dev/null
    check "islet installed: the timer in the bar" wait_for 50 island_text_matches '^(10|09):[0-9]{2}$'
    check "islet installed: the menu in German from the zip (Pausieren, +1 Min., Stoppen)" menu_has 'Pausieren / +1 Min. / Stoppen'
    shoot_menu zip-timer-menu && mv "$screens/gnome-island-zip-timer-menu.png" "$screens/zip-timer-menu.png"
    check "islet installed: the menu on screen (OCR)" ocr_reads "$screens/zip-timer-menu.png" Tee Pausieren
    check "islet installed: still no notice" test "$(notices)" = 0
    islet timer stop >/dev/null
  fi
  check "no errors in the shell's log" log_clean
  check "shell alive at the end" server_alive
}
run_server() {
  setup "zip-$ISLET_ZIP_PHASE"
  rm -f "$XDG_DATA_HOME/applications/org.islet.Islet.desktop"
  german_desktop :97 || return
  zip_scenario
}

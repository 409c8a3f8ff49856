# islet's KDE Store file (.plasmoid) as a user installs it (`kpackagetool6 -t Plasma/Applet -i`,
# what "Get New Widgets" does) on the release's own Plasma, in German from the file's own
# catalogue (islet's plasma-widget-islet package is not installed):
#   ISLET_PLASMOID_PHASE=absent     islet is not installed: the applet loads, shows nothing and
#                                   logs nothing
#   ISLET_PLASMOID_PHASE=installed  the islet package installed since: a timer in the panel in
#                                   German, its popup opened and closed by clicks on the panel item
#                                   as Plasma's own widgets do, nothing logged
# ISLET_PLASMOID: the file. Tests/Packaging/plasmoid-check runs both phases in a clean root.
# Pictures: docs/screenshots/packaged/RELEASE/plasmoid-*.png.
. "$here/plasma-applet.sh"

applet_lines() { grep -E 'org\.islet\.island|qml: islet|islet:' "$work/plasma.log"; }
nothing_logged() { ! applet_lines >/dev/null; }
popup_open() { screen_reads Pausieren; }
popup_closed() { ! screen_reads Pausieren; }

plasmoid_scenario() {
  check "kpackagetool6 installs the .plasmoid for the user" kpackagetool6 -t Plasma/Applet -i "${ISLET_PLASMOID:?the file}"
  check "installed in the user's home, with its catalogue and icon" test -f "$XDG_DATA_HOME/plasma/plasmoids/$applet/contents/locale/de/LC_MESSAGES/plasma_applet_$applet.mo" \
    -a -f "$XDG_DATA_HOME/plasma/plasmoids/$applet/contents/icons/org.islet.Islet.App.svg"
  start_server || { record FAIL "plasmashell starts" "$(tail -5 "$work"/*.log)"; return; }
  record NOTE "plasmashell" "$(plasmashell --version 2>/dev/null | awk '{print $2}'), $(dpkg-query -W -f '${Package} ${Version}' islet 2>/dev/null || echo 'islet not installed')"
  check "the applet added to the panel" shell_script "var ps = panels(); var p = ps.length ? ps[0] : new Panel; p.addWidget('$applet')"
  sleep 4
  check "the applet loaded without a QML error or warning" bash -c "! grep -E 'org.islet.island.*(rror|is not a type|unavailable|arning)' '$work/plasma.log'"
  if [ "$ISLET_PLASMOID_PHASE" = absent ]; then
    check "no islet: nothing in the panel" panel_lacks Tee
    panel_shot plasmoid-absent && mv "$out/plasma-applet-plasmoid-absent.png" "$out/plasmoid-absent.png"
  else
    islet timer start Tee 10m >/dev/null
    check "a timer: 'Tee' in the panel" wait_for 60 panel_says Tee
    check "a click on the panel item opens the popup" panel_click Tee
    check "the popup in German from the file's catalogue (Pausieren, Stoppen)" wait_for 40 screen_reads Pausieren Stoppen
    popup_shot plasmoid-de && mv "$out/plasma-applet-plasmoid-de.png" "$out/plasmoid-popup.png"
    check "a second click on the panel item closes it" panel_click Tee
    check "closed" wait_for 30 popup_closed
    check "a third click opens it again" panel_click Tee
    check "open again" wait_for 30 popup_open
    xdotool key Escape
    islet timer stop >/dev/null
    check "stopped: nothing in the panel" wait_for 40 panel_lacks Tee
  fi
  check "nothing logged by the applet" nothing_logged
  applet_lines | head -5 | sed 's/^/  plasma.log: /'
  check "plasmashell alive at the end" server_alive
}
run_server() {
  setup "plasmoid-$ISLET_PLASMOID_PHASE"
  german_desktop :98 || return
  plasmoid_scenario
}

# islet's app on a real GNOME Shell under Xvfb: installed as `make install` puts it (its
# desktop entry, its D-Bus activation file), the top-bar island's "Open islet" and a click on
# the live notification open it on the activity's page (the notification's `default` action,
# which islet-notify adds where the app is installed). Screenshots: docs/screenshots/gnome-app-*.png.
. "$here/gnome.sh"
. "$here/gnome-island.sh"

app_window_title() {  # the titles of the shell's windows, joined
  island_eval "global.get_window_actors().map(a => a.meta_window.get_title()).join('|')"
}
app_shown() { [[ "|$(app_window_title)|" == *"|islet|"* ]]; }
preferences_shown() { [[ "|$(app_window_title)|" == *"|Preferences|"* ]]; }
# shell_keys KEY...: keys typed through the shell's own virtual keyboard (X11 and Wayland
# alike), into the window it has focused; KEY is a keyval's name, or two joined by + (held).
# One keyboard for the whole run (one let go releases its keys), an event an Eval: on Wayland
# a key pressed in the same moment as Control reached the app without it. The seat is the
# stage's backend's from GNOME 48 on (Clutter.get_default_backend is gone).
shell_key() {  # shell_key NAME PRESSED|RELEASED
  local out
  out=$(gnome_eval "const C = imports.gi.Clutter; globalThis.isletTestKeyboard ??= (global.stage.context?.get_backend?.() ?? C.get_default_backend()).get_default_seat().create_virtual_device(C.InputDeviceType.KEYBOARD_DEVICE); globalThis.isletTestKeyboard.notify_keyval(imports.gi.GLib.get_monotonic_time(), C['KEY_$1'], C.KeyState.$2); true")
  [[ $out == *true* ]] || { record NOTE "the shell's keyboard" "$out"; return 1; }
  sleep 0.1
}
shell_keys() {
  local key part
  for key in "$@"; do
    for part in ${key//+/ }; do shell_key "$part" PRESSED || return 1; done
    for part in $(printf '%s\n' ${key//+/ } | tac); do shell_key "$part" RELEASED || return 1; done
  done
}
# The app's window given focus, as a click on it would, out of the overview.
focus_app() {
  gnome_eval "Main.overview.hide(); let a = global.get_window_actors().find(a => a.meta_window.get_title() === 'islet'); a ? (a.meta_window.activate(global.get_current_time()), true) : false" | grep -q true
}
main_menu_open() { screen "$work/menu.png" 1024x700+0+0 && ocr_grep "$work/menu.png" 'keyboard shortcuts'; }
# Read, not merely unread: a picture that could not be taken is no closed menu.
main_menu_closed() { screen "$work/menu.png" 1024x700+0+0 && ! ocr_grep "$work/menu.png" 'keyboard shortcuts'; }
import_shown() { [[ "|$(app_window_title)|" == *"|Import|"* ]]; }
notification_shown() { [ "$(displayed)" -ge 1 ] 2>/dev/null; }
app_scenario() {
  local api=43; [ "$gnome_major" -ge 45 ] && api=45
  "$here/../../packaging/gnome-shell/build" "$api" "$XDG_DATA_HOME/gnome-shell/extensions" >/dev/null
  install_app
  # isletd first, as where islet is installed (the bus would start it): GNOME's extension
  # otherwise says "islet is not installed", a banner that covered islet's own in the pictures.
  start_islet
  start_server || { record FAIL "gnome-shell starts" "$(tail -5 "$work/gnome.log")"; return; }
  check "the app's entry is known to the shell" test "$(island_eval "String(imports.gi.Shell.AppSystem.get_default().lookup_app('org.islet.Islet.App.desktop') !== null)")" = true
  islet goal set 16h >/dev/null
  islet fast start --at=-3h >/dev/null
  check "the island shows the fast" wait_for 30 island_shown
  check "the island's menu ends with Open islet" wait_for 30 menu_has 'Open islet'
  shoot_menu app-menu && mv "$screens/gnome-island-app-menu.png" "$screens/gnome-app-island-menu.png"
  check "Open islet pressed" menu_press 'Open islet'
  check "the app opened (D-Bus activation), its window on the shell" wait_for 100 app_shown
  sleep 2
  screen "$screens/gnome-app-opened.png" 1024x700+0+0
  check "the app's window says the fast (OCR: 03:0)" ocr_grep "$screens/gnome-app-opened.png" '0?3:0[0-9]:[0-9]{2}'
  # The keyboard on the shell's window manager: F10 opens the main menu (GNOME's HIG), Escape
  # closes it, also after a dialog of the app's came and went.
  check "the app's window focused" focus_app
  sleep 1
  check "Ctrl+, typed" shell_keys Control_L+comma
  check "... Preferences opens, a window of its own on the shell" wait_for 50 preferences_shown
  check "Escape typed" shell_keys Escape
  check "... Preferences closes, the app's window stays" wait_for 50 eval 'app_shown && ! preferences_shown'
  sleep 1
  check "F10 typed" shell_keys F10
  check "... the main menu opens (OCR: Keyboard Shortcuts)" wait_for 30 main_menu_open
  cp "$work/menu.png" "$screens/gnome-app-main-menu.png"
  check "Escape typed" shell_keys Escape
  check "... the main menu closes (OCR)" wait_for 30 main_menu_closed
  check "the app closed" close_app

  # A click on the live notification: GNOME Shell invokes its default action; islet-notify opens the app.
  start_bridge "$work/notify.log"
  check "islet-notify found the app" wait_log "$work/notify.log" "islet's app is here" 50
  islet timer start Tea 10m >/dev/null
  check "the timer's notification is in the shell" wait_for 50 notification_shown
  check "the notification clicked (activated)" bash -c "gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell --method org.gnome.Shell.Eval \"let n = $notifications_js.filter(n => n.title === 'Tea').pop(); n ? (n.activate(), 'clicked') : 'none'\" | grep -q clicked"
  check "islet-notify opened the app" wait_log "$work/notify.log" 'button default pressed' 50
  check "the app opened on the Timers page" wait_for 100 app_shown
  sleep 2
  screen "$screens/gnome-app-from-notification.png" 1024x700+0+0
  check "the Timers page shows the timer (OCR: Shown live)" ocr_grep "$screens/gnome-app-from-notification.png" 'shown live'
  # The Tea card counts, at the desktop as in the overview (below the top bar's clock; the
  # banner's "Until 10:55" is no 0x:xx).
  gnome_eval 'Main.messageTray._expireNotification(); Main.overview.hide(); true' >/dev/null
  sleep 1
  screen "$work/tea-1.png" 1024x670+0+30
  sleep 3
  screen "$work/tea-2.png" 1024x670+0+30
  check "the Tea card counts down, seen 3 s apart (OCR)" tea_counts "$work/tea-1.png" "$work/tea-2.png"
  close_app
  islet timer stop >/dev/null
  kill "$bridge_pid"

  # A dialog of the app's on the shell's window manager: an import's check (the app's
  # import-history-from action, as `islet open` asks for it), over the window, modal.
  check "the import's check asked for (import-history-from)" ask_import
  check "the app opened, and over it the dialog titled Import" wait_for 100 import_shown
  sleep 2
  screen "$screens/gnome-app-import.png" 1024x700+0+0
  check "the dialog says what the file holds (OCR: FastTrack CSV)" ocr_grep "$screens/gnome-app-import.png" fasttrack
  close_app
  check "no errors in the shell's log" log_clean
  check "shell alive at the end" server_alive
}
run_server() {
  setup gnome-app
  start_xvfb :95 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  app_scenario
}

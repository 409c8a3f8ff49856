# islet's app on a real Plasma under Xvfb, KWin managing its windows: installed as `make
# install` puts it, a click on the live notification's text opens it on the Timers page (Plasma
# invokes the notification's default action, which islet-notify adds where the app is
# installed), the Tea card counts there, and an import's check is a dialog over the window.
# Screenshots: docs/screenshots/plasma-app-*.png.
. "$here/plasma.sh"
window_shown() { xdotool search --onlyvisible --name "^$1\$" >/dev/null 2>&1; }  # window_shown TITLE
word_on_screen() { [ -n "$(word_box "$1")" ]; }
app_shown() { window_shown islet; }
# kwin_activate CAPTION: the window made the active one by KWin itself, through a KWin script
# (Plasma 6's workspace.activeWindow, 5's activeClient), as a click or Alt+Tab would.
kwin_activate() {
  cat > "$work/activate.js" <<EOF
const list = workspace.windowList ? workspace.windowList() : workspace.clientList();
for (const w of list) {
  if (w.caption === "$1") {
    if (workspace.windowList) workspace.activeWindow = w; else workspace.activeClient = w;
  }
}
EOF
  local id
  id=$(gdbus call --session --dest org.kde.KWin --object-path /Scripting --method org.kde.kwin.Scripting.loadScript \
    "$work/activate.js" "islet-activate-$RANDOM" 2>/dev/null | grep -oE '[0-9]+' | head -1)
  [ -n "$id" ] || return 1
  gdbus call --session --dest org.kde.KWin --object-path "/Scripting/Script$id" --method org.kde.kwin.Script.run >/dev/null 2>&1 ||
    gdbus call --session --dest org.kde.KWin --object-path "/$id" --method org.kde.kwin.Script.run >/dev/null 2>&1
}
menu_shown() { import -window root "$work/menu.png" && ocr_grep "$work/menu.png" 'keyboard shortcuts'; }
active_is() { [ "$(xdotool getactivewindow getwindowname 2>/dev/null)" = "$1" ]; }
app_active() { kwin_activate islet; for _ in $(seq 50); do active_is islet && return 0; sleep 0.1; done; return 1; }

run_server() {
  plasma_wm=on  # set here, in run_server's subshell: a scenario after this one runs without KWin on 5
  setup plasma-app
  start_xvfb :97 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  install_app
  start_server || { record FAIL "plasmashell starts" "$(tail -5 "$work"/*.log)"; return; }
  start_islet
  start_bridge "$work/notify.log"
  check "islet-notify found the app" wait_log "$work/notify.log" "islet's app is here" 50
  islet timer start Tea 10m >/dev/null
  # Plasma 6.7 heads its popup with the app's icon before "islet": the title is looked for.
  check "the timer's notification is on the screen (OCR: Tea)" wait_for 20 word_on_screen Tea
  check "the notification's text clicked (OCR: Tea)" ocr_click Tea
  check "islet-notify opened the app (the default action)" wait_log "$work/notify.log" 'button default pressed' 50
  check "the app opened, a window KWin shows" wait_for 100 app_shown
  sleep 2
  import -window root "$screens/plasma-app-from-notification.png"
  check "the Timers page shows the timer (OCR: Shown live)" ocr_grep "$screens/plasma-app-from-notification.png" 'shown live'
  import -window root "$work/tea-1.png"
  sleep 3
  import -window root "$work/tea-2.png"
  check "the Tea card counts down, seen 3 s apart (OCR)" tea_counts "$work/tea-1.png" "$work/tea-2.png"
  check "the app closed" close_app
  islet timer stop >/dev/null

  # Keys reach the app on Plasma (issue 72): KWin makes the window the active one (its own
  # scripting), then keys come in as a keyboard's do (XTEST, which KWin handles as any key):
  # F10 opens the primary menu, Escape closes it, Ctrl+, opens Preferences. Neither is a Plasma
  # shortcut that would take it first.
  gdbus call --session --dest org.islet.Islet.App --object-path /org/islet/Islet/App \
    --method org.freedesktop.Application.ActivateAction show-page "[<'fast'>]" "{}" >/dev/null 2>&1
  check "the app opened on its Fast page" wait_for 100 app_shown
  check "KWin makes it the active window (a KWin script)" app_active
  xdotool key F10
  check "F10 opens the main menu (OCR: Keyboard Shortcuts)" wait_for 30 menu_shown
  record NOTE "active window after F10" "$(xdotool getactivewindow getwindowname 2>/dev/null)"
  sleep 0.5
  import -window root "$screens/plasma-app-menu.png"
  if ! menu_shown; then
    # What else opens it here: F10 again (the button has the focus now), then a click on it.
    xdotool key F10
    wait_for 20 menu_shown && record NOTE "F10 a second time" "the menu opened" || record NOTE "F10 a second time" "no menu"
    xdotool key Escape
    local geometry x y w
    geometry=$(xdotool search --onlyvisible --name '^islet$' getwindowgeometry --shell 2>/dev/null | head -4)
    x=$(sed -n 's/^X=//p' <<<"$geometry"); y=$(sed -n 's/^Y=//p' <<<"$geometry"); w=$(sed -n 's/^WIDTH=//p' <<<"$geometry")
    if [ -n "$x" ]; then
      xdotool mousemove $((x + w - 137)) $((y + 23)) click 1
      wait_for 20 menu_shown && record NOTE "a click on the menu button" "the menu opened" || record NOTE "a click on the menu button" "no menu"
      import -window root "$work/menu-click.png"; cp "$work/menu-click.png" "$screens/plasma-app-menu-click.png"
      xdotool key Escape
      # Another popover of the app's: the Start Fast split button's menu ("Started Earlier…").
      xdotool mousemove $((x + 406)) $((y + 422)) click 1
      if wait_for 20 bash -c "import -window root '$work/split.png' && convert '$work/split.png' -resize 300% -threshold 60% '$work/split3.png' && tesseract '$work/split3.png' - --psm 6 2>/dev/null | grep -qi 'earlier'"; then
        record NOTE "a click on Start Fast's arrow" "its menu opened"
      else
        record NOTE "a click on Start Fast's arrow" "no menu"
      fi
      cp "$work/split.png" "$screens/plasma-app-split-click.png" 2>/dev/null
      xdotool key Escape
    fi
  fi
  xdotool key Escape
  sleep 0.5
  xdotool key ctrl+comma
  check "Ctrl+, opens the Preferences window" wait_for 100 window_shown Preferences
  sleep 1
  import -window root "$screens/plasma-app-preferences.png"
  check "the app closed" close_app

  check "the import's check asked for (import-history-from)" ask_import
  check "the app opened, and over it the dialog titled Import" wait_for 100 window_shown Import
  sleep 2
  import -window root "$screens/plasma-app-import.png"
  check "the dialog says what the file holds (OCR: FastTrack CSV)" ocr_grep "$screens/plasma-app-import.png" fasttrack
  close_app
  check "plasmashell alive at the end" server_alive
}

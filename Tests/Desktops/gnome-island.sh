# islet's GNOME Shell extension (packaging/gnome-shell, the GNOME 43 build) on a real GNOME
# Shell 43 under Xvfb: the island in the top bar, its menu, its buttons, the minimal style,
# isletd leaving and coming back, disable and enable. The shell as in gnome.sh; no
# islet-notify runs. Screenshots: docs/screenshots/gnome-island-*.png.
. "$here/gnome.sh"
island_uuid=islet@islet.org
extra_extensions=", '$island_uuid'"

# island_eval JS: the value of JS in the shell, as text (strings without their quotes).
island_eval() {
  gnome_eval "$1" | sed -E "s/^\(true, '(.*)'\)$/\1/; s/^\"(.*)\"$/\1/"
}
island='Main.panel.statusArea["islet-island"]'
island_text() { island_eval "$island.text"; }
island_shown() { [ "$(island_eval "$island.container.visible")" = true ]; }
island_hidden() { [ "$(island_eval "$island.container.visible")" = false ]; }
island_text_matches() { island_text | grep -qE -- "$1"; }
menu_labels() { island_eval "$island.menu._getMenuItems().map(i => i.label ? i.label.text : (i.actor || i).get_children().flatMap(c => c.get_children ? c.get_children() : []).map(l => l.text).filter(t => t).join('|')).join(' / ')"; }
menu_has() { [[ "$(menu_labels)" == *"$1"* ]]; }
menu_press() {  # menu_press LABEL: activates the menu item that reads LABEL
  island_eval "let i = $island.menu._getMenuItems().find(i => i.label && i.label.text === '$1'); i ? (i.activate(null), 'pressed') : 'none'" | grep -q pressed
}
shoot_bar() {  # the top bar's middle
  sleep 0.6
  screen "$screens/gnome-island-$1.png" 480x32+272+0
}
shoot_menu() {
  island_eval "$island.menu.open(false); true" >/dev/null
  sleep 0.8
  screen "$screens/gnome-island-$1.png" 480x300+272+0
  island_eval "$island.menu.close(false); true" >/dev/null
}
no_fasted_seen() { [[ "$(island_eval "isletSeen.join(' | ')")" != *Fasted* ]]; }
log_clean() { ! grep -E 'JS ERROR|JS WARNING|[Ee]xtension .*islet|islet@islet.org' "$work/gnome.log" | grep -v 'Unable to .*org.gnome.Shell.Extensions' | grep -q .; }

# The media cards in the message list: GNOME 43's media section, GNOME 48's message view.
media_messages='(() => { const l = Main.panel.statusArea.dateMenu._messageList; return l._mediaSection ? l._mediaSection._messages : [...l._messageView._playerToMessage.values()]; })()'
media_card_title() { island_eval "$media_messages.map(m => m.titleLabel.text).join('|')"; }
media_card_body() { island_eval "$media_messages.map(m => (m.bodyLabel || m._bodyLabel).text).join('|')"; }
media_card_shows() {  # media_card_shows TITLE-PATTERN BODY-PATTERN
  media_card_title | grep -qE -- "$1" && media_card_body | grep -qE -- "$2"
}
media_card_gone() { [ "$(island_eval "String($media_messages.length)")" = 0 ]; }
player_gone() { ! has_owner org.mpris.MediaPlayer2.islet; }
media_card_play_pause() {
  island_eval "let m = $media_messages[0]; m ? (m._player.playPause(), 'pressed') : 'none'" | grep -q pressed
}

# GNOME 43 has a screen shield only where a display manager answers on the system bus and
# /run/systemd/seats exists: a stand-in display manager (gjs), started before the shell.
lock_prerequisites() {
  mkdir -p /run/systemd/seats 2>/dev/null || return 0
  cat > "$work/display-manager.js" <<'JS'
const {Gio, GLib} = imports.gi;
const xml = `<node><interface name="org.gnome.DisplayManager.Manager">
  <method name="RegisterSession"><arg name="details" type="a{sv}" direction="in"/></method>
  <property name="Version" type="s" access="read"/></interface></node>`;
const manager = Gio.DBusExportedObject.wrapJSObject(xml, {RegisterSession() {}, get Version() { return '43.0'; }});
Gio.bus_own_name(Gio.BusType.SYSTEM, 'org.gnome.DisplayManager', Gio.BusNameOwnerFlags.NONE,
    connection => manager.export(connection, '/org/gnome/DisplayManager/Manager'), null, null);
new GLib.MainLoop(null, false).run();
JS
  gjs "$work/display-manager.js" >"$work/display-manager.log" 2>&1 & pids+=($!)
  for _ in $(seq 50); do
    dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
      string:org.gnome.DisplayManager 2>/dev/null | grep -q true && { lock_ready=1; return 0; }
    sleep 0.1
  done
}
# The shell locked as gnome-session would ask it to; an error thrown on the way (46.0's unlock
# dialog threw on a notification source without a name, leaving the screen unlocked) fails.
lock_shell() {
  local said
  said=$(gnome_eval 'Main.messageTray._expireNotification(); Main.screenShield.lock(false); true')
  [ "$said" = "(true, 'true')" ] || { record NOTE "lock" "$said"; return 1; }
}
# How many notifications titled TITLE the lock screen lists (GNOME lists a source's unseen ones).
lock_entries() {
  island_eval "String(Main.messageTray.getSources().filter(s => s.title === 'islet').flatMap(s => s.notifications).filter(n => !n.acknowledged && n.title === '$1').length)"
}
lock_entries_are() { [ "$(lock_entries "$2")" = "$1" ]; }
lock_screen_says() {  # the whole screen, read by tesseract (enlarged 3x, negated: a dark lock screen)
  screen "$work/lock.png"
  convert "$work/lock.png" -resize 300% -negate "$work/lock3.png"
  local text; text=$(tesseract "$work/lock3.png" - --psm 11 2>/dev/null)
  for word in "$@"; do grep -qF -- "$word" <<<"$text" || return 1; done
}

island_scenario() {
  local api=43; [ "$gnome_major" -ge 45 ] && api=45
  "$here/../../packaging/gnome-shell/build" "$api" "$XDG_DATA_HOME/gnome-shell/extensions" >/dev/null
  lock_prerequisites
  start_server || { record FAIL "gnome-shell starts" "$(tail -5 "$work/gnome.log")"; return; }
  check "extension enabled (state 1)" test "$(island_eval "Main.extensionManager.lookup('$island_uuid').state")" = 1
  check "no island before isletd" island_hidden
  start_islet
  sleep 1
  check "no island without an activity" island_hidden

  # A timer: the time in the bar, counting each second.
  islet timer start Tea 2m >/dev/null
  check "timer: the time in the bar" wait_for 30 island_text_matches '^0[12]:[0-9]{2}$'
  local first; first=$(island_text)
  sleep 2.2
  check "timer: counts down" test "$(island_text)" != "$first"
  shoot_bar timer
  check "timer: menu has Pause, +1 min and Stop" menu_has 'Pause / +1 min / Stop'
  shoot_menu timer-menu
  check "timer: Pause in the menu pauses isletd" menu_press Pause
  check "timer: isletd paused" wait_for 30 timer_paused
  sleep 0.5
  local held; held=$(island_text)
  check "paused: the pause mark" test "$(island_eval "$island._icon.icon_name")" = media-playback-pause-symbolic
  sleep 2.2
  check "paused: the time holds still" test "$(island_text)" = "$held"
  shoot_bar paused
  check "paused: Resume in the menu resumes" menu_press Resume
  check "resumed: counting again" wait_for 40 bash -c "! '$bin/islet' timer list | grep -qi paused"
  check "timer: +1 min in the menu extends it" menu_press '+1 min'
  check "extended: a minute more in the bar" wait_for 30 island_text_matches '^02:[0-5][0-9]$'

  # Intervals: the phase in the bar.
  islet timer stop >/dev/null
  islet timer intervals --title Workout --phase Work=20s --phase Rest=10s --rounds 8 >/dev/null
  check "intervals: the phase beside the time" wait_for 30 island_text_matches '^00:(1[0-9]|20) · (Work )?1/8$'
  record NOTE "intervals bar" "$(island_text)"
  shoot_bar intervals
  shoot_menu intervals-menu

  # Completion: shown, then the island goes.
  islet timer stop >/dev/null
  islet timer start Eggs 3s >/dev/null
  check "completed: 00:00 · Done" wait_for 60 island_text_matches 'Done'
  check "completed: the island goes" wait_for 120 island_hidden

  # A fast with a goal: the time to the goal; Stop Fast in the menu.
  islet goal set 16h >/dev/null
  islet fast start >/dev/null
  check "fast: the time to the goal" wait_for 30 island_text_matches '^15:59:[0-9]{2}$'
  shoot_bar fast
  shoot_menu fast-menu
  check "fast: Stop Fast in the menu stops it" menu_press 'Stop Fast'
  check "fast: stopped, the island goes" wait_for 30 island_hidden
  check "fast: isletd stopped it" bash -c "! '$bin/islet' fast | grep -q 'Fasting since'"

  # A fast without a goal (FR-002, FR-003; issue 38, item 6): no live activity (DI-001), but
  # the island shows it as an app view, the time fasted counting each second, with Stop Fast.
  islet goal clear >/dev/null
  islet fast start >/dev/null
  check "fast without a goal: the time fasted in the bar" wait_for 30 island_text_matches '^Fasted 0:00:[0-9]{2}$'
  check "fast without a goal: no live activity (DI-001)" bash -c "'$bin/islet' activity | grep -q 'No live activity'"
  local counted; counted=$(island_text)
  sleep 2.2
  check "fast without a goal: counts up" test "$(island_text)" != "$counted"
  shoot_bar fast-no-goal
  check "fast without a goal: menu has Stop Fast" menu_has 'Stop Fast'
  shoot_menu fast-no-goal-menu
  check "fast without a goal: Stop Fast in the menu stops it" menu_press 'Stop Fast'
  check "fast without a goal: stopped, the island goes" wait_for 30 island_hidden
  check "fast without a goal: isletd stopped it" bash -c "! '$bin/islet' fast | grep -q 'Fasting since'"
  # A timer takes the island from a fast with a goal and gives it back: no flash of the app
  # view between the two activities (issue 38, item 5, as the island sees it).
  islet goal set 16h >/dev/null
  islet fast start >/dev/null
  check "fast: the time to the goal again" wait_for 30 island_text_matches '^15:59:[0-9]{2}$'
  island_eval "globalThis.isletSeen = []; globalThis.isletSeenId = $island._label.connect('notify::text', l => isletSeen.push(l.text)); true" >/dev/null
  islet timer start Tea 2m >/dev/null
  check "a timer takes the island" wait_for 30 island_text_matches '^0[12]:[0-9]{2}$'
  islet timer stop >/dev/null
  check "the fast takes it back" wait_for 30 island_text_matches '^15:5[0-9]:[0-9]{2}$'
  sleep 0.6
  record NOTE "bar texts through the hand-over" "$(island_eval "isletSeen.slice(0, 8).join(' | ')")"
  check "no 'Fasted' between the activities" no_fasted_seen
  island_eval "$island._label.disconnect(isletSeenId); true" >/dev/null
  islet fast stop >/dev/null

  # Goal reached (DI-004).
  islet history delete 1 >/dev/null
  islet history delete 2 >/dev/null
  islet history delete 3 >/dev/null
  islet goal set 1m >/dev/null
  call Fasting.StartFastAt uint64:$(( $(now_usec) - 58000000 )) >/dev/null
  check "goal reached: said in the bar" wait_for 80 island_text_matches '^Goal Reached!$'
  shoot_bar goal-reached
  shoot_menu goal-reached-menu
  islet fast stop >/dev/null

  # isletd leaves and comes back: the island goes, and comes back with the activity.
  islet timer start Tea 10m >/dev/null
  check "before isletd leaves" wait_for 30 island_text_matches '^(10:00|09:5[0-9])$'
  kill "$isletd_pid"; wait "$isletd_pid" 2>/dev/null
  check "isletd gone: no island" wait_for 30 island_hidden
  start_islet
  check "isletd back: the timer again" wait_for 50 island_text_matches '^09:[0-9]{2}$'
  record NOTE "after isletd's restart" "shown $(island_eval "$island.container.visible"), text $(island_text), $(islet timer list | head -2 | tr '\n' ' ')"

  # The minimal style (PRD-02), from islet's config.toml, followed as it changes.
  mkdir -p "$XDG_CONFIG_HOME/islet"
  printf 'style = "minimal"\n' > "$XDG_CONFIG_HOME/islet/config.toml"
  check "minimal: the time alone" wait_for 30 island_text_matches '^9:[0-9]{2}$'
  check "minimal: no icon" test "$(island_eval "$island._icon.visible")" = false
  check "minimal: grey (#888888)" test "$(island_eval "$island._label.get_theme_node().get_foreground_color().to_string()")" = '#888888ff'
  shoot_bar minimal
  shoot_menu minimal-menu
  check "minimal: nothing to tap in the menu" test "$(island_eval "$island.menu._getMenuItems().length")" = 1
  rm "$XDG_CONFIG_HOME/islet/config.toml"
  check "standard again when the key goes" wait_for 30 island_text_matches '^09:[0-9]{2}$'

  # disable() undoes everything; enable() brings it back.
  island_eval "Main.extensionManager.disableExtension('$island_uuid'); true" >/dev/null
  sleep 0.5
  check "disabled: nothing left in the bar" test "$(island_eval "$island === undefined")" = true
  island_eval "Main.extensionManager.enableExtension('$island_uuid'); true" >/dev/null
  check "enabled again: the timer again" wait_for 30 island_text_matches '^09:[0-9]{2}$'
  islet timer stop >/dev/null
  check "stopped: the island goes" wait_for 30 island_hidden

  # islet-notify's MPRIS player as GNOME's message list shows it (the media card).
  start_bridge "$work/notify.log"
  islet timer intervals --title Workout --phase Work=40s --phase Rest=20s --rounds 8 >/dev/null
  check "media card: in the message list" wait_for 50 media_card_shows '^Workout$' '^00:[0-9]{2} · Work 1/8$'
  gnome_eval 'Main.messageTray._expireNotification(); Main.panel.statusArea.dateMenu.menu.open(false); true' >/dev/null
  sleep 1
  screen "$screens/gnome-media-card.png" 880x330+72+0
  gnome_eval 'Main.panel.statusArea.dateMenu.menu.close(false); true' >/dev/null
  check "media card: play/pause pauses the timer" media_card_play_pause
  check "media card: isletd paused" wait_for 30 timer_paused
  check "media card: says so" wait_for 30 media_card_shows '^Workout$' '^❚❚ 00:[0-9]{2} · Work 1/8$'
  islet timer stop >/dev/null
  # The card goes with the player's name, 2 s after the activity (nothing said before: GNOME
  # 48 threw when CanPlay turned false first, "no errors in the shell's log" below).
  check "media card: goes with the activity" wait_for 50 media_card_gone
  check "media card: the player left the bus" player_gone

  # The lock screen: one entry for the activity, its text current. GNOME lists only
  # notifications not seen yet and never redraws an update in place there (43 leaves a seen
  # one off; 48 brings it back with the text it had then): islet-notify posts a notice of its
  # own once a minute and withdraws the live notification meanwhile.
  if [ -n "${lock_ready:-}" ] && [ "$gnome_major" -ge 49 ]; then
    # GNOME 49 and later show MPRIS players on the lock screen: islet's player is the
    # activity there, counting each second, and islet-notify posts no notice beside it.
    islet timer intervals --title Tea --phase Steep=10m --phase Rest=2m >/dev/null
    sleep 1.5
    check "lock: the shell locks (its unlock dialog made without an error)" lock_shell
    check "lock: islet-notify sees the session locked" wait_log "$work/notify.log" 'the session is locked' 50
    check "lock, 49+: the player alone, no notice" wait_log "$work/notify.log" "shows islet's media player there; no notice beside it" 50
    wake_lock_screen() {
      gnome_eval 'Main.screenShield._wakeUpScreen(); Main.screenShield._shortLightbox?.lightOff(); Main.screenShield._longLightbox?.lightOff(); true' >/dev/null
    }
    ocr_lock() { convert "$1" -resize 300% -negate "$work/lock3.png" && tesseract "$work/lock3.png" - --psm 11 2>/dev/null; }
    wake_lock_screen; sleep 2
    screen "$screens/gnome-lock-screen.png"
    ocr_lock "$screens/gnome-lock-screen.png" > "$work/lock-a.txt"
    wake_lock_screen; sleep 1.2
    screen "$work/lock-b.png"
    ocr_lock "$work/lock-b.png" > "$work/lock-b.txt"
    record NOTE "lock, 49+: read there" "$(grep -E 'Tea|[0-9]+:[0-9]{2}' "$work/lock-a.txt" | tr '\n' ' ') / then $(grep -oE '[0-9]{2}:[0-9]{2} . Steep' "$work/lock-b.txt")"
    check "lock, 49+: the player on the lock screen" grep -qx 'Tea' "$work/lock-a.txt"
    check "lock, 49+: exactly one entry for the activity" test "$(grep -c 'Tea' "$work/lock-a.txt")" = 1
    check "lock, 49+: it counts each second" test -n "$(grep -oE '[0-9]{2}:[0-9]{2} . Steep' "$work/lock-a.txt")" -a \
      "$(grep -oE '[0-9]{2}:[0-9]{2} . Steep' "$work/lock-a.txt")" != "$(grep -oE '[0-9]{2}:[0-9]{2} . Steep' "$work/lock-b.txt")"
    check "lock, 49+: no notice posted" bash -c "! grep -q 'lock screen: posted' '$work/notify.log'"
    # The live notification, its banner seen and gone (not seen in the message list, so GNOME
    # would list it under the player): withdrawn while locked, still so after a minute's update.
    check "lock, 49+: the live notification withdrawn" wait_log "$work/notify.log" 'the live notification withdrawn; the media player shows' 50
    check "lock, 49+: no islet notification listed there" wait_for 30 lock_entries_are 0 Tea
    sleep 62
    check "lock, 49+: none after a minute either" lock_entries_are 0 Tea
    wake_lock_screen; sleep 2
    screen "$screens/gnome-lock-screen-later.png"
    ocr_lock "$screens/gnome-lock-screen-later.png" > "$work/lock-c.txt"
    check "lock, 49+: one entry on screen a minute later (OCR)" test "$(grep -c 'Tea' "$work/lock-c.txt")" = 1
    gnome_eval 'Main.screenShield.deactivate(false); true' >/dev/null
    check "unlock, 49+: the live notification back" wait_log "$work/notify.log" 'the live notification is back' 50
    islet timer stop >/dev/null
  elif [ -n "${lock_ready:-}" ]; then
    islet timer intervals --title Tea --phase Steep=10m --phase Rest=2m >/dev/null
    sleep 1.5
    check "lock: the shell locks (its unlock dialog made without an error)" lock_shell
    check "lock: islet-notify sees the session locked" wait_log "$work/notify.log" 'the session is locked' 50
    check "lock: the activity posted for the lock screen" wait_log "$work/notify.log" 'lock screen: posted [0-9]+: "Tea"' 50
    sleep 1
    check "lock: exactly one entry for the activity" wait_for 30 lock_entries_are 1 Tea
    record NOTE "lock entries" "$(lock_entries Tea) unseen \"Tea\" notification(s) listed"
    gnome_eval 'Main.screenShield._wakeUpScreen(); Main.screenShield._shortLightbox.lightOff(); Main.screenShield._longLightbox.lightOff(); true' >/dev/null
    sleep 2
    screen "$screens/gnome-lock-screen.png"
    check "lock: its text on the lock screen" wait_for 30 lock_screen_says Tea "min left" "1/2"
    gnome_eval 'Main.screenShield.deactivate(false); true' >/dev/null
    check "unlock: the lock screen's notification closed" wait_log "$work/notify.log" 'lock screen: CloseNotification' 50
    islet timer stop >/dev/null

    # The minimal style (PRD-02 UI-01; issue 38, item 2): the time alone, by the minute with
    # its unit ("10 min"), never a "10:00" that reads as minutes and seconds.
    kill "$bridge_pid"; sleep 0.3
    start_bridge "$work/notify-minimal.log" --style minimal
    islet timer start Focus 10m >/dev/null
    sleep 1.5
    check "lock, minimal: the shell locks (its unlock dialog made without an error)" lock_shell
    check "lock, minimal: posted as minutes with their unit" wait_log "$work/notify-minimal.log" 'lock screen: posted [0-9]+: "(10|9) min"' 50
    check "lock, minimal: the live notification withdrawn (no frozen 9:59)" wait_log "$work/notify-minimal.log" 'the activity shows on the lock screen' 50
    sleep 1
    gnome_eval 'Main.screenShield._wakeUpScreen(); Main.screenShield._shortLightbox.lightOff(); Main.screenShield._longLightbox.lightOff(); true' >/dev/null
    sleep 2
    screen "$screens/gnome-lock-screen-minimal.png"
    check "lock, minimal: read on the lock screen" wait_for 30 lock_screen_says "min"
    check "lock, minimal: no frozen M:SS beside it" bash -c "! tesseract '$work/lock3.png' - --psm 11 2>/dev/null | grep -qE '^9:[0-5][0-9]$'"
    record NOTE "lock, minimal" "$(grep -o 'lock screen: posted [0-9]*: "[^"]*"' "$work/notify-minimal.log" | tail -1)"
    gnome_eval 'Main.screenShield.deactivate(false); true' >/dev/null
    check "unlock, minimal: closed" wait_log "$work/notify-minimal.log" 'lock screen: CloseNotification' 50
    check "unlock, minimal: the live notification back" wait_log "$work/notify-minimal.log" 'the live notification is back' 50
    islet timer stop >/dev/null
  else
    record NOTE "lock screen" "GNOME's screen shield needs /run/systemd/seats and a display-manager stand-in: not set up"
  fi
  kill "$bridge_pid"

  check "no errors in the shell's log" log_clean
  check "shell alive at the end" server_alive
}
run_server() {
  setup gnome-island
  start_xvfb :94 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  island_scenario
}

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
  import -window root -crop 480x32+272+0 +repage "$screens/gnome-island-$1.png"
}
shoot_menu() {
  island_eval "$island.menu.open(false); true" >/dev/null
  sleep 0.8
  import -window root -crop 480x300+272+0 +repage "$screens/gnome-island-$1.png"
  island_eval "$island.menu.close(false); true" >/dev/null
}
log_clean() { ! grep -E 'JS ERROR|JS WARNING|[Ee]xtension .*islet|islet@islet.org' "$work/gnome.log" | grep -v 'Unable to .*org.gnome.Shell.Extensions' | grep -q .; }

media_section='Main.panel.statusArea.dateMenu._messageList._mediaSection'
media_card_title() { island_eval "$media_section._messages.map(m => m.titleLabel.text).join('|')"; }
media_card_body() { island_eval "$media_section._messages.map(m => m.bodyLabel.text).join('|')"; }
media_card_shows() {  # media_card_shows TITLE-PATTERN BODY-PATTERN
  media_card_title | grep -qE -- "$1" && media_card_body | grep -qE -- "$2"
}
media_card_gone() { [ "$(island_eval "$media_section._messages.length")" = 0 ]; }
media_card_play_pause() {
  island_eval "let m = $media_section._messages[0]; m ? (m._player.playPause(), 'pressed') : 'none'" | grep -q pressed
}

island_scenario() {
  screens=$root/docs/screenshots
  "$here/../../packaging/gnome-shell/build" 43 "$XDG_DATA_HOME/gnome-shell/extensions" >/dev/null
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
  check "timer: menu has Pause and Stop" menu_has 'Pause / Stop'
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

  # Goal reached (DI-004).
  islet history delete 1 >/dev/null
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
  check "media card: in the message list" wait_for 50 media_card_shows '^Workout$' '^00:[0-9]{2} · Work · Round 1/8$'
  gnome_eval 'Main.messageTray._expireNotification(); Main.panel.statusArea.dateMenu.menu.open(false); true' >/dev/null
  sleep 1
  import -window root -crop 720x330+152+0 +repage "$screens/gnome-media-card.png"
  gnome_eval 'Main.panel.statusArea.dateMenu.menu.close(false); true' >/dev/null
  check "media card: play/pause pauses the timer" media_card_play_pause
  check "media card: isletd paused" wait_for 30 timer_paused
  check "media card: says so" wait_for 30 media_card_shows '^Workout$' '^❚❚ 00:[0-9]{2} · Work · Round 1/8$'
  islet timer stop >/dev/null
  check "media card: goes with the activity" wait_for 30 media_card_gone
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

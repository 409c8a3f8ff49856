# GNOME Shell (43 on Debian 12, 48 on Debian 13) under Xvfb (X11); 50 and later have no X11
# backend (mutter 50): headless Wayland with a virtual monitor, pictures through the shell's own
# Screenshot interface. On a bus that activates its services (dconf, the notification proxy) but
# no other notification server, with a system-bus stand-in. A
# test-only extension turns on unsafe mode, so that org.gnome.Shell.Eval answers: it counts
# notifications, presses buttons and moves banners on (headless, banners never time out).
gnome_major=$(gnome-shell --version | grep -oE '[0-9]+' | head -1)
# Headless Wayland where mutter has no X11 backend: 50 and later, and Ubuntu's 49 (built without it).
gnome_headless=false
if [ "$gnome_major" -ge 50 ] || ! gnome-shell --help 2>&1 | grep -q -- '--x11 '; then gnome_headless=true; fi
start_server() {
  local uuid=islet-desktops-test@islet
  local ext=$XDG_DATA_HOME/gnome-shell/extensions/$uuid
  mkdir -p "$ext"
  printf '{"uuid": "%s", "name": "islet desktop tests", "description": "unsafe mode for tests", "shell-version": ["%s"], "session-modes": ["user", "unlock-dialog"]}\n' "$uuid" "$gnome_major" > "$ext/metadata.json"
  if [ "$gnome_major" -ge 45 ]; then  # ES modules from GNOME 45 on
    printf '%s\n' "import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';" \
      'export default class extends Extension { enable() { global.context.unsafe_mode = true; } disable() { global.context.unsafe_mode = false; } }' > "$ext/extension.js"
  else
    printf 'function init() {}\nfunction enable() { global.context.unsafe_mode = true; }\nfunction disable() {}\n' > "$ext/extension.js"
  fi
  gsettings set org.gnome.shell enabled-extensions "['$uuid'${extra_extensions:-}]"
  gsettings set org.gnome.shell disable-user-extensions false
  if $gnome_headless; then
    XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=wayland gnome-shell --headless --wayland --no-x11 --virtual-monitor 1024x768 \
      >"$work/gnome.log" 2>&1 & server_pid=$!
  else
    XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=x11 gnome-shell --x11 --replace >"$work/gnome.log" 2>&1 & server_pid=$!
  fi
  pids+=($server_pid)
  wait_owner org.gnome.Shell 200 || return 1
  for _ in $(seq 100); do gnome_eval 1 | grep -q "true" && break; sleep 0.1; done
  # The notification server is a process of its own, started on demand.
  dbus-send --session --print-reply --dest=org.freedesktop.Notifications /org/freedesktop/Notifications \
    org.freedesktop.Notifications.GetServerInformation >/dev/null 2>&1
  wait_owner org.freedesktop.Notifications || return 1
  # The shell's own first notices (a root session, no screen lock) would queue ahead of ours.
  sleep 1
  # (islet's extension's own notice, that islet is missing, is kept: Tests/Desktops/zip.sh counts it.)
  gnome_eval "Main.messageTray.getSources().filter(s => s.title !== 'islet').forEach(s => { s.notifications.filter(n => !/^islet /.test(n.title)).forEach(n => n.destroy()); if (s.notifications.length === 0 && Main.messageTray.getSources().includes(s)) s.destroy(); }); true" >/dev/null
}
# screen FILE [GEOMETRY]: the screen as a PNG, cropped to GEOMETRY (WxH+X+Y) when given: from
# the X server, or on Wayland (50+) from the shell's Screenshot interface (unsafe mode lets a
# test call it).
screen() {
  if $gnome_headless; then
    gdbus call --session --dest org.gnome.Shell.Screenshot --object-path /org/gnome/Shell/Screenshot \
      --method org.gnome.Shell.Screenshot.Screenshot false false "$work/screen-full.png" >/dev/null 2>&1 || return 1
    # The shell's PNG has an alpha channel, which ImageMagick 7 would negate with the rest.
    if [ -n "${2:-}" ]; then convert "$work/screen-full.png" -alpha off -crop "$2" +repage "$1"; else convert "$work/screen-full.png" -alpha off "$1"; fi
  elif [ -n "${2:-}" ]; then
    import -window root -crop "$2" +repage "$1"
  else
    import -window root "$1"
  fi
}
gnome_eval() {
  gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell --method org.gnome.Shell.Eval "$1" 2>&1
}
notifications_js="Main.messageTray.getSources().filter(s => s.title === 'islet').flatMap(s => s.notifications)"
shoot() {
  sleep 1
  if [ "$1" = minimal ] && [ "$gnome_major" -ge 48 ]; then
    # 48 and later: the first quiet update is posted afresh at low urgency (keepsUrgency),
    # which never banners, so the minimal notification is seen in the message list.
    gnome_eval 'Main.messageTray._expireNotification(); Main.overview.hide(); Main.panel.statusArea.dateMenu.menu.open(false); true' >/dev/null
    sleep 1.5
    screen "$out/gnome-$1.png" 880x420+72+0
    gnome_eval 'Main.panel.statusArea.dateMenu.menu.close(false); true' >/dev/null
    return
  fi
  # Before 48 the minimal style's first post banners; headless, banners never time out, so
  # earlier ones (the reminder's) are moved on until its own is up.
  [ "$1" = minimal ] && wait_for 20 banner_titled '^[0-9]+:[0-5][0-9]$'
  # The reminder's likewise (the failed run's banner was still up before it).
  [ "$1" = reminder ] && wait_for 20 banner_titled '^Time to start your fast$'
  screen "$out/gnome-$1.png" 512x240+256+0
  # Headless, a banner never times out: move it on, so that the next one can show.
  gnome_eval 'Main.messageTray._expireNotification(); true' >/dev/null
}
banner_titled() {  # banner_titled REGEX: the banner up is the one, or the next is brought up
  gnome_eval 'Main.overview.hide(); true' >/dev/null
  [[ "$(island_eval 'Main.messageTray._notification?.title ?? ""')" =~ $1 ]] && return 0
  gnome_eval 'Main.messageTray._expireNotification(); true' >/dev/null
  sleep 0.5
  return 1
}
# The minimal notification as a person sees it (its banner; from 48 on, the message list): the
# time alone; from 46 on, GNOME heads it with the app's name, islet's (a nameless one reads
# "Unknown App" there).
minimal_checks=gnome_minimal_checks
gnome_minimal_checks() {
  check "minimal: its banner reads the time alone (OCR)" reads_minimal_time "$out/gnome-minimal.png"
  if [ "$gnome_major" -ge 46 ]; then
    check "minimal: headed islet, not Unknown App (OCR)" ocr_reads "$out/gnome-minimal.png" islet
  fi
  # 48 and later: the media card beside it in the message list has the time alone too (an
  # artist left out reads "Unknown artist" there).
  if [ "$gnome_major" -ge 48 ]; then
    check "minimal: nothing 'Unknown' in the message list (OCR)" reads_no_unknown "$out/gnome-minimal.png"
  fi
}
reads_minimal_time() {  # the minimal time, "4:5x" ($minimal_time_re)
  local text
  text=$(ocr_text "$1" -negate)
  grep -qE "$minimal_time_re" <<<"$text" || { record NOTE "read" "$text"; return 1; }
}
reads_no_unknown() {
  local text
  text=$(ocr_text "$1" -negate)
  [ -n "$text" ] || return 1
  ! grep -q Unknown <<<"$text" || { record NOTE "read" "$text"; return 1; }
}
# GNOME 46.0 says body-markup and drew "<b>…</b>" as text: no picture may read a tag.
reads_no_tags() {
  local png text
  for png in "$@"; do
    text=$(ocr_text "$png" -negate)
    [ -n "$text" ] || return 1
    ! grep -qE '</?b>' <<<"$text" || { record NOTE "read" "$text"; return 1; }
  done
}
displayed() { gnome_eval "$notifications_js.length" | sed -E "s/.*'([0-9]+)'.*/\1/"; }
press() {
  local label
  case $1 in pause) label=Pause ;; resume) label=Resume ;; extend) label='+1 min' ;; stop) label=Stop ;; undo) label=Undo ;; stop-fast) label='Stop Fast' ;; start-fast) label='Start Fast' ;; *) return 1 ;; esac
  gnome_eval "let a = $notifications_js.flatMap(n => n.actions || []).filter(a => a.label === '$label').pop(); a ? (a.callback ? a.callback() : a.activate(), 'pressed') : 'none'" | grep -q pressed
}
restart_server() { return 1; }
server_alive() { kill -0 "$server_pid"; }
run_server() { run_on gnome filtered :93 system; }

# GNOME 48 hid a notification whose urgency changed in place, buttons and all (issue 35): a
# timer updated in place three times (once a minute there) must still be in the message list,
# at full size, with its buttons. "scale:buttons" of each "Steep" message (GNOME 48's list).
message_list_steep() {
  island_eval "(() => { const v = Main.panel.statusArea.dateMenu._messageList._messageView; if (!v) return 'no view';
    const g = [...v._notificationSourceToGroup.entries()].find(([s]) => s.title === 'islet'); if (!g) return 'no group';
    return [...g[1]._notificationToMessage.entries()].filter(([n]) => n.title === 'Steep')
      .map(([n, m]) => (m.get_parent() ? m.get_parent().scale_y : 'none') + ':' + n.actions.length).join(',') || 'none'; })()"
}
island_eval() { gnome_eval "$1" | sed -E "s/^\(true, '(.*)'\)$/\1/; s/^\"(.*)\"$/\1/"; }
steep_listed_with_buttons() { [[ "$(message_list_steep)" =~ ^1:[1-9]$ ]]; }
extra_checks=gnome_checks
gnome_checks() {
  local log=$1
  islet timer stop >/dev/null 2>&1
  islet timer start Steep 5m >/dev/null
  check "a timer updated in place three times" wait_for 2400 bash -c "[ \$(grep -cE 'Notify replaces [0-9]+: \"Steep\"' '$log') -ge 4 ]"
  sleep 1.5
  if [ "$gnome_major" -ge 48 ]; then
    check "message list: still there with its buttons" steep_listed_with_buttons
    record NOTE "message list" "$(message_list_steep) (scale:buttons)"
    gnome_eval 'Main.panel.statusArea.dateMenu.menu.open(false); true' >/dev/null
    sleep 1
    screen "$out/gnome-message-list.png" 880x420+72+0
    gnome_eval 'Main.panel.statusArea.dateMenu.menu.close(false); true' >/dev/null
  else
    record NOTE "message list" "GNOME $gnome_major: checked on 48 and later"
  fi
  check "no markup shown as text (OCR of the timer's and the failed run's pictures)" reads_no_tags "$out/gnome-timer.png" "$out/gnome-run-failed.png"
  check "no JS error in the shell's log" bash -c "! grep -E 'JS ERROR|TypeError' '$work/gnome.log'"
  islet timer stop >/dev/null 2>&1
}

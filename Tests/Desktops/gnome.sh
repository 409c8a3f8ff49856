# GNOME Shell 43 under Xvfb (X11), on a bus that activates its services (dconf, the
# notification proxy) but no other notification server, with a system-bus stand-in. A
# test-only extension turns on unsafe mode, so that org.gnome.Shell.Eval answers: it counts
# notifications, presses buttons and moves banners on (headless, banners never time out).
start_server() {
  local uuid=islet-desktops-test@islet
  local ext=$XDG_DATA_HOME/gnome-shell/extensions/$uuid
  mkdir -p "$ext"
  printf '{"uuid": "%s", "name": "islet desktop tests", "description": "unsafe mode for tests", "shell-version": ["43"], "session-modes": ["user", "unlock-dialog"]}\n' "$uuid" > "$ext/metadata.json"
  printf 'function init() {}\nfunction enable() { global.context.unsafe_mode = true; }\nfunction disable() {}\n' > "$ext/extension.js"
  gsettings set org.gnome.shell enabled-extensions "['$uuid'${extra_extensions:-}]"
  gsettings set org.gnome.shell disable-user-extensions false
  XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=x11 gnome-shell --x11 --replace >"$work/gnome.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.gnome.Shell 200 || return 1
  for _ in $(seq 100); do gnome_eval 1 | grep -q "true" && break; sleep 0.1; done
  # The notification server is a process of its own, started on demand.
  dbus-send --session --print-reply --dest=org.freedesktop.Notifications /org/freedesktop/Notifications \
    org.freedesktop.Notifications.GetServerInformation >/dev/null 2>&1
  wait_owner org.freedesktop.Notifications || return 1
  # The shell's own first notices (a root session, no screen lock) would queue ahead of ours.
  sleep 1
  gnome_eval "Main.messageTray.getSources().filter(s => s.title !== 'islet').forEach(s => s.destroy()); true" >/dev/null
}
gnome_eval() {
  gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell --method org.gnome.Shell.Eval "$1" 2>&1
}
notifications_js="Main.messageTray.getSources().filter(s => s.title === 'islet').flatMap(s => s.notifications)"
shoot() {
  sleep 1
  import -window root -crop 512x240+256+0 +repage "$out/gnome-$1.png"
  # Headless, a banner never times out: move it on, so that the next one can show.
  gnome_eval 'Main.messageTray._expireNotification(); true' >/dev/null
}
displayed() { gnome_eval "$notifications_js.length" | sed -E "s/.*'([0-9]+)'.*/\1/"; }
press() {
  local label
  case $1 in pause) label=Pause ;; resume) label=Resume ;; extend) label='+1 min' ;; stop) label=Stop ;; undo) label=Undo ;; stop-fast) label='Stop Fast' ;; *) return 1 ;; esac
  gnome_eval "let a = $notifications_js.flatMap(n => n.actions || []).filter(a => a.label === '$label').pop(); a ? (a.callback(), 'pressed') : 'none'" | grep -q pressed
}
restart_server() { return 1; }
server_alive() { kill -0 "$server_pid"; }
run_server() { run_on gnome filtered :93 system; }

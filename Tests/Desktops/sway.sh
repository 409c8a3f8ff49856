# Headless sway for mako and swaync. sway will not run as root: it runs as the throwaway user
# islet-desk (created here when missing), and so do the servers and grim; isletd and
# islet-notify stay with us, on the same private bus. setpriv, not runuser: it execs, so the
# pid we hold is the server's own (kill -9 must reach the server).
desk_user=islet-desk
sway_setup() {
  id "$desk_user" >/dev/null 2>&1 || useradd -m -s /bin/sh "$desk_user" || return 1
  swayrt=$work/sway-runtime
  mkdir -p "$swayrt" "$work/desk-home"
  chown "$desk_user" "$swayrt" "$work/desk-home"
  chmod 700 "$swayrt"
  cat > "$work/sway.cfg" <<CFG
output HEADLESS-1 resolution 1024x600 position 0 0
output * bg #2b3440 solid_color
CFG
  chmod 644 "$work/sway.cfg"
  # A simple command, not the as_user function: in the background a function runs in a subshell
  # of its own, whose pid is not sway's, and the teardown left sway running.
  setpriv --reuid="$desk_user" --regid="$desk_user" --init-groups \
    env -u DISPLAY -u WAYLAND_DISPLAY HOME="$work/desk-home" XDG_RUNTIME_DIR="$swayrt" \
    WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
    DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" sway -c "$work/sway.cfg" >"$work/sway.log" 2>&1 & pids+=($!)
  for _ in $(seq 100); do [ -S "$swayrt/wayland-1" ] && return 0; sleep 0.1; done
  return 1
}
as_user() { setpriv --reuid="$desk_user" --regid="$desk_user" --init-groups "$@"; }
as_desk() {
  as_user env HOME="$work/desk-home" XDG_RUNTIME_DIR="$swayrt" WAYLAND_DISPLAY=wayland-1 \
    DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" "$@"
}
# For `desk_spawn SERVER &`: the background subshell becomes the server, so $! is its pid.
desk_spawn() {
  exec setpriv --reuid="$desk_user" --regid="$desk_user" --init-groups env HOME="$work/desk-home" \
    XDG_RUNTIME_DIR="$swayrt" WAYLAND_DISPLAY=wayland-1 DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" "$@"
}
# A notification server of the throwaway user's, by its command's name; its log is NAME.log.
start_server() {
  desk_spawn "$desk_server" >>"$work/$desk_server.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  wait_owner org.freedesktop.Notifications
}
restart_server() { kill -9 "$server_pid"; sleep 0.5; start_server; }
grim_shot() {  # grim_shot NAME GEOMETRY
  sleep 0.8
  as_desk grim -g "$2" "$swayrt/shot.png" && cp "$swayrt/shot.png" "$out/$1.png"
}

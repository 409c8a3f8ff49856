#!/usr/bin/env bash
# What the sources cost (issue 70, item 6): isletd's and islet-notify's wake-ups (voluntary
# context switches of all their threads) and the messages they send on the bus, over a window,
# with nothing to read, with a song playing in mpv (mpv-mpris), and with a gnome-pomodoro block
# running (it says its Elapsed each second). For each BIN_DIR (default: the static builds of
# make release), side by side. Run under a bus of its own:
#   dbus-run-session -- bench/sources-wakeups.sh [-s SECONDS] [BIN_DIR...]
set -eu
S=60
if [ "${1:-}" = -s ]; then S=$2; shift 2; fi
[ $# -gt 0 ] || set -- "$(cd "$(dirname "$0")/.." && pwd)/.build-static/release"
dir="$(mktemp -d)"
trap 'kill $(jobs -p) 2> /dev/null; rm -rf "$dir"' EXIT
switches() { cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/{s+=$2} END{print s+0}'; }
sent_by() {  # messages from the unique names in $dir/names, in the monitor's log
  local n=0 name
  for name in $(cat "$dir/names"); do n=$((n + $(grep -c "sender=$name " "$dir/monitor" || true))); done
  echo "$n"
}

window() {  # window LABEL D N: wake-ups of isletd (D) and islet-notify (N), and what they sent
  local a b c d
  sleep 10  # the change that began the case settled; idle worker threads ended
  dbus-monitor --session --monitor > "$dir/monitor" 2>/dev/null & local m=$!
  sleep 0.5
  a=$(switches "$2"); b=$(switches "$3")
  sleep "$S"
  c=$(switches "$2"); d=$(switches "$3")
  kill "$m"; wait "$m" 2>/dev/null || true
  echo "| $1 | $((c - a)) | $((d - b)) | $(sent_by) |"
}

measure() {
  local B=$1
  rm -rf "$dir/home"; mkdir -p "$dir/home"
  export HOME=$dir/home XDG_CONFIG_HOME=$dir/home/config GSETTINGS_BACKEND=memory
  "$B/isletd" --database "$dir/home/i.sqlite" --log-level error & local d=$!
  "$B/islet-notify" --verbose 2> "$dir/notify.log" & local n=$!
  until grep -qs "in step with isletd" "$dir/notify.log"; do sleep 0.05; done
  # The unique names islet's programs send from (islet-notify has one per source besides its own).
  sleep 1
  dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ListNames |
    grep -oE '":[0-9.]+"' | tr -d '"' | while read -r name; do
      # A name may be gone by now (a call's short-lived connection): passed over.
      pid=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID "string:$name" 2>/dev/null | awk '{print $2}')
      if [ "$pid" = "$d" ] || [ "$pid" = "$n" ]; then echo "$name"; fi
    done > "$dir/names"
  echo
  echo "$B ($S s each; islet-notify's bus names: $(wc -l < "$dir/names"))"
  echo
  echo "| case | isletd wake-ups | islet-notify wake-ups | messages islet sent |"
  echo "| --- | --- | --- | --- |"
  window "nothing to read" "$d" "$n"
  python3 -c 'import sys, wave; w = wave.open(sys.argv[1], "wb"); w.setnchannels(1); w.setsampwidth(1); w.setframerate(8000); w.writeframes(bytes([128]) * 8000 * 600); w.close()' "$dir/song.wav"
  mpv --no-config --no-video --ao=null --script=/etc/mpv/scripts/mpris.so --force-media-title=Song "$dir/song.wav" > /dev/null 2>&1 & local p=$!
  window "a song playing (mpv)" "$d" "$n"
  kill "$p"; wait "$p" 2>/dev/null || true
  if command -v gnome-pomodoro > /dev/null && [ -n "${DISPLAY:-}" ]; then
    gnome-pomodoro --no-default-window > /dev/null 2>&1 & local g=$!
    until dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.gnome.Pomodoro | grep -q true; do sleep 0.1; done
    gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro --method org.gnome.Pomodoro.Start > /dev/null
    window "a gnome-pomodoro block running" "$d" "$n"
    kill "$g"; wait "$g" 2>/dev/null || true
  fi
  kill "$n" "$d"; wait "$n" "$d" 2>/dev/null || true
}

for B in "$@"; do measure "$B"; done

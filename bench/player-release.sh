#!/usr/bin/env bash
# How long a timer stopped after it ran a while stays on lock screens and media widgets: from
# the Timers.Stop call to islet's MPRIS name leaving the bus, as one dbus-monitor sees both
# (issue 72). For each BIN_DIR (default: the static builds, make release), N stops.
# Run under a bus of its own: dbus-run-session -- bench/player-release.sh [-n N] [BIN_DIR...]
set -eu
N=11
if [ "${1:-}" = -n ]; then N=$2; shift 2; fi
[ $# -gt 0 ] || set -- "$(cd "$(dirname "$0")/.." && pwd)/.build-static/release"
player=org.mpris.MediaPlayer2.islet
dir="$(mktemp -d)"
trap 'kill $(jobs -p) 2> /dev/null; rm -rf "$dir"' EXIT
owner() { dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner "string:$1" | grep -q true; }
call() { dbus-send --session --print-reply --dest=org.islet.Islet1 /org/islet/Islet1 "org.islet.Islet1.Timers.$1" "${@:2}" > /dev/null; }

measure() {
  local B=$1 times=() i m
  rm -f "$dir/i.sqlite"*
  "$B/isletd" --database "$dir/i.sqlite" --log-level error & local d=$!
  "$B/islet-notify" --verbose 2> "$dir/notify.log" & local n=$!
  until grep -q "in step with isletd" "$dir/notify.log"; do sleep 0.05; done
  for i in $(seq "$N"); do
    call Start string:tea string:Tea uint64:300
    until owner "$player"; do sleep 0.05; done
    sleep 2  # held for longer than islet-notify's least hold: what is measured is the settle
    dbus-monitor --session --profile "type='method_call',member='Stop'" \
      "type='signal',member='NameOwnerChanged',arg0='$player'" > "$dir/monitor" &
    m=$!
    until grep -q NameAcquired "$dir/monitor"; do sleep 0.02; done
    call Stop string:tea
    until awk '/^sig/ && $8 == "NameOwnerChanged"' "$dir/monitor" | grep -q .; do sleep 0.02; done
    kill $m; wait $m 2> /dev/null || true
    times+=("$(awk '/^mc/ && $8 == "Stop" {s = $2} /^sig/ && $8 == "NameOwnerChanged" {printf "%d\n", ($2 - s) * 1000; exit}' "$dir/monitor")")
    until ! owner "$player"; do sleep 0.05; done
  done
  kill $n $d; wait $n $d 2> /dev/null || true
  local sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  echo "| $B | ${sorted[$((N / 2))]} ms | ${sorted[0]} ms | ${sorted[$((N - 1))]} ms |"
}

echo "Timers.Stop to $player gone, $N stops each:"
echo
echo "| programs | median | min | max |"
echo "|---|---|---|---|"
for B in "$@"; do measure "$B"; done

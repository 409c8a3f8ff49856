#!/usr/bin/env bash
# Produces docs/screenshots/*.png: what a person sees of islet, in both notification styles
# and in a polybar panel. Everything runs privately: its own X server (Xvfb), its own session
# bus, dunst with Tests/Fixtures/dunstrc, a throwaway database.
#   docs/screenshots/make-screenshots.sh [BIN_DIR]     (default: swift build --show-bin-path)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/docs/screenshots
bin=${1:-$(swift build --show-bin-path)}
for tool in Xvfb dunst import polybar dbus-daemon; do
  command -v "$tool" >/dev/null || { echo "missing $tool: run packaging/install-deps --with-desktop" >&2; exit 1; }
done

if [ -z "${ISLET_SCREENSHOTS_INNER:-}" ]; then
  export ISLET_SCREENSHOTS_INNER=1
  exec dbus-run-session -- "$0" "$bin"
fi

work=$(mktemp -d)
pids=()
cleanup() { kill -9 "${pids[@]}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

Xvfb :77 -screen 0 900x300x24 -nolisten tcp >/dev/null 2>&1 & pids+=($!)
export DISPLAY=:77
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
# A desktop-like backdrop.
import -window root -size 900x300 xc:"#2b3440" "$work/bg.png" 2>/dev/null || true

"$bin/isletd" --database "$work/islet.sqlite" --log-level warning & pids+=($!)
dunst -config "$root/Tests/Fixtures/dunstrc" >/dev/null 2>&1 & pids+=($!)
sleep 0.5

call() { dbus-send --session --print-reply=literal --dest=org.islet.Islet1 /org/islet/Islet1 "org.islet.Islet1.$@" >/dev/null; }
shot() {  # name: the notification area, top centre
  sleep 0.6
  import -window root -crop 420x120+240+0 +repage "$out/$1.png"
  echo "wrote docs/screenshots/$1.png"
}
now_usec() { echo $(( $(date +%s%N) / 1000 )); }

fast=0
for style in standard minimal; do
  fast=$((fast + 1))
  "$bin/islet-notify" --style "$style" & bridge=$!; pids+=($bridge)
  sleep 0.4
  # A fast with a 16-hour goal begun 12:47 ago.
  call Fasting.SetGoal uint64:57600
  call Fasting.StartFastAt uint64:$(( $(now_usec) - 46071000000 ))
  shot "notification-$style-fast"
  # Goal reached.
  call Fasting.SetActiveFastGoal uint64:45900
  shot "notification-$style-goal-reached"
  dunstctl close-all  # the announcement stays until dismissed: dismiss it for the next pictures
  # A workout: phases over rounds, then paused.
  call Timers.StartIntervals string:gym string:Workout array:string:Work,Rest array:uint64:40,20 uint32:8
  sleep 1.2
  shot "notification-$style-timer"
  call Timers.Pause string:gym
  shot "notification-$style-paused"
  call Timers.Stop string:gym
  # A five-minute countdown, and a finished one.
  call Timers.Start string:boring string:Countdown uint64:300
  shot "notification-$style-countdown"
  call Timers.Start string:boring string:Tea uint64:1
  sleep 1.2
  shot "notification-$style-completed"
  call Fasting.StopFast
  call Fasting.DeleteFast uint64:$fast  # so that the next style's fast may start at the same time
  call Timers.Stop string:boring 2>/dev/null || true
  kill -9 "$bridge" 2>/dev/null; wait "$bridge" 2>/dev/null || true; sleep 0.3
  dunstctl close-all
done

# polybar with `islet watch --format polybar` in a bar at the top.
mkdir -p "$work/polybar"
cat > "$work/polybar/config.ini" <<INI
[bar/islet]
width = 100%
height = 28
background = #0a0a0a
foreground = #dddddd
font-0 = DejaVu Sans:size=11;2
padding = 2
modules-left = title
modules-right = islet
[module/title]
type = custom/text
content = islet demo
[module/islet]
type = custom/script
exec = $bin/islet watch --format polybar
tail = true
INI
call Timers.StartIntervals string:gym string:Workout array:string:Work,Rest array:uint64:40,20 uint32:8
polybar -c "$work/polybar/config.ini" -q islet >/dev/null 2>&1 & pids+=($!)
sleep 2.5
import -window root -crop 900x28+0+0 +repage "$out/polybar-standard.png"; echo "wrote docs/screenshots/polybar-standard.png"
kill -9 "${pids[-1]}"
sed -i "s|exec = .*|exec = $bin/islet watch --format polybar --style minimal|" "$work/polybar/config.ini"
polybar -c "$work/polybar/config.ini" -q islet >/dev/null 2>&1 & pids+=($!)
sleep 2.5
import -window root -crop 900x28+0+0 +repage "$out/polybar-minimal.png"; echo "wrote docs/screenshots/polybar-minimal.png"

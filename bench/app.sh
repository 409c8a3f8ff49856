#!/usr/bin/env bash
# The app (islet-app, as `make release` builds it) under Xvfb on a private bus with isletd:
# start to first frame, resident memory, wake-ups shown and hidden, CPU per second while the
# Fast page counts; with BARE (bench/reference/bare-adw-window built), start and memory side by
# side with a bare libadwaita window, the starts interleaved. Prints markdown (bench/RESULTS.md,
# "The app").
#   bench/app.sh BIN_DIR [RUNS] [BARE]
set -euo pipefail
bin=$(cd "${1:?usage: bench/app.sh BIN_DIR [RUNS]}" && pwd)
runs=${2:-7}
bare=${3:-}
if [ -z "${ISLET_BENCH_INNER:-}" ]; then
  export ISLET_BENCH_INNER=1
  exec env -u DISPLAY -u WAYLAND_DISPLAY LANG=C.UTF-8 dbus-run-session -- "$0" "$@"
fi
work=$(mktemp -d)
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; pkill -f "$bin/islet-app" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 & pids+=($!)
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=:$(head -1 "$work/display") GSETTINGS_BACKEND=memory XDG_RUNTIME_DIR=$work HOME=$work
# No screen reader here: GTK's accessibility bridge stays off, as on most desktops.
export GTK_A11Y=none
"$bin/isletd" --database "$work/islet.sqlite" --log-level warning & pids+=($!)
for _ in $(seq 50); do "$bin/islet" goal show >/dev/null 2>&1 && break; sleep 0.1; done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# Start to first frame: from just before exec to the first frame the window painted; with a
# bare window to compare, its start next to each of islet-app's (the same machine state).
first_frame() {  # first_frame PROGRAM NAME: milliseconds from exec to its first frame
  local start frame program=$1
  start=$(date +%s%6N)
  ISLET_APP_REPORT_FIRST_FRAME=1 "$program" 2>"$work/frame.log" & app=$!
  for _ in $(seq 200); do grep -q first-frame-usec "$work/frame.log" && break; sleep 0.025; done
  frame=$(sed -n 's/^first-frame-usec //p' "$work/frame.log" | head -1)
  kill "$app"; wait "$app" 2>/dev/null || true
  echo $(( (frame - start) / 1000 ))
  # The main thread's CPU time to that frame, in tenths of a ms, to a second file.
  sed -n 's/^first-frame-cpu-usec //p' "$work/frame.log" | head -1 | awk '{print int($1 / 100)}' >> "$work/cpu-$2"
}
: > "$work/frames"; : > "$work/bare-frames"; : > "$work/cpu-app"; : > "$work/cpu-bare"
# In pairs, the order turned each round (neither always starts on the other's warm caches); each
# pair's ratio too, whose median a drift of the machine's speed over the run moves least.
for i in $(seq "$runs"); do
  if [ -n "$bare" ] && [ $((i % 2)) = 0 ]; then
    first_frame "$bare" bare >> "$work/bare-frames"
    first_frame "$bin/islet-app" app >> "$work/frames"
  else
    first_frame "$bin/islet-app" app >> "$work/frames"
    if [ -n "$bare" ]; then first_frame "$bare" bare >> "$work/bare-frames"; fi
  fi
done
if [ -n "$bare" ]; then
  "$bare" 2>/dev/null & app=$!
  sleep 3
  bare_rss=$(awk '/^VmRSS/ {print $2}' /proc/$app/status)
  kill "$app"; wait "$app" 2>/dev/null || true
fi

threads_switches() {  # voluntary + involuntary context switches of every thread of $1
  cat /proc/"$1"/task/*/status 2>/dev/null | awk '/ctxt_switches/ {n += $2} END {print n}'
}
cpu_ticks() { awk '{print $14 + $15}' /proc/"$1"/stat; }
window() { xdotool search --name '^islet$' | head -1; }

"$bin/islet" fast start --at=-3h >/dev/null
"$bin/islet-app" 2>/dev/null & app=$!
for _ in $(seq 100); do [ -n "$(window)" ] && break; sleep 0.1; done
sleep 3
rss=$(awk '/^VmRSS/ {print $2}' /proc/$app/status)
pss=$(awk '/^Pss:/ {print $2}' /proc/$app/smaps_rollup)
measure() {  # measure SECONDS: wake-ups per second and CPU ms per second of the app
  local s0 c0 s1 c1 hz
  hz=$(getconf CLK_TCK)
  s0=$(threads_switches $app); c0=$(cpu_ticks $app)
  sleep "$1"
  s1=$(threads_switches $app); c1=$(cpu_ticks $app)
  # A thread that ends in between takes its switches along: never below 0.
  awk -v s=$((s1 - s0)) -v c=$((c1 - c0)) -v t="$1" -v hz="$hz" 'BEGIN {if (s < 0) s = 0; printf "%.1f %.2f\n", s / t, c * 1000 / hz / t}'
}
read -r shown_wakeups shown_cpu < <(measure 20)
xdotool windowunmap "$(window)"
sleep 1
read -r hidden_wakeups hidden_cpu < <(measure 20)
xdotool windowmap "$(window)"
"$bin/islet" fast stop >/dev/null
sleep 1
read -r idle_wakeups idle_cpu < <(measure 20)
kill "$app"

echo "| islet-app ($(date +%F), $runs starts) | figure |"
echo "| --- | --- |"
echo "| start to first frame, median (spread) | $(median < "$work/frames") ms ($(sort -n "$work/frames" | head -1) to $(sort -n "$work/frames" | tail -1) ms) |"
mib() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }  # KiB as MiB, to a tenth
echo "| resident, the Fast page counting | VmRSS $(mib "$rss") MiB, PSS $(mib "$pss") MiB |"
echo "| shown, a fast counting each second | $shown_wakeups wake-ups/s, $shown_cpu ms CPU/s |"
echo "| hidden (unmapped), the fast running | $hidden_wakeups wake-ups/s, $hidden_cpu ms CPU/s |"
echo "| shown, nothing counting | $idle_wakeups wake-ups/s, $idle_cpu ms CPU/s |"
if [ -n "$bare" ]; then
  app_ms=$(median < "$work/frames"); bare_ms=$(median < "$work/bare-frames")
  echo
  echo "| side by side ($runs starts each, interleaved) | islet-app | a bare libadwaita window | islet-app / bare |"
  echo "| --- | --- | --- | --- |"
  echo "| start to first frame, median | $app_ms ms | $bare_ms ms | $(awk -v a="$app_ms" -v b="$bare_ms" 'BEGIN {printf "%.2f", a / b}') |"
  pair_ratio=$(paste "$work/frames" "$work/bare-frames" | awk '{printf "%.4f\n", $1 / $2}' | median)
  echo "| start to first frame, each start over its pair's, median | | | $(awk -v r="$pair_ratio" 'BEGIN {printf "%.2f", r}') |"
  app_cpu=$(median < "$work/cpu-app"); bare_cpu=$(median < "$work/cpu-bare")
  echo "| main thread's CPU to the first frame, median | $(awk -v t="$app_cpu" 'BEGIN {printf "%.1f", t / 10}') ms | $(awk -v t="$bare_cpu" 'BEGIN {printf "%.1f", t / 10}') ms | $(awk -v a="$app_cpu" -v b="$bare_cpu" 'BEGIN {printf "%.2f", a / b}') |"
  echo "| resident (VmRSS) | $(mib "$rss") MiB | $(mib "$bare_rss") MiB | +$(mib $((rss - bare_rss))) MiB |"
fi

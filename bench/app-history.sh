#!/usr/bin/env bash
# The app's History page at 0, 10^2, 10^4 and 10^5 fasts (issue 44), two builds side by side
# in one run: from start (on the History page) until the app is idle, the CPU it used, its
# resident memory once idle, and a revisit (the Fast page, then History again) until idle.
# "Idle": no CPU tick for half a second. Also the import of the history (islet history import).
# Prints markdown (bench/RESULTS.md, "History at any size").
#   [SIZES="0 100000"] bench/app-history.sh NEW_BIN_DIR [OLD_BIN_DIR] [RUNS]
# isletd, islet and the new islet-app come from NEW_BIN_DIR; OLD_BIN_DIR's islet-app is the
# one compared (the same isletd serves both).
set -euo pipefail
new=$(cd "${1:?usage: bench/app-history.sh NEW_BIN_DIR [OLD_BIN_DIR] [RUNS]}" && pwd)
old=${2:+$(cd "$2" && pwd)}
runs=${3:-3}
if [ -z "${ISLET_BENCH_INNER:-}" ]; then
  export ISLET_BENCH_INNER=1
  exec env -u DISPLAY -u WAYLAND_DISPLAY LANG=C.UTF-8 dbus-run-session -- "$0" "$@"
fi
work=$(mktemp -d)
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; pkill -f "islet-app --page" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 & pids+=($!)
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=:$(head -1 "$work/display") GSETTINGS_BACKEND=memory XDG_RUNTIME_DIR=$work HOME=$work
# No screen reader here: GTK's accessibility bridge stays off, as on most desktops.
export GTK_A11Y=none
hz=$(getconf CLK_TCK)
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
cpu_ticks() { awk '{print $14 + $15}' /proc/"$1"/stat; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# Waits until process $1 used no CPU for 500 ms; prints "WALL_MS CPU_MS" since $2 (ms) and
# $3 (ticks).
until_idle() {
  local pid=$1 since=$2 ticks0=$3 last changed quiet=0 t
  last=$(cpu_ticks "$pid"); changed=$(now_ms)
  for _ in $(seq 3600); do
    sleep 0.05
    t=$(cpu_ticks "$pid")
    if [ "$t" != "$last" ]; then last=$t; changed=$(now_ms); quiet=0; else quiet=$((quiet + 1)); fi
    [ "$quiet" -ge 10 ] && break
  done
  echo "$((changed - since)) $(( (last - ticks0) * 1000 / hz ))"
}

history_file() {  # history_file N: N fasts, one a day, notes on every fourth
  python3 - "$1" <<'PY'
import sys, time
n = int(sys.argv[1]); now = int(time.time()) * 1000000; hour = 3600 * 1000000
# A fast a day; past 30,000 (82 years) one every 4 hours, 2 or 3 hours long, so that 10^5
# fit after 1970.
step, length = (24, 10) if n <= 30000 else (4, 2)
print("started_at_usec,ended_at_usec,goal_seconds,note,rating")
for i in range(n):
    start = now - (i + 1) * step * hour
    end = start + (length + i % 2) * hour
    note = "" if i % 4 else f"Day {i}: felt good, coffee at 10"
    print(f'{start},{end},{57600 if i % 2 == 0 else 0},"{note}",{i % 6}')
PY
}

sizes=${SIZES:-0 100 10000 100000}
echo "| fasts | app | start until idle, median (CPU) | resident once idle | Fast page, then History again: until idle (CPU) |"
echo "| --- | --- | --- | --- | --- |"
imports=()
scrolls=()
for n in $sizes; do
  db=$work/islet-$n.sqlite
  "$new/isletd" --database "$db" --log-level warning & daemon=$!
  for _ in $(seq 50); do "$new/islet" goal show >/dev/null 2>&1 && break; sleep 0.1; done
  if [ "$n" -gt 0 ]; then
    history_file "$n" > "$work/history.csv"
    t0=$(now_ms)
    "$new/islet" history import "$work/history.csv" >/dev/null
    imports+=("$n fasts: $(( $(now_ms) - t0 )) ms")
  fi
  for app in ${old:+old} new; do
    bin=$new; [ "$app" = old ] && bin=$old
    : > "$work/start"; : > "$work/cpu"; : > "$work/rss"; : > "$work/again"; : > "$work/againcpu"
    n_runs=$runs
    # The old page at 10^5 fasts takes minutes a start: once is enough to know.
    [ "$app" = old ] && [ "$n" -ge 100000 ] && n_runs=1
    for _ in $(seq "$n_runs"); do
      since=$(now_ms)
      "$bin/islet-app" --page history 2>/dev/null & pid=$!
      read -r wall cpu < <(until_idle "$pid" "$since" 0)
      echo "$wall" >> "$work/start"; echo "$cpu" >> "$work/cpu"
      awk '/^VmRSS/ {print int($2 / 1024)}' /proc/$pid/status >> "$work/rss"
      "$new/islet" open fast >/dev/null 2>&1
      until_idle "$pid" "$(now_ms)" "$(cpu_ticks $pid)" >/dev/null
      since=$(now_ms); ticks=$(cpu_ticks $pid)
      "$new/islet" open history >/dev/null 2>&1
      read -r wall cpu < <(until_idle "$pid" "$since" "$ticks")
      echo "$wall" >> "$work/again"; echo "$cpu" >> "$work/againcpu"
      kill "$pid"; wait "$pid" 2>/dev/null || true
    done
    echo "| $n | $app | $(median < "$work/start") ms ($(median < "$work/cpu") ms) | $(median < "$work/rss") MiB | $(median < "$work/again") ms ($(median < "$work/againcpu") ms) |"
  done
  if [ "$n" -ge 10000 ]; then
    # Scrolling the whole list: the scrollbar dragged from top to bottom in 2 s (a press on its
    # trough warps the slider there), GTK's main thread's longest stretch of work meanwhile
    # (the app reports each of 4 ms or more: ISLET_APP_REPORT_BUSY). The cairo renderer: Mesa's
    # llvmpipe draws a frame on the CPU in this same thread, which is not the app's work.
    GSK_RENDERER=cairo ISLET_APP_REPORT_BUSY=1 "$new/islet-app" --page history 2>"$work/busy" & pid=$!
    until_idle "$pid" "$(now_ms)" 0 >/dev/null
    win=$(xdotool search --name '^islet$' | head -1)
    eval "$(xdotool getwindowgeometry --shell "$win")"
    # The scrollbar's trough, inside the window's shadow; shown once the pointer moves over the
    # list towards it.
    x=$((WIDTH - 11)); top=120; bottom=$((HEIGHT - 12))
    xdotool mousemove --window "$win" $((x - 40)) 300; sleep 0.3
    xdotool mousemove --window "$win" "$x" "$top"; sleep 0.3
    from=$(date +%s%6N)
    xdotool mousedown 1
    for step in $(seq 1 50); do xdotool mousemove --window "$win" "$x" $((top + (bottom - top) * step / 50)); sleep 0.04; done
    xdotool mouseup 1
    until_idle "$pid" "$(now_ms)" "$(cpu_ticks $pid)" >/dev/null
    to=$(date +%s%6N)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    scrolls+=("$n fasts: $(awk -v from="$from" -v to="$to" '$1 == "busy-usec" && $4 >= from && $4 <= to {n++; if ($2 > m) m = $2; if ($2 >= 16667) late++} END {printf "%d stretches of 4 ms or more, the longest %.1f ms, %d over 16.7 ms", n, m / 1000, late}' "$work/busy")")
  fi
  kill "$daemon"; wait "$daemon" 2>/dev/null || true
done
echo
echo "islet history import (a dry run and the import, each through isletd): ${imports[*]}"
echo
for line in "${scrolls[@]}"; do echo "Scrolling top to bottom, $line."; done

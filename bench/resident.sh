#!/usr/bin/env bash
# Resident memory of the release programs as people run them, against the targets in
# packaging/budgets: isletd with a 10-minute timer live, islet-notify showing it on a real dunst
# (Xvfb), VmRSS read 5 s after islet-notify starts; RUNS runs (default 5), the median checked.
# Run under a bus of its own: dbus-run-session -- bench/resident.sh [BIN_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$PWD/.build-static/release}
runs=${RUNS:-5}
notify=() daemon=()
for _ in $(seq "$runs"); do
  work=$(mktemp -d)
  Xvfb -displayfd 4 -nolisten tcp 4>"$work/display" >/dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
  DISPLAY=":$(head -1 "$work/display")" dunst -config /dev/null >/dev/null 2>&1 &
  dunst=$!
  XDG_DATA_HOME=$work/data "$bin/isletd" --database "$work/islet.sqlite" --log-level error &
  isletd=$!
  sleep 0.5
  "$bin/islet" timer start Tea 10m >/dev/null
  XDG_CONFIG_HOME=$work/config "$bin/islet-notify" >/dev/null 2>&1 &
  bridge=$!
  sleep 5
  notify+=("$(awk '/^VmRSS:/ { print $2 * 1024 }' "/proc/$bridge/status")")
  daemon+=("$(awk '/^VmRSS:/ { print $2 * 1024 }' "/proc/$isletd/status")")
  kill "$bridge" "$isletd" "$dunst" "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
range() { printf '%s\n' "$@" | sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f to %.2f MiB", lo / 1048576, hi / 1048576 }'; }
echo "islet-notify resident over $runs runs: $(range "${notify[@]}")"
echo "isletd resident over $runs runs: $(range "${daemon[@]}")"
status=0
packaging/check-budget islet-notify.resident "$(median "${notify[@]}")" || status=1
packaging/check-budget isletd.resident "$(median "${daemon[@]}")" || status=1
exit $status

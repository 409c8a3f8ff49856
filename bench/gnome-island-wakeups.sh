#!/usr/bin/env bash
# gnome-shell's wake-ups with islet's extension (packaging/gnome-shell) enabled and no live
# activity, against the extension disabled, on a headless GNOME Shell 43 (as in
# Tests/Desktops/gnome-island.sh); and with a paused timer, which must not tick either.
# Each figure: 60 s of gnome-shell's voluntary context switches (all threads) and CPU ticks.
#   bench/gnome-island-wakeups.sh [BIN_DIR] [SECONDS]    (make -C bench gnome-island)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=${1:-$(swift build --show-bin-path)}
seconds=${2:-60}
here=$root/Tests/Desktops
mkdir -p "$root/.build-desktops"
results=$root/.build-desktops/bench-results.txt
. "$here/common.sh"
. "$here/gnome-island.sh"
setup gnome-island-bench
start_xvfb :95 || { echo "Xvfb did not start"; exit 1; }
start_system_bus
start_bus filtered
"$root/packaging/gnome-shell/build" 43 "$XDG_DATA_HOME/gnome-shell/extensions" >/dev/null
start_server || { echo "gnome-shell did not start"; exit 1; }
start_islet
toggle() { island_eval "Main.extensionManager.${1}Extension('$island_uuid'); true" >/dev/null; }
switches() { cat /proc/"$server_pid"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/{s+=$2} END{print s}'; }
ticks() { awk '{print $14+$15}' /proc/"$server_pid"/stat; }
measure() {
  sleep 5  # let what the change started settle
  local a t
  a=$(switches); t=$(ticks)
  sleep "$seconds"
  printf '| %s | %d | %d |\n' "$1" $(( $(switches) - a )) $(( $(ticks) - t ))
}
echo "gnome-shell 43 (Xvfb, headless), $seconds s each:"
echo
echo "| extension | voluntary switches | CPU ticks (1/100 s) |"
echo "| --- | --- | --- |"
# Three pairs, alternating, so that the shell's own drift shows as drift.
for round in 1 2 3; do
  toggle disable
  measure "disabled ($round)"
  toggle enable
  measure "enabled, no activity ($round)"
done
islet timer start Tea 30m >/dev/null
islet timer pause >/dev/null
measure "enabled, a paused timer on the island"
islet timer resume >/dev/null
measure "enabled, a running timer (the bar redrawn each second)"
islet timer stop >/dev/null

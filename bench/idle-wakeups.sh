#!/usr/bin/env bash
# isletd with a 10-minute timer and a 16-hour fast running, a fasting schedule whose next
# reminder is hours away and stages announced (issue 45), far from any deadline: does it wake?
# Run under a bus of its own: dbus-run-session -- bench/idle-wakeups.sh
B="$(cd "$(dirname "$0")/.." && swift build -c release --show-bin-path)"
rm -rf "${TMPDIR:-/tmp}/islet-wake"; $B/isletd --database "${TMPDIR:-/tmp}/islet-wake"/i.sqlite --log-level error & P=$!; sleep 1
dbus-send --session --print-reply --dest=org.islet.Islet1 /org/islet/Islet1 org.islet.Islet1.Timers.Start string:ten string:Ten uint64:600 > /dev/null
dbus-send --session --print-reply --dest=org.islet.Islet1 /org/islet/Islet1 org.islet.Islet1.Fasting.SetGoal uint64:57600 > /dev/null
dbus-send --session --print-reply --dest=org.islet.Islet1 /org/islet/Islet1 org.islet.Islet1.Fasting.StartFast > /dev/null
due=$(( ($(date +%-H) * 60 + $(date +%-M) + 180) % 1440 ))
$B/islet schedule set "$(printf '%02d:%02d' $((due / 60)) $((due % 60)))" > /dev/null
$B/islet settings stages announce > /dev/null
sleep 10  # let idle worker threads end first
switches() { cat /proc/$P/task/*/status | awk '/^voluntary_ctxt_switches/{s+=$2} END{print s}'; }
a=$(switches); t1=$(awk '{print $14+$15}' /proc/$P/stat)
sleep 30
b=$(switches); t2=$(awk '{print $14+$15}' /proc/$P/stat)
echo "30 s with a 10-minute timer, a 16-hour fast, stages announced and a schedule's reminder 2 h away: voluntary switches (all threads) $((b-a)), CPU ticks $((t2-t1))"
kill $P

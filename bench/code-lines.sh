#!/bin/bash
# What one call costs each server, counted by callgrind rather than timed: instructions, and the
# 64-byte lines of code the call runs (bench/code-lines.py). isletd (with 100,000 fasts),
# payload-echo and dbus-test-tool echo in turn, each answering COUNT serial Properties.Get and
# Fasting.ListFasts(0, 10) calls from call-loop (plain libdbus) on a private bus; collection is
# switched on only around those calls.
#
# usage: code-lines.sh ISLETD TOOLS [COUNT]   (TOOLS: where islet-bench, payload-echo and
#                                              call-loop were built)
set -euo pipefail
isletd=$1; tools=$2; count=${3:-2000}
here=$(cd "$(dirname "$0")" && pwd)
for tool in valgrind callgrind_control dbus-daemon dbus-send dbus-test-tool python3; do
    command -v $tool >/dev/null || { echo "code-lines: needs $tool" >&2; exit 1; }
done
for file in "$isletd" "$tools/islet-bench" "$tools/payload-echo" "$tools/call-loop"; do
    [ -x "$file" ] || { echo "code-lines: $file is missing (make -C bench reference)" >&2; exit 1; }
done
work=$(mktemp -d)
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    [ -f "$work/bus.pid" ] && kill "$(cat "$work/bus.pid")" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
"$tools/islet-bench" fill "$work/islet.sqlite" 100000 >/dev/null
dbus-daemon --session --fork --print-address=3 --print-pid=4 3>"$work/bus.address" 4>"$work/bus.pid"
export DBUS_SESSION_BUS_ADDRESS=$(cat "$work/bus.address")
name=org.islet.Islet1

owned() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetNameOwner \
        string:$name >/dev/null 2>&1
}

# measure LABEL CALL COMMAND...: the command, under callgrind, serving COUNT calls of CALL.
measure() {
    local label=$1 call=$2; shift 2
    local profile=$work/$label-$call.callgrind
    valgrind --tool=callgrind --instr-atstart=no --dump-instr=yes --callgrind-out-file="$profile" "$@" \
        >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 600); do owned && break; sleep 0.1; done
    owned || { echo "code-lines: $label did not take $name" >&2; exit 1; }
    "$tools/call-loop" 20 $call $name
    callgrind_control -i on $server >/dev/null 2>&1
    "$tools/call-loop" "$count" $call $name
    callgrind_control -i off $server >/dev/null 2>&1
    kill $server
    wait $server 2>/dev/null || true
    server=
    for _ in $(seq 100); do owned || break; sleep 0.1; done
    echo "### $label, $call"
    echo '```'
    python3 "$here/code-lines.py" "$profile" "$count"
    echo '```'
}

echo "## What a call costs each server (bench/code-lines.sh, $count calls, callgrind)"
echo
for call in get list; do
    measure isletd $call "$isletd" --database "$work/islet.sqlite" --address "$DBUS_SESSION_BUS_ADDRESS"
    measure payload-echo $call "$tools/payload-echo" "$DBUS_SESSION_BUS_ADDRESS" $name
    measure dbus-test-tool-echo $call dbus-test-tool echo --name=$name
done

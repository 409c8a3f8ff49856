#!/usr/bin/env bash
# isletd's resident memory in a locale: a private bus, isletd with an empty database, 50 rounds
# of calls, then its VmRSS after 2 s. `words`: calls answered with translated text
# (ListPresets, a refused StartFast, GetAll); `quiet`: calls that are not (GetAll, GetStatus),
# as most of a day's calls are. `make -C bench translation` runs it under C.UTF-8 and
# de_DE.UTF-8, in turns.
#   bench/isletd-locale.sh ISLETD LOCALE words|quiet [LOCALEDIR]     prints: KiB
set -euo pipefail
isletd=$1 locale=$2 mode=$3 localedir=${4:-}
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
dbus-daemon --session --nofork --print-address=3 3>"$work/address" 2>/dev/null &
for _ in $(seq 100); do [ -s "$work/address" ] && break; sleep 0.05; done
address=$(head -1 "$work/address")
env -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG="$locale" ${localedir:+ISLET_LOCALEDIR=$localedir} \
  "$isletd" --address "$address" --database "$work/islet.sqlite" --log-level error &
pid=$!
call() { dbus-send --bus="$address" --print-reply --dest=org.islet.Islet1 /org/islet/Islet1 "$@" >/dev/null 2>&1 || true; }
for _ in $(seq 100); do
  dbus-send --bus="$address" --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.islet.Islet1 2>/dev/null | grep -q true && break
  sleep 0.05
done
call org.islet.Islet1.Fasting.StartFast
for _ in $(seq 50); do
  if [ "$mode" = words ]; then
    call org.islet.Islet1.Fasting.ListPresets
    call org.islet.Islet1.Fasting.StartFast
  else
    call org.islet.Islet1.LiveActivity.Get
  fi
  call org.freedesktop.DBus.Properties.GetAll string:org.islet.Islet1.Fasting
done
sleep 2
awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"

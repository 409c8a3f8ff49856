# Phosh (GNOME's phone shell; 0.46 on Debian 13), headless: phoc with the headless backend and
# the pixman renderer, phosh started unlocked (-U), pictures with grim, the screen read by
# tesseract. Phosh is the notification server. Runs only where phosh is installed (`make
# desktops DEBIAN=13 SERVERS=phosh`, in the chroot). Pictures: docs/screenshots/debian13/phosh-*.png.
run_server() {
  setup phosh
  start_bus noact
  start_phosh || { record FAIL "phosh starts" "$(tail -5 "$work/phoc.log")"; return; }
  phosh_scenario
}

start_phosh() {
  command -v phoc >/dev/null || return 1
  export GSETTINGS_BACKEND=keyfile XDG_CURRENT_DESKTOP=Phosh:GNOME
  gsettings set org.gnome.desktop.notifications show-in-lock-screen true
  WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    phoc -S -C /usr/share/phosh/phoc.ini -E "/usr/libexec/phosh -U" >"$work/phoc.log" 2>&1 & server_pid=$!
  pids+=($server_pid)
  for _ in $(seq 100); do grep -q "Phosh ready" "$work/phoc.log" && break; sleep 0.2; done
  grep -q "Phosh ready" "$work/phoc.log" || return 1
  WAYLAND_DISPLAY=$(ls "$XDG_RUNTIME_DIR" | grep -E '^wayland-[0-9]+$' | head -1)
  export WAYLAND_DISPLAY
  wait_owner org.freedesktop.Notifications
}

phosh_shot() { grim "$out/phosh-$1.png"; }
# ocr_has FILE WORD...: every word is read on the picture (enlarged 3x; negated: a dark screen).
ocr_has() {
  local file=$1; shift
  convert "$file" -alpha off -resize 300% -negate "$work/ocr.png"
  local text; text=$(tesseract "$work/ocr.png" - --psm 11 2>/dev/null)
  for word in "$@"; do grep -qF -- "$word" <<<"$text" || return 1; done
}
# The top of the phone's screen, where a banner sits (the status bar's clock aside).
banner_shows() {  # banner_shows WORD
  grim "$work/now.png" && convert "$work/now.png" -crop 720x420+0+60 +repage "$work/top.png" && ocr_has "$work/top.png" "$1"
}
# Lock: Phosh's ScreenSaver locks and blanks; PowerSaveMode 3 then 0 lights the output again.
lock_phone() {
  gdbus call --session --dest org.gnome.ScreenSaver --object-path /org/gnome/ScreenSaver \
    --method org.gnome.ScreenSaver.SetActive true >/dev/null
  sleep 1.5
  light_up
}
light_up() {
  for mode in 3 0; do
    gdbus call --session --dest org.gnome.Mutter.DisplayConfig --object-path /org/gnome/Mutter/DisplayConfig \
      --method org.freedesktop.DBus.Properties.Set org.gnome.Mutter.DisplayConfig PowerSaveMode "<$mode>" >/dev/null
    sleep 0.4
  done
  sleep 1.5
}

phosh_scenario() {
  local log=$work/notify.log
  start_islet
  start_bridge "$log"
  record NOTE "server" "$(grep -m1 'notification server:' "$log" | sed 's/.*notification server: //; s/, capabilities.*//')"
  check "profile: Phosh's" grep -q 'profile: Phosh Notify Daemon' "$log"

  # A timer with its banner: updated in place, and gone from the top of the screen within
  # 10 s (expire -1: a replaced notification never re-arms Phosh's banner timeout).
  islet timer intervals --title Tea --phase Steep=10m --phase Rest=2m >/dev/null
  sleep 2.5
  phosh_shot banner
  check "banner: the time and the buttons" ocr_has "$out/phosh-banner.png" Tea Steep Pause Stop
  check "the live notification takes the server's timeout" wait_log "$log" 'Notify replaces [0-9]+: "Tea" .*expires -1' 30
  sleep 8.5
  phosh_shot banner-later
  if banner_shows Steep; then record FAIL "the banner leaves within 10 s" "still over the screen"; else record PASS "the banner leaves within 10 s"; fi
  record NOTE "media player's art" "$(playerctl metadata mpris:artUrl 2>&1 | head -1)"

  # The lock screen: the live notification with its time and buttons (X-Phosh-Lockscreen-
  # Actions in org.islet.Islet.desktop), running, paused and done.
  lock_phone
  phosh_shot lock-running
  check "lock screen: the time and Pause, +1 min, Stop" ocr_has "$out/phosh-lock-running.png" Tea Steep Pause Stop
  islet timer pause >/dev/null
  sleep 2
  light_up
  phosh_shot lock-paused
  check "lock screen, paused: Resume" ocr_has "$out/phosh-lock-paused.png" Paused Resume
  islet timer stop >/dev/null
  islet timer start Eggs 3s >/dev/null
  check "a timer's end is announced critical (it wakes the screen)" wait_log "$log" 'announcing done:[^)]*\): "Eggs" .*urgency critical' 80
  sleep 1.5
  light_up
  phosh_shot lock-done
  # "3 seconds" is the notice's alone (the media widget beside it says "00:00 · Done").
  check "lock screen: the finished timer says Done" ocr_has "$out/phosh-lock-done.png" Eggs Done seconds
  check "phosh alive at the end" kill -0 "$server_pid"
  check "islet-notify alive at the end" kill -0 "$bridge_pid"
}

# Phosh (GNOME's phone shell; 0.46 on Debian 13), headless: phoc with the headless backend and
# the pixman renderer, phosh started unlocked (-U), pictures with grim, the screen read by
# tesseract. Phosh is the notification server. Runs only where phosh is installed (`make
# desktops DEBIAN=13 SERVERS=phosh`, in the chroot). Pictures: docs/screenshots/debian13/phosh-*.png.
run_server() {
  setup phosh
  # The programs as `make install` lays them out, islet's icon beside them: the media widget's
  # art (mpris:artUrl) is that icon.
  mkdir -p "$work/prefix/bin"
  cp "$bin/isletd" "$bin/islet" "$bin/islet-notify" "$bin/islet-app" "$work/prefix/bin/"
  install -Dm644 "$root/packaging/icons/org.islet.Islet.App.svg" "$work/prefix/share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg"
  # And where the icon theme finds it (make install's share/icons): the notifications' header.
  install -Dm644 "$root/packaging/icons/org.islet.Islet.App.svg" "$XDG_DATA_HOME/icons/hicolor/scalable/apps/org.islet.Islet.App.svg"
  bin=$work/prefix/bin
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

finished_at_end() {
  [ "$(playerctl status 2>/dev/null)" = Paused ] || return 1
  local length position
  length=$(playerctl metadata mpris:length 2>/dev/null)
  position=$(dbus-send --session --print-reply=literal --dest=org.mpris.MediaPlayer2.islet /org/mpris/MediaPlayer2 \
    org.freedesktop.DBus.Properties.Get string:org.mpris.MediaPlayer2.Player string:Position 2>/dev/null | awk '{print $NF}')
  [ -n "$length" ] && [ "$length" = "$position" ]
}
phosh_shot() { grim "$out/phosh-$1.png"; }
# ocr_has FILE WORD...: every word is read on the picture (grey, enlarged 3x, negated: a dark
# screen; thresholded, or the media widget's coloured art hides the rest from tesseract).
ocr_has() {
  local file=$1; shift
  convert "$file" -alpha off -colorspace Gray -resize 300% -negate -threshold 60% "$work/ocr.png"
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
  # Phosh's home settles first: a notification that arrives while it is still starting up
  # gets no banner (seen: a few hundred milliseconds either way decided it).
  sleep 4
  islet timer intervals --title Tea --phase Steep=10m --phase Rest=2m >/dev/null
  sleep 2.5
  phosh_shot banner
  check "banner: the time and the buttons" ocr_has "$out/phosh-banner.png" Tea Steep Pause Stop
  check "the live notification takes the server's timeout" wait_log "$log" 'Notify replaces [0-9]+: "Tea" .*expires -1' 30
  sleep 8.5
  phosh_shot banner-later
  if banner_shows Steep; then record FAIL "the banner leaves within 10 s" "still over the screen"; else record PASS "the banner leaves within 10 s"; fi
  # The drawer (Phosh's top panel, Super+V as a keyboard would): the notification with its
  # time and buttons, and islet's media widget.
  wtype -M logo v -m logo 2>>"$work/wtype.log"
  sleep 1.5
  phosh_shot drawer
  check "drawer: the notification and the media widget (OCR)" ocr_has "$out/phosh-drawer.png" Tea Steep Pause Stop islet
  wtype -M logo v -m logo 2>>"$work/wtype.log"
  sleep 1
  check "the media player's art is islet's icon" bash -c "playerctl metadata mpris:artUrl 2>&1 | grep -qx 'file://$work/prefix/share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg'"

  # islet's app on the phone: a fast running (no goal: the timer keeps the island), the app
  # opened full screen, 360 logical pixels wide at scale 2: its Fast page fits.
  islet fast start --at=-3h >/dev/null
  GDK_BACKEND=wayland GTK_A11Y=none "$bin/islet-app" >"$work/app.log" 2>&1 & app_pid=$!
  pids+=($app_pid)
  sleep 6
  phosh_shot app
  check "the app on the phone: its Fast page at 360 px (OCR: 3:00:0…, Stop Fast)" ocr_has "$out/phosh-app.png" "3:00:" Stop Fast
  kill "$app_pid" 2>/dev/null
  islet fast stop >/dev/null
  sleep 1

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
  # Its media widget's bar full, as a finished timer's is (paused at its end, not Stopped).
  check "the finished player stands at its end (Paused, position = length)" wait_for 30 finished_at_end
  sleep 1.5
  light_up
  phosh_shot lock-done
  # "3 seconds" is the notice's alone (the media widget beside it says "00:00 · Done").
  check "lock screen: the finished timer says Done" ocr_has "$out/phosh-lock-done.png" Eggs Done seconds

  check "phosh alive at the end" kill -0 "$server_pid"
  check "islet-notify alive at the end" kill -0 "$bridge_pid"
}

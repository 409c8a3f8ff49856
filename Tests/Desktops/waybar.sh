# waybar on headless sway (as in sway.sh), fed by `islet watch --format waybar` with the
# shipped stylesheet: the compact view in the bar and the expanded view in its tooltip, in the
# standard and the minimal style. Headless sway has no pointer: Tests/Desktops/pointer/hover (a
# wlroots virtual pointer, built here) holds one over the module so that the tooltip shows.
# Screenshots: docs/screenshots/waybar-*.png (Debian 13: docs/screenshots/debian13/).
. "$here/sway.sh"
. "$here/pomodoro-app.sh"
waybar_start() {  # waybar_start [--style minimal]
  [ -n "${waybar_pid:-}" ] && kill "$waybar_pid" 2>/dev/null
  mkdir -p "$work/desk-home/.config/waybar"
  cat > "$work/desk-home/.config/waybar/config" <<CFG
{ "layer": "top", "position": "top", "height": 30, "modules-center": ["custom/islet"],
  "custom/islet": { "exec": "$work/islet watch --format waybar $*", "return-type": "json", "tooltip": true,
                    "format": "{}" } }
CFG
  cp "$root/packaging/examples/waybar.css" "$work/desk-home/.config/waybar/style.css"
  chown -R "$desk_user" "$work/desk-home"
  desk_spawn waybar >>"$work/waybar.log" 2>&1 & waybar_pid=$!
  pids+=($waybar_pid)
  sleep 2
}
hover_shot() {  # hover_shot NAME: the pointer over the module, then the top of the screen
  (as_desk "$work/hover" 512 27 5 >>"$work/hover.log" 2>&1 &)
  sleep 2.5
  as_desk grim -g "0,0 1024x140" "$swayrt/shot.png" && cp "$swayrt/shot.png" "$screens/waybar-$1.png"
  sleep 3
}
shot_says() {  # shot_says NAME bar|pill|tooltip PATTERN...: the module in the bar (pill: its middle, one line), or the tooltip below it
  local crop=360x30+332+0 psm=11
  [ "$2" = tooltip ] && crop=400x140+312+30 && psm=6
  [ "$2" = pill ] && crop=240x30+392+0 && psm=7
  # Light text on a dark bar (waybar 0.9), or a dark pill on a light bar (0.12): read both ways.
  convert "$screens/waybar-$1.png" -crop "$crop" +repage -resize 400% -negate -colorspace Gray "$work/ocr.png"
  convert "$screens/waybar-$1.png" -crop "$crop" +repage -resize 400% -colorspace Gray "$work/ocr-plain.png"
  # Thresholded too: waybar 0.15's dark pill (Debian unstable) on a light bar reads only that way.
  convert "$screens/waybar-$1.png" -crop "$crop" +repage -resize 400% -colorspace Gray -threshold 50% "$work/ocr-threshold.png"
  local text; text=$(tesseract "$work/ocr.png" - --psm "$psm" 2>/dev/null; tesseract "$work/ocr-plain.png" - --psm "$psm" 2>/dev/null
    tesseract "$work/ocr-threshold.png" - --psm "$psm" 2>/dev/null); shift 2
  for pattern in "$@"; do grep -qE -- "$pattern" <<<"$text" || { record NOTE "read" "$(tr '\n' '|' <<<"$text")"; return 1; }; done
}
minimal_tooltip_reads() {  # its small tooltip, alone: digits and a colon, thresholded for tesseract
  local text
  text=$(convert "$screens/waybar-$1.png" -crop 50x30+487+45 +repage -resize 500% -colorspace Gray -negate \
    -threshold 60% -bordercolor white -border 20 png:- | tesseract - - --psm 7 -c tessedit_char_whitelist=0123456789: 2>/dev/null)
  grep -qE '^[0-9]:[0-9]{2}$' <<<"$text" || { record NOTE "read" "$text"; return 1; }
}
build_hover() {  # Tests/Desktops/pointer/hover, built into $work
  wayland-scanner client-header "$here/pointer/virtual-pointer.xml" "$work/virtual-pointer-client.h" &&
    wayland-scanner private-code "$here/pointer/virtual-pointer.xml" "$work/virtual-pointer-protocol.c" &&
    cc -O2 -I"$work" -o "$work/hover" "$here/pointer/hover.c" "$work/virtual-pointer-protocol.c" -lwayland-client ||
    { record FAIL "the virtual pointer builds"; return 1; }
}
run_server() {
  setup waybar
  start_bus noact
  sway_setup || { record FAIL "sway starts" "$(tail -5 "$work/sway.log")"; return; }
  # The virtual pointer, and islet where the throwaway user can run it.
  build_hover || return
  cp "$bin/islet" "$work/islet"
  chmod 755 "$work" "$work/islet" "$work/hover"
  start_islet
  islet timer intervals --title Workout --phase Work=40s --phase Rest=20s --rounds 8 >/dev/null
  waybar_start
  hover_shot tooltip-standard
  check "standard: the compact view in the bar" shot_says tooltip-standard bar "Workout" "00:[0-9]"
  check "standard: the expanded view in the tooltip" shot_says tooltip-standard tooltip "^Workout" "Round 1/8" "[0-9]+%"
  waybar_start --style minimal
  hover_shot tooltip-minimal
  check "minimal: the time alone in the tooltip" minimal_tooltip_reads tooltip-minimal
  check "minimal: no title anywhere" bash -c "! convert '$screens/waybar-tooltip-minimal.png' -resize 300% -negate png:- | tesseract - - --psm 6 2>/dev/null | grep -qi workout"
  islet activity pause >/dev/null
  sleep 1.5
  hover_shot tooltip-minimal-paused
  check "minimal paused: still the time alone" minimal_tooltip_reads tooltip-minimal-paused

  # Issue 70: a song in mpv, read by islet-notify's players source (contract 1.4), in the bar.
  if command -v mpv >/dev/null && [ -e /etc/mpv/scripts/mpris.so ]; then
    islet timer stop >/dev/null
    "$bin/islet-notify" 2>"$work/notify-players.log" & pids+=($!)
    python3 -c 'import sys, wave; w = wave.open(sys.argv[1], "wb"); w.setnchannels(1); w.setsampwidth(1); w.setframerate(8000); w.writeframes(bytes([128]) * 8000 * 300); w.close()' "$work/song.wav"
    mpv --no-config --no-video --ao=null --script=/etc/mpv/scripts/mpris.so --force-media-title="Clair de Lune" "$work/song.wav" \
      >"$work/mpv.log" 2>&1 & pids+=($!)
    check "a song: on the island (islet status)" wait_for 80 bash -c "'$bin/islet' status | grep -q 'Clair de Lune'"
    waybar_start
    hover_shot song
    check "a song: its title and the time left in the bar" shot_says song pill "Clair" "0[45]:[0-9]"
    check "a song: the tooltip" shot_says song tooltip "Clair de Lune"
    check "a song: the tooltip names the player first (mpv)" shot_says song tooltip "mpv"
    # A Pomodoro app over the song: its block in the bar; the bar's click (islet activity
    # toggle, as packaging/examples/waybar's on-click) pauses the app. The app (GTK) under an X
    # server of its own: sway's display is the throwaway user's.
    start_xvfb :93 >/dev/null || record NOTE "Xvfb for the Pomodoro app" "did not start"
    if pomodoro_start; then
      record NOTE "Pomodoro app" "$pomodoro_app"
      check "a Pomodoro over the song (islet status)" wait_for 80 bash -c "'$bin/islet' status | grep -qE '^Pomodoro 2[45]:'"
      hover_shot pomodoro
      check "a Pomodoro: its name and time in the bar" shot_says pomodoro pill "Pomodoro" "2[45]:[0-9]"
      if [ "$pomodoro_app" = focus-timer ]; then
        check "a Pomodoro: the tooltip names Focus Timer" shot_says pomodoro tooltip "Focus Timer"
      fi
      check "the bar's click pauses the app" islet activity toggle
      check "the app paused" wait_for 50 pomodoro_paused
      pomodoro_stop
      check "the app stopped: the song is back" wait_for 60 bash -c "'$bin/islet' status | grep -q 'Clair de Lune'"
    fi
  fi
  check "waybar alive at the end" kill -0 "$waybar_pid"
}

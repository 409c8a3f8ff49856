# islet in German (po/de.po) on dunst under Xvfb: isletd and islet-notify with
# LANG=de_DE.UTF-8. What a person reads is checked with tesseract; docs/screenshots/german-*.png.
start_server() {
  sed -e '1,/^\[urgency_critical\]/ s/timeout = 0/timeout = 10/' "$root/Tests/Fixtures/dunstrc" > "$work/dunstrc"
  dunst -config "$work/dunstrc" >"$work/dunst.log" 2>&1 & pids+=($!)
  wait_owner org.freedesktop.Notifications
}
german_shot() { sleep 0.8; import -window root -crop 440x300+292+0 +repage "$screens/german-$1.png"; }
run_server() {
  setup german-dunst
  use_german || return
  start_xvfb :95 || { record FAIL "Xvfb starts"; return; }
  start_bus noact
  start_server || { record FAIL "dunst starts"; return; }
  start_islet
  start_bridge "$work/notify.log"
  islet timer start Tee 10m >/dev/null
  check "de: the timer posted" wait_log "$work/notify.log" 'Notify.*"Tee"' 50
  german_shot timer
  check "de: the timer on screen" ocr_reads "$screens/german-timer.png" Tee :
  islet timer pause >/dev/null
  check "de: paused" wait_log "$work/notify.log" 'Pausiert' 50
  german_shot timer-paused
  check "de: paused on screen: Pausiert, noch" ocr_reads "$screens/german-timer-paused.png" Pausiert noch
  islet timer stop >/dev/null
  islet goal set 16h >/dev/null
  islet fast start --at=-3h >/dev/null
  check "de: the fast" wait_log "$work/notify.log" 'Fastenziel' 50
  german_shot fast
  check "de: the fast on screen: Fastenziel, Ziel in 13 Std." ocr_reads "$screens/german-fast.png" Fastenziel "Ziel in 13 Std" "Gefastet: 3 Std"
  # The panels' feed (islet status): waybar's tooltip and genmon's text, in German.
  "$bin/islet" status --format waybar > "$work/waybar.json"
  check "de: waybar's tooltip" grep -q 'Fastenziel.*Gefastet.*Ziel: 16 Stunden' "$work/waybar.json"
  record NOTE "islet fast" "$("$bin/islet" fast | tr '\n' ' ')"
  record NOTE "islet history" "$("$bin/islet" history | tr '\n' ' ')"
  check "dunst alive at the end" kill -0 "${pids[-1]}"
}

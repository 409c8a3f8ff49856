# islet in German (po/de.po) in waybar on headless sway, as waybar.sh: the tooltip (the expanded
# view) of `islet watch --format waybar` under LANG=de_DE.UTF-8. docs/screenshots/german-waybar-*.png.
. "$here/waybar.sh"
run_server() {
  setup german-waybar
  use_german || return
  start_bus noact
  sway_setup || { record FAIL "sway starts" "$(tail -5 "$work/sway.log")"; return; }
  build_hover || return
  # islet where the throwaway user can run it, asked for German.
  printf '#!/bin/sh\nexec env LANG=de_DE.UTF-8 ISLET_LOCALEDIR=%s %s "$@"\n' "$work/locale" "$work/islet-bin" > "$work/islet"
  cp "$bin/islet" "$work/islet-bin"
  chmod 755 "$work" "$work/islet" "$work/islet-bin" "$work/hover"
  start_islet
  islet timer intervals --title Workout --phase Arbeit=40s --phase Pause=20s --rounds 8 >/dev/null
  waybar_start
  hover_shot german-tooltip
  cp "$screens/waybar-german-tooltip.png" "$screens/german-waybar-tooltip.png" && rm -f "$screens/waybar-german-tooltip.png"
  check "de: the tooltip says Runde 1/8" ocr_reads "$screens/german-waybar-tooltip.png" Workout "Runde 1/8"
  islet activity pause >/dev/null
  sleep 1.5
  hover_shot german-tooltip-paused
  cp "$screens/waybar-german-tooltip-paused.png" "$screens/german-waybar-tooltip-paused.png" && rm -f "$screens/waybar-german-tooltip-paused.png"
  check "de: paused, the tooltip says Pausiert" ocr_reads "$screens/german-waybar-tooltip-paused.png" Pausiert
  check "waybar alive at the end" kill -0 "$waybar_pid"
}

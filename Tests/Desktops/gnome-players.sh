# Issue 70 on a real GNOME Shell: the song that plays, on the island, with no program changed.
# A real mpv with Debian's mpv-mpris plays; islet-notify's players source shows it as a source's
# activity (contract 1.4); islet's GNOME extension shows it in the top bar with mpv's own icon,
# its menu with mpv's name and the buttons mpv offers. Pause pressed in the menu pauses mpv; a
# timer started over the song takes the island and gives it back; nothing is posted twice (no
# notification, no second media card: GNOME's own card is mpv's). Screenshots:
# docs/screenshots/gnome-players-*.png.
. "$here/gnome-island.sh"

island_gicon() { island_eval "$island._icon.gicon ? $island._icon.gicon.to_string() : 'none'"; }
gicon_is() { [ "$(island_gicon)" = "$1" ]; }
mpv_is() { playerctl --player=mpv status 2>/dev/null | grep -qx "$1"; }
song_shown() { islet activity | grep -q 'mpris:mpv'; }
island_paused() { islet status | grep -q '❚❚'; }

players_scenario() {
  local api=43; [ "$gnome_major" -ge 45 ] && api=45
  "$here/../../packaging/gnome-shell/build" "$api" "$XDG_DATA_HOME/gnome-shell/extensions" >/dev/null
  start_server || { record FAIL "gnome-shell starts" "$(tail -5 "$work/gnome.log")"; return; }
  check "extension enabled (state 1)" test "$(island_eval "Main.extensionManager.lookup('$island_uuid').state")" = 1
  start_islet
  # A long command is one of 3 s here (the shell hook's scenario below), its hook's folder in the
  # scenario's own runtime folder.
  mkdir -p "$XDG_CONFIG_HOME/islet" && printf 'long_command_seconds = 3\n' > "$XDG_CONFIG_HOME/islet/config.toml"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  start_bridge "$work/notify.log"
  check "islet-notify follows the players" wait_log "$work/notify.log" 'players: followed' 50
  # Debian's mpv-mpris, loaded as mpv loads it from /etc/mpv/scripts; a song of five minutes
  # (a WAV of silence: its length is what mpv reads from the file, as from any song).
  # Its cover beside it (cover.png, which mpv-mpris gives as mpris:artUrl): a small local file,
  # which islet shows in the menu.
  mkdir -p "$work/album"
  python3 -c 'import sys, wave; w = wave.open(sys.argv[1], "wb"); w.setnchannels(1); w.setsampwidth(1); w.setframerate(8000); w.writeframes(bytes([128]) * 8000 * 300); w.close()' "$work/album/song.wav"
  "$here/../Fixtures/cover-png" "$work/album/cover.png"
  mpv --no-config --no-video --ao=null --script=/etc/mpv/scripts/mpris.so --force-media-title="Clair de Lune" \
    "$work/album/song.wav" >"$work/mpv.log" 2>&1 & mpv_pid=$!
  pids+=($mpv_pid)
  check "the song in the bar: the time left of it" wait_for 50 island_text_matches '^0[45]:[0-9]{2}$'
  record NOTE "bar" "$(island_text)"
  check "mpv's own icon in the bar (its desktop entry's)" wait_for 30 gicon_is mpv
  record NOTE "icon" "$(island_gicon)"
  shoot_bar players
  check "the menu: mpv's name" menu_has 'mpv Media Player'
  check "the menu: the title" menu_has 'Clair de Lune'
  check "the menu: the song's cover (mpv-mpris's artUrl, a local file)" \
    test "$(island_eval "$island._parts?.art?.gicon?.get_file()?.get_path() ?? ''")" = "$work/album/cover.png"
  record NOTE "menu" "$(menu_labels)"
  # Next where the player offers it (mpv-mpris 0.7 on Debian 12 does for one file, 1.1 on
  # unstable does not): the buttons are the player's.
  check "the menu offers Pause" menu_has ' / Pause'
  shoot_menu players-menu
  check "nothing posted for the song (the player has its own card)" bash -c "! grep -q 'Notify replaces' '$work/notify.log'"
  check "no player of islet's beside mpv's" bash -c "! dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.ListNames | grep -q org.mpris.MediaPlayer2.islet"

  check "Pause in the menu pauses mpv" menu_press Pause
  check "mpv paused (playerctl)" wait_for 50 mpv_is Paused
  check "the island says paused" wait_for 50 island_paused
  check "the menu offers Resume" wait_for 30 menu_has ' / Resume'
  shoot_bar players-paused
  check "Resume in the menu plays again" menu_press Resume
  check "mpv playing (playerctl)" wait_for 50 mpv_is Playing

  # A timer started over the song takes the island; the song is back when it ends.
  islet timer start Tea 2m >/dev/null
  check "a timer takes the island from the song" wait_for 30 island_text_matches '^0[12]:[0-9]{2}$'
  check "its own icon, not mpv's" test "$(island_eval "$island._icon.icon_name")" = alarm-symbolic
  shoot_bar players-timer
  islet timer stop >/dev/null
  check "the song is back" wait_for 50 song_shown
  check "mpv's icon back" wait_for 30 gicon_is mpv

  # Focus Timer (Debian unstable's) over the song: its Pomodoro outranks the song, with Focus
  # Timer's icon; Pause in the menu pauses the app; the song is back when the app stops.
  if command -v focus-timer >/dev/null; then
    focus-timer --gapplication-service >"$work/focus-timer.log" 2>&1 & pids+=($!)
    check "Focus Timer on the bus" wait_owner io.github.focustimerhq.FocusTimer 200
    timeout 20 focus-timer --start-pomodoro >>"$work/focus-timer.log" 2>&1
    check "the Pomodoro takes the island from the song" wait_for 50 island_text_matches '^2[45]:[0-9]{2}$'
    check "Focus Timer's own icon" wait_for 30 gicon_is io.github.focustimerhq.FocusTimer
    record NOTE "Pomodoro menu" "$(menu_labels)"
    check "the menu: Focus Timer, Pomodoro, Pause and Skip" menu_has 'Focus Timer'
    check "... Pause and Skip" menu_has 'Pause / Skip'
    shoot_bar players-pomodoro
    shoot_menu players-pomodoro-menu
    check "Pause in the menu pauses Focus Timer" menu_press Pause
    check "Focus Timer paused" wait_for 50 bash -c "gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer --method io.github.focustimerhq.FocusTimer.Timer.IsPaused | grep -q true"
    gdbus call --session --dest io.github.focustimerhq.FocusTimer --object-path /io/github/focustimerhq/FocusTimer \
      --method io.github.focustimerhq.FocusTimer.Timer.Reset >/dev/null
    check "Focus Timer stopped: the song is back" wait_for 50 gicon_is mpv
  fi

  # gnome-pomodoro (Debian 12's and 13's) over the song, as Focus Timer above.
  if command -v gnome-pomodoro >/dev/null; then
    GSETTINGS_BACKEND=memory gnome-pomodoro --no-default-window >"$work/gnome-pomodoro.log" 2>&1 & pids+=($!)
    check "gnome-pomodoro on the bus" wait_owner org.gnome.Pomodoro 200
    gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro --method org.gnome.Pomodoro.Start >/dev/null
    check "gnome-pomodoro's Pomodoro takes the island from the song" wait_for 50 island_text_matches '^2[45]:[0-9]{2}$'
    record NOTE "gnome-pomodoro icon" "$(island_gicon)"
    record NOTE "gnome-pomodoro menu" "$(menu_labels)"
    check "the menu: Pomodoro, Pause and Skip" menu_has 'Pause / Skip'
    shoot_bar players-gnome-pomodoro
    shoot_menu players-gnome-pomodoro-menu
    check "Pause in the menu pauses gnome-pomodoro" menu_press Pause
    check "gnome-pomodoro paused" wait_for 50 bash -c "gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro --method org.freedesktop.DBus.Properties.Get org.gnome.Pomodoro IsPaused | grep -q true"
    gdbus call --session --dest org.gnome.Pomodoro --object-path /org/gnome/Pomodoro --method org.gnome.Pomodoro.Stop >/dev/null
    check "gnome-pomodoro stopped: the song is back" wait_for 50 gicon_is mpv
  fi

  # Issue 71: a long command typed in bash with islet's hook (`islet init bash` in its rc file)
  # is the user's own activity: it takes the island from the song, its program's name in the
  # menu, its time counting up; its end is said, and the song is back.
  if command -v tmux >/dev/null; then
    printf 'PS1="$ "\neval "$(%s/islet init bash)"\n' "$bin" > "$work/bashrc"
    tmux -L "islet-$$" -f /dev/null new-session -d -x 100 -y 20 -s sh bash --noprofile --rcfile "$work/bashrc" -i
    wait_for 50 bash -c "tmux -L islet-$$ capture-pane -p -t sh | grep -q '^\\$'" || true
    tmux -L "islet-$$" send-keys -t sh 'env TOKEN=s3cret sleep 12' Enter
    check "a long command takes the island from the song" wait_for 80 bash -c "'$bin/islet' activity | grep -q 'shell-'"
    check "... its program's name in the menu, never its arguments" menu_has sleep
    check "... the secret nowhere" bash -c "! { '$bin/islet' activity; '$bin/islet' status; } | grep -q s3cret"
    shoot_bar players-command
    shoot_menu players-command-menu
    check "its end said (Done in 0:1x)" wait_for 300 bash -c "'$bin/islet' activity | grep -q 'Done in 0:1'"
    check "the command ended: the song is back" wait_for 300 gicon_is mpv
    tmux -L "islet-$$" kill-server
  else
    record NOTE "a long command in bash" "no tmux here"
  fi

  kill "$mpv_pid"
  check "mpv gone: the island goes" wait_for 50 island_hidden
  kill "$bridge_pid"
  check "no errors in the shell's log" log_clean
  check "shell alive at the end" server_alive
}
run_server() {
  setup gnome-players
  start_xvfb :95 || { record FAIL "Xvfb starts"; return; }
  start_system_bus
  start_bus filtered
  players_scenario
}

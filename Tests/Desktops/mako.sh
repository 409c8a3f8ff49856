# mako 1.7 under headless sway (Tests/Desktops/sway.sh), with its default settings.
. "$here/sway.sh"
desk_server=mako
shoot() { grim_shot "mako-$1" "624,0 400x420"; }
displayed() { as_desk makoctl list 2>/dev/null | grep -o '"app-name"' | wc -l; }
press() {  # the live notification's button; Stop Fast: the goal's announcement's (it stays open)
  local id
  if [ "$1" = start-fast ]; then
    id=$(grep -o 'reminder posted: id [0-9]*' "$work/notify2.log" | tail -1 | grep -o '[0-9]*$')
  elif [ "$1" = stop-fast ]; then
    id=$(sed -n '/announcing goal:/,$p' "$work/notify.log" | grep -o 'announcement posted: id [0-9]*' | head -1 | grep -o '[0-9]*$')
  else
    id=$(grep -o 'Notify answered: id [0-9]*' "$work/notify.log" | tail -1 | grep -o '[0-9]*$')
  fi
  [ -n "$id" ] && as_desk makoctl invoke -n "$id" "$1"
}
server_alive() { kill -0 "$server_pid" && ! grep -qi 'segmentation\|abort' "$work/mako.log"; }
run_server() { run_on mako noact sway; }

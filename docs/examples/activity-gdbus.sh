#!/bin/sh
# The same with gdbus (GLib), calling the contract directly. Each gdbus call is a connection of
# its own that closes at once, so the activity says ends_with_owner false to outlive it.
set -e
island() {
  method=$1
  shift
  gdbus call --session --dest org.islet.Islet1 --object-path /org/islet/Islet1 \
    --method "org.islet.Islet1.LiveActivity.$method" example-gdbus "$@"
}
island Start "{'title': <'Upload'>, 'ends_with_owner': <false>}" \
  "{'status': <'running'>, 'phase_name': <'Uploading'>, 'progress': <0.1>}"
island Update "{'status': <'running'>, 'phase_name': <'Uploading'>, 'progress': <0.6>}"
island End

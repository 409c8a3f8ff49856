#!/bin/sh
# A script's own live activity, with islet's command line. Each call is a process of its
# own: the activity outlives each one (islet activity start sets ends_with_owner false).
set -e
islet activity start --owner example-cli --title Upload --phase Uploading --progress 0.1
islet activity update --owner example-cli --progress 0.6
islet activity end --owner example-cli --dismiss immediate  # default: shown as done a few seconds

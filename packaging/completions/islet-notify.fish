# fish completion for islet-notify
complete -c islet-notify -f
complete -c islet-notify -l config -r -F -d 'The configuration file'
complete -c islet-notify -l style -x -a 'standard minimal' -d 'The presentation'
complete -c islet-notify -l update-urgency -x -a 'low normal critical' -d 'Urgency of in-place updates'
complete -c islet-notify -l buttons -d 'Offer buttons'
complete -c islet-notify -l no-buttons -d 'No buttons'
complete -c islet-notify -l address -x -d 'A D-Bus address instead of the session bus'
complete -c islet-notify -s v -l verbose -d 'Log to stderr'
complete -c islet-notify -l version -d 'Print the version'
complete -c islet-notify -s h -l help -d 'Print the options'

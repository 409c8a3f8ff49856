# fish completion for isletd
complete -c isletd -f
complete -c isletd -l database -r -F -d 'The database file'
complete -c isletd -l address -x -d 'A D-Bus address instead of the session bus'
complete -c isletd -l replace -d 'Take org.islet.Islet1 over from a running isletd'
complete -c isletd -l log-level -x -a 'trace debug info notice warning error critical' -d 'What to log'
complete -c isletd -l version -d 'Print the version'
complete -c isletd -s h -l help -d 'Print the options'

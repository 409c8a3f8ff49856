/// The shell hooks `islet init` prints. Each writes one short line to
/// `$XDG_RUNTIME_DIR/islet/commands/PID` (PID: the shell's) with the shell's own builtins, so a
/// command costs no process and no bus call: `run LINE` (the command line, cut to 300
/// characters, on one line) before a command line runs and `end STATUS` (its `$?`) when the
/// prompt is back. islet-notify reads the file (IsletSources' `ShellCommands`); without it, or
/// without the folder, the hook writes nothing and says nothing. Each hook is set up once per
/// shell (an rc file read twice adds nothing), only where the shell is interactive.
enum ShellHook {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    // bash: bash-preexec's functions where it is loaded; else `$?` read first in
    // PROMPT_COMMAND and the command line in a DEBUG trap (chained after one already set), armed
    // by the prompt so that only the first command a line runs is written, never the prompt's own.
    static let bash = #"""
        # islet's shell hook (islet init bash): a command that runs long shows on the island.
        if [[ $- == *i* && -n ${XDG_RUNTIME_DIR-} && ${__islet_hooked-} != "$$" ]]; then
          __islet_hooked=$$
          __islet_file=$XDG_RUNTIME_DIR/islet/commands/$$
          __islet_armed=
          __islet_ran=
          __islet_line() {
            __islet_armed=
            __islet_ran=1
            local line=${1:0:300}
            printf 'run %s\n' "${line//$'\n'/ }" 2>/dev/null >|"$__islet_file"
          }
          __islet_preexec() {
            [[ -n $__islet_armed && -z ${COMP_LINE-} ]] || return 0
            [[ ${PROMPT_COMMAND[*]} == *"$BASH_COMMAND"* ]] && return 0
            # A quick builtin first (cd build && make): the command after it is the one.
            case ${BASH_COMMAND%%[[:space:]]*} in
              cd|pushd|popd|echo|printf|export|set|unset|alias|local|declare|typeset|let|shift|true|false|test|'['|'[['|:|umask|ulimit|hash|type|source|.) return 0 ;;
            esac
            __islet_line "$BASH_COMMAND"
          }
          __islet_precmd() {
            local s=$?
            if [[ -n $__islet_ran ]]; then
              __islet_ran=
              printf 'end %d\n' "$s" 2>/dev/null >|"$__islet_file"
            fi
            __islet_armed=1
            return $s
          }
          if [[ -n ${bash_preexec_imported-}${__bp_imported-} ]]; then
            __islet_bp_preexec() { __islet_armed=1; __islet_line "$1"; }
            preexec_functions+=(__islet_bp_preexec)
            precmd_functions=(__islet_precmd "${precmd_functions[@]}")
          else
            PROMPT_COMMAND="__islet_precmd${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
            __islet_trap=$(trap -p DEBUG)
            __islet_trap=${__islet_trap#"trap -- '"}
            __islet_trap=${__islet_trap%"' DEBUG"}
            __islet_trap=${__islet_trap//"'\''"/"'"}
            trap "__islet_preexec${__islet_trap:+; $__islet_trap}" DEBUG
            unset __islet_trap
          fi
        fi

        """#

    // zsh: its own preexec and precmd hooks, islet's precmd first so that `$?` is the command's.
    static let zsh = #"""
        # islet's shell hook (islet init zsh): a command that runs long shows on the island.
        if [[ -o interactive && -n ${XDG_RUNTIME_DIR-} && ${__islet_hooked-} != "$$" ]]; then
          typeset -g __islet_hooked=$$ __islet_file=$XDG_RUNTIME_DIR/islet/commands/$$ __islet_ran=
          __islet_preexec() {
            __islet_ran=1
            local line=${1[1,300]}
            print -r -- "run ${line//$'\n'/ }" 2>/dev/null >|$__islet_file
          }
          __islet_precmd() {
            local s=$?
            if [[ -n $__islet_ran ]]; then
              __islet_ran=
              print -r -- "end $s" 2>/dev/null >|$__islet_file
            fi
            return $s
          }
          typeset -ga preexec_functions precmd_functions
          preexec_functions+=(__islet_preexec)
          precmd_functions=(__islet_precmd $precmd_functions)
        fi

        """#

    // fish: its fish_preexec and fish_postexec events.
    static let fish = #"""
        # islet's shell hook (islet init fish | source): a command that runs long shows on the island.
        if status is-interactive; and set -q XDG_RUNTIME_DIR[1]; and test "$__islet_hooked" != "$fish_pid"
            set -g __islet_hooked $fish_pid
            set -g __islet_file $XDG_RUNTIME_DIR/islet/commands/$fish_pid
            function __islet_preexec --on-event fish_preexec
                set -g __islet_ran 1
                printf 'run %s\n' (string sub -l 300 -- (string join ' ' -- (string split \n -- $argv[1]))) 2>/dev/null >$__islet_file
            end
            function __islet_postexec --on-event fish_postexec
                set -l s $status
                set -q __islet_ran[1]; or return $s
                set -e __islet_ran
                printf 'end %d\n' $s 2>/dev/null >$__islet_file
                return $s
            end
        end

        """#
}

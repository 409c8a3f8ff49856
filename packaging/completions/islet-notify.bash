# bash completion for islet-notify
_islet_notify() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
        --style) COMPREPLY=($(compgen -W "standard minimal" -- "$cur")); return ;;
        --update-urgency) COMPREPLY=($(compgen -W "low normal critical" -- "$cur")); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --address) return ;;
    esac
    COMPREPLY=($(compgen -W "--config --style --update-urgency --buttons --no-buttons --address --verbose --version --help" -- "$cur"))
}
complete -F _islet_notify islet-notify

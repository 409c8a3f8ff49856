# bash completion for isletd
_isletd() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
        --database) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --log-level) COMPREPLY=($(compgen -W "trace debug info notice warning error critical" -- "$cur")); return ;;
        --address) return ;;
    esac
    COMPREPLY=($(compgen -W "--database --address --replace --log-level --version --help" -- "$cur"))
}
complete -F _isletd isletd

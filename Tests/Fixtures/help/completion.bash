# bash completion for modal-log; load it with:
#   source <(modal-log completion bash)
_modal_log() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "replay state validate index append recover upgrade redact timeline diff why shrink doctor bisect scan stats debug export serve completion help --help --version" -- "$cur"))
        return
    fi
    case "${COMP_WORDS[1]}" in
    replay)
        case "$prev" in
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        --skip) COMPREPLY=(); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--json --color --lenient --no-index --skip --recursive --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    state)
        case "$prev" in
        --at) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--at --json --color --lenient --no-index --recursive --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    validate)
        case "$prev" in
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--color --lenient --recursive --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    index)
        case "$prev" in
        --every) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--every --check --prove --color --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    append)
        case "$prev" in
        --sync) COMPREPLY=($(compgen -W "every group none" -- "$cur")); return ;;
        --segment-bytes) COMPREPLY=(); return ;;
        --keep) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--sync --ack --segment-bytes --keep --color --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    recover)
        case "$prev" in
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--color --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    upgrade)
        case "$prev" in
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--color --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    redact)
        case "$prev" in
        --salt) COMPREPLY=(); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--names --salt --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    timeline)
        case "$prev" in
        --root) COMPREPLY=(); return ;;
        --link) COMPREPLY=(); return ;;
        --source) COMPREPLY=($(compgen -W "user system app test none" -- "$cur")); return ;;
        --from) COMPREPLY=(); return ;;
        --to) COMPREPLY=(); return ;;
        --type) COMPREPLY=($(compgen -W "root.register root.resize root.remove modal.present modal.presented modal.dismiss modal.dismissed card.push card.pop card.replace dimming.tap keyboard.change snap.to drag.change drag.end card.update session.start batch" -- "$cur")); return ;;
        --where) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--root --link --source --from --to --type --changes-only --where --json --wide --dt --follow --recursive --color --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    diff)
        case "$prev" in
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--json --color --lenient --no-index --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    why)
        case "$prev" in
        --at) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--at --json --color --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    shrink)
        case "$prev" in
        --where) COMPREPLY=(); return ;;
        --rejected) COMPREPLY=(); return ;;
        --output) COMPREPLY=(); return ;;
        --budget) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--where --rejected --output --budget --color --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    doctor)
        case "$prev" in
        --stuck) COMPREPLY=(); return ;;
        --double-tap) COMPREPLY=(); return ;;
        --queue) COMPREPLY=(); return ;;
        --by) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--stuck --double-tap --queue --by --recursive --json --color --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    bisect)
        case "$prev" in
        --where) COMPREPLY=(); return ;;
        --from) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--where --from --all --state --recursive --color --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    scan)
        case "$prev" in
        --where) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--where --all --recursive --json --color --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    stats)
        case "$prev" in
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--json --per-log --recursive --color --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    debug)
        case "$prev" in
        --at) COMPREPLY=(); return ;;
        --type) COMPREPLY=($(compgen -W "root.register root.resize root.remove modal.present modal.presented modal.dismiss modal.dismissed card.push card.pop card.replace dimming.tap keyboard.change snap.to drag.change drag.end card.update session.start batch" -- "$cur")); return ;;
        --where) COMPREPLY=(); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--at --follow --type --changes-only --where --color --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    export)
        case "$prev" in
        --format) COMPREPLY=($(compgen -W "mermaid dot html swift-test" -- "$cur")); return ;;
        --from) COMPREPLY=(); return ;;
        --to) COMPREPLY=(); return ;;
        --type) COMPREPLY=($(compgen -W "root.register root.resize root.remove modal.present modal.presented modal.dismiss modal.dismissed card.push card.pop card.replace dimming.tap keyboard.change snap.to drag.change drag.end card.update session.start batch" -- "$cur")); return ;;
        --where) COMPREPLY=(); return ;;
        --name) COMPREPLY=(); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--format --from --to --type --changes-only --where --name --lenient --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    serve)
        case "$prev" in
        --port) COMPREPLY=(); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--port --version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    completion)
        case "$prev" in
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--version --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))
        fi
        ;;
    help) COMPREPLY=($(compgen -W "replay state validate index append recover upgrade redact timeline diff why shrink doctor bisect scan stats debug export serve completion" -- "$cur")) ;;
    esac
}
complete -o filenames -F _modal_log modal-log

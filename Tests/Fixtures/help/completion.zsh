#compdef modal-log
# zsh completion for modal-log; put it in a folder of $fpath as _modal-log, or:
#   source <(modal-log completion zsh)
_modal_log() {
    local -a subcommands
    subcommands=(
        'replay:Replay a log and print its final state.'
        'state:Print the state right after one event.'
        'validate:Check a log: its format, then every event against the rules.'
        'index:Build or update a log'\''s index of checkpoints, for fast seeking.'
        'append:Append events read from standard input (JSON Lines) to a log.'
        'recover:Repair a log in place after a crash, and report what was dropped.'
        'upgrade:Move a log (a file or a folder of segments) to format version 2, and say what was done.'
        'redact:Print a copy of a log with its personal data replaced by stable hashes.'
        'timeline:List the events, one a line, with what each did.'
        'diff:Show what changed between the states after two events.'
        'why:Show the events that made a fact of the state what it is.'
        'shrink:Cut a log down to the few events on which a condition still becomes true.'
        'doctor:List what is legal in a log but likely a bug in the app, with its seqs and why.'
        'bisect:Find the first event after which a condition holds.'
        'scan:For each of many logs, the first seq (or every seq) where a condition holds.'
        'stats:Count a log'\''s events by type and root, and find its extremes.'
        'debug:Step through a log in the terminal, forward and back.'
        'export:Draw a log (a Mermaid sequence diagram, a Graphviz graph, an HTML page), or make it a test.'
        'serve:Serve the page of each log on 127.0.0.1, showing what an app appends as it happens.'
        'completion:Print a shell completion script (bash, zsh or fish).'
    )
    if (( CURRENT == 2 )); then
        _describe 'subcommand' subcommands
        return
    fi
    case ${words[2]} in
    replay)
        shift words; (( CURRENT-- ))
        _arguments -s '--json[Print the state as the spec'\''s JSON instead of a tree.]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--no-index[Read the whole log, even when it has an index (see '\''modal-log index'\'').]' \
            '--skip=[Leave out the events with these seqs (comma-separated).]:seqs: ' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    state)
        shift words; (( CURRENT-- ))
        _arguments -s '--at=[The seq of the event to stop after.]:seq: ' \
            '--json[Print the state as the spec'\''s JSON instead of a tree.]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--no-index[Read the whole log, even when it has an index (see '\''modal-log index'\'').]' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    validate)
        shift words; (( CURRENT-- ))
        _arguments -s '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    index)
        shift words; (( CURRENT-- ))
        _arguments -s '--every=[Keep a checkpoint every this many events (default 1000).]:events: ' \
            '--check[Only say whether the index matches the log; write nothing.]' \
            '--prove[With --check\: replay the log and hold every checkpoint'\''s state to it (an index from elsewhere).]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    append)
        shift words; (( CURRENT-- ))
        _arguments -s '--sync=[When events reach the disk\: every (each synced before the next is read; the default), group (synced together, within 5 ms), or none (left to the system).]:policy:(every group none)' \
            '--ack[Print each event'\''s seq once it is durable under --sync.]' \
            '--segment-bytes=[Write LOG as a folder of segments, starting a new one past this size.]:bytes: ' \
            '--keep=[With --segment-bytes\: keep only the last N segment files.]:files: ' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    recover)
        shift words; (( CURRENT-- ))
        _arguments -s '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    upgrade)
        shift words; (( CURRENT-- ))
        _arguments -s '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    redact)
        shift words; (( CURRENT-- ))
        _arguments -s '--names[Also hash card contents, sticky names and link names.]' \
            '--salt=[Text mixed into every hash.]:text: ' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    timeline)
        shift words; (( CURRENT-- ))
        _arguments -s '--root=[Only events that name or change this root.]:root: ' \
            '--link=[Only events that name or change this modal.]:link: ' \
            '--source=[Only events of this source\: user, system, app, test, or none (several\: user,app).]:source:(user system app test none)' \
            '--from=[Start at this seq.]:seq: ' \
            '--to=[Stop after this seq.]:seq: ' \
            '--type=[Only events of these types (modal.present, or several\: card.push,card.pop).]:types:(root.register root.resize root.remove modal.present modal.presented modal.dismiss modal.dismissed card.push card.pop card.replace dimming.tap keyboard.change snap.to drag.change drag.end card.update session.start batch)' \
            '--changes-only[Leave out the events that changed nothing (rejections stay).]' \
            '--where=[Only events after which the condition holds (as bisect'\''s).]:condition: ' \
            '--json[Print each event as a JSON line, with its changes.]' \
            '--wide[Print whole lines, however wide the terminal.]' \
            '--dt[Show the seconds since the event before after each time.]' \
            '--follow[Keep reading the events appended to the log.]' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    diff)
        shift words; (( CURRENT-- ))
        _arguments -s '--json[Print the changes as JSON.]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--no-index[Read the whole log, even when it has an index (see '\''modal-log index'\'').]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files' \
            ':a: ' \
            ':b: '
        ;;
    why)
        shift words; (( CURRENT-- ))
        _arguments -s '--at=[The seq of the event after which to explain it (default\: the last).]:seq: ' \
            '--json[Print the fact, its value and the chain as JSON.]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files' \
            ':fact: '
        ;;
    shrink)
        shift words; (( CURRENT-- ))
        _arguments -s '--where=[The condition that must still become true.]:condition: ' \
            '--rejected=[The rejected event that must stay rejected, with the same code.]:seq: ' \
            '--output=[Write the shrunk log to this file.]:file: ' \
            '--budget=[The most smaller logs to try. Default\: 20000.]:count: ' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    doctor)
        shift words; (( CURRENT-- ))
        _arguments -s '--stuck=[How long a modal may stay presenting or dismissing. Default\: 2.]:seconds: ' \
            '--double-tap=[How soon the same present again is a double tap. Default\: 0.5.]:seconds: ' \
            '--queue=[How long a modal may wait in a queue. Default\: 10.]:seconds: ' \
            '--by=[Count sessions per finding for each value of this key of their info.]:key: ' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--json[A JSON line per finding (with --by, per value).]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    bisect)
        shift words; (( CURRENT-- ))
        _arguments -s '--where=[The condition to look for.]:condition: ' \
            '--from=[Start looking at this seq.]:seq: ' \
            '--all[Every seq where the condition becomes true, not only the first.]' \
            '--state[Print the state at that seq too.]' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    scan)
        shift words; (( CURRENT-- ))
        _arguments -s '--where=[The condition to look for.]:condition: ' \
            '--all[Every seq where the condition becomes true, not only the first.]' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--json[A JSON line per log.]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    stats)
        shift words; (( CURRENT-- ))
        _arguments -s '--json[Print the figures as JSON.]' \
            '--per-log[With many logs, each log'\''s figures instead of their sum.]' \
            '--recursive[Read every log under each folder given (*.jsonl files; a folder of segments is one log).]' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    debug)
        shift words; (( CURRENT-- ))
        _arguments -s '--at=[Start at this seq (default\: the first event).]:seq: ' \
            '--follow[Keep reading the events appended to the log.]' \
            '--type=[Only events of these types (modal.present, or several\: card.push,card.pop).]:types:(root.register root.resize root.remove modal.present modal.presented modal.dismiss modal.dismissed card.push card.pop card.replace dimming.tap keyboard.change snap.to drag.change drag.end card.update session.start batch)' \
            '--changes-only[Leave out the events that changed nothing (rejections stay).]' \
            '--where=[Only events after which the condition holds (as bisect'\''s).]:condition: ' \
            '--color=[Colour the output\: auto (on a terminal, unless NO_COLOR is set), always or never. Default\: auto.]:when:(auto always never)' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    export)
        shift words; (( CURRENT-- ))
        _arguments -s '--format=[mermaid, dot, html or swift-test.]:format:(mermaid dot html swift-test)' \
            '--from=[Start at this seq.]:seq: ' \
            '--to=[Stop after this seq.]:seq: ' \
            '--type=[Only events of these types (modal.present, or several\: card.push,card.pop).]:types:(root.register root.resize root.remove modal.present modal.presented modal.dismiss modal.dismissed card.push card.pop card.replace dimming.tap keyboard.change snap.to drag.change drag.end card.update session.start batch)' \
            '--changes-only[Leave out the events that changed nothing (rejections stay).]' \
            '--where=[Only events after which the condition holds (as bisect'\''s).]:condition: ' \
            '--name=[swift-test\: the test'\''s name (default\: the log'\''s file name, as a Swift identifier).]:name: ' \
            '--lenient[Skip malformed event lines instead of stopping at the first, and count them (the first 100 each a warning; validate names every one).]' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':log:_files'
        ;;
    serve)
        shift words; (( CURRENT-- ))
        _arguments -s '--port=[The port to listen on (8040); 0 for one the system picks.]:port: ' \
            '--version[Show the version.]' \
            '--help[Show help information.]' \
            '*:log:_files'
        ;;
    completion)
        shift words; (( CURRENT-- ))
        _arguments -s '--version[Show the version.]' \
            '--help[Show help information.]' \
            ':shell:(bash zsh fish)'
        ;;
    esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _modal_log "$@"
else
    compdef _modal_log modal-log
fi

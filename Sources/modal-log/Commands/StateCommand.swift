import ModalEvents
import ModalProjection

/// `modal-log state LOG --at SEQ [--json]`: the state right after one event.
enum StateCommand: ToolCommand {
    static let description = CommandDescription(
        name: "state",
        abstract: "Print the state right after one event.",
        discussion: """
            --at 0 is the state before any event. A seq past the log's last event \
            is an error that names the last one (exit 64). Lines after SEQ are not read. \
            When the log has an index ('modal-log index'), reading starts at the \
            checkpoint nearest before SEQ.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(
                name: "at", valueName: "seq", isRequired: true, help: "The seq of the event to stop after."),
            CommonArguments.json,
            CommonArguments.lenient,
            CommonArguments.noIndex,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let text = arguments.options["at"]!  // required: the parser checked it
        guard let seq = Int(text), seq >= 0 else {
            throw UsageError(message: "The value '\(text)' is invalid for '--at <seq>': expected a seq, 0 or more")
        }
        let (replay, reader, reached) = try Replay.replaying(
            path, io: io, lenient: arguments.has("lenient"), through: seq, indexed: !arguments.has("no-index"))
        if seq < reader.header.from - 1 {
            throw UsageError(
                message:
                    "seq \(seq) is before the start of \(path): it starts from the state at seq \(reader.header.from - 1)"
            )
        }
        guard reached else {
            var last = reader.lastSeq == 0 ? "it has no events" : "its last event is seq \(reader.lastSeq)"
            if reader.tornTail != nil { last += " (a torn last line was skipped)" }
            throw UsageError(message: "seq \(seq) is past the end of \(path): \(last)")
        }
        io.print(arguments.has("json") ? replay.state.jsonText() : StateTree.render(replay.state))
        return ExitCode.success
    }
}

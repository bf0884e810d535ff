import ModalEvents
import ModalProjection

/// `modal-log replay LOG [--json]`: the final state.
enum ReplayCommand: ToolCommand {
    static let description = CommandDescription(
        name: "replay",
        abstract: "Replay a log and print its final state.",
        discussion: """
            Applies every event in order. Rejected events are part of the state \
            (its 'rejected' list); a malformed line stops the replay with an error \
            that names the file and line (exit 65). A torn last line (no newline) \
            is skipped with a warning. When the log has an index ('modal-log index'), \
            replay starts at its last checkpoint.
            """,
        arguments: [CommonArguments.log],
        options: [CommonArguments.json, CommonArguments.lenient, CommonArguments.noIndex])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let (replay, _, _) = try Replay.replaying(
            path, io: io, lenient: arguments.has("lenient"), indexed: !arguments.has("no-index"))
        io.print(arguments.has("json") ? replay.state.jsonText() : StateTree.render(replay.state))
        return ExitCode.success
    }
}

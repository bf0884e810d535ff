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
            """ + "\n\n"
                + ManyLogs.discussion(
                    json: true, status: "The exit status is the worst of the logs'."),
        arguments: [ManyLogs.logsArgument],
        options: [
            OptionDescription(
                name: "at", valueName: "seq", isRequired: true, help: "The seq of the event to stop after."),
            CommonArguments.json,
            CommonArguments.color,
            CommonArguments.lenient,
            CommonArguments.noIndex,
            ManyLogs.recursiveOption,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let seq = try arguments.seq("at")!  // required: the parser checked it
        return try ManyLogs.each(arguments, io: io) { path, io, isOneOfMany in
            var replay = try Replay.open(
                path, io: io, lenient: arguments.has("lenient"), at: seq, indexed: !arguments.has("no-index"))
            let reached = try replay.run(through: seq)
            replay.printWarnings(io: io)
            try replay.check(seq, reached: reached, in: path)
            io.printState(replay.state, json: arguments.has("json"), log: isOneOfMany ? path : nil)
            return ExitCode.success
        }
    }
}

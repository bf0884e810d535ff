import ModalEvents
import ModalProjection

/// `modal-log state LOG --at SEQ [--json]`: the state right after one event.
struct StateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "state",
        abstract: "Print the state right after one event.",
        discussion: """
            --at 0 is the state before any event. A seq past the log's last event \
            is an error that names the last one (exit 64). Lines after SEQ are not read. \
            When the log has an index ('modal-log index'), reading starts at the \
            checkpoint nearest before SEQ.
            """ + "\n\n"
                + ManyLogs.discussion(
                    json: true, status: "The exit status is the worst of the logs'."))

    @OptionGroup var logs = LogsArguments()
    @Option(.seq, help: "The seq of the event to stop after.")
    var at: Int
    @Flag(help: LogArgument.stateJSONHelp)
    var json: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = IndexedReading()
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool

    func run(io: ToolIO) throws -> Int32 {
        try ManyLogs.each(logs, recursive: recursive, io: io, json: json, lenient: reading.lenient) {
            path, io, isOneOfMany in
            var replay = try Replay.open(path, io: io, lenient: reading.lenient, at: at, indexed: !reading.noIndex)
            let reached = try replay.run(through: at)
            replay.printWarnings(io: io)
            try replay.check(at, reached: reached, in: path)
            io.printState(replay.state, json: json, log: isOneOfMany ? path : nil)
            return ExitCode.success
        }
    }
}

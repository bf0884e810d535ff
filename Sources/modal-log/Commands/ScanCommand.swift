import ModalEvents
import ModalProjection

/// `modal-log scan LOG... --where EXPR`: for each of many logs, where a condition holds.
struct ScanCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "scan",
        abstract: "For each of many logs, the first seq (or every seq) where a condition holds.",
        discussion: """
            Reads each log given (a file, or a folder of segments; with --recursive, \
            every log in each folder's tree, a folder of segments as one log) on all \
            the machine's cores, and prints a line per log, in the order given: \
            'LOG: seq 7', with --all every seq where the condition becomes true \
            ('LOG: seqs 3, 11'), or 'LOG: never', then how many logs matched \
            ('3 of 120 logs matched'). The condition is bisect's \
            ('modal-log help bisect'). With --json, a JSON line per log: {"log", \
            "seqs", "read"} (read: the events read, every one with --all). A log that cannot be read is an error naming its \
            file and line, and the others are still read. Exit 0 when the condition \
            holds in a log at least, 1 when in none, 65 when a log is malformed.
            """)

    @OptionGroup var logs = LogsArguments(
        help: "The logs: files, folders of segments, or folders of logs with --recursive.")
    @Option(.condition, name: "where", help: "The condition to look for.")
    var condition: Condition
    @Flag(help: "Every seq where the condition becomes true, not only the first.")
    var all: Bool
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool
    @Flag(help: "A JSON line per log.")
    var json: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()

    func run(io: ToolIO) throws -> Int32 {
        let logs = try self.logs.logs(recursive: recursive)
        if logs.contains("-") { throw UsageError(message: "scan reads logs on disk, not standard input") }
        let (condition, all, json, lenient) = (condition, all, json, reading.lenient)
        let statuses = ManyLogs.run(logs, io: io, lenient: lenient) { log, _, io in
            let (seqs, events) = try Self.scan(log, for: condition, all: all, lenient: lenient, io: io)
            if json {
                let line: JSONValue = [
                    "log": .string(log), "seqs": .array(seqs.map { .number(JSONNumber($0)) }),
                    "read": .number(JSONNumber(events)),
                ]
                io.write(exactly: line.serialized() + "\n")
            } else {
                let found =
                    seqs.isEmpty
                    ? io.style.apply("never", .dim)
                    : "\(seqs.count == 1 ? "seq" : "seqs") \(seqs.map(String.init).joined(separator: ", "))"
                io.print("\(log): \(found)")
            }
            return seqs.isEmpty ? ExitCode.checkFailed : ExitCode.success
        }
        if !json { io.print("\(Self.summary(of: statuses))") }
        return ManyLogs.status(of: statuses)
    }

    /// The last line: `3 of 120 logs matched`, and how many could not be read.
    static func summary(of statuses: [Int32]) -> String {
        let matched = statuses.count { $0 == ExitCode.success }
        let unread = statuses.count { $0 != ExitCode.success && $0 != ExitCode.checkFailed }
        return "\(matched) of \(statuses.count) log\(statuses.count == 1 ? "" : "s") matched"
            + (unread > 0 ? "; \(unread) could not be read" : "")
    }

    /// The seqs in `log` where `condition` holds (the first, or with `all`
    /// each where it becomes true), and how many events the log has.
    static func scan(
        _ log: String, for condition: Condition, all: Bool, lenient: Bool, io: ToolIO
    ) throws -> (seqs: [Int], events: Int) {
        var seqs: [Int] = []
        var edge = BecomesTrue()
        let replay = try Replay.stepping(log, io: io, lenient: lenient, describing: false) { step, state in
            if edge.step(holds: condition.holds(at: Condition.Context(step, after: state))) {
                seqs.append(step.entry.seq)
            }
            return all || seqs.isEmpty
        }
        return (seqs, replay.eventCount)
    }
}

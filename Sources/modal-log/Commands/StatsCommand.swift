import ModalEvents
import ModalProjection

/// `modal-log stats LOG`: what a log holds, in numbers.
struct StatsCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "stats",
        abstract: "Count a log's events by type and root, and find its extremes.",
        discussion: """
            Counts the events by type and by root (keyboard changes apply to every \
            root), the rejections by code, and finds the deepest stack of modals, the \
            deepest card stack, the time span and the longest-lived modal: from its \
            modal.present to its modal.dismissed, in seconds when the events have \
            times (else in events), or to the end of the log when it is still live. \
            A modal counts as dismissed once its dismissal begins (modal.dismiss, or \
            its parent's dismissal taking it along); those still waiting for their \
            modal.dismissed at the end are named (JSON: dismissing).

            Format 2: counts the events by source (none: the log does not say), \
            the sessions (the session.start events that applied, and their seqs), \
            the batches (their events, how many applied and how many were \
            rejected), and the modals that waited in a queue. A batch is one event \
            of type batch, counted under the root its events name (several roots: \
            '(several roots)').
            """)

    @OptionGroup var logs = LogsArguments(
        help: "The logs: a file, a folder of segments, - for standard input, or many (their figures add up).")
    @Flag(help: "Print the figures as JSON.")
    var json: Bool
    @Flag(help: "With many logs, each log's figures instead of their sum.")
    var perLog: Bool
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()

    func run(io: ToolIO) throws -> Int32 {
        let logs = try self.logs.logs(recursive: recursive)
        let (lenient, json, perLog) = (reading.lenient, json, perLog)
        guard logs.count > 1 || recursive || perLog else {
            let stats = try Self.figures(of: logs[0], lenient: lenient, io: io)
            if json {
                io.write(exactly: stats.json.serialized(style: .pretty) + "\n")
            } else {
                io.print(stats.text(path: logs[0], style: io.style))
            }
            return ExitCode.success
        }
        let gathered = Lock([LogStats?](repeating: nil, count: logs.count))
        let statuses = ManyLogs.run(logs, io: io, lenient: lenient) { log, index, io in
            let stats = try Self.figures(of: log, lenient: lenient, io: io)
            gathered.withLock { $0[index] = stats }
            if perLog, json {
                io.write(exactly: stats.json(log: log).serialized() + "\n")
            } else if perLog {
                io.print(stats.text(path: log, style: io.style))
            }
            return ExitCode.success
        }
        if !perLog {
            var sum = LogStats.sum()
            for (log, stats) in zip(logs, gathered.withLock { $0 }) {
                if let stats { sum.add(stats, of: log) }
            }
            if json {
                io.write(exactly: sum.json.serialized(style: .pretty) + "\n")
            } else {
                io.print(sum.text(path: "\(sum.logCount) log\(sum.logCount == 1 ? "" : "s")", style: io.style))
            }
        }
        return ManyLogs.status(of: statuses)
    }

    /// The figures of the log at `path`.
    static func figures(of path: String, lenient: Bool, io: ToolIO) throws -> LogStats {
        var stats = LogStats()
        try Replay.stepping(path, io: io, lenient: lenient) { step, state in
            stats.count(step, state: state)
            return true
        }
        stats.finish()
        return stats
    }
}

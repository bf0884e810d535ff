import ModalEvents
import ModalProjection

/// `modal-log replay LOG [--json]`: the final state.
struct ReplayCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "replay",
        abstract: "Replay a log and print its final state.",
        discussion: """
            Applies every event in order. Rejected events are part of the state \
            (its 'rejected' list); a malformed line stops the replay with an error \
            that names the file and line (exit 65). A torn last line (no newline) \
            is skipped with a warning. When the log has an index ('modal-log index'), \
            replay starts at its last checkpoint. \
            What if: --skip replays as if the events with those seqs had never \
            happened, and lists the later events that are rejected because of it, \
            rejected for another reason, or no longer rejected; with --json, that \
            list goes to standard error. A batch has one seq: skipping it leaves \
            out all its events.
            """ + "\n\n"
                + ManyLogs.discussion(
                    json: true, status: "The exit status is the worst of the logs'."))

    @OptionGroup var logs = LogsArguments()
    @Flag(help: LogArgument.stateJSONHelp)
    var json: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = IndexedReading()
    @Option(.seqs, help: "Leave out the events with these seqs (comma-separated).")
    var skip: Set<Int>?
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool

    func run(io: ToolIO) throws -> Int32 {
        try ManyLogs.each(logs, recursive: recursive, io: io, json: json, lenient: reading.lenient) {
            path, io, isOneOfMany in
            if let skip {
                return try replay(path, skipping: skip, io: io, naming: isOneOfMany ? path : nil)
            }
            var replay = try Replay.open(path, io: io, lenient: reading.lenient, indexed: !reading.noIndex)
            try replay.run()
            replay.printWarnings(io: io)
            io.printState(replay.state, json: json, log: isOneOfMany ? path : nil)
            return ExitCode.success
        }
    }

    /// Replays the log twice over in one read, as it is and without the
    /// events in `skipped`, and prints the second state and what the skip
    /// changed: each rejection once, in the section that says what became of
    /// it, then how the state differs from the real final state.
    /// - Parameter log: The log's name when it is one of many: its JSON
    ///   line names it, and so does each line of the report on standard error.
    func replay(_ path: String, skipping skipped: Set<Int>, io: ToolIO, naming log: String? = nil) throws -> Int32 {
        let first = skipped.min()!
        var replay = try Replay.open(path, io: io, lenient: reading.lenient, at: first - 1, indexed: !reading.noIndex)
        try replay.run(through: first - 1)
        // The what-if state reads on in the cursor; the actual one beside it, from the same entries.
        var actual = replay.state
        replay.cursor.skipping = skipped
        var seen: Set<Int> = []
        /// The skipped batches' sizes, by seq.
        var batches: [Int: Int] = [:]
        while let read = try replay.cursor.next() {
            let entry = read.entry
            try actual.replay(entry, readBy: replay.reader)
            if skipped.contains(entry.seq) {
                seen.insert(entry.seq)
                if case .batch(let events) = entry.event { batches[entry.seq] = events.count }
            }
        }
        let whatIf = replay.state
        let reader = replay.reader
        replay.printWarnings(io: io)
        if let missing = skipped.subtracting(seen).min() {
            let events =
                reader.lastSeq < reader.header.from
                ? "it has no events" : "its events are seqs \(reader.header.from) to \(reader.lastSeq)"
            throw UsageError(message: "--skip: seq \(missing) is not in \(path): \(events)")
        }
        let was = Dictionary(uniqueKeysWithValues: actual.rejected.map { ($0.seq, $0) })
        let now = Dictionary(uniqueKeysWithValues: whatIf.rejected.map { ($0.seq, $0) })
        let sections = [
            ("rejected because of the skip", whatIf.rejected.filter { was[$0.seq] == nil }),
            (
                "rejected for another reason",
                whatIf.rejected.filter { rejection in was[rejection.seq].map { $0 != rejection } ?? false }
            ),
            ("no longer rejected", actual.rejected.filter { now[$0.seq] == nil && !skipped.contains($0.seq) }),
            ("rejected as before", whatIf.rejected.filter { was[$0.seq] == $0 }),
        ]
        let skippedText = skipped.sorted().map { seq in
            "seq \(seq)" + (batches[seq].map { " (a batch of \($0) event\($0 == 1 ? "" : "s"))" } ?? "")
        }
        var report: [TerminalText] = ["skipped: \(skippedText.joined(separator: ", "))"]
        for (title, rejections) in sections where !rejections.isEmpty || title != "rejected for another reason" {
            report.append("\(title): \(rejections.isEmpty ? "none" : String(rejections.count))")
            report += rejections.map { "  seq \($0.seq) \($0.code.rawValue): \($0.message)" }
        }
        // The rejections are the sections above; the rest, from the real state to this one.
        let changes = StateDiff(from: actual, to: whatIf).changes.filter {
            if case .rejection = $0.subject { return false }
            return true
        }
        let count = changes.count == 1 ? "1 change" : "\(changes.count) changes"
        report.append("against the real final state: \(changes.isEmpty ? "the same" : count)")
        report += ChangeText.lines(of: changes, style: .plain).map { "  " + $0 }
        if json {
            io.printState(whatIf, json: true, log: log)
        } else {
            io.print(StateTree.render(whatIf, rejections: false, style: io.style))
        }
        // With JSON on standard output, what the skip changed goes to standard error.
        for line in report {
            if json { io.printError(log.map { "\($0): \(line)" } ?? line) } else { io.print(line) }
        }
        return ExitCode.success
    }
}

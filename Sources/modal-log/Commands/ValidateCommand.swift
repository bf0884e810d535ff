import ModalEvents
import ModalProjection

/// `modal-log validate LOG`: is the log well-formed, and does every event apply?
struct ValidateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check a log: its format, then every event against the rules.",
        discussion: """
            Exit status: 0 when the log is clean; 1 when events were rejected (each \
            listed with its seq, code and reason); 65 when the log is malformed (the \
            error names the file and line); 66 when the file is missing; 64 on bad usage. \
            With --lenient, every malformed line is reported, not only the first, and \
            the log still exits 65 when there was one.
            """ + "\n\n"
                + ManyLogs.discussion(
                    json: false,
                    status:
                        "Then a line for them all ('6 logs: 4 ok, 1 with rejections, 1 malformed'); the exit status is "
                        + "the worst of the logs'."))

    @OptionGroup var logs = LogsArguments()
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool

    func run(io: ToolIO) throws -> Int32 {
        try ManyLogs.each(
            logs, recursive: recursive, io: io, lenient: reading.lenient, combined: { Self.summarize($0, io: io) }
        ) {
            path, io, _ in try Self.validate(path, lenient: reading.lenient, io: io)
        }
    }

    /// After many logs, how they fared (`3 logs: 2 ok, 1 with rejections`); the worst status.
    static func summarize(_ statuses: [Int32], io: ToolIO) -> Int32 {
        let verdicts: [(Int32?, String, TextStyle.Attribute)] = [
            (ExitCode.success, "ok", .green), (ExitCode.checkFailed, "with rejections", .red),
            (ExitCode.dataError, "malformed", .red), (ExitCode.noInput, "missing", .red), (nil, "not read", .red),
        ]
        let known = Set(verdicts.compactMap(\.0))
        let parts = verdicts.compactMap { verdict, words, colour -> TerminalText? in
            let count = statuses.count { status in verdict.map { $0 == status } ?? !known.contains(status) }
            return count > 0 ? io.style.apply("\(count) \(words)", colour, .bold) : nil
        }
        io.print("\(statuses.count) log\(statuses.count == 1 ? "" : "s"): " + parts.joined(separator: ", "))
        return statuses.max() ?? ExitCode.success
    }

    /// Validates the log at `path`: its rejections, then a line that sums it up; its exit status.
    static func validate(_ path: String, lenient: Bool, io: ToolIO) throws -> Int32 {
        // Rejections are printed as they happen, not kept: memory stays flat.
        var replay = try Replay.open(path, io: io, lenient: lenient) { rejection, cause in
            io.print(
                "seq \(rejection.seq): \(io.style.apply("\(rejection.code.rawValue)", .red)): \(rejection.message)"
                    + (cause.map { io.style.apply("; \($0.text)", .dim) } ?? ""))
        }
        replay.trackCauses()
        // Every malformed line is named, as it is met.
        replay.reader.onWarning = { io.printError("warning: \($0)") }
        try replay.run()
        replay.printWarnings(io: io)
        let events = replay.eventCount == 1 ? "1 event" : "\(replay.eventCount) events"
        let skipped = replay.reader.skippedLines
        if skipped > 0 {
            let lines = skipped == 1 ? "1 malformed line" : "\(skipped) malformed lines"
            io.print("\(path): \(events), \(replay.rejectionCount) rejected, \(lines) skipped")
            return ExitCode.dataError
        }
        if replay.rejectionCount == 0 {
            io.print("\(path): \(io.style.apply("ok", .green, .bold)), \(events), none rejected")
            return ExitCode.success
        }
        io.print("\(path): \(events), \(io.style.apply("\(replay.rejectionCount) rejected", .red, .bold))")
        return ExitCode.checkFailed
    }
}

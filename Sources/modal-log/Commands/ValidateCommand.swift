import ModalEvents
import ModalProjection

/// `modal-log validate LOG`: is the log well-formed, and does every event apply?
enum ValidateCommand: ToolCommand {
    static let description = CommandDescription(
        name: "validate",
        abstract: "Check a log: its format, then every event against the rules.",
        discussion: """
            Exit status: 0 when the log is clean; 1 when events were rejected (each \
            listed with its seq, code and reason); 65 when the log is malformed (the \
            error names the file and line); 66 when the file is missing; 64 on bad usage. \
            With --lenient, every malformed line is reported, not only the first, and \
            the log still exits 65 when there was one.
            """,
        arguments: [CommonArguments.log],
        options: [CommonArguments.color, CommonArguments.lenient])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        // Rejections are printed as they happen, not kept: memory stays flat.
        var replay = try Replay.open(path, io: io, lenient: arguments.has("lenient")) { rejection in
            io.print(
                "seq \(rejection.seq): \(io.style.apply("\(rejection.code.rawValue)", .red)): \(rejection.message)")
        }
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

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
            error names the file and line); 66 when the file is missing; 64 on bad usage.
            """,
        arguments: [CommonArguments.log])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        // Rejections are printed as they happen, not kept: memory stays flat.
        let (replay, _, _) = try Replay.replaying(path, io: io) { rejection in
            io.print("seq \(rejection.seq): \(rejection.code.rawValue): \(rejection.message)")
        }
        let events = replay.eventCount == 1 ? "1 event" : "\(replay.eventCount) events"
        if replay.rejectionCount == 0 {
            io.print("\(path): ok, \(events), none rejected")
            return ExitCode.success
        }
        io.print("\(path): \(events), \(replay.rejectionCount) rejected")
        return ExitCode.checkFailed
    }
}

import Foundation
import ModalEvents
import ModalProjection

/// `modal-log index LOG [--every K] [--check]`: builds or brings up to date
/// the log's sidecar of checkpoints.
struct IndexCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "index",
        abstract: "Build or update a log's index of checkpoints, for fast seeking.",
        discussion: """
            Writes LOG.index beside the log (NAME.index beside a folder of segments): \
            the state every K events and where in the log that event ends. 'state \
            --at', 'replay' and a store that resumes the log then start from the \
            checkpoint nearest the seq they want and read fewer than K events. An \
            index that no longer matches its log (a line edited, the file replaced) \
            or is damaged is built again; one behind its log (events appended since) \
            is extended. 'replay' uses an index when there is one and brings it up \
            to date the same way; 'state' builds again one that no longer matches, \
            and uses one behind its log as it is, reading nothing past its seq. With \
            --check nothing is written: exit 0 when the index matches its log (and \
            keeps the interval --every asks for), 1 when it is missing, behind or \
            stale. The hashes of an index find damage, not intent: --prove also \
            replays the log and holds every checkpoint to it, for an index that came \
            from elsewhere (exit 1 when one is not the replay's).
            """)

    @OptionGroup var log = LogArgument(help: "The log to index: a file, or a folder of segments.")
    @Option(
        .count, valueName: "events",
        help: "Keep a checkpoint every this many events (default \(LogIndex<ModalState>.defaultInterval)).")
    var every: Int?
    @Flag(help: "Only say whether the index matches the log; write nothing.")
    var check: Bool
    @Flag(help: "With --check: replay the log and hold every checkpoint's state to it (an index from elsewhere).")
    var prove: Bool
    @OptionGroup var color = ColorOption()

    static let changesFiles = true

    func run(io: ToolIO) throws -> Int32 {
        let path = try log.onDisk(
            io: io, instead: "An index is kept beside a log on disk: standard input cannot have one")
        let interval = every
        try FileSystem.system.requireLog(at: path)
        if prove && !check {
            throw UsageError(message: "--prove needs --check: it proves an index, and writes nothing")
        }
        if check {
            return try Self.check(path, interval: interval, proving: prove, io: io)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let cursor = try LogCursor<ModalState>(
            .path(path), options: .init(index: .maintained(every: interval, checkingEveryLine: true)))
        // Maintained: there is always one, unless the log cannot be indexed (the cursor then threw).
        guard let index = cursor.index, let report = cursor.indexReport else { return ExitCode.success }
        if let error = report.writeError ?? report.buildError { throw error }
        let what =
            switch report.change {
            case .unchanged, .refreshed: "up to date"
            case .created: "built"
            case .extended: "extended"
            case .rebuilt(let reason): "built again (\(reason))"
            }
        let (seconds, attoseconds) = start.duration(to: clock.now).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        io.print("\(index.path): \(what) in \(milliseconds) ms: \(Self.summary(of: index))")
        return ExitCode.success
    }

    private static func check(_ path: String, interval: Int?, proving: Bool, io: ToolIO) throws -> Int32 {
        // The log itself must read: a missing log is exit 66, as elsewhere.
        _ = try EventLogReader(path: path)
        let sidecar = LogIndex<ModalState>.path(forLog: path)
        switch LogIndex<ModalState>.verdict(forLogAt: path, interval: interval, checkingEveryLine: true) {
        case .missing:
            io.print("\(sidecar): missing")
        case .current(let index):
            if proving, let wrong = try index.disproof() {
                io.print(
                    "\(sidecar): wrong: \(wrong); it did not come from this log: remove it, and "
                        + "'modal-log index' builds it from the log")
                return ExitCode.checkFailed
            }
            io.print(
                "\(sidecar): up to date\(proving ? ", every checkpoint proven by a replay" : ""): \(summary(of: index))"
            )
            return ExitCode.success
        case .behind(let index):
            io.print("\(sidecar): behind: the log has events after seq \(index.lastSeq)")
        case .stale(let reason, _):
            io.print("\(sidecar): stale: \(reason)")
        }
        return ExitCode.checkFailed
    }

    /// What the index holds, and the size of its sidecar (written by now).
    private static func summary(of index: LogIndex<ModalState>) -> String {
        let checkpoints = index.checkpoints.count == 1 ? "1 checkpoint" : "\(index.checkpoints.count) checkpoints"
        let bytes = (try? FileManager.default.attributesOfItem(atPath: index.path)[.size] as? Int) ?? 0
        let spacing =
            "one every \(index.interval) events" + (index.isSpreadOut ? " or more, as the state is large" : "")
        return "\(checkpoints), \(spacing), to seq \(index.lastSeq) (\(bytes) bytes)"
    }
}

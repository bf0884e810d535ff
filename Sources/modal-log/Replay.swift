import ModalEvents
import ModalProjection

/// Folds a log's events into a state: the loop every command shares.
struct Replay {
    var state: ModalState
    /// How many events were read.
    var eventCount = 0
    /// How many were rejected.
    var rejectionCount = 0
    /// Called with each rejection as it happens. When set, the state does not
    /// keep its `rejected` list, so memory stays flat however many there are.
    var onRejection: ((Rejection) -> Void)?

    /// Reads events from `reader` and applies them, stopping after event
    /// `seq` when one is given.
    ///
    /// - Returns: Whether the replay reached `seq` (always true without one).
    /// - Throws: ``EventLogError`` for the first malformed line.
    @discardableResult
    mutating func run(_ reader: EventLogReader, through seq: Int? = nil) throws(EventLogError) -> Bool {
        if let seq, seq <= state.seq { return seq == state.seq }
        while let entry = try reader.next() {
            let rejection = try state.apply(entry, readBy: reader)
            eventCount += 1
            if let rejection {
                rejectionCount += 1
                if let onRejection {
                    onRejection(rejection)
                    state.rejected.removeAll(keepingCapacity: true)
                }
            }
            if let seq, entry.seq >= seq { return true }
        }
        return seq == nil
    }
}

extension Replay {
    /// Opens the log at `path` (`-` for standard input), replays it, stopping
    /// after event `seq` when one is given, and prints the reader's warnings.
    ///
    /// With `indexed`, a log on disk that has an index (``LogIndex``) is
    /// replayed from the checkpoint at or before `seq` (before its end
    /// without one); an index behind the log is extended first, and one that
    /// no longer matches it built again, with a warning.
    ///
    /// - Returns: The replay, the reader (for its last seq), and whether it reached `seq`.
    static func replaying(
        _ path: String, io: ToolIO, lenient: Bool = false, through seq: Int? = nil, indexed: Bool = false,
        onRejection: ((Rejection) -> Void)? = nil
    ) throws(EventLogError) -> (replay: Replay, reader: EventLogReader, reached: Bool) {
        let start: (state: ModalState, reader: EventLogReader)
        if indexed, !lenient, io.isOnDisk(path), let resumed = try resumeFromIndex(of: path, at: seq, io: io) {
            start = resumed
        } else {
            let reader = try io.openLog(path, options: EventLogReader.Options(lenient: lenient))
            start = (try ModalState(startOf: reader), reader)
        }
        var replay = Replay(state: start.state, onRejection: onRejection)
        let reached = try replay.run(start.reader, through: seq)
        io.printWarnings(of: start.reader)
        return (replay, start.reader, reached)
    }

    /// The state at the checkpoint of `path`'s index at or before `seq` (or
    /// its last), and a reader after it; `nil` when the log has no index.
    /// An index behind its log is extended, one that no longer matches it
    /// built again (with a warning), and either written back.
    private static func resumeFromIndex(
        of path: String, at seq: Int?, io: ToolIO
    ) throws(EventLogError) -> (state: ModalState, reader: EventLogReader)? {
        guard let resumed = try LogIndex<ModalState>.resume(forLogAt: path, at: seq, creating: false, extending: true)
        else { return nil }
        let sidecar = resumed.index.path
        switch (resumed.update, resumed.writeError) {
        case (.rebuilt(let reason), nil):
            io.printError("warning: built \(sidecar) again: \(reason)")
        case (.rebuilt(let reason), let error?):
            io.printError("warning: \(sidecar) is out of date (\(reason)) and cannot be written: \(error)")
        case (_, let error?):
            io.printError("warning: \(sidecar) cannot be brought up to date: \(error)")
        case (_, nil):
            break
        }
        return (resumed.state, resumed.reader)
    }
}

/// The options every command that reads one log shares.
enum CommonArguments {
    static let log = ArgumentDescription(
        name: "log", help: "The log to read: a file, a folder of segments, or - for standard input.")
    static let json = OptionDescription(name: "json", help: "Print the state as the spec's JSON instead of a tree.")
    static let noIndex = OptionDescription(
        name: "no-index", help: "Read the whole log, even when it has an index (see 'modal-log index').")
    static let lenient = OptionDescription(
        name: "lenient",
        help: "Skip malformed event lines (each one a warning) instead of stopping at the first, and count them.")
}

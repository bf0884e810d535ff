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
    /// Whether each step says what it changed (``Step/changes``); a caller
    /// that only looks at the state turns it off, and the diff is not made.
    var describesChanges = true

    /// Reads events from `reader` and applies them, stopping after event
    /// `seq` when one is given.
    ///
    /// - Returns: Whether the replay reached `seq` (always true without one).
    /// - Throws: ``EventLogError`` for the first malformed line.
    @discardableResult
    mutating func run(_ reader: EventLogReader, through seq: Int? = nil) throws(EventLogError) -> Bool {
        if let seq, seq <= state.seq { return seq == state.seq }
        while let entry = try reader.next() {
            let rejection = try state.replay(entry, readBy: reader)
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
    /// without one); an index that no longer matches the log is built again
    /// first, with a warning. A fault found after a checkpoint is blamed on
    /// the log only when a read from the top finds it too; else the index
    /// is built again. (An indexed replay is not given `onRejection`: a
    /// replay read again would call it twice.)
    ///
    /// - Returns: The replay, the reader (for its last seq), and whether it reached `seq`.
    /// - Parameter warns: Whether to print the reader's warnings; a caller
    ///   that reads on prints them itself when it is done.
    static func replaying(
        _ path: String, io: ToolIO, lenient: Bool = false, through seq: Int? = nil, indexed: Bool = false,
        warns: Bool = true, onRejection: ((Rejection) -> Void)? = nil
    ) throws(EventLogError) -> (replay: Replay, reader: EventLogReader, reached: Bool) {
        func finish(_ start: (state: ModalState, reader: EventLogReader)) throws(EventLogError) -> (
            replay: Replay, reader: EventLogReader, reached: Bool
        ) {
            var replay = Replay(state: start.state, onRejection: onRejection)
            let reached = try replay.run(start.reader, through: seq)
            if warns { io.printWarnings(of: start.reader) }
            return (replay, start.reader, reached)
        }
        func fromTheTop() throws(EventLogError) -> (replay: Replay, reader: EventLogReader, reached: Bool) {
            let reader = try io.openLog(path, options: EventLogReader.Options(lenient: lenient))
            return try finish((try ModalState(startOf: reader), reader))
        }
        guard indexed, !lenient, io.isOnDisk(path) else { return try fromTheTop() }
        do {
            guard let start = try resumeFromIndex(of: path, at: seq, io: io) else { return try fromTheTop() }
            return try finish(start)
        } catch {
            // Throws the log's own fault, when it has one.
            let whole = try fromTheTop()
            let sidecar = LogIndex<ModalState>.path(forLog: path)
            do {
                try LogIndex<ModalState>.rebuilt(forLogAt: path).write()
                io.printError(
                    "warning: built \(sidecar) again: reading from it found a fault a read from the top does not (\(error))"
                )
            } catch let buildError {
                // The log reads to `seq` but not to its end, say: no index can be built for it.
                io.printError("warning: \(sidecar) cannot be built again: \(buildError)")
            }
            return whole
        }
    }

    /// The state at the checkpoint of `path`'s index at or before `seq` (or
    /// its last), and a reader after it; `nil` when the log has no index.
    /// An index that no longer matches its log is built again (with a
    /// warning); `replay` (no `seq`) extends one behind its log, which
    /// `state` uses as it is, so it reads nothing past `seq`.
    private static func resumeFromIndex(
        of path: String, at seq: Int?, io: ToolIO
    ) throws(EventLogError) -> (state: ModalState, reader: EventLogReader)? {
        guard
            let resumed = try LogIndex<ModalState>.resume(
                forLogAt: path, at: seq, creating: false, extending: seq == nil)
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

extension EventLogReader {
    /// Refuses `seq` when it is before the state the log starts from, or
    /// when a replay did not reach it (`reached`): a usage error that names
    /// the log's start or its last event.
    func check(_ seq: Int, reached: Bool, in path: String) throws(UsageError) {
        if seq < header.from - 1 {
            throw UsageError(
                message: "seq \(seq) is before the start of \(path): it starts from the state at seq \(header.from - 1)"
            )
        }
        guard reached else {
            var last = lastSeq == 0 ? "it has no events" : "its last event is seq \(lastSeq)"
            if tornTail != nil { last += " (a torn last line was skipped)" }
            throw UsageError(message: "seq \(seq) is past the end of \(path): \(last)")
        }
    }
}

/// The options every command that reads one log shares.
enum CommonArguments {
    static let log = ArgumentDescription(
        name: "log", help: "The log to read: a file, a folder of segments, or - for standard input.", completion: .file)
    static let json = OptionDescription(name: "json", help: "Print the state as the spec's JSON instead of a tree.")
    static let noIndex = OptionDescription(
        name: "no-index", help: "Read the whole log, even when it has an index (see 'modal-log index').")
    static let lenient = OptionDescription(
        name: "lenient",
        help: "Skip malformed event lines (each one a warning) instead of stopping at the first, and count them.")
}

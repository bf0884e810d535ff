import ModalEvents
import ModalProjection

/// Folds a log's events into a state: the loop every command shares, over
/// a ``LogCursor`` (which opens the log, seeks from its index, and reads).
struct Replay {
    let cursor: LogCursor<ModalState>
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

    /// The state after the last event read.
    var state: ModalState { cursor.state }
    /// The cursor's reader: its header, warnings and last seq.
    var reader: EventLogReader { cursor.reader }

    /// Opens the log at `path` (`-` for standard input).
    ///
    /// With `indexed`, a log on disk that has an index (``LogIndex``) starts
    /// from the checkpoint at or before `seq`, the index extended first when
    /// there is no `seq` (a replay to the end), else used as it is, so a
    /// read reads nothing past `seq`; see ``IndexPolicy``. (An indexed
    /// replay is not given `onRejection`: a replay read again from the top,
    /// when a fault after a checkpoint is confirmed, would call it twice.)
    static func open(
        _ path: String, io: ToolIO, lenient: Bool = false, at seq: Int? = nil, indexed: Bool = false,
        onRejection: ((Rejection) -> Void)? = nil
    ) throws(EventLogError) -> Replay {
        let index: IndexPolicy = indexed ? (seq == nil ? .extended : .used) : .ignored
        let cursor = try LogCursor<ModalState>(
            io.source(path), at: seq, options: .init(reading: .init(lenient: lenient), index: index))
        return Replay(cursor: cursor, onRejection: onRejection)
    }

    /// Reads events and applies them, stopping after event `seq` when one is given.
    ///
    /// - Returns: Whether the replay reached `seq` (always true without one).
    /// - Throws: ``EventLogError`` for the first malformed line.
    @discardableResult
    mutating func run(through seq: Int? = nil) throws(EventLogError) -> Bool {
        if let seq, seq <= state.seq { return seq == state.seq }
        while let read = try cursor.next() {
            eventCount += 1
            if let rejection = read.rejection {
                rejectionCount += 1
                if let onRejection {
                    onRejection(rejection)
                    cursor.state.rejected.removeAll()
                }
            }
            if let seq, read.entry.seq >= seq { return true }
        }
        return seq == nil
    }

    /// Prints what the index and the reader have to say, once the reading is done.
    func printWarnings(io: ToolIO, exceptTornTail: Bool = false) {
        if let warning = cursor.indexReport?.warning { io.printError("warning: \(warning)") }
        io.printWarnings(of: reader, exceptTornTail: exceptTornTail)
    }

    /// Refuses `seq` when it is before the state the log starts from, or
    /// when a replay did not reach it (`reached`): a usage error that names
    /// the log's start or its last event.
    func check(_ seq: Int, reached: Bool, in path: String) throws(UsageError) {
        if seq < reader.header.from - 1 {
            throw UsageError(
                message:
                    "seq \(seq) is before the start of \(path): it starts from the state at seq \(reader.header.from - 1)"
            )
        }
        guard reached else {
            var last = reader.lastSeq == 0 ? "it has no events" : "its last event is seq \(reader.lastSeq)"
            if reader.tornTail != nil { last += " (a torn last line was skipped)" }
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
        help: "Skip malformed event lines instead of stopping at the first, and count them "
            + "(the first 100 each a warning; validate names every one).")

    /// The log a command that changes it names, which must be on disk:
    /// `-` (standard input) is a usage error saying `instead`, what to do.
    /// A link is followed, and the command says so: it changes the log
    /// the link names, and leaves the link as it is.
    static func logOnDisk(_ arguments: ParsedArguments, io: ToolIO, instead: String) throws -> String {
        let path = arguments.positionals["log"]!
        guard path != "-" else { throw UsageError(message: instead) }
        let target = try FileSystem.system.followingLinks(path)
        if target != path { io.printError("note: \(path) is a link to \(target), the log this acts on") }
        return path
    }
}

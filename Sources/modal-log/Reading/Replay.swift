import ModalEvents
import ModalProjection

/// Folds a log's events into a state: the loop every command shares, over
/// a ``LogCursor`` (which opens the log, seeks from its index, and reads).
struct Replay {
    let cursor: LogCursor<ModalState>
    /// How many events were read.
    var eventCount = 0
    /// How many of them were rejected.
    var rejectionCount = 0
    /// Called with each rejection as it happens. When set, the state does not
    /// keep its `rejected` list (``RejectionTally``), so memory stays flat
    /// however many there are.
    var onRejection: ((Rejection, RejectionCause?) -> Void)?
    /// The rejections taken out of the state's list: all of them once the
    /// replay steps (``nextStep()``), or hands them to ``onRejection``.
    var tally = RejectionTally()
    /// Whether each step says what it changed (``Step/changes``); a caller
    /// that only looks at the state turns it off, and the diff is not made.
    var describesChanges = true
    /// The log's path, read again from its start when a cause is asked for
    /// and the tracker has not seen every event before (a replay that
    /// started at an index's checkpoint); `nil` for standard input.
    var path: String?

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
        onRejection: ((Rejection, RejectionCause?) -> Void)? = nil
    ) throws(EventLogError) -> Replay {
        let index: IndexPolicy = indexed ? (seq == nil ? .extended : .used) : .ignored
        let cursor = try LogCursor<ModalState>(
            io.source(path), at: seq, options: .init(reading: .init(lenient: lenient), index: index))
        return Replay(cursor: cursor, onRejection: onRejection, path: path == "-" ? nil : path)
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
            let cause = cursor.skipping.contains(read.entry.seq) ? nil : track(read.entry, rejection: read.rejection)
            if let rejection = read.rejection {
                rejectionCount += 1
                if let onRejection {
                    onRejection(rejection, cause)
                    tally.take(from: &cursor.state)
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

extension ToolIO {
    /// Prints the reader's warnings (a torn last line, skipped lines) to
    /// standard error, and how many lines a lenient reader skipped.
    func printWarnings(of reader: EventLogReader, exceptTornTail: Bool = false) {
        for warning in reader.warnings {
            if exceptTornTail, let torn = reader.tornTail, warning.file == torn.file, warning.line == torn.line {
                continue
            }
            printError("warning: \(warning)")
        }
        if reader.options.lenient {
            let lines = reader.skippedLines == 1 ? "1 malformed line" : "\(reader.skippedLines) malformed lines"
            printError("warning: \(reader.path): skipped \(lines)")
        }
    }
}

/// `<log>`: the one log a command reads (or changes).
struct LogArgument: ParsableArguments {
    @Argument(help: "The log to read: a file, a folder of segments, or - for standard input.", completion: .file)
    var log: String

    init() {}

    /// The log, with `help` for its argument.
    init(help: String) {
        _log = Argument(help: help, completion: .file)
    }

    /// The log of a command that changes it, which must be on disk: `-`
    /// (standard input) is a usage error saying `instead`, what to do. A
    /// link is followed, and the command says so: it changes the log the
    /// link names, and leaves the link as it is.
    func onDisk(io: ToolIO, instead: String) throws -> String {
        guard log != "-" else { throw UsageError(message: instead) }
        let target = try FileSystem.system.followingLinks(log)
        if target != log { io.printError("note: \(log) is a link to \(target), the log this acts on") }
        return log
    }

    /// The help of `--json` for the commands that print a state.
    static let stateJSONHelp = "Print the state as the spec's JSON instead of a tree."
}

/// `--lenient` and `--no-index`: how a command that reads from an index reads.
struct IndexedReading: ParsableArguments {
    @OptionGroup var leniency = LenientOption()
    @Flag(help: "Read the whole log, even when it has an index (see 'modal-log index').")
    var noIndex: Bool

    var lenient: Bool { leniency.lenient }
}

/// `--lenient`: read on past malformed lines.
struct LenientOption: ParsableArguments {
    @Flag(
        help: "Skip malformed event lines instead of stopping at the first, and count them "
            + "(the first 100 each a warning; validate names every one).")
    var lenient: Bool
}

extension Replay {
    /// Names each rejection's cause from here on (``Step/cause``, and
    /// ``onRejection``'s second argument).
    mutating func trackCauses() {
        tally.causes = CauseTracker(startingAt: state)
    }

    /// Notes what `entry` did (the state now is the state after it), after
    /// the cause of its `rejection`. The tracker that has not seen the
    /// events before the first it was given (a replay that started at an
    /// index's checkpoint) is made again from the log's start first, the
    /// first time a cause is asked for.
    mutating func track(_ entry: LoggedEvent, rejection: Rejection?) -> RejectionCause? {
        if rejection != nil, let tracker = tally.causes, !tracker.hasSeenAll(since: reader.header.from), let path {
            // Once: a log that cannot be read again names the causes it saw.
            self.path = nil
            if let caughtUp = try? CauseTracker.reading(path, through: entry.seq - 1, skipping: cursor.skipping) {
                tally.causes = caughtUp
            }
        }
        return tally.track(entry, rejection: rejection, after: state)
    }
}

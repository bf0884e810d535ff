/// Where a log is read from.
public enum LogSource: Sendable, Hashable {
    /// A file, a folder of segments, or `-` for standard input.
    case path(String)
    /// A log held in memory; `name` is what errors call it.
    case bytes([UInt8], name: String)

    /// The log's path on disk, where an index can sit beside it; `nil` for
    /// standard input and bytes in memory.
    var pathOnDisk: String? {
        guard case .path(let path) = self, path != "-" else { return nil }
        return path
    }

    /// A reader at the log's start, its header read.
    func reader(options: EventLogReader.Options) throws(EventLogError) -> EventLogReader {
        switch self {
        case .path(let path): try EventLogReader(path: path, options: options)
        case .bytes(let bytes, let name): try EventLogReader(bytes: bytes, name: name, options: options)
        }
    }
}

/// A log being read into a state: the one way this package reads a log.
///
/// A cursor opens a file, a folder of segments, standard input or bytes in
/// memory, applies its index policy (``IndexPolicy``: seek from the
/// checkpoint at or before a seq, extend or build the sidecar, with at
/// most one warning, ``indexReport``), then reads one event at a time into
/// ``state``, and can seek to any seq, forwards or back.
///
/// Two kinds of fault are kept apart. A damaged or stale index is never the
/// caller's problem: it is built again, and the read goes on as if it had
/// been sound. A malformed log is: ``EventLogError`` names the file and
/// line of the first fault, as a read from the top finds it (a fault found
/// after a checkpoint is confirmed by a read from the top before it is
/// thrown; when that read finds none, the index led astray and is built
/// again).
///
/// ```swift
/// // From the index's checkpoint at or before 5,000, when the log has one.
/// let cursor = try LogCursor<ModalState>(.path("session.jsonl"), at: 5_000, options: .init(index: .used))
/// try cursor.advance(through: 5_000)
/// print(cursor.state.seq)  // 5000
/// try cursor.seek(to: 120)  // back: from the checkpoint at or before 120
/// while let read = try cursor.next() { print(read.entry.seq, read.rejection as Any) }
/// ```
public final class LogCursor<State: LogProjection> {
    /// How a cursor reads: the reader's limits and leniency, and the index policy.
    public struct Options: Sendable {
        public var reading: EventLogReader.Options
        /// Ignored for a lenient read, standard input and bytes in memory.
        public var index: IndexPolicy

        public init(reading: EventLogReader.Options = EventLogReader.Options(), index: IndexPolicy = .ignored) {
            self.reading = reading
            self.index = index
        }
    }

    /// One event read, and why it could not apply, if it could not.
    public struct Read {
        public var entry: LoggedEvent
        public var rejection: State.Rejection?

        @inlinable init(entry: LoggedEvent, rejection: State.Rejection?) {
            self.entry = entry
            self.rejection = rejection
        }
    }

    public let source: LogSource
    public let options: Options
    // The stored properties each event reads and changes opt out of the
    // runtime's exclusivity checks (two to four an event, about 6% of a
    // replay), as the reader's do: a cursor is not `Sendable`, and the only
    // code it calls while one of them is being changed is the projection's
    // `apply`, a pure function of the state and the event. A caller reaches
    // them through a getter and a setter (``state``, ``skipping``), never an
    // access held open, so no caller's access can overlap the cursor's.

    /// The state right after the last event read (or the checkpoint the
    /// cursor started from). A caller may change it: what the next events
    /// apply to (a list it keeps elsewhere, cleared).
    @inlinable public var state: State {
        get { currentState }
        set { currentState = newValue }
    }
    @usableFromInline @exclusivity(unchecked) var currentState: State
    /// The last `time` of an event up to ``state``, if any had one.
    public var lastTime: Double? { position.lastTime }
    /// The reader, right after the last line read: its header, warnings,
    /// torn tail, file and line.
    public var reader: EventLogReader { position.reader }
    /// The index the cursor seeks from, when it uses one: it builds,
    /// checks, extends and writes the sidecar as ``options`` say.
    private var keeper: IndexKeeper<State>?
    /// The index the cursor seeks from, when it uses one.
    package var index: LogIndex<State>? { keeper?.index }
    /// What opening did to the sidecar; `nil` when no index was used.
    public var indexReport: IndexReport? { keeper?.report }
    /// The events with these seqs are read and left out, as if they had not
    /// happened (a what-if replay).
    @inlinable public var skipping: Set<Int> {
        get { skippedSeqs }
        set { skippedSeqs = newValue }
    }
    @usableFromInline @exclusivity(unchecked) var skippedSeqs: Set<Int> = []
    /// Where the cursor reads. The per-event path is `@inlinable`, so a
    /// caller's module specialises it for its state: unspecialised, each
    /// event asked the runtime for `Read<State>`'s metadata several times
    /// (a sixth of a replay's time).
    @usableFromInline @exclusivity(unchecked) var position: Position

    @usableFromInline struct Position {
        @usableFromInline var reader: EventLogReader
        @usableFromInline var lastTime: Double?
        /// Whether the reader started from a checkpoint (not the log's
        /// start): a fault it finds is then confirmed from the top.
        @usableFromInline var startedAtCheckpoint: Bool

        init(reader: EventLogReader, lastTime: Double? = nil, startedAtCheckpoint: Bool = false) {
            self.reader = reader
            self.lastTime = lastTime
            self.startedAtCheckpoint = startedAtCheckpoint
        }
    }

    /// Opens the log and stands as near before `seq` as its index allows (at
    /// the index's last checkpoint when `seq` is `nil`), or at its start.
    ///
    /// - Throws: ``EventLogError`` for a log that cannot be opened or whose
    ///   header is malformed, or (`seq` nil) a fault a read from the top
    ///   finds on the way to the log's end.
    public convenience init(_ source: LogSource, at seq: Int? = nil, options: Options = Options())
        throws(EventLogError)
    {
        try self.init(source, at: seq, options: options, holding: nil)
    }

    /// As ``init(_:at:options:)``, writing the sidecar under `lock`, the
    /// log's, which the caller (a writer) holds.
    package init(_ source: LogSource, at seq: Int?, options: Options, holding lock: LogLock?) throws(EventLogError) {
        self.source = source
        self.options = options
        let reader = try source.reader(options: options.reading)
        position = Position(reader: reader)
        currentState = try State(startOf: reader)
        guard options.index.isUsed, !options.reading.lenient, let path = source.pathOnDisk else { return }
        do throws(EventLogError) {
            keeper = try IndexKeeper.open(logAt: path, policy: options.index, reading: options.reading, holding: lock)
            if let index { try start(atOrBefore: seq ?? index.lastSeq) }
        } catch {
            // A fault found from the index is the log's only when a read from the top finds it too.
            try startFromTheTop()
            if keeper == nil {
                keeper = IndexKeeper(logAt: path, policy: options.index, reading: options.reading, holding: lock)
            }
            if let fault = rebuildIndex(ledAstrayBy: error), seq == nil { throw fault }
        }
    }

    // MARK: Reading

    /// Reads the next event and applies it to ``state`` (unless its seq is
    /// in ``skipping``).
    ///
    /// - Returns: The event and its rejection; `nil` at the log's end.
    /// - Throws: ``EventLogError`` for a malformed line, a state past its
    ///   limits, or a file that cannot be read.
    @inlinable public func next() throws(EventLogError) -> Read? {
        guard position.startedAtCheckpoint else { return try read() }
        let before = state.seq
        do {
            return try read()
        } catch {
            // Throws the log's own fault, when a read from the top finds it.
            try startFromTheTop()
            while state.seq < before, try read() != nil {}
            let read = try read()
            rebuildIndex(ledAstrayBy: error)
            return read
        }
    }

    /// Reads on through event `seq`, or to the log's end when `nil`.
    ///
    /// - Returns: Whether the cursor stands right after `seq` (always true
    ///   without one): false when the log ends before it, or `seq` is
    ///   behind the cursor (``seek(to:)`` goes back).
    @inlinable @discardableResult
    public func advance(through seq: Int? = nil) throws(EventLogError) -> Bool {
        if let seq, seq <= state.seq { return seq == state.seq }
        while let read = try next() {
            if let seq, read.entry.seq >= seq { return true }
        }
        return seq == nil
    }

    /// Moves to right after event `seq`, forwards or back: from the
    /// checkpoint at or before it, or from where the cursor is when that is
    /// nearer, or from the top.
    ///
    /// - Returns: Whether it got there: false when the log ends before `seq`.
    @discardableResult
    public func seek(to seq: Int) throws(EventLogError) -> Bool {
        let checkpoint = index?.checkpoint(atOrBefore: seq)?.seq
        if seq < state.seq || checkpoint.map({ $0 > state.seq }) ?? false {
            do {
                try start(atOrBefore: seq)
            } catch {
                try startFromTheTop()
                rebuildIndex(ledAstrayBy: error)
            }
        }
        return try advance(through: seq)
    }

    @inlinable func read() throws(EventLogError) -> Read? {
        let segments = position.reader.laterSegmentsOpened
        let next = try position.reader.next()
        if position.reader.laterSegmentsOpened != segments { try checkSegmentStart() }
        guard let entry = next else { return nil }
        if let time = entry.time { position.lastTime = time }
        guard skippedSeqs.isEmpty || !skippedSeqs.contains(entry.seq) else {
            return Read(entry: entry, rejection: nil)
        }
        return Read(entry: entry, rejection: try currentState.replay(entry, readBy: reader))
    }

    /// Checks the state the segments before replay to against the header
    /// of the segment the reader just opened, which holds the state before
    /// its first event: a segment whose header says otherwise would start a
    /// log that keeps only the last segments from a wrong state. A read
    /// that left events out (a lenient one, which may have skipped a line,
    /// or one ``skipping`` some) does not check. The history (which a
    /// caller may have emptied) is left out.
    ///
    /// - Throws: `invalidState`, naming the segment's header line.
    @usableFromInline func checkSegmentStart() throws(EventLogError) {
        guard !options.reading.lenient, skipping.isEmpty, let snapshot = reader.fileHeader.snapshot else { return }
        let recorded: State
        do throws(EventLogError) {
            recorded = try State(json: snapshot)
        } catch {
            throw EventLogError(error.kind, file: reader.file, line: 1, message: "the header's state: \(error.message)")
        }
        guard
            recorded.json(historyFromElement: recorded.historyLength)
                != state.json(historyFromElement: state.historyLength)
        else {
            return
        }
        throw EventLogError(
            .invalidState, file: reader.file, line: 1,
            message: "the header's state is not the state the segments before it replay to at seq \(state.seq)")
    }

    // MARK: Starting

    @usableFromInline func startFromTheTop() throws(EventLogError) {
        let reader = try source.reader(options: options.reading)
        currentState = try State(startOf: reader)
        position = Position(reader: reader)
    }

    /// Starts at the index's checkpoint at or before `seq`, or at the top
    /// before the first.
    ///
    /// - Throws: ``EventLogError`` for a fault in the log, or in a
    ///   checkpoint's place in it (which the caller confirms from the top).
    private func start(atOrBefore seq: Int) throws(EventLogError) {
        guard let start = try keeper?.start(atOrBefore: seq) else { return try startFromTheTop() }
        position = Position(reader: start.reader, lastTime: start.time, startedAtCheckpoint: true)
        currentState = start.state
    }

    /// Builds the index again after `error`, found from it, was not found
    /// from the top; the cursor reads from the top by now.
    ///
    /// - Returns: The fault that kept it from being built: the log has one
    ///   further on than the read went.
    @usableFromInline @discardableResult
    func rebuildIndex(ledAstrayBy error: EventLogError) -> EventLogError? {
        keeper?.rebuild(ledAstrayBy: error)
    }
}

import Dispatch

/// Appends events to a log on disk: one file, or a folder of segments that
/// rotates at a size you set and can keep only the last few.
///
/// Every append is written to the file before it returns, so an event the
/// writer accepted survives the app's crash. When it also survives a power
/// loss depends on ``Durability``: synced before `append` returns, synced in
/// groups a few milliseconds later, or left to the system. ``durableSeq``
/// (and ``Options/onDurable``) say how far the log is on disk for sure.
///
/// ```swift
/// let (writer, state) = try EventLogWriter.open("session.jsonl", as: ModalState.self)
/// try writer.append(LoggedEvent(seq: state.seq + 1, event: .dimmingTap()), stateBefore: { state.json })
/// try writer.close()
/// ```
///
/// A writer is safe to use from any thread; appends are written in the
/// order they are made, and each must carry the next seq.
public final class EventLogWriter: Sendable {
    /// When an appended event is synced to the disk.
    public enum Durability: Sendable, Hashable {
        /// Each event is synced before ``EventLogWriter/append(_:stateBefore:)``
        /// returns: nothing acknowledged is lost, at the cost of one disk
        /// sync per event.
        case everyEvent
        /// Group commit: one sync covers every event written since the last,
        /// once `events` have gathered or `interval` after the first of them,
        /// whichever comes first. `append` does not wait for it; a power loss
        /// can lose the events of the last `interval` at most. (The default
        /// count is high enough that under a flood of appends the syncs
        /// follow the interval: with 100, a sync started every half
        /// millisecond and halved the appends' speed, `modal-bench`.)
        case group(events: Int = 1_000, interval: Duration = .milliseconds(5))
        /// Never synced by the writer (but for a segment, when the next one
        /// starts): the system writes the file when it likes. A crash of the
        /// app loses nothing; a power loss can lose the last few seconds,
        /// and leaves a log that opens again.
        case none
    }

    /// How a log is cut into segment files (the spec's last section).
    public struct Segments: Sendable, Hashable {
        /// A segment that has reached this many bytes is closed, and the
        /// next event starts a new one (a segment always holds one event
        /// or more, however large).
        public var maximumBytes: Int
        /// How many segment files to keep; the oldest are removed when a new
        /// one starts, so disk use stays bounded. `nil` keeps all.
        public var retainedFiles: Int?

        /// - Precondition: `maximumBytes` and `retainedFiles` are 1 or more. Traps otherwise.
        public init(maximumBytes: Int, retainedFiles: Int? = nil) {
            precondition(maximumBytes >= 1 && (retainedFiles ?? 1) >= 1, "segment limits must be 1 or more")
            self.maximumBytes = maximumBytes
            self.retainedFiles = retainedFiles
        }
    }

    /// How a writer syncs, cuts segments, and reads the log it resumes.
    public struct Options: Sendable {
        public var durability: Durability
        /// `nil`: the log is one file. Otherwise the path is a folder of segments.
        public var segments: Segments?
        /// The limits that apply when an existing log is read to resume it.
        public var reading: EventLogReader.Options
        /// Called with the new ``EventLogWriter/durableSeq`` each time it
        /// moves on, in order, on the writer's own queue (never while an
        /// `append` holds the writer). Keep it short: group syncs run on
        /// the same queue and wait behind it. It must not call
        /// ``EventLogWriter/sync()`` or ``EventLogWriter/close()``.
        public var onDurable: (@Sendable (_ durableSeq: Int) -> Void)?
        /// Keep the log's index (its sidecar, `LOG.index`) with a checkpoint every this
        /// many events: opening the log then replays from its last
        /// checkpoint instead of from the top, and brings the index up to
        /// date (builds it, extends it, or builds it again when it no longer
        /// matches). `nil`, the default: no index is read or written.
        public var indexInterval: Int?
        /// The file system the log is on: the system's, or a test's.
        package var fileSystem: FileSystem {
            get { reading.fileSystem }
            set { reading.fileSystem = newValue }
        }

        /// - Precondition: `indexInterval`, when given, is 1 or more. Traps otherwise.
        public init(
            durability: Durability = .group(), segments: Segments? = nil,
            reading: EventLogReader.Options = EventLogReader.Options(),
            onDurable: (@Sendable (_ durableSeq: Int) -> Void)? = nil, indexInterval: Int? = nil
        ) {
            precondition((indexInterval ?? 1) >= 1, "an index interval is 1 or more")
            self.durability = durability
            self.segments = segments
            self.reading = reading
            self.onDurable = onDurable
            self.indexInterval = indexInterval
        }
    }

    /// The log's path: a file, or the folder of its segments.
    public let path: String
    public let options: Options
    /// What opening the log repaired: a torn last line cut off, an unfinished
    /// segment removed. Empty when the log was whole or new.
    public let recoveryWarnings: [EventLogWarning]
    /// The format version the writer writes: the current one for a new log,
    /// the log's own (its last segment's) for one it resumed. A version-1
    /// log takes no version-2 event (``ModalEvent/formatVersion``), and its
    /// lines leave out `source` and `caller`.
    public let version: Int

    private let guarded: Lock<WriterState>
    /// Runs group syncs and ``Options/onDurable`` calls, one at a time, in order.
    private let queue = DispatchQueue(label: "ModalEvents.EventLogWriter")

    init(path: String, options: Options, state: WriterState, recoveryWarnings: [EventLogWarning]) {
        self.path = path
        self.options = options
        self.version = state.header.version
        self.guarded = Lock(state)
        self.recoveryWarnings = recoveryWarnings
    }

    /// The seq of the last event written; the log's `from` - 1 before any.
    public var lastSeq: Int { guarded.withLock { $0.lastSeq } }

    /// The seq of the last event on disk for sure: synced, or with
    /// ``Durability/none``, handed to the system.
    public var durableSeq: Int { guarded.withLock { $0.durableSeq } }

    // MARK: Appending

    /// Writes `entry` at the end of the log.
    ///
    /// - Parameters:
    ///   - entry: The event; its seq must be ``lastSeq`` + 1.
    ///   - stateBefore: The state after event `entry.seq - 1` as JSON; called
    ///     only when the event starts a new segment, whose header carries it.
    /// - Throws: ``EventLogError``, and then nothing of the event is in the
    ///   file: `seqOutOfOrder`; `limitExceeded` (no reader could read its
    ///   line back, or the header of the segment it would start, or the
    ///   log is full: its last seq is 2^63 - 1);
    ///   `olderVersion` (a version-2 event in a version-1 log);
    ///   `writeFailed` (the disk refused, or the log is closed); or the
    ///   failure of an earlier sync, after which the writer takes no more
    ///   events. A sync of this very event that fails does not throw: the
    ///   event is written, ``durableSeq`` does not reach it, and the next
    ///   call throws.
    public func append(_ entry: LoggedEvent, stateBefore: () -> JSONValue) throws(EventLogError) {
        try append(contentsOf: [entry], stateBefore: stateBefore)
    }

    /// Writes `entries` in order, in one write: all of them or, when the
    /// disk refuses, none.
    ///
    /// - Parameter stateBefore: The state before the first entry, as JSON;
    ///   called only when they start a new segment.
    public func append(contentsOf entries: [LoggedEvent], stateBefore: () -> JSONValue) throws(EventLogError) {
        guard let first = entries.first else { return }
        var bytes: [UInt8] = []
        for entry in entries {
            if version < 2, let part = entry.event.versionTwoPart {
                throw EventLogError(
                    .olderVersion, file: path,
                    message:
                        "cannot append seq \(entry.seq): the log is format version \(version), which cannot hold "
                        + "\(part); upgrade it first ('modal-log upgrade')")
            }
            let (line, violation) = options.reading.line(of: entry, version: version)
            if let violation {
                throw EventLogError(
                    .limitExceeded, file: path,
                    message: "cannot append seq \(entry.seq): \(violation), so no reader could read the log back")
            }
            bytes += line
        }
        try guarded.withLock { state throws(EventLogError) in
            try state.checkOpen()
            var last = state.lastSeq
            for entry in entries {
                guard let next = LoggedEvent.seq(after: last) else {
                    throw .logFull(after: last, file: state.file.path)
                }
                guard entry.seq == next else {
                    throw EventLogError(
                        .seqOutOfOrder, file: state.file.path,
                        message: "cannot append seq \(first.seq): the log's last seq is \(state.lastSeq)")
                }
                last = next
            }
            if let segments = options.segments, state.lastSeq >= state.segmentFrom,
                state.file.size - state.headerBytes + bytes.count > segments.maximumBytes
            {
                try state.startSegment(
                    from: first.seq, snapshot: stateBefore(), retaining: segments.retainedFiles,
                    limits: options.reading)
            }
            try state.write(bytes)
            state.lastSeq = entries[entries.count - 1].seq
            afterWrite(&state, count: entries.count)
        }
    }

    /// Does what the durability policy asks after a write, under the lock.
    ///
    /// The events are in the file by now: a failed sync does not undo them.
    /// It stops the writer instead (``durableSeq`` stays, and every later
    /// call throws it), since on Linux a failed `fsync` may drop the pages it
    /// could not write, and a later sync would report them safe.
    private func afterWrite(_ state: inout WriterState, count: Int) {
        switch options.durability {
        case .everyEvent:
            do {
                try state.syncNow()
            } catch {
                state.failure = state.failure ?? error
            }
        case .none:
            state.durableSeq = state.lastSeq
        case .group(let events, let interval):
            state.unsynced += count
            if state.unsynced >= events {
                if !state.isSyncQueued {
                    state.isSyncQueued = true
                    queue.async { self.runGroupSync() }
                }
            } else if !state.isTimerSet {
                state.isTimerSet = true
                queue.asyncAfter(deadline: .now() + interval.dispatchInterval) { self.runGroupSync() }
            }
        }
        // A new segment syncs the last one, so the durable seq can move on under any policy.
        notifyIfDurableMovedOn(&state)
    }

    /// A group sync: syncs what was written when it starts, outside the lock,
    /// so appends go on while the disk works.
    private func runGroupSync() {
        let taken = guarded.withLock { state -> (AppendableFile, Int)? in
            state.isSyncQueued = false
            state.isTimerSet = false
            state.unsynced = 0
            return state.isClosed ? nil : (state.file, state.lastSeq)
        }
        guard let (file, target) = taken else { return }
        let result = Result { () throws(EventLogError) in try file.sync() }
        guarded.withLock { state in
            switch result {
            case .success: state.durableSeq = max(state.durableSeq, target)
            case .failure(let error): state.failure = state.failure ?? error
            }
            notifyIfDurableMovedOn(&state)
        }
    }

    /// Queues an ``Options/onDurable`` call when the durable seq moved on.
    /// Called under the lock, so the calls are queued in the order of their seqs.
    private func notifyIfDurableMovedOn(_ state: inout WriterState) {
        guard let seq = state.takeNotice(), let onDurable = options.onDurable else { return }
        queue.async { onDurable(seq) }
    }

    // MARK: Syncing and closing

    /// Syncs everything written so far, and returns once it is on disk and
    /// every ``Options/onDurable`` call for it has been made. Not to be
    /// called from `onDurable`, which runs on the queue it waits for.
    public func sync() throws(EventLogError) {
        try guarded.withLock { state throws(EventLogError) in
            if let failure = state.failure { throw failure }
            guard !state.isClosed else { return }
            do throws(EventLogError) {
                try state.syncNow()
            } catch {
                state.failure = error
                throw error
            }
            notifyIfDurableMovedOn(&state)
        }
        queue.sync {}
    }

    /// Syncs and closes the log, releasing it for another writer: later
    /// appends throw. The log is released even when the sync fails (and
    /// throws). Closing twice does nothing.
    public func close() throws(EventLogError) {
        defer {
            guarded.withLock { state in
                state.isClosed = true
                state.file.close()
                state.lock.release()
            }
        }
        try sync()
    }
}

/// What a writer changes under its lock.
struct WriterState: Sendable {
    /// The log's lock, held until the writer closes.
    let lock: LogLock
    /// The file being appended to: the log, or its last segment.
    var file: AppendableFile
    var fileSystem: FileSystem { lock.fileSystem }
    /// Where segments live, when the log is a folder.
    let folder: String?
    /// The header every new segment copies (its other fields).
    let header: LogHeader
    /// Whether the writer syncs at all: not with ``EventLogWriter/Durability/none``.
    let syncs: Bool
    /// The first seq of the current file.
    var segmentFrom: Int
    /// The length of the current file's header line, which a segment's size
    /// leaves out: a large snapshot does not make every event start a segment.
    var headerBytes: Int
    var lastSeq: Int
    var durableSeq: Int
    /// The last durable seq reported to `onDurable`.
    var reportedSeq: Int
    var unsynced = 0
    var isSyncQueued = false
    var isTimerSet = false
    var isClosed = false
    /// A sync (or a cut-back) that failed: the writer takes no more events.
    var failure: EventLogError?

    func checkOpen() throws(EventLogError) {
        if let failure { throw failure }
        guard !isClosed else { throw EventLogError(.writeFailed, file: file.path, message: "the log is closed") }
    }

    /// Writes `bytes` to the file; when a failed write could not be cut back
    /// off, the file may end in part of a line, and the writer stops.
    mutating func write(_ bytes: [UInt8]) throws(EventLogError) {
        do {
            try file.write(bytes)
        } catch {
            if file.isDamaged { failure = error }
            throw error
        }
    }

    mutating func syncNow() throws(EventLogError) {
        try file.sync()
        durableSeq = lastSeq
    }

    /// The durable seq, when it moved on since it was last reported.
    mutating func takeNotice() -> Int? {
        guard durableSeq > reportedSeq else { return nil }
        reportedSeq = durableSeq
        return durableSeq
    }

    /// Closes the current segment (synced, so all of it is durable) and
    /// starts the next at `from`, whose header carries `snapshot`; then
    /// removes the oldest segments beyond `retaining`.
    mutating func startSegment(
        from: Int, snapshot: JSONValue, retaining: Int?, limits: EventLogReader.Options
    ) throws(EventLogError) {
        guard let folder else { return }
        let segmentHeader = LogHeader(version: header.version, from: from, snapshot: snapshot, fields: header.fields)
        let line = EventLogEncoder.line(segmentHeader.json)
        if let violation = limits.violation(of: segmentHeader.json, line: line) {
            throw EventLogError(
                .limitExceeded, file: folder,
                message: "cannot start a segment at seq \(from): its header's state: \(violation)")
        }
        // Synced under every policy, `.none` too: a crash never leaves a
        // segment torn (or lost) with a later one on the disk after it.
        do throws(EventLogError) {
            try syncNow()
        } catch {
            failure = error
            throw error
        }
        file = try SegmentFiles.create(folder: folder, header: segmentHeader, syncing: syncs, fileSystem: fileSystem)
        segmentFrom = from
        headerBytes = line.count
        if let retaining {
            try SegmentFiles.removeOldest(in: folder, keeping: retaining, syncing: syncs, fileSystem: fileSystem)
        }
    }
}

extension Duration {
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, sumOverflow) = nanoseconds.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow || sumOverflow ? .never : .nanoseconds(Int(clamping: total))
    }
}

/// Checkpoints of a log: every `interval` events (or further apart where
/// the state is large), where in the log that event ends and the state
/// right after it. Kept in a file beside the log (its sidecar, `LOG.index`),
/// so that the state at any seq is one checkpoint and a few events away,
/// however long the log.
///
/// The sidecar stays within a constant factor of its log: a checkpoint is
/// kept only once the log has grown, since the one before, by at least as
/// many bytes as the checkpoint's pieces take (its state, and its history's
/// elements added since the one before, each element once), but for the
/// first pieces of a small index, up to 1 MiB of them (``smallIndexStateBytes``).
/// So its pieces add up to at most the log's bytes plus 1 MiB, with a row
/// of 80 bytes a checkpoint. Where the state is small next to the
/// log's growth (a few kilobytes against `interval` events: the usual
/// case), that is a checkpoint every `interval` events; where it is large
/// (tens of thousands of live modals), the checkpoints thin out, and a seek
/// replays at most about twice as many bytes of the log as it reads of a
/// state.
///
/// An index remembers the bytes it was built from (each file's length, time
/// and a hash of its content), so it knows when the log has grown since (it
/// still holds, and ``extended(options:)`` adds checkpoints for the rest)
/// and when the log no longer is what it indexed (it is stale, and is built
/// again). Docs/Performance.md describes the file.
///
/// It is not read on its own: a ``LogCursor`` reads from it, and its
/// ``IndexKeeper`` builds, checks, extends and writes it, as the cursor's
/// ``IndexPolicy`` says.
package struct LogIndex<State: LogProjection>: Sendable {
    /// A place in the log where the index keeps the state.
    package struct Checkpoint: Sendable, Hashable {
        /// The seq of the event the state is right after.
        package internal(set) var seq: Int
        /// The last `time` of an event up to `seq`, if any had one.
        package internal(set) var time: Double?
        /// Where the next line starts.
        package var position: EventLogReader.Position
        /// How many elements the state's history holds there.
        package var historyCount: Int
    }

    /// What the index knows of one file of the log.
    package struct FileStamp: Sendable, Hashable {
        /// The file's name: the log's, or a segment's in its folder.
        package internal(set) var name: String
        /// How many of its bytes the index covers: up to its last whole line.
        package internal(set) var bytes: Int
        /// When the file was last changed (nanoseconds since 1970) as the
        /// index saw it; `nil` when that was too close to the build to rule
        /// out a later change in the same tick, so the hash decides.
        package internal(set) var modified: Int64?
        /// The hash of the covered bytes (``ContentHash``), 16 hex digits.
        package internal(set) var hash: String
    }

    /// How many events apart the checkpoints are, unless asked otherwise.
    package static var defaultInterval: Int { 1000 }

    /// Whether the state's size kept some checkpoints further apart than
    /// ``interval`` (after the first one).
    package var isSpreadOut: Bool {
        guard let last = checkpoints.last else { return false }
        return lastSeq - last.seq >= interval
            || zip(checkpoints, checkpoints.dropFirst()).contains { $1.seq - $0.seq > interval }
    }

    /// The bytes of states a small index keeps whatever the log's growth;
    /// past them, a state is kept once the log has grown, since the
    /// checkpoint before, by as many bytes as its line has.
    static var smallIndexStateBytes: Int { 1 << 20 }

    /// The log's path: a file, or a folder of segments.
    package let logPath: String
    /// How many events apart the checkpoints are.
    package let interval: Int
    /// The files of the log the index covers, in order.
    package let files: [FileStamp]
    /// The checkpoints, in seq order: at seqs that are multiples of
    /// `interval`, one for each, or fewer where the state is large.
    package let checkpoints: [Checkpoint]
    /// The seq of the last event the index covers.
    package let lastSeq: Int
    /// The last `time` of an event it covers, if any had one.
    package let lastTime: Double?
    /// The checkpoints' states and history elements, as the sidecar keeps them.
    let body: IndexBody
    /// The file system the index reads the log and writes its sidecar through.
    let fileSystem: FileSystem
    /// The history elements read so far, shared by the copies of this index,
    /// so a seek reads the ones before its checkpoint only once.
    let history = HistorySlot()

    /// The path of the sidecar of the log at `path`: `session.jsonl.index`,
    /// or for a folder of segments `segments.index` beside the folder. For
    /// a link, the sidecar of the log it names, beside that log.
    package static func path(forLog path: String) -> String {
        var log = path
        while log.count > 1 && log.hasSuffix("/") { log.removeLast() }
        return ((try? FileSystem.system.followingLinks(log)) ?? log) + ".index"
    }

    /// This index's sidecar.
    package var path: String { Self.path(forLog: logPath) }

    // MARK: Seeking

    /// The checkpoint at or before `seq`, or `nil` when `seq` comes before
    /// the first.
    ///
    /// - Complexity: O(log *n*) in the number of checkpoints.
    package func checkpoint(atOrBefore seq: Int) -> Checkpoint? {
        place(atOrBefore: seq).map { checkpoints[$0] }
    }

    /// The place in ``checkpoints`` of the checkpoint at or before `seq`.
    func place(atOrBefore seq: Int) -> Int? {
        var low = 0
        var high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].seq <= seq { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// A reader of the log right after the checkpoint at `place` in
    /// ``checkpoints``, or at the log's start when `nil`.
    func reader(after place: Int?, options: EventLogReader.Options) throws(EventLogError) -> EventLogReader {
        guard let place else { return try EventLogReader(path: logPath, options: options) }
        return try EventLogReader(path: logPath, at: checkpoints[place].position, options: options)
    }

    /// ``state(atCheckpoint:)``, its fault an ``EventLogError`` naming the sidecar.
    func locatedState(atCheckpoint index: Int) throws(EventLogError) -> State {
        try Result { () throws(IndexFault) in try state(atCheckpoint: index) }
            .mapError { EventLogError(.invalidState, file: path, message: $0.message) }.get()
    }

    /// The state the checkpoint at `index` in ``checkpoints`` holds.
    ///
    /// - Throws: ``IndexFault`` when the sidecar does not hold it as it should.
    func state(atCheckpoint index: Int) throws(IndexFault) -> State {
        let checkpoint = checkpoints[index]
        do throws(EventLogError) {
            let state = try State(
                json: body.state(of: index), historyCount: checkpoint.historyCount, cache: history
            ) { read throws(EventLogError) in
                // The blocks of the checkpoints up to this one that added elements after the first
                // `read` (the cache holds each to the count its checkpoint keeps).
                var blocks: [HistoryBlock] = []
                var before = 0
                for earlier in 0...index {
                    let after = checkpoints[earlier].historyCount
                    if after > read, after > before {
                        blocks.append(HistoryBlock(bytes: try body.history(of: earlier), countAfter: after))
                    }
                    before = after
                }
                return blocks
            }
            if let exceeded = state.limitExceeded() { throw EventLogError(exceeded) }
            guard state.seq == checkpoint.seq else {
                throw EventLogError(.invalidState, message: "its state is at seq \(state.seq), not \(checkpoint.seq)")
            }
            return state
        } catch {
            throw IndexFault(message: "checkpoint at seq \(checkpoint.seq): \(error.message)")
        }
    }
}

/// A fault of a log's sidecar, not of the log: a checkpoint it does not
/// hold as it should. A reader builds the index again instead of blaming
/// the log.
struct IndexFault: Error {
    var message: String
}

/// Where an index keeps the history read so far: one ``HistoryCache`` of
/// the state's history type, made on first use and shared by the copies of
/// the index.
final class HistorySlot: Sendable {
    private let slot = Lock<(any Sendable)?>(nil)

    /// The cache of histories of type `History`.
    func cache<History: CheckpointHistory>(of type: History.Type) -> HistoryCache<History> {
        slot.withLock { slot in
            if let cache = slot as? HistoryCache<History> { return cache }
            let cache = HistoryCache<History>()
            slot = cache
            return cache
        }
    }
}

/// The longest history an index has read: its first *n* elements, under a
/// lock. A seek takes a prefix of it (sharing its storage), and reads only
/// the blocks after it.
final class HistoryCache<History: CheckpointHistory>: Sendable {
    private let read = Lock(History())

    /// The first `count` elements: read before, or appended from the blocks
    /// `readMore` gives (it gets how many were read), each checked to leave
    /// the history as long as the block says.
    ///
    /// - Throws: `invalidState` when a block does not, or the history is
    ///   shorter than `count` after them.
    func history(
        count: Int, readMore: (_ read: Int) throws(EventLogError) -> [HistoryBlock]
    ) throws(EventLogError) -> History {
        try read.withLock { history throws(EventLogError) in
            if history.count < count {
                var longer = history
                for block in try readMore(history.count) {
                    try longer.append(encoded: block.bytes)
                    guard longer.count == block.countAfter else {
                        throw EventLogError(
                            .invalidState,
                            message: "the history has \(longer.count) elements after a block, not \(block.countAfter)")
                    }
                }
                guard longer.count >= count else {
                    throw EventLogError(
                        .invalidState, message: "the history has \(longer.count) elements, not \(count)")
                }
                history = longer
            }
            return history.truncated(to: count)
        }
    }
}

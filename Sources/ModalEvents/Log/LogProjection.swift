/// A projection that a log file can hold: it starts empty, it has a JSON
/// form that reads back to an equal state (a segment's header carries it as
/// a snapshot), and it bounds what an untrusted log may make it hold.
///
/// `ModalProjection`'s `ModalState` conforms. The file log
/// (``EventLogWriter``) and a store that runs on one need it.
public protocol LogProjection: EventProjection {
    /// The state before any event: `seq` 0.
    init()

    /// The state as JSON, complete: ``init(json:)`` reads it back to an
    /// equal state.
    var json: JSONValue { get }

    /// Reads a state from its JSON.
    ///
    /// - Throws: ``EventLogError`` (`missingField`, `wrongType`,
    ///   `invalidState`, ...) naming no file or line; the caller adds them.
    init(json: JSONValue) throws(EventLogError)

    /// Applies `entry` as a log of format `formatVersion` holds it, as
    /// ``EventProjection/apply(_:)`` does: where the versions give an event
    /// different meanings (a word version 2 added), the older one's. The
    /// default ignores the version.
    mutating func apply(_ entry: LoggedEvent, formatVersion: Int) throws(Rejection)

    /// The events that record, in a log of format `formatVersion`, that the
    /// app was launched again and nothing of the last process is on screen
    /// (what a store on a log file appends when it opens one that holds
    /// events). `nil` when the format has no way to say it. The default: a
    /// `session.start` with `info` from version 2, `nil` before.
    func sessionStart(info: JSONValue?, formatVersion: Int) -> [ModalEvent]?

    /// What the state, just after `entry` was applied, holds beyond the
    /// limits a replay of an untrusted log allows (too many of something);
    /// `nil` within them. A replay stops there with a `limitExceeded`
    /// error, so no log can make the state grow without bound. The default
    /// has no limits.
    func limitExceeded(after entry: LoggedEvent) -> ExceededLimit?

    /// What the whole state holds beyond those limits, or `nil`: checked
    /// once on a snapshot read from a segment's header, which no event built.
    /// The default has no limits.
    func limitExceeded() -> ExceededLimit?
}

extension LogProjection {
    public mutating func apply(_ entry: LoggedEvent, formatVersion: Int) throws(Rejection) { try apply(entry) }

    /// ``EventProjection/replay(_:)`` for a log of format `formatVersion`.
    ///
    /// A replay's hot path, like the two below: `@inlinable`, so that it is
    /// specialized for the state where it is called, with no generic
    /// witness between an event and the state's `apply`.
    @discardableResult
    @inlinable
    public mutating func replay(_ entry: LoggedEvent, formatVersion: Int) -> Rejection? {
        replay(entry) { state throws(Rejection) in try state.apply(entry, formatVersion: formatVersion) }
    }

    public func sessionStart(info: JSONValue?, formatVersion: Int) -> [ModalEvent]? {
        formatVersion >= 2 ? [.sessionStart(info: info)] : nil
    }

    public func limitExceeded(after entry: LoggedEvent) -> ExceededLimit? { nil }

    public func limitExceeded() -> ExceededLimit? { nil }

}

/// A list that only grows, at most one element an event, that a state
/// keeps (``LogHistory``), in the binary form a log index stores it in:
/// each checkpoint the elements added since the one before, each once.
package protocol CheckpointHistory: Sendable {
    /// An empty history.
    init()

    /// How many elements it holds.
    var count: Int { get }

    /// Its first `count` elements.
    ///
    /// - Complexity: O(1): the result shares this one's storage.
    func truncated(to count: Int) -> Self

    /// Its elements from `start` on, as bytes ``append(encoded:)`` reads.
    func encoded(from start: Int) -> [UInt8]

    /// Appends the elements `bytes` hold, as ``encoded(from:)`` made them.
    ///
    /// - Throws: ``EventLogError`` (`invalidState`) when the bytes are not
    ///   elements that can follow this history's; nothing is appended then.
    mutating func append(encoded bytes: ArraySlice<UInt8>) throws(EventLogError)
}

/// A state whose JSON holds a list that only grows (`ModalState`'s
/// rejections): a log index (``LogIndex``) stores each element once, in
/// binary, not the whole list in every checkpoint, and reads each once. The
/// package's own: a state without such a list conforms to
/// ``LogProjection`` alone, and the index treats it as having none.
package protocol LogHistory: LogProjection {
    associatedtype History: CheckpointHistory

    /// The list.
    var history: History { get }

    /// The state's JSON with the history holding only its elements from `start` on.
    func json(historyFrom start: Int) -> JSONValue

    /// A state from its JSON, whose history is empty, and its history.
    ///
    /// - Throws: ``EventLogError`` as ``init(json:)``, or `invalidState`
    ///   when the history does not fit the state.
    init(json: JSONValue, history: History) throws(EventLogError)
}

/// What the index asks of any state's history: a ``LogHistory``'s, or none.
extension LogProjection {
    /// How many elements the history holds; 0 for a state without one.
    package var historyLength: Int { (self as? any LogHistory)?.history.count ?? 0 }

    /// The state's JSON with its history holding only its elements from
    /// `start` on; its whole JSON for a state without one.
    package func json(historyFromElement start: Int) -> JSONValue {
        (self as? any LogHistory)?.json(historyFrom: start) ?? json
    }

    /// The history's elements from `start` on, in binary; none for a state without one.
    package func historyBytes(from start: Int) -> [UInt8] {
        (self as? any LogHistory)?.history.encoded(from: start) ?? []
    }

    /// A state from its JSON, whose history is empty, and the first
    /// `historyCount` elements of its history: those `cache` read before,
    /// then those in the blocks `readMore` gives (it gets how many were
    /// read), each with the count the history must have after it. The
    /// history's type is found once, not for each block.
    ///
    /// - Throws: ``EventLogError`` as ``init(json:)``, or `invalidState`
    ///   when the history does not fit the state (or it has none, and
    ///   `historyCount` is not 0).
    init(
        json: JSONValue, historyCount: Int, cache: HistorySlot,
        readMore: (_ read: Int) throws(EventLogError) -> [HistoryBlock]
    ) throws(EventLogError) {
        guard let historied = Self.self as? any LogHistory.Type else {
            guard historyCount == 0 else { throw EventLogError(.invalidState, message: "the state has no history") }
            self = try Self(json: json)
            return
        }
        self =
            try historied.restoring(json: json, historyCount: historyCount, cache: cache, readMore: readMore) as! Self
    }
}

/// Elements of a history in binary, and how many the history holds once
/// they are appended.
struct HistoryBlock {
    var bytes: ArraySlice<UInt8>
    var countAfter: Int
}

extension LogHistory {
    /// ``LogProjection/init(json:historyCount:cache:readMore:)`` with the history's type known.
    fileprivate static func restoring(
        json: JSONValue, historyCount: Int, cache: HistorySlot,
        readMore: (_ read: Int) throws(EventLogError) -> [HistoryBlock]
    ) throws(EventLogError) -> Self {
        try Self(json: json, history: cache.cache(of: History.self).history(count: historyCount, readMore: readMore))
    }
}

extension LogProjection {
    /// The state a log starts from: empty, or a segment's snapshot.
    ///
    /// - Throws: ``EventLogError`` naming the file's header line when the
    ///   snapshot cannot be read or is not the state after event `from - 1`.
    public init(startOf reader: EventLogReader) throws(EventLogError) {
        guard let snapshot = reader.header.snapshot else {
            self.init()
            return
        }
        let header = reader.header
        let file = reader.segments.first ?? reader.path
        do throws(EventLogError) {
            self = try Self(json: snapshot)
        } catch {
            var located = error
            located.file = file
            located.line = 1
            located.message = "the header's state: \(error.message)"
            throw located
        }
        if let exceeded = limitExceeded() {
            throw EventLogError(.limitExceeded, file: file, line: 1, message: "the header's state: \(exceeded)")
        }
        guard seq == header.from - 1 else {
            throw EventLogError(
                .invalidState, file: file, line: 1,
                message: "the header's state is at seq \(seq), but the log starts at seq \(header.from)")
        }
    }

    /// Replays an entry that `reader` just read, as a log holds it (and as
    /// its file's format version means it), and checks the state against its
    /// limits.
    ///
    /// - Returns: The rejection, when the event cannot apply.
    /// - Throws: `limitExceeded`, naming the entry's file and line.
    @discardableResult
    @inlinable
    public mutating func replay(_ entry: LoggedEvent, readBy reader: EventLogReader) throws(EventLogError) -> Rejection?
    {
        let rejection = replay(entry, formatVersion: reader.fileVersion)
        try checkLimits(after: entry, readBy: reader)
        return rejection
    }

    /// Throws `limitExceeded`, naming `reader`'s line, when `entry` left the
    /// state past its limits (``limitExceeded(after:)``).
    @inlinable
    package func checkLimits(after entry: LoggedEvent, readBy reader: EventLogReader) throws(EventLogError) {
        if let exceeded = limitExceeded(after: entry) {
            throw EventLogError(exceeded, file: reader.file, line: reader.lineNumber)
        }
    }
}

/// What a state holds past a bound that a replay of an untrusted log applies
/// (``LogProjection/limitExceeded(after:)``): which bound, its maximum, and
/// what holds too many.
public struct ExceededLimit: Sendable, Hashable, CustomStringConvertible {
    /// What is counted: `roots registered at once`, `modals`, `cards`.
    public var items: String
    /// The most the bound allows.
    public var maximum: Int
    /// What holds too many of them (`root "sheets"`), or `nil` for the whole state.
    public var holder: String?

    public init(maximum: Int, of items: String, in holder: String? = nil) {
        self.items = items
        self.maximum = maximum
        self.holder = holder
    }

    /// `more than 1000 modals in root "sheets"`.
    public var description: String {
        "more than \(maximum) \(items)" + (holder.map { " in \($0)" } ?? "")
    }
}

extension EventLogError {
    /// The error a replay stops with at a state past one of its limits: `limitExceeded`.
    public init(_ exceeded: ExceededLimit, file: String = "", line: Int? = nil) {
        self.init(.limitExceeded, file: file, line: line, message: exceeded.description)
    }
}

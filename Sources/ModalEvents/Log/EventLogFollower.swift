/// Reads a log that an app is still appending to, as `tail -f` does.
///
/// Start one where a reader stopped; each ``readAppended(_:)`` hands over the
/// events appended since, whole lines only: a last line the app is still
/// writing (no newline yet) is left until its newline lands, and read then.
/// A log in segments is followed into the segments that appear.
///
/// ```swift
/// let reader = try EventLogReader(path: "session.jsonl")
/// while let entry = try reader.next() { show(entry) }
/// let follower = EventLogFollower(after: reader)
/// while true {
///     try follower.readAppended { entry, _ in show(entry) }
///     try await Task.sleep(for: .milliseconds(200))
/// }
/// ```
public final class EventLogFollower {
    /// The log followed.
    public let path: String
    /// The reader options each read uses.
    public let options: EventLogReader.Options
    /// Just after the last whole line read.
    private var position: EventLogReader.Position

    /// Follows the log `reader` reads, from just after the last whole line
    /// it read (a torn last line it skipped is read again once it is whole).
    ///
    /// - Precondition: `reader` reads a log on disk, not standard input or memory.
    public init(after reader: EventLogReader) {
        path = reader.path
        options = reader.options
        position = Self.lastWholeLine(of: reader)
    }

    /// The seq of the last event read.
    public var lastSeq: Int { position.seq }

    /// Reads the events appended since the last read, calling `body` with
    /// each and the reader it came through (for its file and line).
    ///
    /// - Returns: How many events were read.
    /// - Throws: ``EventLogError`` for a malformed line (naming its file and
    ///   line), or `readFailed` when the log is now shorter than what was
    ///   read: it was cut or replaced, and following it would read nonsense.
    @discardableResult
    public func readAppended(
        _ body: (LoggedEvent, EventLogReader) throws(EventLogError) -> Void
    ) throws(EventLogError) -> Int {
        let reader = try EventLogReader(path: path, at: position, options: options)
        if let size = FileSystem.status(of: reader.file)?.size, size < position.offset {
            throw EventLogError(
                .readFailed, file: reader.file,
                message:
                    "the log is shorter (\(size) bytes) than what was read (\(position.offset) bytes): it was cut or replaced"
            )
        }
        var count = 0
        while let entry = try reader.next() {
            try body(entry, reader)
            count += 1
        }
        position = Self.lastWholeLine(of: reader)
        return count
    }

    /// Where `reader` stands, less a torn last line it skipped.
    private static func lastWholeLine(of reader: EventLogReader) -> EventLogReader.Position {
        var position = reader.position
        if let torn = reader.tornTail, torn.file == reader.file {
            position.offset = torn.offset
            position.line = torn.line - 1
        }
        return position
    }
}

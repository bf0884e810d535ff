/// Reads a log that an app is still appending to, as `tail -f` does.
///
/// Start one where a reader stopped; each ``readAppended(_:)`` hands over the
/// events appended since, whole lines only: a last line the app is still
/// writing (no newline yet) is left until its newline lands, and read then.
/// A log in segments is followed into the segments that appear, and goes on
/// when retention removes the segments before.
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
    /// The file `position` is in: the log, or one of its segments.
    private var file: String
    /// The bytes just before `position`: a log that no longer holds them
    /// there was cut or replaced.
    private var bytesRead: [UInt8]

    /// How many of the bytes before the position are checked at each read.
    private static let checkedBytes = 256

    /// Follows the log `reader` reads, from just after the last whole line
    /// it read (a torn last line it skipped is read again once it is whole).
    ///
    /// - Precondition: `reader` reads a log on disk, not standard input or memory.
    public init(after reader: EventLogReader) {
        path = reader.path
        options = reader.options
        (position, file) = Self.lastWholeLine(of: reader)
        bytesRead = (try? Self.bytes(before: position.offset, in: file, options: options)) ?? []
    }

    /// The seq of the last event read.
    public var lastSeq: Int { position.seq }

    /// Reads the events appended since the last read, calling `body` with
    /// each and the reader it came through (for its file and line).
    ///
    /// - Returns: How many events were read.
    /// - Throws: ``EventLogError`` for a malformed line (naming its file and
    ///   line); or `readFailed` when the log no longer holds what was read
    ///   (it was cut or replaced, and following it would read nonsense), or
    ///   when retention removed a segment before its end was read.
    @discardableResult
    public func readAppended(
        _ body: (LoggedEvent, EventLogReader) throws(EventLogError) -> Void
    ) throws(EventLogError) -> Int {
        var opened: EventLogReader?
        // Retention may remove a segment between the listing and the opening: then list again.
        for _ in 0..<3 where opened == nil {
            try findFile()
            guard try Self.bytes(before: position.offset, in: file, options: options) == bytesRead else {
                throw EventLogError(
                    .readFailed, file: file,
                    message: "the log no longer holds the lines read up to seq \(position.seq): it was cut or replaced")
            }
            let reader = try EventLogReader(path: path, at: position, options: options)
            if reader.file == file { opened = reader }
        }
        guard let reader = opened else {
            throw EventLogError(.readFailed, file: path, message: "its segments kept changing while it was opened")
        }
        var count = 0
        while let entry = try reader.next() {
            try body(entry, reader)
            count += 1
        }
        (position, file) = Self.lastWholeLine(of: reader)
        bytesRead = try Self.bytes(before: position.offset, in: file, options: options)
        return count
    }

    /// Sets `position.file` to the place of `file` among the log's segments
    /// now: retention may have removed the ones before it. When it removed
    /// `file` itself, the follower goes on in the segment after it, if the
    /// events of `file` had all been read.
    private func findFile() throws(EventLogError) {
        guard file != path else { return }
        let segments = try EventLogReader.segments(in: path, fileSystem: options.fileSystem)
        if let place = segments.firstIndex(of: file) {
            position.file = place
            return
        }
        for (place, segment) in segments.enumerated() {
            let start = try EventLogReader(path: segment, options: options)
            guard start.header.from == LoggedEvent.seq(after: position.seq) else { continue }
            position = EventLogReader.Position(
                file: place, offset: start.position.offset, line: start.position.line, seq: position.seq)
            file = segment
            bytesRead = try Self.bytes(before: position.offset, in: file, options: options)
            return
        }
        throw EventLogError(
            .readFailed, file: file,
            message:
                "the segment was removed before it was read to its end: the events after seq \(position.seq) are gone")
    }

    /// Up to ``checkedBytes`` of the bytes of `file` before `offset`.
    private static func bytes(
        before offset: Int, in file: String, options: EventLogReader.Options
    ) throws(EventLogError) -> [UInt8] {
        let start = max(0, offset - checkedBytes)
        let source = try FileDescriptorSource(path: file, in: options.fileSystem)
        try source.seek(to: start)
        return try source.read(upTo: offset - start)
    }

    /// Where `reader` stands, less a torn last line it skipped, and its file.
    private static func lastWholeLine(of reader: EventLogReader) -> (EventLogReader.Position, String) {
        var position = reader.position
        if let torn = reader.tornTail, torn.file == reader.file {
            position.offset = torn.offset
            position.line = torn.line - 1
        }
        return (position, reader.file)
    }
}

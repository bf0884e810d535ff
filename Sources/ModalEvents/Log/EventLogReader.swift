/// Streams the events of a v1 log, one line at a time.
///
/// The reader holds one buffer of the file at a time (plus the line being
/// read), never the whole file, so a log of any length reads in constant
/// memory. It checks the header, that `seq` starts at 1 and goes up by one,
/// and every event's fields; the first fault stops it with an
/// ``EventLogError`` naming the file and line.
///
/// A last line without its `\n` is a torn write: the reader skips it and
/// records a warning in ``warnings`` (with ``tornTail`` saying where it was).
///
/// ```swift
/// let reader = try EventLogReader(path: "EventLogs/modal-presenter/usage.jsonl")
/// while let entry = try reader.next() {
///     print(entry.seq, entry.event.type)
/// }
/// ```
public final class EventLogReader {
    /// Limits that protect a reader from hostile input.
    public struct Options: Sendable {
        /// The longest line, in bytes, the reader accepts.
        public var maximumLineLength: Int
        /// The deepest nesting of arrays and objects in a line.
        public var maximumDepth: Int
        /// How many bytes the reader asks for at a time.
        public var chunkSize: Int

        /// - Precondition: every limit is 1 or more. Traps otherwise.
        public init(
            maximumLineLength: Int = 16 << 20, maximumDepth: Int = JSONReader.defaultMaximumDepth,
            chunkSize: Int = 64 << 10
        ) {
            precondition(
                maximumLineLength >= 1 && maximumDepth >= 1 && chunkSize >= 1, "reader limits must be 1 or more")
            self.maximumLineLength = maximumLineLength
            self.maximumDepth = maximumDepth
            self.chunkSize = chunkSize
        }
    }

    /// Where a torn last line began and how long it was.
    public struct TornTail: Sendable, Hashable {
        /// The torn line's 1-based number.
        public var line: Int
        /// Byte offset of the torn line's first byte in the file.
        public var offset: Int
        /// How many bytes it had.
        public var length: Int

        public init(line: Int, offset: Int, length: Int) {
            self.line = line
            self.offset = offset
            self.length = length
        }
    }

    /// The name errors and warnings use: the path, or `-` for standard input.
    public let file: String
    /// The limits the reader applies.
    public let options: Options
    /// The log's header, read when the reader opens.
    public private(set) var header = LogHeader()
    /// What the reader stepped over: a torn last line.
    public private(set) var warnings: [EventLogWarning] = []
    /// The torn last line, once the reader has reached it.
    public private(set) var tornTail: TornTail?
    /// The seq of the last event read; 0 before the first.
    public private(set) var lastSeq = 0
    /// How many lines have been read, header included.
    public private(set) var lineNumber = 0

    private let source: any ByteSource
    private var buffer: [UInt8] = []
    /// Where `refill` reads a chunk to before appending it to `buffer`.
    private var chunk: [UInt8] = []
    /// Start of the unread part of `buffer`.
    private var start = 0
    /// Byte offset in the file of `buffer[0]`.
    private var bufferOffset = 0
    private var atEnd = false

    /// Opens the log at `path` and reads its header; `"-"` reads standard input.
    ///
    /// - Throws: ``EventLogError``: `fileNotFound`, `readFailed`, `emptyFile`,
    ///   or a fault in the header.
    public convenience init(path: String, options: Options = Options()) throws(EventLogError) {
        try self.init(file: path, source: try FileDescriptorSource(path: path), options: options)
    }

    /// Reads a log held in memory; `name` is what errors call it.
    public convenience init(bytes: [UInt8], name: String = "<memory>", options: Options = Options())
        throws(EventLogError)
    {
        try self.init(file: name, source: MemorySource(bytes), options: options)
    }

    private init(file: String, source: any ByteSource, options: Options) throws(EventLogError) {
        self.file = file
        self.source = source
        self.options = options
        guard var line = try readLine() else {
            if let tornTail {
                throw EventLogError(
                    .emptyFile, file: file, line: tornTail.line,
                    message: "the log holds no complete line: line 1 has no newline at its end (a torn write)")
            }
            throw EventLogError(.emptyFile, file: file, line: 1, message: "empty file: a log starts with its header")
        }
        // A UTF-8 byte order mark before the header is allowed and skipped (RFC 8259, section 8.1).
        if buffer[line].starts(with: [0xEF, 0xBB, 0xBF]) { line = line.lowerBound + 3..<line.upperBound }
        header = try parse(line) { json throws(EventLogError) in try LogHeader(json: json) }
    }

    /// The next event, or `nil` at the end of the log.
    ///
    /// - Throws: ``EventLogError`` naming the line, for the first malformed line.
    public func next() throws(EventLogError) -> LoggedEvent? {
        guard let line = try readLine() else { return nil }
        let expected = lastSeq + 1
        let entry = try parse(line) { json throws(EventLogError) in
            let entry = try LoggedEvent(json: json)
            guard entry.seq == expected else {
                throw EventLogError(.seqOutOfOrder, message: "seq \(entry.seq) is out of order: expected \(expected)")
            }
            return entry
        }
        lastSeq = entry.seq
        return entry
    }

    /// Reads every remaining event into an array.
    public func readAll() throws(EventLogError) -> [LoggedEvent] {
        var entries: [LoggedEvent] = []
        while let entry = try next() { entries.append(entry) }
        return entries
    }

    /// Parses a line's JSON and hands it to `decode`, adding the file and line to any error.
    private func parse<Value>(
        _ line: Range<Int>, _ decode: (JSONValue) throws(EventLogError) -> Value
    ) throws(EventLogError) -> Value {
        do throws(EventLogError) {
            let parsed = buffer.withUnsafeBytes { bytes in
                let text = UnsafeRawBufferPointer(rebasing: bytes[line])
                return Result { () throws(JSONSyntaxError) in
                    try JSONReader.read(text, maximumDepth: options.maximumDepth)
                }
            }
            switch parsed {
            case .success(let json):
                return try decode(json)
            case .failure(let error):
                if line.isEmpty { throw EventLogError(.invalidJSON, message: "empty line: expected a JSON object") }
                if error.kind == .invalidUTF8 { throw EventLogError(.invalidUTF8, message: error.message) }
                throw EventLogError(.invalidJSON, message: "invalid JSON: \(error.message)")
            }
        } catch {
            var located = error
            located.file = file
            located.line = lineNumber
            throw located
        }
    }

    /// The byte range in `buffer` of the next complete line (without its `\n`),
    /// or `nil` at the end; a torn last line is recorded and skipped.
    private func readLine() throws(EventLogError) -> Range<Int>? {
        var scanFrom = start
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n"), from: scanFrom) {
                try checkLength(newline - start)
                lineNumber += 1
                let line = start..<newline
                start = newline + 1
                return line
            }
            scanFrom = buffer.count
            try checkLength(buffer.count - start)
            if atEnd {
                if start < buffer.count {
                    let torn = TornTail(
                        line: lineNumber + 1, offset: bufferOffset + start, length: buffer.count - start)
                    tornTail = torn
                    warnings.append(
                        EventLogWarning(
                            file: file, line: torn.line,
                            message: "skipped a torn last line (\(torn.length) bytes, no newline at its end)"))
                    start = buffer.count
                }
                return nil
            }
            scanFrom -= try refill()
        }
    }

    private func checkLength(_ length: Int) throws(EventLogError) {
        guard length > options.maximumLineLength else { return }
        throw EventLogError(
            .lineTooLong, file: file, line: lineNumber + 1,
            message: "line is longer than \(options.maximumLineLength) bytes")
    }

    /// Drops the consumed prefix and appends one chunk; returns how far
    /// indexes into `buffer` moved down.
    private func refill() throws(EventLogError) -> Int {
        let consumed = start
        if consumed > 0 {
            buffer.removeSubrange(0..<consumed)
            bufferOffset += consumed
            start = 0
        }
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: options.chunkSize) }
        let count = try chunk.withUnsafeMutableBytes { bytes in
            Result { () throws(EventLogError) in try source.read(into: bytes) }
        }.get()
        buffer.append(contentsOf: chunk[0..<count])
        if count == 0 { atEnd = true }
        return consumed
    }
}

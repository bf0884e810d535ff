/// Streams the events of a log of format version 1 or 2, one line at a
/// time: a file, standard input, or a folder of segments read as one log.
///
/// The reader holds one buffer of the file at a time (plus the line being
/// read), never the whole file, so a log of any length reads in constant
/// memory. It checks the header, that `seq` starts at the header's `from`
/// (1 unless the file is a segment) and goes up by one, and every event's
/// fields; the first fault stops it with an ``EventLogError`` naming the file
/// and line. With ``Options/lenient`` it skips such lines instead, counting
/// them in ``skippedLines``.
///
/// A last line without its `\n` is a torn write: the reader skips it and
/// records a warning in ``warnings`` (with ``tornTail`` saying where it was).
///
/// A folder reads as one log: its `*.jsonl` files in name order, each one's
/// `from` following the last seq of the one before (the spec's segments),
/// each of the same format version as the one before or a later one. The
/// first file's header is the log's; each file's events are read as its own
/// header's version says. Errors name the file they are in.
///
/// ```swift
/// let reader = try EventLogReader(path: "EventLogs/modal-presenter/usage.jsonl")
/// while let entry = try reader.next() {
///     print(entry.seq, entry.event.type)
/// }
/// ```
public final class EventLogReader {
    /// Limits that protect a reader from hostile input, and whether it
    /// stops at a malformed line.
    public struct Options: Sendable {
        /// The longest line, in bytes, the reader accepts.
        public var maximumLineLength: Int
        /// The deepest nesting of arrays and objects in a line: a line's
        /// object is 1, an event's payload object 2. At most
        /// ``JSONValue/largestMaximumDepth``.
        public var maximumDepth: Int
        /// The longest string or key, in UTF-8 bytes.
        public var maximumStringLength: Int
        /// How many bytes the reader asks for at a time.
        public var chunkSize: Int
        /// Skip a malformed event line (with a warning, counted in
        /// ``EventLogReader/skippedLines``) instead of stopping at it, and
        /// accept the gap in `seq` it leaves. For reading damaged logs; a
        /// header, a file that cannot be read or broken segments still stop it.
        public var lenient: Bool
        /// The file system the log is read from (and, for a writer, written
        /// to): the system's, or a test's.
        package var fileSystem = FileSystem.system

        /// - Precondition: every limit is 1 or more, and `maximumDepth` at
        ///   most ``JSONValue/largestMaximumDepth``. Traps otherwise.
        public init(
            maximumLineLength: Int = 16 << 20, maximumDepth: Int = JSONValue.defaultMaximumDepth,
            maximumStringLength: Int = JSONValue.defaultMaximumStringLength, chunkSize: Int = 64 << 10,
            lenient: Bool = false
        ) {
            precondition(
                maximumLineLength >= 1 && maximumStringLength >= 1 && chunkSize >= 1, "reader limits must be 1 or more")
            JSONReader.checkMaximumDepth(maximumDepth, of: "a log reader")
            self.maximumLineLength = maximumLineLength
            self.maximumDepth = maximumDepth
            self.maximumStringLength = maximumStringLength
            self.chunkSize = chunkSize
            self.lenient = lenient
        }
    }

    /// Where a torn last line began and how long it was.
    public struct TornTail: Sendable, Hashable {
        /// The file it is in: the log, or its last segment.
        public var file: String
        /// The torn line's 1-based number.
        public var line: Int
        /// Byte offset of the torn line's first byte in the file: where a
        /// writer cuts the file to repair it.
        public var offset: Int
        /// How many bytes it had.
        public var length: Int

        public init(file: String, line: Int, offset: Int, length: Int) {
            self.file = file
            self.line = line
            self.offset = offset
            self.length = length
        }
    }

    /// How many warnings the reader keeps; ``skippedLines`` counts on past
    /// it. A reader with ``onWarning`` keeps none.
    public static let maximumWarnings = 100

    /// The path as the caller gave it (a file, a folder of segments), or
    /// `-` for standard input.
    public let path: String
    /// The file being read, which errors and warnings name: the path, or
    /// the current segment of a folder.
    @exclusivity(unchecked) public private(set) var file: String
    /// The segment files of a folder, in order; empty for a single file.
    public let segments: [String]
    /// The limits the reader applies.
    public let options: Options
    /// The log's header: the first file's.
    public private(set) var header = LogHeader()
    /// The header of the file being read (a writer resuming a folder starts
    /// from its last segment's): its version says how its events read.
    public private(set) var fileHeader = LogHeader() {
        didSet { fileVersion = fileHeader.version }
    }
    /// What the reader stepped over: a torn last line, and with
    /// ``Options/lenient`` the lines it skipped (the first
    /// ``maximumWarnings`` of them), unless ``onWarning`` takes them.
    public private(set) var warnings: [EventLogWarning] = []
    /// Called with each warning as the reader meets it, instead of keeping
    /// it in ``warnings``: a caller that reports them as it reads
    /// (`modal-log validate --lenient`) gets every one, in memory that
    /// stays flat.
    public var onWarning: ((EventLogWarning) -> Void)?
    /// How many malformed lines a lenient reader skipped.
    public private(set) var skippedLines = 0
    /// The torn last line, once the reader has reached it.
    public private(set) var tornTail: TornTail?
    // The properties read and written for every line opt out of the
    // runtime's exclusivity checks, which cost more than the rest of
    // finding a line: a reader is not `Sendable`, and none of its methods
    // calls out to code that could reach back into it while one of them is
    // being changed.

    /// The seq of the last event read; the header's `from` - 1 before the first.
    @exclusivity(unchecked) public private(set) var lastSeq = 0
    /// How many lines of the current file have been read, header included.
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    /// The format version of the file being read: ``fileHeader``'s, which
    /// says how its events read.
    @exclusivity(unchecked) public private(set) var fileVersion = LogHeader.currentVersion
    /// Where the last event's line is in `buffer`, until the next read.
    @exclusivity(unchecked) private var lastLine = 0..<0

    @exclusivity(unchecked) private var source: any ByteSource
    /// The segments not opened yet.
    private var laterSegments: ArraySlice<String>
    /// The bytes read from the file: `buffer[start..<end]` are not consumed
    /// yet. The reader owns the memory; it grows only for a line longer
    /// than a chunk.
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
    /// Start of the unread part of `buffer`.
    @exclusivity(unchecked) private var start = 0
    /// End of the bytes read into `buffer`.
    @exclusivity(unchecked) private var end = 0
    /// Byte offset in the file of `buffer[0]`.
    @exclusivity(unchecked) private var bufferOffset = 0
    @exclusivity(unchecked) private var atEnd = false
    /// The fast path's table of fields and the strings it has made, reused for every line.
    private let lines = LoggedEvent.LineDecoder()

    /// Opens the log at `path` and reads its header: a file, a folder of
    /// segments, or `"-"` for standard input.
    ///
    /// - Throws: ``EventLogError``: `fileNotFound`, `readFailed`, `emptyFile`,
    ///   or a fault in the header.
    public convenience init(path: String, options: Options = Options()) throws(EventLogError) {
        let fileSystem = options.fileSystem
        guard path != "-", fileSystem.entry(at: path) == .folder else {
            // A file named on a command line may be a pipe (`<(zcat log.gz)`).
            let source = try FileDescriptorSource(path: path, regularOnly: false, in: fileSystem)
            try self.init(path: path, segments: [], source: source, options: options)
            return
        }
        let segments = try Self.segments(in: path, fileSystem: fileSystem)
        let source = try FileDescriptorSource(path: segments[0], in: fileSystem)
        try self.init(path: path, segments: segments, source: source, options: options)
    }

    /// Reads a log held in memory; `name` is what errors call it.
    public convenience init(bytes: [UInt8], name: String = "<memory>", options: Options = Options())
        throws(EventLogError)
    {
        try self.init(path: name, segments: [], source: MemorySource(bytes), options: options)
    }

    private init(path: String, segments: [String], source: any ByteSource, options: Options) throws(EventLogError) {
        self.path = path
        self.file = segments.first ?? path
        self.segments = segments
        self.laterSegments = segments.dropFirst()
        self.source = source
        self.options = options
        buffer = .allocate(byteCount: options.chunkSize * 2, alignment: 1)
        header = try readHeader()
        fileHeader = header
        fileVersion = header.version
        lastSeq = header.from - 1
    }

    deinit {
        buffer.deallocate()
    }

    /// A place in a log: just after a whole line, with what a reader knows
    /// there. A log index keeps one per checkpoint.
    package struct Position: Sendable, Hashable {
        /// The file: 0 for a single file, else the segment's place in ``segments``.
        package var file: Int
        /// The byte offset in that file of the next line.
        package var offset: Int
        /// How many lines of that file come before it, header included.
        package var line: Int
        /// The seq of the last event before it.
        package var seq: Int

        package init(file: Int, offset: Int, line: Int, seq: Int) {
            self.file = file
            self.offset = offset
            self.line = line
            self.seq = seq
        }
    }

    /// Where the reader is: just after the last line it read.
    package var position: Position {
        Position(
            file: segments.isEmpty ? 0 : segments.count - laterSegments.count - 1, offset: bufferOffset + start,
            line: lineNumber, seq: lastSeq)
    }

    /// Opens the log at `path` to read on from `position`, which an earlier
    /// reader of the same log gave: the log's header is read, then the
    /// reader skips to the position without reading what comes before.
    ///
    /// - Throws: ``EventLogError`` as ``init(path:options:)``, or `readFailed`
    ///   when the position is not in the log.
    package convenience init(path: String, at position: Position, options: Options = Options()) throws(EventLogError) {
        try self.init(path: path, options: options)
        if position.file > 0 {
            guard position.file < segments.count else {
                throw EventLogError(.readFailed, file: path, message: "the log has no segment \(position.file + 1)")
            }
            laterSegments = segments.dropFirst(position.file + 1)
            try open(segment: segments[position.file])
        }
        try source.seek(to: position.offset)
        start = 0
        end = 0
        bufferOffset = position.offset
        atEnd = false
        lineNumber = position.line
        lastSeq = position.seq
    }

    /// The segment files of `folder`, in order: its `*.jsonl` files by name.
    ///
    /// - Throws: `emptyFile` when it holds none.
    public static func segments(in folder: String) throws(EventLogError) -> [String] {
        try segments(in: folder, fileSystem: .system)
    }

    static func segments(in folder: String, fileSystem: FileSystem) throws(EventLogError) -> [String] {
        let names = try SegmentFiles.names(in: folder, fileSystem: fileSystem)
        guard !names.isEmpty else {
            throw EventLogError(.emptyFile, file: folder, message: "the folder holds no segments (*.jsonl files)")
        }
        return names.map { folder.hasSuffix("/") ? folder + $0 : "\(folder)/\($0)" }
    }

    /// The next event, or `nil` at the end of the log.
    ///
    /// - Throws: ``EventLogError`` naming the line, for the first malformed
    ///   line (a lenient reader skips those), or a segment that does not
    ///   follow the one before.
    public func next() throws(EventLogError) -> LoggedEvent? {
        while true {
            guard let line = try readLine() else {
                guard try openNextSegment() else { return nil }
                continue
            }
            do throws(EventLogError) {
                let entry = try decodeEvent(line)
                try checkSeq(of: entry)
                lastSeq = entry.seq
                lastLine = line
                return entry
            } catch  where options.lenient {
                skip(error)
            }
        }
    }

    /// The next event with the bytes of its line (without the `\n`), or
    /// `nil` at the end of the log: for a tool that rewrites a log line by line.
    package func nextWithLine() throws(EventLogError) -> (entry: LoggedEvent, line: [UInt8])? {
        guard let entry = try next() else { return nil }
        return (entry, Array(bytes(of: lastLine)))
    }

    /// Reads every remaining event into an array.
    public func readAll() throws(EventLogError) -> [LoggedEvent] {
        var entries: [LoggedEvent] = []
        while let entry = try next() { entries.append(entry) }
        return entries
    }

    private func checkSeq(of entry: LoggedEvent) throws(EventLogError) {
        guard let expected = LoggedEvent.seq(after: lastSeq) else {
            throw EventLogError(
                .seqOutOfOrder, file: file, line: lineNumber,
                message: "seq \(entry.seq) is out of order: seq \(lastSeq) is the last a log holds exactly")
        }
        if entry.seq == expected { return }
        if options.lenient && entry.seq > expected {
            let missing = entry.seq - expected
            warn("seq jumps from \(lastSeq) to \(entry.seq): \(missing) event\(missing == 1 ? "" : "s") missing")
            return
        }
        throw EventLogError(
            .seqOutOfOrder, file: file, line: lineNumber,
            message: "seq \(entry.seq) is out of order: expected \(expected)")
    }

    private func skip(_ error: EventLogError) {
        skippedLines += 1
        warn("skipped a malformed line: \(error.message)", line: error.line ?? lineNumber)
    }

    /// Hands a warning to ``onWarning``, or keeps it, unless the reader has
    /// kept its most already: then `message` is not made.
    private func warn(_ message: @autoclosure () -> String, line: Int? = nil) {
        if let onWarning {
            onWarning(EventLogWarning(file: file, line: line ?? lineNumber, message: message()))
            return
        }
        guard warnings.count < Self.maximumWarnings else { return }
        warnings.append(EventLogWarning(file: file, line: line ?? lineNumber, message: message()))
    }

    // MARK: Headers and segments

    /// Reads line 1 of the current file as a header.
    private func readHeader() throws(EventLogError) -> LogHeader {
        guard var line = try readLine(isHeader: true) else {
            if let tornTail {
                throw EventLogError(
                    .emptyFile, file: file, line: tornTail.line,
                    message: "the log holds no complete line: line 1 has no newline at its end (a torn write)")
            }
            throw EventLogError(.emptyFile, file: file, line: 1, message: "empty file: a log starts with its header")
        }
        // A UTF-8 byte order mark before the header is allowed and skipped (RFC 8259, section 8.1).
        if bytes(of: line).starts(with: [0xEF, 0xBB, 0xBF]) { line = line.lowerBound + 3..<line.upperBound }
        return try parse(line) { json throws(EventLogError) in try LogHeader(json: json) }
    }

    /// Starts reading `segment` from its top, and reads its header.
    private func open(segment: String) throws(EventLogError) {
        file = segment
        source = try FileDescriptorSource(path: segment, in: options.fileSystem)
        start = 0
        end = 0
        bufferOffset = 0
        atEnd = false
        lineNumber = 0
        fileHeader = try readHeader()
    }

    /// How many segments after the first the reader has opened: when it
    /// moves on, a caller that replays checks the state it reached against
    /// the new segment's header (``LogCursor``).
    @exclusivity(unchecked) public private(set) var laterSegmentsOpened = 0

    /// Moves on to the next segment of a folder; `false` when there is none.
    private func openNextSegment() throws(EventLogError) -> Bool {
        guard let next = laterSegments.popFirst() else { return false }
        laterSegmentsOpened += 1
        if let tornTail {
            throw EventLogError(
                .tornSegment, file: file, line: tornTail.line,
                message: "a torn line (no newline at its end) in a segment that later segments follow")
        }
        let version = fileHeader.version
        try open(segment: next)
        guard fileHeader.version >= version else {
            throw EventLogError(
                .olderVersion, file: file, line: 1,
                message:
                    "the segment is format version \(fileHeader.version), but the one before is version \(version): "
                    + "a segment never follows one of a later version")
        }
        guard fileHeader.from == LoggedEvent.seq(after: lastSeq) else {
            throw EventLogError(
                .seqOutOfOrder, file: file, line: 1,
                message: "the segment starts at seq \(fileHeader.from), but the one before ends at seq \(lastSeq)")
        }
        return true
    }

    // MARK: Lines

    /// Decodes an event line: in place when the fast path takes it
    /// (``EventLineFields``), else through its parsed JSON, which names
    /// what is wrong with it.
    private func decodeEvent(_ line: Range<Int>) throws(EventLogError) -> LoggedEvent {
        do throws(EventLogError) {
            if let entry = try lines.decodeInPlace(bytes(of: line), options: options, version: fileVersion) {
                return entry
            }
        } catch {
            throw located(error)
        }
        let version = fileVersion
        return try parse(line) { json throws(EventLogError) in try LoggedEvent(json: json, version: version) }
    }

    /// Parses a line's JSON and hands it to `decode`, adding the file and line to any error.
    private func parse<Value>(
        _ line: Range<Int>, _ decode: (JSONValue) throws(EventLogError) -> Value
    ) throws(EventLogError) -> Value {
        do throws(EventLogError) {
            return try decode(Self.json(ofLine: bytes(of: line), options: options))
        } catch {
            throw located(error)
        }
    }

    /// The bytes of `line` in the buffer, valid until the next read.
    private func bytes(of line: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[line])
    }

    /// `error` with the current file and line.
    private func located(_ error: EventLogError) -> EventLogError {
        var located = error
        located.file = file
        located.line = lineNumber
        return located
    }

    /// Reads one line of a log (without its `\n`) as JSON, within the
    /// limits of `options`.
    ///
    /// - Throws: ``EventLogError`` (`invalidJSON`, `invalidUTF8`,
    ///   `limitExceeded`) with no file or line.
    package static func json(
        ofLine line: some Collection<UInt8>, options: Options
    ) throws(EventLogError) -> JSONValue {
        do throws(JSONSyntaxError) {
            return try JSONReader.read(
                line, maximumDepth: options.maximumDepth, maximumStringLength: options.maximumStringLength)
        } catch {
            if line.isEmpty { throw EventLogError(.invalidJSON, message: "empty line: expected a JSON object") }
            switch error.kind {
            case .invalidUTF8: throw EventLogError(.invalidUTF8, message: error.message)
            case .limitExceeded: throw EventLogError(.limitExceeded, message: error.message)
            case .syntax: throw EventLogError(.invalidJSON, message: "invalid JSON: \(error.message)")
            }
        }
    }

    /// The byte range in `buffer` of the next complete line (without its
    /// `\n`), or `nil` at the end of the file; a torn last line is recorded
    /// and skipped. A line over the length limit is dropped as it streams
    /// past, so it never fills memory, until its end tells what it is: a
    /// torn last line (however long) when the file ends first, else one too
    /// long, which throws, or which a lenient reader skips. It throws at
    /// once instead in a header (`isHeader`: a reader cannot go on without
    /// it), and for a strict reader of a stream that may never end (a pipe).
    private func readLine(isHeader: Bool = false) throws(EventLogError) -> Range<Int>? {
        var scanFrom = start
        /// Bytes of an over-long line a lenient reader has already dropped.
        var dropped = 0
        while true {
            if let newline = UnsafeRawBufferPointer(buffer).firstIndex(of: UInt8(ascii: "\n"), in: scanFrom..<end) {
                lineNumber += 1
                let lineStart = start
                start = newline + 1
                // Only a line over the limit has dropped bytes.
                guard dropped + newline - lineStart > options.maximumLineLength else { return lineStart..<newline }
                let error = tooLong(line: lineNumber)
                guard options.lenient && !isHeader else { throw error }
                skip(error)
                dropped = 0
                scanFrom = start
                continue
            }
            scanFrom = end
            if dropped + end - start > options.maximumLineLength {
                guard !isHeader, options.lenient || source.isBounded else { throw tooLong(line: lineNumber + 1) }
                dropped += end - start
                start = end
            }
            if atEnd {
                if start < end || dropped > 0 {
                    let torn = TornTail(
                        file: file, line: lineNumber + 1, offset: bufferOffset + start - dropped,
                        length: dropped + end - start)
                    tornTail = torn
                    warn("skipped a torn last line (\(torn.length) bytes, no newline at its end)", line: torn.line)
                    start = end
                }
                return nil
            }
            scanFrom -= try refill()
        }
    }

    private func tooLong(line: Int) -> EventLogError {
        EventLogError(
            .lineTooLong, file: file, line: line, message: "line is longer than \(options.maximumLineLength) bytes")
    }

    /// Drops the consumed prefix and reads one chunk after what is left;
    /// returns how far indexes into `buffer` moved down.
    private func refill() throws(EventLogError) -> Int {
        let consumed = start
        if consumed > 0 {
            if end > start { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start) }
            bufferOffset += consumed
            end -= consumed
            start = 0
        }
        if buffer.count - end < options.chunkSize {
            // A line longer than the buffer: it grows, up to the line limit and a chunk.
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(buffer.count * 2, end + options.chunkSize), alignment: 1)
            grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
            buffer.deallocate()
            buffer = grown
        }
        let count = try source.read(
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<end + options.chunkSize]))
        end += count
        if count == 0 { atEnd = true }
        return consumed
    }
}

extension EventLogWriter {
    /// Opens the log at `path` to append to it: creates it with `header`
    /// when it does not exist (or is an empty file), or resumes it.
    ///
    /// Resuming reads the whole log (with ``Options/indexInterval``, all
    /// of it after the index's last checkpoint), checking every line as a
    /// reader does, and replays it into the state the caller's next event
    /// applies to. A
    /// torn last line is cut off (a warning in ``recoveryWarnings`` says what
    /// was dropped); everything fully written stays. A malformed line
    /// anywhere else is an error: appending after it would hide it.
    ///
    /// - Parameters:
    ///   - path: A file; or with ``Options/segments``, a folder of segments.
    ///   - header: The header of a new log, and the other fields every new
    ///     segment copies. A resumed log keeps its own.
    ///   - options: Durability, segments, and the limits for reading.
    /// - Returns: The writer, the state after the log's last event, and that
    ///   event's time.
    /// - Throws: ``EventLogError`` naming the file and line of the first fault.
    public static func open<State: LogProjection>(
        _ path: String, as _: State.Type = State.self, header: LogHeader = LogHeader(),
        options: Options = Options()
    ) throws(EventLogError) -> (writer: EventLogWriter, state: State, lastTime: Double?) {
        var warnings: [EventLogWarning] = []
        let syncs = options.durability != .none
        let entry = FileSystem.entry(at: path)
        let folder: String? = try {
            () throws(EventLogError) -> String? in
            switch entry {
            case .folder:
                return path
            case .file where options.segments != nil:
                throw EventLogError(
                    .writeFailed, file: path, message: "the log is a file, but the writer was asked to write segments")
            case .file:
                return nil
            case .special:
                throw EventLogError(
                    .writeFailed, file: path, message: "not a regular file or a folder: cannot be a log")
            case .none:
                guard options.segments != nil else { return nil }
                try FileSystem.makeFolder(path)
                return path
            }
        }()
        if let folder { warnings += try SegmentFiles.removeUnfinished(in: folder) }

        let existing: String?
        if let folder {
            existing = try SegmentFiles.names(in: folder).last.map { "\(folder)/\($0)" }
        } else {
            existing = entry == .file ? path : nil
        }
        // Resuming never skips a malformed line: appending after one would hide it.
        var reading = options.reading
        reading.lenient = false
        let firstLine = try existing.map { path throws(EventLogError) in
            try SegmentFiles.firstLine(of: path, limit: reading.maximumLineLength)
        }
        guard let existing, let firstLine, let headerLength = firstLine.length else {
            // A new log: its first file, with the header. An empty file counts
            // as none, and so does a torn header: the log never held an event.
            if let existing, let firstLine, !firstLine.start.isEmpty {
                guard firstLine.isTornHeader else {
                    throw EventLogError(
                        .missingHeader, file: existing, line: 1,
                        message: "no header: line 1 has no newline and is not a modal-events header; "
                            + "the file is not a log, and is left as it is")
                }
                warnings.append(
                    EventLogWarning(
                        file: existing, line: 1,
                        message: "replaced a torn header (no newline at its end): the log held no event"))
            }
            let newHeader = LogHeader(version: header.version, fields: header.fields)
            let file =
                if let folder {
                    try SegmentFiles.create(folder: folder, header: newHeader, syncing: syncs)
                } else {
                    try SegmentFiles.create(file: path, header: newHeader, syncing: syncs)
                }
            let state = WriterState(
                file: file, folder: folder, header: newHeader, syncs: syncs, segmentFrom: 1,
                headerBytes: file.size, lastSeq: 0, durableSeq: 0, reportedSeq: 0)
            let writer = EventLogWriter(path: path, options: options, state: state, recoveryWarnings: warnings)
            return (writer, State(), nil)
        }

        let (state, reader, lastTime) = try resume(
            path, as: State.self, options: reading, indexInterval: options.indexInterval)
        let file = try AppendableFile(path: existing, create: false)
        if let torn = reader.tornTail {
            try file.truncate(to: torn.offset)
            warnings.append(
                EventLogWarning(
                    file: torn.file, line: torn.line,
                    message: "cut off a torn last line (\(torn.length) bytes, no newline at its end); "
                        + "the log ends at seq \(reader.lastSeq)"))
        }
        if syncs {
            // What the last writer had not synced yet is synced now, before it is called durable.
            try file.sync()
            try FileSystem.syncFolder(FileSystem.folder(of: existing))
        }
        let writerState = WriterState(
            file: file, folder: folder,
            header: LogHeader(version: reader.fileHeader.version, fields: reader.header.fields), syncs: syncs,
            segmentFrom: reader.fileHeader.from, headerBytes: headerLength + 1, lastSeq: reader.lastSeq,
            durableSeq: reader.lastSeq,
            reportedSeq: reader.lastSeq)
        let writer = EventLogWriter(path: path, options: options, state: writerState, recoveryWarnings: warnings)
        return (writer, state, lastTime)
    }
}

extension EventLogWriter {
    /// Reads the log at `path` to its end: from its index's last checkpoint
    /// when `indexInterval` is set (the index brought up to date and
    /// written back), else from the top.
    ///
    /// - Returns: The state after the last event, the reader that read it
    ///   (for the torn tail and the last segment), and the last `time` seen.
    static func resume<State: LogProjection>(
        _ path: String, as _: State.Type, options: EventLogReader.Options, indexInterval: Int?
    ) throws(EventLogError) -> (state: State, reader: EventLogReader, lastTime: Double?) {
        func fromTheTop() throws(EventLogError) -> (state: State, reader: EventLogReader, lastTime: Double?) {
            let reader = try EventLogReader(path: path, options: options)
            var state = try State(startOf: reader)
            let lastTime = try state.applyRest(of: reader)
            return (state, reader, lastTime)
        }
        guard let indexInterval else { return try fromTheTop() }
        // The index only saves time: a folder that will not take it costs a full replay next time, no data.
        do {
            guard
                var resumed = try LogIndex<State>.resume(
                    forLogAt: path, at: nil, interval: indexInterval, creating: true, extending: true, options: options)
            else { return try fromTheTop() }
            var lastTime = resumed.index.checkpoint(atOrBefore: resumed.index.lastSeq)?.time
            if let time = try resumed.state.applyRest(of: resumed.reader) { lastTime = time }
            return (resumed.state, resumed.reader, lastTime)
        } catch {
            // A fault found from the index is the log's only when a read from the top finds it too
            // (which then throws it); else the index led astray, and is built again.
            let whole = try fromTheTop()
            try? LogIndex<State>.rebuilt(forLogAt: path, interval: indexInterval, options: options).write()
            return whole
        }
    }
}

/// The files of a log on disk: how they are named, created and pruned.
///
/// A segment is named by its first seq, zero-padded to 20 digits, so the
/// names sort in seq order: `00000000000000000001.jsonl`. A file is created
/// under a temporary name, synced, then renamed, so a crash never leaves a
/// file without its whole header.
enum SegmentFiles {
    static let temporarySuffix = ".partial"

    static func name(from seq: Int) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".jsonl"
    }

    /// The segment files of `folder` by name, in seq order.
    static func names(in folder: String) throws(EventLogError) -> [String] {
        try FileSystem.contents(of: folder).filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }
    }

    /// Creates a segment in `folder` with `header`, open to append.
    static func create(folder: String, header: LogHeader, syncing: Bool) throws(EventLogError) -> AppendableFile {
        try create(file: "\(folder)/\(name(from: header.from))", header: header, syncing: syncing)
    }

    /// Creates the file at `path` holding only `header` (replacing an empty
    /// one), through a temporary file renamed into place; `syncing`, the
    /// file and then the folder are synced, so the header is on disk before
    /// the name is, and the name before the first event.
    static func create(file path: String, header: LogHeader, syncing: Bool) throws(EventLogError) -> AppendableFile {
        let temporary = path + temporarySuffix
        try FileSystem.remove(temporary)
        let file = try AppendableFile(path: temporary, create: true)
        try file.write(EventLogEncoder.encode(header))
        if syncing { try file.sync() }
        try FileSystem.rename(temporary, to: path)
        if syncing { try FileSystem.syncFolder(FileSystem.folder(of: path)) }
        return file
    }

    /// Removes what a crash while starting a segment can leave: a temporary
    /// file, or a last segment with no complete line.
    static func removeUnfinished(in folder: String) throws(EventLogError) -> [EventLogWarning] {
        var warnings: [EventLogWarning] = []
        for name in try FileSystem.contents(of: folder) where name.hasSuffix(temporarySuffix) {
            try FileSystem.remove("\(folder)/\(name)")
            warnings.append(
                EventLogWarning(file: "\(folder)/\(name)", line: 1, message: "removed an unfinished segment file"))
        }
        let names = try names(in: folder)
        if names.count > 1, let last = names.last,
            case let line = try firstLine(of: "\(folder)/\(last)", limit: 1 << 16),
            line.length == nil, line.isTornHeader
        {
            // An earlier segment holds the log's end; this one never held an event.
            try FileSystem.remove("\(folder)/\(last)")
            warnings.append(
                EventLogWarning(
                    file: "\(folder)/\(last)", line: 1, message: "removed a last segment with no complete line"))
        }
        if !warnings.isEmpty { try FileSystem.syncFolder(folder) }
        return warnings
    }

    /// Removes the oldest segments of `folder` so that `keeping` remain.
    static func removeOldest(in folder: String, keeping: Int, syncing: Bool) throws(EventLogError) {
        let names = try names(in: folder)
        guard names.count > keeping else { return }
        for name in names.dropLast(keeping) { try FileSystem.remove("\(folder)/\(name)") }
        if syncing { try FileSystem.syncFolder(folder) }
    }

    /// The start of a file's first line and its length (`nil` when no
    /// newline comes within `limit` bytes), read a chunk at a time.
    struct FirstLine {
        var length: Int?
        /// Its first bytes, up to 64.
        var start: [UInt8]

        /// Whether the bytes could be the start of a header this package
        /// writes: what a crash while creating a log can leave.
        var isTornHeader: Bool {
            let header = Array(#"{"format":"modal-events","#.utf8)
            return header.starts(with: start) || start.starts(with: header)
        }
    }

    static func firstLine(of path: String, limit: Int) throws(EventLogError) -> FirstLine {
        let source = try FileDescriptorSource(path: path)
        var chunk = [UInt8](repeating: 0, count: 4096)
        var line = FirstLine(length: nil, start: [])
        var read = 0
        while read <= limit {
            let count = try chunk.withUnsafeMutableBytes { bytes in
                Result { () throws(EventLogError) in try source.read(into: bytes) }
            }.get()
            if count == 0 { break }
            if line.start.count < 64 { line.start += chunk[0..<min(count, 64 - line.start.count)] }
            if let newline = chunk[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
                line.length = read + newline
                break
            }
            read += count
        }
        return line
    }
}

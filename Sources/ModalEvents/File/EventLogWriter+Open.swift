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
    /// The writer holds the log's lock from the start until ``close()``:
    /// every file of the log is changed under it. When another writer holds
    /// it (another process, or another writer in this one), opening throws
    /// `writeFailed` ("another writer has the log open") and changes nothing.
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
        let fileSystem = options.fileSystem
        let syncs = options.durability != .none
        // What is refused before anything is touched.
        switch fileSystem.entry(at: path) {
        case .file where options.segments != nil:
            throw EventLogError(
                .writeFailed, file: path, message: "the log is a file, but the writer was asked to write segments")
        case .special:
            throw EventLogError(.writeFailed, file: path, message: "not a regular file or a folder: cannot be a log")
        case .none where options.segments != nil:
            try fileSystem.makeFolder(path)
            // Its name is on disk before anything in it is called durable.
            if syncs { try fileSystem.syncFolder(holding: path) }
        case .none, .file, .folder:
            break
        }
        let folder = fileSystem.entry(at: path) == .folder ? path : nil
        let lock = try LogLock(forLogAt: path, creatingFile: folder == nil, in: fileSystem)
        // From here on the log is this writer's alone.
        var warnings: [EventLogWarning] = []
        if let folder { warnings += try SegmentFiles.removeUnfinished(in: folder, fileSystem: fileSystem) }
        // The file to append to: the log, or its last segment.
        let existing: String?
        if let folder {
            existing = try SegmentFiles.names(in: folder, fileSystem: fileSystem).last.map { "\(folder)/\($0)" }
        } else {
            existing = path
        }
        // Resuming never skips a malformed line: appending after one would hide it.
        var reading = options.reading
        reading.lenient = false
        let firstLine = try existing.map { path throws(EventLogError) in
            try SegmentFiles.firstLine(of: path, limit: reading.maximumLineLength, fileSystem: fileSystem)
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
                    try SegmentFiles.create(folder: folder, header: newHeader, syncing: syncs, fileSystem: fileSystem)
                } else {
                    try SegmentFiles.start(file: path, header: newHeader, syncing: syncs, fileSystem: fileSystem)
                }
            let state = WriterState(
                lock: lock, file: file, folder: folder, header: newHeader, syncs: syncs, segmentFrom: 1,
                headerBytes: file.size, lastSeq: 0, durableSeq: 0, reportedSeq: 0)
            let writer = EventLogWriter(path: path, options: options, state: state, recoveryWarnings: warnings)
            return (writer, State(), nil)
        }

        let (state, reader, lastTime) = try resume(
            path, as: State.self, options: reading, indexInterval: options.indexInterval, lock: lock)
        let file = try AppendableFile(path: existing, create: false, in: fileSystem)
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
            try fileSystem.syncFolder(holding: existing)
        }
        let writerState = WriterState(
            lock: lock, file: file, folder: folder,
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
        _ path: String, as _: State.Type, options: EventLogReader.Options, indexInterval: Int?, lock: LogLock
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
                    forLogAt: path, at: nil, interval: indexInterval, creating: true, extending: true, options: options,
                    lock: lock)
            else { return try fromTheTop() }
            var lastTime = resumed.index.checkpoint(atOrBefore: resumed.index.lastSeq)?.time
            if let time = try resumed.state.applyRest(of: resumed.reader) { lastTime = time }
            return (resumed.state, resumed.reader, lastTime)
        } catch {
            // A fault found from the index is the log's only when a read from the top finds it too
            // (which then throws it); else the index led astray, and is built again.
            let whole = try fromTheTop()
            try? LogIndex<State>.rebuilt(forLogAt: path, interval: indexInterval, options: options).write(holding: lock)
            return whole
        }
    }
}

/// The files of a log on disk: how they are named, created and pruned.
/// Only the holder of the log's ``LogLock`` changes them.
///
/// A segment is named by its first seq, zero-padded to 20 digits, so the
/// names sort in seq order: `00000000000000000001.jsonl`. A segment is
/// created under a temporary name, synced, then renamed, so a crash never
/// leaves a segment without its whole header.
enum SegmentFiles {
    static let temporarySuffix = ".partial"

    static func name(from seq: Int) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".jsonl"
    }

    /// The segment files of `folder` by name, in seq order.
    static func names(in folder: String, fileSystem: FileSystem) throws(EventLogError) -> [String] {
        try fileSystem.contents(of: folder).filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }
    }

    /// Creates a segment in `folder` with `header`, open to append: written
    /// under a temporary name; `syncing`, the file and then the folder are
    /// synced, so the header is on disk before the name is, and the name
    /// before the first event. Errors name the segment, not its temporary name.
    static func create(
        folder: String, header: LogHeader, syncing: Bool, fileSystem: FileSystem
    ) throws(EventLogError) -> AppendableFile {
        let path = "\(folder)/\(name(from: header.from))"
        let temporary = path + temporarySuffix
        try fileSystem.remove(temporary)
        let file = try AppendableFile(path: temporary, create: true, named: path, in: fileSystem)
        do throws(EventLogError) {
            try file.write(EventLogEncoder.encode(header))
            if syncing { try file.sync() }
            try fileSystem.rename(temporary, to: path)
        } catch {
            file.close()
            try? fileSystem.remove(temporary)
            throw error
        }
        if syncing { try fileSystem.syncFolder(folder) }
        return file
    }

    /// Writes `header` as the whole of the one-file log at `path`, which the
    /// caller's lock created or found empty (or holding a torn header), and
    /// opens it to append; `syncing`, the file and its folder are synced. A
    /// crash part-way leaves an empty file or a torn header, which the next
    /// writer replaces in turn; a failure removes the file.
    static func start(
        file path: String, header: LogHeader, syncing: Bool, fileSystem: FileSystem
    ) throws(EventLogError) -> AppendableFile {
        let file = try AppendableFile(path: path, create: false, in: fileSystem)
        do throws(EventLogError) {
            try file.truncate(to: 0)
            try file.write(EventLogEncoder.encode(header))
            if syncing {
                try file.sync()
                try fileSystem.syncFolder(holding: path)
            }
            return file
        } catch {
            file.close()
            try? fileSystem.remove(path)
            throw error
        }
    }

    /// Removes what a crash while starting a segment can leave: a temporary
    /// file, or a last segment with no complete line.
    static func removeUnfinished(in folder: String, fileSystem: FileSystem) throws(EventLogError) -> [EventLogWarning] {
        var warnings: [EventLogWarning] = []
        for name in try fileSystem.contents(of: folder) where name.hasSuffix(temporarySuffix) {
            try fileSystem.remove("\(folder)/\(name)")
            warnings.append(
                EventLogWarning(file: "\(folder)/\(name)", line: 1, message: "removed an unfinished segment file"))
        }
        let names = try names(in: folder, fileSystem: fileSystem)
        if names.count > 1, let last = names.last,
            case let line = try firstLine(of: "\(folder)/\(last)", limit: 1 << 16, fileSystem: fileSystem),
            line.length == nil, line.isTornHeader
        {
            // An earlier segment holds the log's end; this one never held an event.
            try fileSystem.remove("\(folder)/\(last)")
            warnings.append(
                EventLogWarning(
                    file: "\(folder)/\(last)", line: 1, message: "removed a last segment with no complete line"))
        }
        if !warnings.isEmpty { try fileSystem.syncFolder(folder) }
        return warnings
    }

    /// Removes the oldest segments of `folder` so that `keeping` remain.
    static func removeOldest(
        in folder: String, keeping: Int, syncing: Bool, fileSystem: FileSystem
    ) throws(EventLogError) {
        let names = try names(in: folder, fileSystem: fileSystem)
        guard names.count > keeping else { return }
        for name in names.dropLast(keeping) { try fileSystem.remove("\(folder)/\(name)") }
        if syncing { try fileSystem.syncFolder(folder) }
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

    static func firstLine(of path: String, limit: Int, fileSystem: FileSystem) throws(EventLogError) -> FirstLine {
        let source = try FileDescriptorSource(path: path, in: fileSystem)
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

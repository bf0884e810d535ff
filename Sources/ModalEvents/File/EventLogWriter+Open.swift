/// A log's files made ready for a writer: its lock taken, what a crash
/// left unfinished removed, and either a new log started or the file an
/// existing one ends in found.
package enum PreparedLog {
    /// A new log: its first file holds the header; the writer is ready.
    case new(EventLogWriter)
    /// An existing log: the caller reads it to its end (checking every
    /// line) and appends after it with ``EventLogWriter/init(appendingAfter:to:lastFile:lock:options:warnings:)``.
    case existing(lock: LogLock, lastFile: LastFile, warnings: [EventLogWarning])

    /// The file an existing log ends in: the log, or its last segment.
    package struct LastFile {
        package var path: String
        /// The bytes of its header line, with its newline.
        package var headerBytes: Int
    }
}

extension EventLogWriter {
    /// Makes the log at `path` ready for a writer: refuses what cannot be
    /// a log, takes its lock, removes what a crash left unfinished, and
    /// starts a new log with `header` when there is none (or an empty file,
    /// or a torn header: the log never held an event).
    ///
    /// - Throws: ``EventLogError``: `writeFailed` when another writer has
    ///   the log open (nothing is changed), or the path cannot be a log.
    package static func prepare(
        _ path: String, header: LogHeader, options: Options
    ) throws(EventLogError) -> PreparedLog {
        let fileSystem = options.fileSystem
        let syncs = options.durability != .none
        // What is refused before anything is touched.
        let entry = fileSystem.entry(at: path)
        switch entry {
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
        let firstLine = try existing.map { path throws(EventLogError) in
            try SegmentFiles.firstLine(of: path, limit: options.reading.maximumLineLength, fileSystem: fileSystem)
        }
        if let existing, let firstLine, let headerLength = firstLine.length {
            return .existing(
                lock: lock, lastFile: .init(path: existing, headerBytes: headerLength + 1), warnings: warnings)
        }
        // A new log: its first file, with the header. An empty file counts
        // as none, and so does a torn header: the log never held an event.
        if let existing, let firstLine, firstLine.start.isEmpty {
            // The lock made a missing one-file log an empty file: only one that was there is a crash's.
            if entry != .none {
                warnings.append(
                    EventLogWarning(
                        file: existing, line: 1,
                        message: "replaced an empty file with a new header: the log held no event"))
            }
        } else if let existing, let firstLine {
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
        return .new(EventLogWriter(path: path, options: options, state: state, recoveryWarnings: warnings))
    }

    /// A writer that appends to the log at `path` after what `reader` read
    /// of it, to its end: a torn last line is cut off (with a warning), and
    /// what the last writer had not synced is synced.
    ///
    /// - Parameters:
    ///   - lastFile: The file the log ends in (``PreparedLog/existing(lock:lastFile:warnings:)``).
    ///   - lock: The log's lock, held from ``prepare(_:header:options:)`` on.
    package convenience init(
        appendingAfter reader: EventLogReader, to path: String, lastFile: PreparedLog.LastFile, lock: LogLock,
        options: Options,
        warnings: [EventLogWarning]
    ) throws(EventLogError) {
        let fileSystem = options.fileSystem
        let syncs = options.durability != .none
        var warnings = warnings
        let file = try AppendableFile(path: lastFile.path, create: false, in: fileSystem)
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
            try fileSystem.syncFolder(holding: lastFile.path)
        }
        let state = WriterState(
            // A log that ends in another file than itself is a folder of segments.
            lock: lock, file: file, folder: lastFile.path == path ? nil : path,
            header: LogHeader(version: reader.fileHeader.version, fields: reader.header.fields), syncs: syncs,
            segmentFrom: reader.fileHeader.from, headerBytes: lastFile.headerBytes, lastSeq: reader.lastSeq,
            durableSeq: reader.lastSeq, reportedSeq: reader.lastSeq)
        self.init(path: path, options: options, state: state, recoveryWarnings: warnings)
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

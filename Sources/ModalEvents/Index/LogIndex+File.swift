/// The lines of a sidecar after its header: for checkpoint *i* (from 0),
/// `{"added":[...]}` (the history's elements since the checkpoint
/// before) and then `{"state":{...}}` (the state, its history left empty).
/// Each is parsed only when a seek needs it, and checked against its hash
/// first, so a damaged line is found out instead of read as a state.
struct IndexLines: Sendable {
    /// The lines' bytes, each line ended by `\n`.
    let bytes: [UInt8]
    /// Where each line starts in `bytes`.
    let starts: [Int]
    /// The ``ContentHash`` of each line, without its `\n`.
    let hashes: [UInt64]

    init(bytes: [UInt8], hashes: [UInt64]) {
        self.bytes = bytes
        self.hashes = hashes
        var starts: [Int] = []
        var start = 0
        bytes.withUnsafeBytes { buffer in
            while start < buffer.count, let newline = buffer.firstIndex(of: 0x0A, in: start..<buffer.count) {
                starts.append(start)
                start = newline + 1
            }
        }
        self.starts = starts
    }

    /// How a sidecar's lines are read: a state nests its payloads six
    /// levels down (in a root's modal), so a state line may nest deeper than
    /// the event that gave the payload; the largest depth a reader allows
    /// leaves room for any payload a log reads.
    static let reading = EventLogReader.Options(maximumDepth: JSONValue.largestMaximumDepth)

    /// The bytes of checkpoint `checkpoint`'s state line, `\n` included; 0 for none.
    func stateBytes(of checkpoint: Int) -> Int {
        let line = 2 * checkpoint + 1
        guard checkpoint >= 0, line < starts.count else { return 0 }
        return (line + 1 < starts.count ? starts[line + 1] : bytes.count) - starts[line]
    }

    /// The bytes of every checkpoint's state line.
    var stateBytes: Int {
        (0..<starts.count / 2).reduce(0) { $0 + stateBytes(of: $1) }
    }

    /// Whether the bytes end with a whole line: nothing after the last `\n`.
    var endsWithALine: Bool { bytes.last.map { $0 == 0x0A } ?? true }

    func state(of checkpoint: Int) throws(EventLogError) -> JSONValue {
        try field("state", ofLine: 2 * checkpoint + 1)
    }

    /// The history elements the given checkpoints added, in order: their
    /// lines read as one JSON array, so many small lines cost one parse.
    func added(byCheckpoints checkpoints: [Int]) throws(EventLogError) -> [JSONValue] {
        guard !checkpoints.isEmpty else { return [] }
        var text: [UInt8] = [UInt8(ascii: "[")]
        for checkpoint in checkpoints {
            if text.count > 1 { text.append(UInt8(ascii: ",")) }
            text += bytes[try range(ofLine: 2 * checkpoint)]
        }
        text.append(UInt8(ascii: "]"))
        // The text is an array, or no JSON at all (and the reader says so).
        guard case .array(let lines) = try EventLogReader.json(ofLine: text, options: Self.reading) else {
            throw EventLogError(.wrongType, message: "a line of added history elements is not a JSON object")
        }
        var elements: [JSONValue] = []
        for line in lines {
            guard case .array(let added) = line["added"] else {
                throw EventLogError(.wrongType, message: "field \"added\" must be an array")
            }
            elements += added
        }
        return elements
    }

    private func field(_ key: String, ofLine line: Int) throws(EventLogError) -> JSONValue {
        let json = try EventLogReader.json(ofLine: bytes[try range(ofLine: line)], options: Self.reading)
        guard let value = json[key] else { throw JSONFields.missing(key, path: "") }
        return value
    }

    /// Checks every line against its hash.
    func checkAll() throws(EventLogError) {
        for line in starts.indices { _ = try range(ofLine: line) }
    }

    /// The bytes of `line`, without its `\n`, once they are found to have
    /// the hash the header keeps for them.
    private func range(ofLine line: Int) throws(EventLogError) -> Range<Int> {
        guard line < starts.count, line < hashes.count else {
            throw EventLogError(.missingField, message: "no line for a checkpoint")
        }
        let range = starts[line]..<(line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count - 1)
        guard ContentHash(of: bytes[range]).value == hashes[line] else {
            throw EventLogError(.invalidState, message: "line \(line + 2) does not have the hash the header keeps")
        }
        return range
    }
}

extension LogIndex {
    /// The sidecar's `format`.
    package static var format: String { "modal-events-index" }
    /// The version of the sidecar's layout this package reads and writes.
    package static var version: Int { 1 }
    /// How the header ends: `,"check":"` + the hash of the header's bytes
    /// before it + `"}`.
    private static var checkPrefix: [UInt8] { Array(#","check":""#.utf8) }
    private static var checkLength: Int { checkPrefix.count + 16 + 2 }

    /// The sidecar's bytes: the header, then the checkpoints' lines.
    ///
    /// The header holds everything but the states: the log's files as the
    /// index saw them, and a table of the checkpoints, each
    /// `[seq, file, offset, line, historyCount, time, addedHash, stateHash]`
    /// (the last two: the hashes of the checkpoint's two lines), so that
    /// opening the index parses one line and a seek one more. It ends with
    /// `check`, the hash of the header's bytes before it: a sidecar damaged
    /// anywhere is found out, and built again, instead of followed.
    package var encoded: [UInt8] {
        let header: JSONValue = .object([
            JSONMember("format", .string(Self.format)),
            JSONMember("version", .number(JSONNumber(Self.version))),
            JSONMember("interval", .number(JSONNumber(interval))),
            JSONMember("lastSeq", .number(JSONNumber(lastSeq))),
            JSONMember("lastTime", lastTime.map { .number(JSONNumber($0)) } ?? .null),
            JSONMember(
                "files",
                .array(
                    files.map { file in
                        [
                            "name": .string(file.name), "bytes": .number(JSONNumber(file.bytes)),
                            "modified": file.modified.map { .number(JSONNumber(Int($0))) } ?? .null,
                            "hash": .string(file.hash),
                        ]
                    })),
            JSONMember(
                "checkpoints",
                .array(
                    checkpoints.indices.map { index in
                        let checkpoint = checkpoints[index]
                        return .array(
                            [
                                checkpoint.seq, checkpoint.position.file, checkpoint.position.offset,
                                checkpoint.position.line, checkpoint.historyCount,
                            ].map { .number(JSONNumber($0)) } + [
                                checkpoint.time.map { .number(JSONNumber($0)) } ?? .null,
                                .string(ContentHash.hex(lines.hashes[2 * index])),
                                .string(ContentHash.hex(lines.hashes[2 * index + 1])),
                            ])
                    })),
        ])
        var bytes = EventLogEncoder.line(header)
        bytes.removeLast(2)  // "}\n"
        let check = ContentHash(of: bytes[...]).hex
        bytes += Self.checkPrefix + Array(check.utf8) + Array("\"}\n".utf8)
        return bytes + lines.bytes
    }

    /// The header line's bytes once its `check` is found to hold: the hash
    /// of the bytes before it.
    private static func checked(header line: ArraySlice<UInt8>) throws(EventLogError) -> ArraySlice<UInt8> {
        let body = line.dropLast(checkLength)
        let check = line.suffix(checkLength)
        guard line.count > checkLength, check.starts(with: checkPrefix), check.suffix(2).elementsEqual("\"}".utf8),
            String(decoding: check.dropFirst(checkPrefix.count).prefix(16), as: UTF8.self)
                == ContentHash(of: body).hex
        else {
            throw EventLogError(.invalidState, message: "its header does not have the hash it ends with")
        }
        return line
    }

    /// Reads the sidecar of the log at `path`.
    ///
    /// - Returns: The index, or `nil` when the log has no sidecar.
    /// - Throws: ``EventLogError`` naming the sidecar when it cannot be read
    ///   or is not an index this package wrote: it is then stale.
    package static func read(forLogAt path: String) throws(EventLogError) -> LogIndex? {
        guard let sidecar = try readSidecar(forLogAt: path, in: .system) else { return nil }
        return try index(of: sidecar, logPath: path, in: .system)
    }

    /// A sidecar's bytes and its header, read once its `check` holds.
    struct Sidecar {
        let bytes: [UInt8]
        /// Where the header line ends.
        let newline: Int
        let header: JSONFields

        /// The interval the header asks for, when it is one.
        var interval: Int? { (try? header.requiredInteger("interval")).flatMap { $0 >= 1 ? $0 : nil } }
    }

    /// Reads the sidecar of the log at `path` and its header; `nil` when
    /// there is none.
    ///
    /// - Throws: ``EventLogError`` naming the sidecar.
    static func readSidecar(forLogAt path: String, in fileSystem: FileSystem) throws(EventLogError) -> Sidecar? {
        let sidecar = Self.path(forLog: path)
        switch fileSystem.entry(at: sidecar) {
        case .none: return nil
        case .file: break
        case .folder, .special:
            throw EventLogError(.invalidState, file: sidecar, message: "it is not a regular file")
        }
        let bytes = try fileSystem.contents(
            ofFile: sidecar, maximumBytes: maximumSidecarBytes(forLogAt: path, in: fileSystem))
        do throws(EventLogError) {
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
                throw EventLogError(.emptyFile, message: "no header line")
            }
            let header = try JSONFields(
                EventLogReader.json(ofLine: checked(header: bytes[..<newline]), options: IndexLines.reading),
                path: "")
            return Sidecar(bytes: bytes, newline: newline, header: header)
        } catch {
            var located = error
            located.file = sidecar
            throw located
        }
    }

    /// The index `sidecar` holds, for the log at `logPath`.
    ///
    /// - Throws: ``EventLogError`` naming the sidecar when it is not an
    ///   index this package wrote.
    static func index(of sidecar: Sidecar, logPath path: String, in fileSystem: FileSystem) throws(EventLogError)
        -> LogIndex
    {
        let (bytes, newline, header) = (sidecar.bytes, sidecar.newline, sidecar.header)
        do throws(EventLogError) {
            guard try header.string("format") == Self.format else {
                throw EventLogError(.missingHeader, message: "not a modal-events index")
            }
            guard try header.requiredInteger("version") == Self.version else {
                throw EventLogError(.newerVersion, message: "an index of another version")
            }
            let files = try header.requiredArray("files").enumerated().map {
                (index, value) throws(EventLogError) -> FileStamp in
                let file = try JSONFields(value, path: "files[\(index)].")
                // Nanoseconds pass 2^53: read from the literal, not through a Double.
                var modified: Int64?
                if let value = file.any("modified") {
                    guard case .number(let number) = value, let nanoseconds = Int64(number.literal) else {
                        throw file.wrongType("modified", expected: "an integer", found: value)
                    }
                    modified = nanoseconds
                }
                return FileStamp(
                    name: try file.requiredString("name"), bytes: try file.requiredInteger("bytes"),
                    modified: modified, hash: try file.requiredString("hash"))
            }
            var lineHashes: [UInt64] = []
            let checkpoints = try header.requiredArray("checkpoints").map {
                value throws(EventLogError) -> Checkpoint in
                guard case .array(let fields) = value, fields.count == 8 else {
                    throw EventLogError(.wrongType, message: "a checkpoint is an array of eight values")
                }
                let numbers = try fields.prefix(5).map { field throws(EventLogError) -> Int in
                    // Exactly, from the literal: a seq may pass 2^53.
                    guard case .number(let number) = field, let integer = number.integerValue else {
                        throw EventLogError(.wrongType, message: "a checkpoint's place must be integers")
                    }
                    return integer
                }
                for field in fields[6...] {
                    guard case .string(let hex) = field, hex.utf8.count == 16, let hash = UInt64(hex, radix: 16) else {
                        throw EventLogError(.wrongType, message: "a checkpoint's line hashes must be 16 hex digits")
                    }
                    lineHashes.append(hash)
                }
                return Checkpoint(
                    seq: numbers[0], time: fields[5].doubleValue,
                    position: EventLogReader.Position(
                        file: numbers[1], offset: numbers[2], line: numbers[3], seq: numbers[0]),
                    historyCount: numbers[4])
            }
            let interval = try header.requiredInteger("interval")
            let lastSeq = try header.requiredInteger("lastSeq")
            if let fault = Self.fault(interval: interval, lastSeq: lastSeq, files: files, checkpoints: checkpoints) {
                throw EventLogError(.invalidState, message: fault)
            }
            let lines = IndexLines(bytes: Array(bytes[(newline + 1)...]), hashes: lineHashes)
            guard lines.starts.count == 2 * checkpoints.count, lines.endsWithALine else {
                throw EventLogError(
                    .missingField,
                    message:
                        "\(checkpoints.count) checkpoints listed, \(lines.starts.count) lines (not \(2 * checkpoints.count)) after the header"
                        + (lines.endsWithALine ? "" : " and bytes after the last"))
            }
            return LogIndex(
                logPath: path, interval: interval, files: files, checkpoints: checkpoints, lastSeq: lastSeq,
                lastTime: try header.number("lastTime"), lines: lines, fileSystem: fileSystem)
        } catch {
            var located = error
            located.file = Self.path(forLog: path)
            throw located
        }
    }

    /// Checks every checkpoint's lines in the sidecar against the hashes
    /// its header keeps: a seek checks only the lines it reads.
    ///
    /// - Throws: ``EventLogError`` naming the sidecar and the first damaged line.
    package func checkLines() throws(EventLogError) {
        do throws(EventLogError) {
            try lines.checkAll()
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// The interval to build the index of the log at `path` again with: the
    /// one in its sidecar's header, when the header holds (its `check`),
    /// though the rest may not (what a sidecar cut short by a crash was
    /// asked to keep); else ``defaultInterval``.
    static func rebuildInterval(forLogAt path: String, in fileSystem: FileSystem) -> Int {
        (try? readSidecar(forLogAt: path, in: fileSystem))??.interval ?? defaultInterval
    }

    /// The most bytes a sidecar of the log at `path` is read to: 64 MiB and
    /// 64 times the log's. A longer one is taken as damaged (and built
    /// again) instead of read into memory. Only an index with a checkpoint
    /// at nearly every event, of states each larger than 64 events, would be
    /// longer.
    static func maximumSidecarBytes(forLogAt path: String, in fileSystem: FileSystem) -> Int {
        let logBytes = ((try? files(ofLog: path, in: fileSystem)) ?? []).reduce(0) {
            $0 + (fileSystem.status(of: $1)?.size ?? 0)
        }
        return (64 << 20) + 64 * logBytes
    }

    /// What makes a sidecar's table impossible for an index this package
    /// wrote, or `nil`: a damaged or made-up sidecar is refused (and so built
    /// again) instead of leading a seek astray.
    private static func fault(interval: Int, lastSeq: Int, files: [FileStamp], checkpoints: [Checkpoint]) -> String? {
        guard interval >= 1, lastSeq >= 0, !files.isEmpty else {
            return "its interval, last seq or files are impossible"
        }
        guard files.allSatisfy({ $0.bytes >= 0 }) else { return "a file has a negative length" }
        var previous: Checkpoint?
        for checkpoint in checkpoints {
            let place = checkpoint.position
            guard checkpoint.seq >= 1, checkpoint.seq <= lastSeq, place.file >= 0, place.file < files.count,
                place.offset >= 0, place.offset <= files[place.file].bytes, place.line >= 1,
                checkpoint.historyCount >= 0
            else { return "the checkpoint at seq \(checkpoint.seq) is out of the log" }
            if let previous {
                guard previous.seq < checkpoint.seq, previous.historyCount <= checkpoint.historyCount,
                    (previous.position.file, previous.position.offset) < (place.file, place.offset)
                else { return "the checkpoint at seq \(checkpoint.seq) is out of order" }
            }
            previous = checkpoint
        }
        return nil
    }

    /// Writes the index to its sidecar, through a temporary file renamed
    /// into place, so a reader never sees half an index. Not synced: an
    /// index lost or damaged in a crash is found out by its hashes and built
    /// again.
    ///
    /// The sidecar is one of the log's files: it is written under the log's
    /// lock (``EventLogWriter``), so a log a writer has open keeps the index
    /// that writer keeps.
    ///
    /// - Throws: ``EventLogError``: `writeFailed` ("another writer has the
    ///   log open", or the disk refused), or `limitExceeded` for an index
    ///   longer than a sidecar is read to.
    package func write() throws(EventLogError) {
        try write(holding: LogLock(forLogAt: logPath, creatingFile: false, in: fileSystem))
    }

    /// Writes the index to its sidecar, as ``write()`` does, under `lock`:
    /// the log's, which the caller holds.
    func write(holding lock: LogLock) throws(EventLogError) {
        let bytes = encoded
        guard bytes.count <= Self.maximumSidecarBytes(forLogAt: logPath, in: lock.fileSystem) else {
            throw EventLogError(
                .limitExceeded, file: path,
                message: "an index of \(bytes.count) bytes would not be read back: keep checkpoints further apart")
        }
        // Under the lock, a temporary file left behind is a killed writer's: it is replaced.
        let fileSystem = lock.fileSystem
        let temporary = path + SegmentFiles.temporarySuffix
        do throws(EventLogError) {
            try fileSystem.remove(temporary)
            let file = try AppendableFile(path: temporary, create: true, named: path, in: fileSystem)
            defer { file.close() }
            try file.write(bytes)
            try fileSystem.rename(temporary, to: path)
        } catch {
            try? fileSystem.remove(temporary)
            throw error
        }
    }
}

/// What a sidecar keeps after its table: for checkpoint *i* (from 0), the
/// history's elements added since the checkpoint before (in the history's
/// binary form, ``CheckpointHistory``), then the state's JSON (its history
/// left empty). The table gives each piece's length and hash; a piece is
/// read only when a seek needs it, and checked against its hash first, so a
/// damaged one is found out instead of read as a state.
struct IndexBody: Sendable {
    /// The pieces' bytes, one after another: read in place from the sidecar's.
    private(set) var bytes: ArraySlice<UInt8> = []
    /// Where each piece starts in `bytes`, and where the last ends: the
    /// history of checkpoint *i* is piece 2*i*, its state 2*i* + 1.
    private(set) var starts: [Int] = [0]
    /// The ``ContentHash`` of each piece.
    private(set) var hashes: [UInt64] = []

    init() {}

    /// The pieces in `bytes`, of the given lengths and hashes.
    ///
    /// - Throws: `invalidState` when the lengths do not add up to the bytes.
    init(bytes: ArraySlice<UInt8>, lengths: [Int], hashes: [UInt64]) throws(EventLogError) {
        self.bytes = bytes
        self.hashes = hashes
        starts = [bytes.startIndex]
        starts.reserveCapacity(lengths.count + 1)
        for length in lengths {
            guard length >= 0, length <= bytes.endIndex - starts.last! else {
                throw EventLogError(.invalidState, message: "its pieces are longer than the bytes after its table")
            }
            starts.append(starts.last! + length)
        }
        guard starts.last == bytes.endIndex else {
            throw EventLogError(.invalidState, message: "it has bytes after its last piece")
        }
    }

    /// Adds a checkpoint's pieces: its history's new elements and its state.
    mutating func append(history: [UInt8], state: [UInt8]) {
        for piece in [history, state] {
            bytes += piece
            starts.append(bytes.endIndex)
            hashes.append(ContentHash(of: piece[...]).value)
        }
    }

    /// The length of each piece.
    var lengths: [Int] { zip(starts, starts.dropFirst()).map { $1 - $0 } }

    /// How a state's JSON is read: a state nests its payloads six levels
    /// down (in a root's modal), so it may nest deeper than the event that
    /// gave the payload; the largest depth a reader allows leaves room for
    /// any payload a log reads.
    static let reading = EventLogReader.Options(maximumDepth: JSONValue.largestMaximumDepth)

    /// The bytes of checkpoint `checkpoint`'s pieces; 0 for none.
    func bytes(of checkpoint: Int) -> Int {
        guard checkpoint >= 0, 2 * checkpoint + 2 < starts.count else { return 0 }
        return starts[2 * checkpoint + 2] - starts[2 * checkpoint]
    }

    /// The state checkpoint `checkpoint` keeps.
    func state(of checkpoint: Int) throws(EventLogError) -> JSONValue {
        let json = try EventLogReader.json(ofLine: piece(2 * checkpoint + 1), options: Self.reading)
        guard case .object = json else {
            throw EventLogError(.wrongType, message: "a checkpoint's state is not a JSON object")
        }
        return json
    }

    /// The history's elements checkpoint `checkpoint` added, in binary.
    func history(of checkpoint: Int) throws(EventLogError) -> ArraySlice<UInt8> {
        try piece(2 * checkpoint)
    }

    /// Checks checkpoint `checkpoint`'s pieces against their hashes.
    func check(_ checkpoint: Int) throws(EventLogError) {
        _ = try piece(2 * checkpoint)
        _ = try piece(2 * checkpoint + 1)
    }

    /// The bytes of piece `piece`, once they are found to have the hash the
    /// table keeps for them.
    private func piece(_ piece: Int) throws(EventLogError) -> ArraySlice<UInt8> {
        guard piece >= 0, piece < hashes.count else {
            throw EventLogError(.missingField, message: "no piece for a checkpoint")
        }
        let bytes = self.bytes[starts[piece]..<starts[piece + 1]]
        guard ContentHash(of: bytes).value == hashes[piece] else {
            throw EventLogError(
                .invalidState,
                message: "its \(piece % 2 == 0 ? "history" : "state") does not have the hash its table keeps")
        }
        return bytes
    }
}

extension LogIndex {
    /// The sidecar's `format`.
    package static var format: String { "modal-events-index" }
    /// The version of the sidecar's layout this package reads and writes:
    /// 2, with a binary table and history. A sidecar of another version is
    /// stale, and built again.
    package static var version: Int { 2 }
    /// How the header ends: `,"check":"` + the hash of the header's bytes
    /// before it + `"}`.
    private static var checkPrefix: [UInt8] { Array(#","check":""#.utf8) }
    private static var checkLength: Int { checkPrefix.count + 16 + 2 }
    /// The 64-bit words of a checkpoint's row in the table.
    static var rowWords: Int { 10 }
    /// A row's `time` when the checkpoint has none: the bits of no finite number.
    private static var noTime: UInt64 { .max }

    /// The sidecar's bytes: the header line, the table, then each
    /// checkpoint's pieces (``IndexBody``).
    ///
    /// The header is JSON: the log's files as the index saw them, how many
    /// checkpoints there are, and `table`, the hash of the table. The table
    /// is binary, a row of ten little-endian 64-bit words a checkpoint:
    /// `seq, file, offset, line, historyCount, time` (a Double's bits; all
    /// ones for none), then the lengths and the hashes of its two pieces,
    /// its history's and its state's. So opening the index parses one short
    /// line and reads the table in place, and a seek parses one state. The
    /// header ends with `check`, the hash of the header's bytes before it:
    /// a sidecar damaged anywhere is found out, and built again, instead of
    /// followed.
    package var encoded: [UInt8] {
        var table = BinaryWriter()
        let lengths = body.lengths
        for (index, checkpoint) in checkpoints.enumerated() {
            for word in [
                checkpoint.seq, checkpoint.position.file, checkpoint.position.offset, checkpoint.position.line,
                checkpoint.historyCount,
            ] {
                table.append(word)
            }
            table.append(checkpoint.time?.bitPattern ?? Self.noTime)
            table.append(lengths[2 * index])
            table.append(lengths[2 * index + 1])
            table.append(body.hashes[2 * index])
            table.append(body.hashes[2 * index + 1])
        }
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
            JSONMember("checkpoints", .number(JSONNumber(checkpoints.count))),
            JSONMember("table", .string(ContentHash(of: table.bytes[...]).hex)),
        ])
        var bytes = EventLogEncoder.line(header)
        bytes.removeLast(2)  // "}\n"
        let check = ContentHash(of: bytes[...]).hex
        bytes += Self.checkPrefix + Array(check.utf8) + Array("\"}\n".utf8)
        return bytes + table.bytes + body.bytes
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
                EventLogReader.json(ofLine: checked(header: bytes[..<newline]), options: IndexBody.reading),
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
            let version = try header.requiredInteger("version")
            guard version == Self.version else {
                throw EventLogError(
                    version > Self.version ? .newerVersion : .olderVersion,
                    message: "an index of version \(version), not \(Self.version)")
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
            let count = try header.requiredInteger("checkpoints")
            let tableStart = newline + 1
            guard count >= 0, count <= (bytes.count - tableStart) / (8 * Self.rowWords) else {
                throw EventLogError(.invalidState, message: "its table of \(count) checkpoints is cut short")
            }
            let tableEnd = tableStart + 8 * Self.rowWords * count
            let table = bytes[tableStart..<tableEnd]
            guard ContentHash(of: table).hex == (try header.requiredString("table")) else {
                throw EventLogError(.invalidState, message: "its table does not have the hash its header keeps")
            }
            let (checkpoints, lengths, hashes) = try Self.rows(of: table, count: count)
            let interval = try header.requiredInteger("interval")
            let lastSeq = try header.requiredInteger("lastSeq")
            if let fault = Self.fault(interval: interval, lastSeq: lastSeq, files: files, checkpoints: checkpoints) {
                throw EventLogError(.invalidState, message: fault)
            }
            let body = try IndexBody(bytes: bytes[tableEnd...], lengths: lengths, hashes: hashes)
            return LogIndex(
                logPath: path, interval: interval, files: files, checkpoints: checkpoints, lastSeq: lastSeq,
                lastTime: try header.number("lastTime"), body: body, fileSystem: fileSystem)
        } catch {
            var located = error
            located.file = Self.path(forLog: path)
            throw located
        }
    }

    /// The checkpoints in `table`'s `count` rows, and the lengths and
    /// hashes of their pieces.
    private static func rows(of table: ArraySlice<UInt8>, count: Int) throws(EventLogError) -> (
        checkpoints: [Checkpoint], lengths: [Int], hashes: [UInt64]
    ) {
        var reader = BinaryReader(table, what: "its table")
        var checkpoints: [Checkpoint] = []
        var lengths: [Int] = []
        var hashes: [UInt64] = []
        checkpoints.reserveCapacity(count)
        lengths.reserveCapacity(2 * count)
        hashes.reserveCapacity(2 * count)
        for _ in 0..<count {
            let (seq, file, offset, line, historyCount) = (
                try reader.integer(), try reader.integer(), try reader.integer(), try reader.integer(),
                try reader.integer()
            )
            let timeBits = try reader.word64()
            let time = timeBits == noTime ? nil : Double(bitPattern: timeBits)
            guard time?.isFinite ?? true else { throw reader.fault("a checkpoint's time is not a finite number") }
            lengths.append(try reader.integer())
            lengths.append(try reader.integer())
            hashes.append(try reader.word64())
            hashes.append(try reader.word64())
            checkpoints.append(
                Checkpoint(
                    seq: seq, time: time,
                    position: EventLogReader.Position(file: file, offset: offset, line: line, seq: seq),
                    historyCount: historyCount))
        }
        return (checkpoints, lengths, hashes)
    }

    /// Checks every checkpoint's pieces in the sidecar against the hashes
    /// its table keeps: a seek checks only the pieces it reads.
    ///
    /// - Throws: ``EventLogError`` naming the sidecar and the first damaged checkpoint.
    package func checkPieces() throws(EventLogError) {
        for (place, checkpoint) in checkpoints.enumerated() {
            do throws(EventLogError) {
                try body.check(place)
            } catch {
                var located = error
                located.file = path
                located.message = "checkpoint at seq \(checkpoint.seq): \(error.message)"
                throw located
            }
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
            // Each line read, the header's too, ends with a byte of its own, and the history
            // holds at most one element an event.
            guard checkpoint.seq >= 1, checkpoint.seq <= lastSeq, place.file >= 0, place.file < files.count,
                place.offset >= 0, place.offset <= files[place.file].bytes, place.line >= 1,
                place.line <= place.offset, checkpoint.historyCount >= 0, checkpoint.historyCount <= checkpoint.seq
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

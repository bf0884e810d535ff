extension LogIndex {
    /// Builds the index of the log at `path`: reads and replays all of it,
    /// keeping the state every `interval` events, or further apart where
    /// the state is large, so the sidecar stays within the log's size plus
    /// 1 MiB (see ``LogIndex``).
    ///
    /// - Parameters:
    ///   - interval: How many events apart the checkpoints are at least: a
    ///     seek replays fewer than that many where the state is small; the
    ///     sidecar holds one state per checkpoint.
    ///   - options: The reader's limits; a log is indexed strictly, never leniently.
    /// - Precondition: `interval` is 1 or more. Traps otherwise.
    /// - Throws: ``EventLogError`` for the first fault in the log, as a replay would.
    /// - Complexity: O(*n*) in the log's bytes: the states made for
    ///   checkpoints, kept or not, add up to no more than the log's bytes
    ///   and the allowance of a small index, times a constant.
    package static func build(
        forLogAt path: String, interval: Int = defaultInterval,
        options: EventLogReader.Options = EventLogReader.Options()
    ) throws(EventLogError) -> LogIndex {
        precondition(interval >= 1, "a log index needs an interval of 1 or more")
        var strict = options
        strict.lenient = false
        let reader = try EventLogReader(path: path, options: strict)
        var builder = IndexBuilder<State>(interval: interval, fileSystem: options.fileSystem)
        return try builder.run(logPath: path, state: State(startOf: reader), time: nil, reader: reader)
    }

    /// This index with checkpoints for the events the log has gained since
    /// it was built: the log is read from the last checkpoint on.
    ///
    /// - Throws: ``EventLogError`` for a fault in what the log gained, or
    ///   a last checkpoint that cannot be read (naming the sidecar).
    package func extended(options: EventLogReader.Options = EventLogReader.Options()) throws(EventLogError) -> LogIndex
    {
        try extended(from: checkpoints.indices.last.map(locatedState(atCheckpoint:)), options: options)
    }

    /// The state at the last checkpoint; `nil` when there is none.
    func lastCheckpointState() throws(IndexFault) -> State? {
        try checkpoints.indices.last.map(state(atCheckpoint:))
    }

    /// ``extended(options:)`` from `last`, the state at the last checkpoint
    /// (`nil` when there is none).
    func extended(from last: State?, options: EventLogReader.Options) throws(EventLogError) -> LogIndex {
        var strict = options
        strict.lenient = false
        let reader = try reader(after: last == nil ? nil : checkpoints.count - 1, options: strict)
        let state: State
        if let last { state = last } else { state = try State(startOf: reader) }
        var builder = IndexBuilder<State>(interval: interval, fileSystem: options.fileSystem)
        builder.checkpoints = checkpoints
        builder.body = body
        builder.historyCount = checkpoints.last?.historyCount ?? 0
        builder.knownFiles = files
        // Where the last checkpoint left the spacing: the next needs the log to grow by as many bytes as its pieces.
        builder.stateBytes = body.bytes.count
        builder.lastStateBytes = body.bytes(of: checkpoints.count - 1)
        builder.logBytesNeeded = builder.lastStateBytes
        return try builder.run(logPath: logPath, state: state, time: checkpoints.last?.time, reader: reader)
    }

    /// Compares the log on disk with what the index covers.
    ///
    /// A file whose length and time are those the index saw is taken as it
    /// was; any other is read, and its first bytes must have the hash the
    /// index keeps (so a log that was only appended to is still indexed).
    ///
    /// - Complexity: O(1) for an unchanged log; else O(*n*) in its bytes.
    private func comparedWithLog() -> Verdict {
        let names: [String]
        do {
            names = try Self.files(ofLog: logPath, in: fileSystem)
        } catch {
            return .stale(reason: "the log cannot be listed: \(error.message)", interval: interval)
        }
        guard names.count >= files.count else {
            return .stale(reason: "the log has fewer files than it indexed", interval: interval)
        }
        var grew = names.count > files.count
        for (place, (name, stamp)) in zip(names, files).enumerated() {
            if names.count > 1 || files.count > 1, FileSystem.name(of: name) != stamp.name {
                return .stale(
                    reason: "its file \(place + 1) is \(FileSystem.name(of: name)), not \(stamp.name)",
                    interval: interval)
            }
            guard let status = fileSystem.status(of: name) else {
                return .stale(reason: "\(name) cannot be read", interval: interval)
            }
            guard status.size >= stamp.bytes else {
                return .stale(reason: "\(name) is shorter than the \(stamp.bytes) bytes it indexed", interval: interval)
            }
            if status.size > stamp.bytes {
                // Only the last file of a log grows.
                guard place == files.count - 1 else { return .stale(reason: "\(name) changed", interval: interval) }
                grew = true
            }
            if stamp.modified == status.modified && status.size == stamp.bytes { continue }
            guard let hash = try? Self.hash(of: name, bytes: stamp.bytes, in: fileSystem), hash == stamp.hash else {
                return .stale(reason: "the first \(stamp.bytes) bytes of \(name) changed", interval: interval)
            }
        }
        return grew ? .behind(self) : .current(self)
    }

    /// What the sidecar of the log at `path` is to the log, found without
    /// building anything: what ``updated(forLogAt:interval:creating:extending:checkingEveryLine:options:)``
    /// acts on, and `modal-log index --check` reports.
    package enum Verdict {
        case missing
        case current(LogIndex)
        case behind(LogIndex)
        /// For `reason`; `interval` is the one the sidecar keeps, when its
        /// header can be read.
        case stale(reason: String, interval: Int?)
    }

    /// Reads the sidecar of the log at `path` (all of its pieces with
    /// `checkingEveryLine`), and compares it with the log and with the
    /// `interval` wanted (`nil`: any).
    package static func verdict(
        forLogAt path: String, interval: Int?, checkingEveryLine: Bool, in fileSystem: FileSystem = .system
    ) -> Verdict {
        var keptInterval: Int?
        do throws(EventLogError) {
            guard let sidecar = try readSidecar(forLogAt: path, in: fileSystem) else { return .missing }
            keptInterval = sidecar.interval
            let existing = try index(of: sidecar, logPath: path, in: fileSystem)
            if checkingEveryLine { try existing.checkPieces() }
            if let interval, interval != existing.interval {
                return .stale(
                    reason: "it keeps a checkpoint every \(existing.interval) events, not every \(interval)",
                    interval: existing.interval)
            }
            return existing.comparedWithLog()
        } catch {
            // Every fault on the way is the sidecar's, and names it.
            return .stale(reason: "it cannot be read: \(error.message)", interval: keptInterval)
        }
    }

    /// This index with each file's time as the file has it now (when it has
    /// not changed for a while); `nil` when the index keeps those already.
    /// Call it only when the index is current (``Verdict/current(_:)``): the files' bytes
    /// are then the ones the index covers.
    func withCurrentTimes() -> LogIndex? {
        let paths = (try? Self.files(ofLog: logPath, in: fileSystem)) ?? []
        var files = files
        for (place, path) in zip(files.indices, paths) {
            files[place].modified = IndexBuilder<State>.settledTime(of: path, in: fileSystem)
        }
        guard files != self.files else { return nil }
        return LogIndex(
            logPath: logPath, interval: interval, files: files, checkpoints: checkpoints, lastSeq: lastSeq,
            lastTime: lastTime, body: body, fileSystem: fileSystem)
    }

    /// The hash of the first `bytes` bytes of the file at `path`.
    static func hash(of path: String, bytes: Int, in fileSystem: FileSystem) throws(EventLogError) -> String {
        let source = try FileDescriptorSource(path: path, in: fileSystem)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { chunk.deallocate() }
        var hash = ContentHash()
        var left = bytes
        while left > 0 {
            let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunk.count, left)]))
            guard count > 0 else { throw EventLogError(.readFailed, file: path, message: "it ended early") }
            hash.update(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            left -= count
        }
        return hash.hex
    }
}

extension LogIndex {
    /// The files of the log at `path`: the file itself, or the folder's segments in order.
    static func files(ofLog path: String, in fileSystem: FileSystem) throws(EventLogError) -> [String] {
        fileSystem.entry(at: path) == .folder
            ? try EventLogReader.segments(in: path, fileSystem: fileSystem) : [path]
    }
}

/// Replays a log and keeps a checkpoint every `interval` events, or further
/// apart where the state is large (see ``LogIndex``).
struct IndexBuilder<State: LogProjection> {
    let interval: Int
    let fileSystem: FileSystem
    var checkpoints: [LogIndex<State>.Checkpoint] = []
    /// The bytes of the log's event lines read since the last checkpoint.
    var logBytes = 0
    /// How many bytes the log must have grown by since the last checkpoint
    /// before a state is made for the next: the last state's size, or,
    /// after a state too large to keep, its size or twice the log's growth.
    var logBytesNeeded = 0
    /// The bytes of the checkpoints' pieces kept so far, and of the last checkpoint made.
    var stateBytes = 0
    var lastStateBytes = 0
    /// The checkpoints' pieces so far.
    var body = IndexBody()
    /// How many elements the state's history held at the last checkpoint.
    var historyCount = 0
    /// The bytes an element of the history took in the last checkpoint's
    /// pieces made, to tell without making them whether the next would fit.
    var historyBytesPerElement: Int?
    /// The files an index being extended covered, checked against the log
    /// just before: a file still of the length it had keeps its hash.
    var knownFiles: [LogIndex<State>.FileStamp] = []

    init(interval: Int, fileSystem: FileSystem) {
        self.interval = interval
        self.fileSystem = fileSystem
    }

    /// Applies what `reader` has left to `state`, keeping checkpoints, and
    /// stamps the files it covered.
    mutating func run(logPath: String, state: State, time: Double?, reader: EventLogReader) throws(EventLogError)
        -> LogIndex<State>
    {
        var state = state
        var lastTime = time
        var position = reader.position
        while let entry = try reader.next() {
            try state.replay(entry, readBy: reader)
            lastTime = entry.time ?? lastTime
            let next = reader.position
            logBytes += next.file == position.file ? next.offset - position.offset : next.offset
            position = next
            if entry.seq % interval == 0 { consider(state, time: lastTime, position: position) }
        }
        // The reader stopped after the last whole line: a torn one is not covered.
        let end = reader.tornTail?.offset ?? reader.position.offset
        let paths = reader.segments.isEmpty ? [logPath] : reader.segments
        let last = reader.position.file
        var files: [LogIndex<State>.FileStamp] = []
        for (place, path) in paths.enumerated().prefix(last + 1) {
            let bytes = place == last ? end : fileSystem.status(of: path)?.size ?? 0
            if place < knownFiles.count, knownFiles[place].name == FileSystem.name(of: path),
                knownFiles[place].bytes == bytes
            {
                var known = knownFiles[place]
                known.modified = Self.settledTime(of: path, in: fileSystem)
                files.append(known)
            } else {
                files.append(try stamp(path, bytes: bytes))
            }
        }
        return LogIndex(
            logPath: logPath, interval: interval, files: files, checkpoints: checkpoints, lastSeq: state.seq,
            lastTime: lastTime, body: body, fileSystem: fileSystem)
    }

    /// Keeps `state` as a checkpoint at `position` when the sidecar's bound
    /// allows: once the log has grown, since the last checkpoint, by at
    /// least as many bytes as the checkpoint's two pieces have, the state's
    /// and its history's new elements (or while the pieces kept are within
    /// the allowance of a small index). A checkpoint too large is not made
    /// again until the log has grown by its size, and by twice as much as
    /// when it was made, so however the state or its history grows, the
    /// pieces made and not kept cost no more than the log's own bytes; and a
    /// history that grows faster than the log (every event rejected, its
    /// message longer than its line) thins the checkpoints out as a large
    /// state does.
    mutating func consider(_ state: State, time: Double?, position: EventLogReader.Position) {
        let allowanceLeft = LogIndex<State>.smallIndexStateBytes - stateBytes
        guard logBytes >= logBytesNeeded || lastStateBytes <= allowanceLeft else { return }
        // The history's new elements are not even made when, at the size the last ones had, they
        // would not fit: a history that outgrows the log is never held whole.
        let newElements = state.historyLength - historyCount
        if let perElement = historyBytesPerElement, newElements * perElement > max(logBytes, allowanceLeft) {
            return
        }
        let added = state.historyBytes(from: historyCount)
        let stateJSON = EventLogEncoder.line(state.json(historyFromElement: state.historyLength)).dropLast()
        if newElements > 0 { historyBytesPerElement = added.count / newElements }
        let bytes = added.count + stateJSON.count
        lastStateBytes = bytes
        guard logBytes >= bytes || bytes <= allowanceLeft else {
            logBytesNeeded = max(bytes, 2 * logBytes)
            return
        }
        body.append(history: added, state: Array(stateJSON))
        stateBytes += bytes
        logBytes = 0
        logBytesNeeded = bytes
        historyCount = state.historyLength
        checkpoints.append(.init(seq: state.seq, time: time, position: position, historyCount: historyCount))
    }

    /// What the index keeps of the file at `path`, of which it covers `bytes`.
    func stamp(_ path: String, bytes: Int) throws(EventLogError) -> LogIndex<State>.FileStamp {
        .init(
            name: FileSystem.name(of: path), bytes: bytes, modified: Self.settledTime(of: path, in: fileSystem),
            hash: try LogIndex<State>.hash(of: path, bytes: bytes, in: fileSystem))
    }

    /// When the file at `path` last changed, unless that was in the last two
    /// seconds: it could then change again within the same tick of the
    /// file system's clock, unseen, so its hash must decide.
    static func settledTime(of path: String, in fileSystem: FileSystem) -> Int64? {
        guard let modified = fileSystem.status(of: path)?.modified, fileSystem.now() - modified > 2_000_000_000
        else {
            return nil
        }
        return modified
    }
}

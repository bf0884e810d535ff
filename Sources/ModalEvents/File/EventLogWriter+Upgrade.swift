extension EventLogWriter {
    /// The line of `entry` (read from `json`, a version-1 line) in version
    /// 2: its fields but those version 1 ignored and version 2 reads
    /// (`source`, `caller`, a `height`, a card's `canDismiss`), in their
    /// order, number literals as they were, `\n` included.
    ///
    /// - Throws: `limitExceeded` when no reader could read it back.
    static func versionTwoLine(
        of entry: LoggedEvent, from json: JSONValue, file: String, options: EventLogReader.Options
    ) throws(EventLogError) -> [UInt8] {
        guard case .object(let members) = json else { return EventLogEncoder.encode(entry) }
        var ignoredByVersion1: Set<String> = ["source", "caller"]
        switch entry.event.type {
        case .modalPresent: ignoredByVersion1.insert("height")
        case .cardPush, .cardReplace: ignoredByVersion1.formUnion(["height", "canDismiss"])
        default: break
        }
        let kept = JSONValue.object(members.filter { !ignoredByVersion1.contains($0.key) })
        let line = EventLogEncoder.line(kept)
        // What no other field of version 1 can mean differently; else the event's own line.
        guard (try? LoggedEvent(json: kept, version: 2)) == entry else { return EventLogEncoder.encode(entry) }
        if let violation = options.violation(of: kept, line: line) {
            throw EventLogError(
                .limitExceeded, file: file, message: "cannot write seq \(entry.seq) again: \(violation)")
        }
        return line
    }

    /// What ``upgrade(_:as:options:)`` did.
    public struct Upgrade: Sendable, Hashable, CustomStringConvertible {
        /// The files written again as version 2, in the order they were
        /// replaced (a folder's last segment first); empty when the log was
        /// version 2 already.
        public var files: [String] = []
        /// Event lines copied as they were.
        public var keptLines = 0
        /// Event lines written again: they hold a field that version 2 reads
        /// and version 1 ignored (`source`, `caller`, a `height`, a card's
        /// `canDismiss`), left out now so that the log replays the same; the
        /// rest of the line stays as it was.
        public var rewrittenLines = 0
        /// The seq of the log's last event.
        public var lastSeq = 0
        /// Whether the log's index (its sidecar, `LOG.index`) was built again for the new files.
        public var rebuiltIndex = false

        public var description: String {
            guard !files.isEmpty else { return "already format version 2: nothing to do" }
            let rewritten =
                rewrittenLines == 0 ? "" : ", \(rewrittenLines) written again without the fields version 1 ignored"
            let count = keptLines + rewrittenLines
            return
                "upgraded \(files.count == 1 ? "1 file" : "\(files.count) files") to format version 2: "
                + "\(count) event line\(count == 1 ? "" : "s")\(rewritten), through seq \(lastSeq)"
                + (rebuiltIndex ? "; index built again" : "")
        }
    }

    /// Moves the log at `path` (a file or a folder of segments) to format
    /// version 2, so that it can take version 2's events.
    ///
    /// Each version-1 file is written again beside itself with a version-2
    /// header, synced, and renamed over the old one, so a reader always
    /// finds a whole log: a folder's segments are replaced from the last
    /// one back (a version-2 segment may follow a version-1 one). The
    /// writer's lock is held throughout, so no writer appends meanwhile. An
    /// event line that version 2 would read differently (it holds `source`,
    /// `caller`, `height` or a card's `canDismiss`, which version 1 ignores)
    /// is written again without them (its other fields as they were); the
    /// rest are copied byte for byte, and
    /// a segment's snapshot is written in the current state shape. Before a
    /// file is replaced, its events are applied as both versions define
    /// them: when one would be rejected by one version and not the other (a
    /// `"queue"` policy, which version 1 does not know), nothing is changed.
    ///
    /// - Returns: What was done; nothing when the log is version 2 already.
    /// - Throws: ``EventLogError``: the log cannot be read (malformed, or
    ///   ending in a torn line: recover it first), another writer has it
    ///   open, it would replay differently (`olderVersion`), or a write failed
    ///   (the log is then as it was, file by file).
    @discardableResult
    public static func upgrade<State: LogProjection>(
        _ path: String, as _: State.Type, options: EventLogReader.Options = EventLogReader.Options()
    ) throws(EventLogError) -> Upgrade {
        var reading = options
        reading.lenient = false
        let fileSystem = options.fileSystem
        // A link stays a link: the log it names is upgraded.
        let path = try fileSystem.followingLinks(path)
        try fileSystem.requireLog(at: path)
        // The writer's lock, held throughout: no writer appends while the log is rewritten.
        var held = [try LogLock(forLogAt: path, creatingFile: false, in: fileSystem)]
        defer { for lock in held { lock.release() } }
        let files =
            fileSystem.entry(at: path) == .folder
            ? try EventLogReader.segments(in: path, fileSystem: fileSystem) : [path]

        let whole = try EventLogReader(path: path, options: reading)
        while try whole.next() != nil {}
        if let torn = whole.tornTail {
            throw EventLogError(
                .readFailed, file: torn.file, line: torn.line,
                message: "the log ends in a torn line: recover it first ('modal-log recover'), then upgrade it")
        }
        var upgrade = Upgrade(lastSeq: whole.lastSeq)
        for file in files.reversed() {
            let reader = try EventLogReader(path: file, options: reading)
            // Segments never go back a version: the version-2 ones are the last, and are left as they are.
            guard reader.header.version < 2 else { continue }
            held.append(try rewrite(file, readBy: reader, as: State.self, into: &upgrade, fileSystem: fileSystem))
            upgrade.files.append(file)
        }
        let sidecar = LogIndex<State>.path(forLog: path)
        if !upgrade.files.isEmpty, fileSystem.entry(at: sidecar) == .file {
            // Built again (the files it covered are new) as often as it kept its checkpoints, under the lock.
            let interval = LogIndex<State>.rebuildInterval(forLogAt: path, in: fileSystem)
            let keeper = try IndexKeeper<State>.open(
                logAt: path, policy: .maintained(every: interval), reading: reading, holding: held[0])
            if let error = keeper?.report.writeError { throw error }
            upgrade.rebuiltIndex = true
        }
        return upgrade
    }

    /// Writes `file`, which `reader` has just opened, again as version 2,
    /// and renames it into place.
    ///
    /// - Returns: The new file's lock, taken before it had the name: held
    ///   until the whole upgrade is done, so no writer opens a one-file log
    ///   in between.
    private static func rewrite<State: LogProjection>(
        _ file: String, readBy reader: EventLogReader, as _: State.Type, into upgrade: inout Upgrade,
        fileSystem: FileSystem
    ) throws(EventLogError) -> LogLock {
        var asVersion1 = try State(startOf: reader)
        var asVersion2 = asVersion1
        var header = reader.header
        header.version = 2
        if header.snapshot != nil { header.snapshot = asVersion1.json }
        let temporary = file + SegmentFiles.temporarySuffix
        try fileSystem.remove(temporary)
        let output = try AppendableFile(path: temporary, create: true, named: file, in: fileSystem)
        defer { output.close() }
        do throws(EventLogError) {
            var bytes = EventLogEncoder.encode(header)
            while let (entry, line) = try reader.nextWithLine() {
                let json = try EventLogReader.json(ofLine: line, options: reader.options)
                if (try? LoggedEvent(json: json, version: 2)) == entry {
                    bytes += line
                    bytes.append(UInt8(ascii: "\n"))
                    upgrade.keptLines += 1
                } else {
                    bytes += try versionTwoLine(of: entry, from: json, file: file, options: reader.options)
                    upgrade.rewrittenLines += 1
                }
                let refusedAsVersion1 = asVersion1.replay(entry, formatVersion: 1) != nil
                let refusedAsVersion2 = asVersion2.replay(entry, formatVersion: 2) != nil
                guard refusedAsVersion1 == refusedAsVersion2 else {
                    throw EventLogError(
                        .olderVersion, file: file, line: reader.lineNumber,
                        message:
                            "seq \(entry.seq) is \(refusedAsVersion1 ? "rejected" : "applied") in version 1 but would be "
                            + "\(refusedAsVersion2 ? "rejected" : "applied") in version 2: the log is left at version 1"
                    )
                }
                if bytes.count >= 1 << 20 {
                    try output.write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            try output.write(bytes)
            guard asVersion1.json == asVersion2.json else {
                throw EventLogError(
                    .olderVersion, file: file,
                    message: "the log would replay to another state in version 2: it is left at version 1")
            }
            try output.sync()
            let lock = try LogLock(forLogAt: temporary, creatingFile: false, in: fileSystem)
            try fileSystem.rename(temporary, to: file)
            try fileSystem.syncFolder(holding: file)
            return lock
        } catch {
            try? fileSystem.remove(temporary)
            throw error
        }
    }
}

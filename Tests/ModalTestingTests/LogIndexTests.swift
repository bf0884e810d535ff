import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

/// A log's index, as a cursor reads from it: a checkpoint and the rest of
/// the log give what a full replay gives, at every seq; an index that no
/// longer matches its log is found out and built again; one behind its log
/// is extended. The index's insides are the cursor's: these tests open
/// cursors, and look at the sidecar only to see what was written.
@Suite struct LogIndexTests {
    typealias Index = LogIndex<ModalState>

    /// A cursor on `log` with the index `policy`, right after `seq` (or at the index's last checkpoint).
    static func cursor(_ log: String, at seq: Int? = nil, _ policy: IndexPolicy = .used) throws -> LogCursor<ModalState>
    {
        let cursor = try LogCursor<ModalState>(.path(log), at: seq, options: .init(index: policy))
        if let seq { try cursor.advance(through: seq) }
        return cursor
    }

    /// The state right after `seq`, read by a cursor from the index; throws past the log's end.
    static func state(_ log: String, at seq: Int) throws -> ModalState {
        let cursor = try cursor(log, at: seq)
        guard cursor.state.seq == seq else { throw EventLogError(.readFailed, message: "seq \(seq) is past the end") }
        return cursor.state
    }

    /// What opening a cursor with `policy` did to the sidecar of `log`.
    static func change(_ log: String, _ policy: IndexPolicy = .used) throws -> IndexReport.Change? {
        try cursor(log, policy).indexReport?.change
    }

    /// Builds and writes the index of `log`, a checkpoint every `interval` events, as `modal-log index` does.
    @discardableResult
    static func index(_ log: String, every interval: Int = Index.defaultInterval) throws -> Index {
        try #require(try cursor(log, .maintained(every: interval)).index)
    }

    /// What the sidecar of `log` is to the log: `current`, `behind`, `missing` or `stale: REASON`.
    static func verdict(_ log: String) -> String {
        switch Index.verdict(forLogAt: log, interval: nil, checkingEveryLine: false) {
        case .missing: "missing"
        case .current: "current"
        case .behind: "behind"
        case .stale(let reason, _): "stale: \(reason)"
        }
    }

    static let flow = ModalFlow(roots: [], invalidShare: 0.1, length: 1...300)

    /// Writes `entries` as one file, or as a folder of segments.
    static func write(_ entries: [LoggedEvent], to path: String, segmentBytes: Int? = nil) throws {
        let states = LogFilePropertyTests.states(entries)
        let options = EventLogWriter.Options(
            durability: .none, segments: segmentBytes.map { EventLogWriter.Segments(maximumBytes: $0) })
        let (writer, _, _) = try EventLogWriter.open(path, as: ModalState.self, options: options)
        for entry in entries { try writer.append(entry) { states[entry.seq - 1].json } }
        try writer.close()
    }

    @Test func aCheckpointAndTheRestOfTheLogGiveTheFullReplay() throws {
        var random = PropertyRandom(seed: 0x1DE_2026)
        let generator = EventGenerator(flow: Self.flow)
        var seeks = 0
        var fromCheckpoints = 0
        for trial in 0..<60 {
            let entries = generator.sequence(length: random.int(in: 1...300), random: &random)
            let states = LogFilePropertyTests.states(entries)
            let folder = try TemporaryFolder()
            let segmented = trial % 3 == 0
            let log = folder.file(segmented ? "log" : "log.jsonl")
            try Self.write(entries, to: log, segmentBytes: segmented ? random.int(in: 500...4000) : nil)
            let interval = random.int(in: 1...60)
            let built = try Self.index(log, every: interval)
            #expect(built.checkpoints.map(\.seq) == Array(stride(from: interval, through: entries.count, by: interval)))
            #expect(built.lastSeq == entries.count)
            // The same from the sidecar as from memory.
            let index = try #require(try Index.read(forLogAt: log))
            #expect(index.checkpoints == built.checkpoints && index.files == built.files)
            #expect(Self.verdict(log) == "current")
            // One cursor, seeking back and forth from the checkpoints.
            let cursor = try Self.cursor(log, at: 0)
            for _ in 0..<15 {
                let seq = random.int(in: 0...entries.count)
                #expect(try cursor.seek(to: seq), "trial \(trial): seq \(seq)")
                #expect(cursor.state == states[seq], "trial \(trial): seq \(seq), every \(interval)")
                #expect(cursor.indexReport?.change == .unchanged)
                seeks += 1
                if index.checkpoint(atOrBefore: seq) != nil { fromCheckpoints += 1 }
            }
        }
        #expect(fromCheckpoints > seeks / 2, "most seeks start at a checkpoint")
    }

    @Test func rejectionsAreStoredOnceAndComeBackWhole() throws {
        // Every other event rejected: each checkpoint's history block holds only its own.
        var entries: [LoggedEvent] = [LoggedEvent(seq: 1, event: .rootRegister(RootRegistration()))]
        for seq in 2...400 {
            entries.append(LoggedEvent(seq: seq, event: seq % 2 == 0 ? .dimmingTap(root: "ghost") : .dimmingTap()))
        }
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try Self.write(entries, to: log)
        try Self.index(log, every: 10)
        let states = LogFilePropertyTests.states(entries)
        #expect(try Self.state(log, at: 399).rejected == states[399].rejected)
        #expect(try Self.state(log, at: 400).rejected.count == 200)
        // The checkpoints' history blocks, one after another, are the rejections, each once.
        var history = RejectionHistory()
        let pieces = try SidecarText.pieces(forLogAt: log)
        for block in stride(from: 0, to: pieces.count, by: 2) { try history.append(encoded: pieces[block][...]) }
        #expect(history == states[400].rejected)
    }

    @Test func aSeqPastTheEndIsAnError() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try Self.write([LoggedEvent(seq: 1, event: .rootRegister(RootRegistration()))], to: log)
        try Self.index(log)
        #expect(try !Self.cursor(log, at: 2).seek(to: 2), "the log ends at seq 1")
        #expect(try Self.state(log, at: 0) == ModalState())
    }

    // MARK: An index and a log that changed

    /// Why the sidecar of `log` is stale; an issue when it is not.
    @discardableResult
    static func expectStale(_ log: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let verdict = Self.verdict(log)
        guard verdict.hasPrefix("stale: ") else {
            Issue.record("expected a stale index, found \(verdict)", sourceLocation: sourceLocation)
            return nil
        }
        return String(verdict.dropFirst("stale: ".count))
    }

    /// Why `change` built the index again; an issue when it did not.
    @discardableResult
    static func expectRebuilt(_ change: IndexReport.Change?, sourceLocation: SourceLocation = #_sourceLocation)
        -> String?
    {
        guard case .rebuilt(let reason)? = change else {
            Issue.record(
                "expected a rebuild, found \(change.map { "\($0)" } ?? "no index")", sourceLocation: sourceLocation)
            return nil
        }
        return reason
    }

    /// A log of `count` events, the last naming the root `edit-me`, indexed
    /// every 10 and written with its sidecar.
    static func indexedLog(_ count: Int, in folder: TemporaryFolder) throws -> (log: String, entries: [LoggedEvent]) {
        var random = PropertyRandom(seed: 0xABC)
        let entries =
            EventGenerator(flow: flow).sequence(length: count - 1, random: &random)
            + [LoggedEvent(seq: count, event: .dimmingTap(root: "edit-me"))]
        let log = folder.file("log.jsonl")
        try write(entries, to: log)
        try index(log, every: 10)
        return (log, entries)
    }

    /// Edits the last event of a log made by ``indexedLog(_:in:)`` in place.
    static func renameTheLastRoot(in log: String, to name: String) throws {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        try text.replacingOccurrences(of: "edit-me", with: name).write(toFile: log, atomically: false, encoding: .utf8)
    }

    @Test func anEditOfTheSameLengthMakesItStale() throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(200, in: folder)
        try Self.renameTheLastRoot(in: log, to: "edit-mf")
        try Self.expectStale(log)
        let cursor = try Self.cursor(log, at: entries.count)
        Self.expectRebuilt(cursor.indexReport?.change)
        #expect(cursor.state == (try replayed(.path(log))))
    }

    @Test func aShorterLogMakesItStale() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(200, in: folder)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try handle.truncate(atOffset: 1_000)
        try handle.close()
        try Self.expectStale(log)
    }

    @Test func aLogThatGrewIsExtended() throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(95, in: folder)
        var random = PropertyRandom(seed: 0xDEF)
        let more = EventGenerator(flow: Self.flow).sequence(length: 300, random: &random).prefix(60).enumerated().map {
            LoggedEvent(seq: entries.count + 1 + $0.offset, time: nil, event: $0.element.event)
        }
        let (writer, _, _) = try EventLogWriter.open(log, as: ModalState.self, options: .init(durability: .none))
        for entry in more { try writer.append(entry) { ModalState().json } }
        try writer.close()
        #expect(Self.verdict(log) == "behind")
        #expect(try Self.change(log) == .unchanged, "used as it is")
        let cursor = try Self.cursor(log, .extended)
        #expect(cursor.indexReport?.change == .extended)
        let extended = try #require(cursor.index)
        // Extending gives what building from scratch gives.
        let fresh = try Index.build(forLogAt: log, interval: 10)
        #expect(extended.checkpoints == fresh.checkpoints && extended.lastSeq == 155)
        #expect(extended.files.map(\.hash) == fresh.files.map(\.hash))
        // Its pieces went on after those read from the sidecar: it writes what a build writes.
        #expect(extended.encoded == fresh.encoded)
        try #require(try Index.read(forLogAt: log)).checkPieces()
        let states = LogFilePropertyTests.states(entries + more)
        for seq in [0, 94, 95, 100, 101, 150, 155] {
            #expect(try cursor.seek(to: seq) && cursor.state == states[seq], "seq \(seq)")
        }
    }

    /// `roots` roots registered (named from `firstRoot` on), then `count`
    /// presents over them, as a log's lines from seq `first` on.
    static func presents(_ count: Int, roots: Int, firstRoot: Int = 0, from first: Int = 1) -> [LoggedEvent] {
        let names = (firstRoot..<firstRoot + roots).map { "r\($0)" }
        let events =
            names.map { ModalEvent.rootRegister(RootRegistration(root: $0)) }
            + (0..<count).map {
                ModalEvent.modalPresent(ModalPresentation(root: names[$0 % roots], link: "m\($0)", content: "C"))
            }
        return events.enumerated().map { LoggedEvent(seq: first + $0.offset, event: $0.element) }
    }

    /// `entries` written as the log at `path`, and its index built and
    /// written, checked against the sidecar's bound (LogIndex: the log's
    /// bytes, 1 MiB, and a row a checkpoint).
    static func indexWithinItsBound(
        _ entries: [LoggedEvent], at log: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Index {
        try Data(EventLogEncoder.encode(events: entries)).write(to: URL(fileURLWithPath: log))
        let index = try Self.index(log)
        let logBytes = try FileManager.default.attributesOfItem(atPath: log)[.size] as! Int
        let sidecarBytes = try FileManager.default.attributesOfItem(atPath: index.path)[.size] as! Int
        #expect(
            sidecarBytes <= logBytes + (1 << 20) + 128 * index.checkpoints.count, "\(sidecarBytes) bytes",
            sourceLocation: sourceLocation)
        return index
    }

    /// Thousands of live modals: each checkpoint's state is large next to
    /// what a thousand events add to the log, so checkpoints spread out, and
    /// the sidecar stays within its bound (LogIndex: the log's bytes, 1 MiB,
    /// and a row a checkpoint). It used to hold a state every thousand
    /// events: 12 times the log here, 80 times with 45,000 live modals.
    @Test func aLargeStateSpreadsTheCheckpointsAndTheSidecarStaysWithinItsBound() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("live.jsonl")
        let entries = Self.presents(6_000, roots: 6)
        let index = try Self.indexWithinItsBound(entries, at: log)
        #expect(index.isSpreadOut && !index.checkpoints.isEmpty)
        // Seeks still give the full replay's state.
        var state = ModalState()
        let wanted: Set<Int> = [1_000, 4_321, entries.count]
        for entry in entries {
            state.replay(entry)
            if wanted.contains(entry.seq) { #expect(try Self.state(log, at: entry.seq) == state, "seq \(entry.seq)") }
        }
        // Extending keeps the spacing a build from scratch has.
        let (writer, _, _) = try EventLogWriter.open(log, as: ModalState.self, options: .init(durability: .none))
        let more = Self.presents(2_000, roots: 2, firstRoot: 6, from: entries.count + 1)
        for entry in more { try writer.append(entry) { state.json } }
        try writer.close()
        let extended = try #require(try Self.cursor(log, .extended).index)
        let fresh = try Index.build(forLogAt: log)
        #expect(extended.checkpoints == fresh.checkpoints && extended.lastSeq == entries.count + more.count)
    }

    /// Every event rejected: each rejection's JSON is longer than its event's
    /// line, so the history a checkpoint adds counts in its cost, and the
    /// sidecar stays within the same bound (it held every rejection's JSON
    /// once: 2.5 times the log here, 243 MB for a 73 MB log).
    @Test func aLogFullOfRejectionsKeepsTheSidecarWithinItsBound() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("rejected.jsonl")
        let entries = (1...60_000).map { LoggedEvent(seq: $0, event: .dimmingTap(root: "r\($0 % 7)")) }
        _ = try Self.indexWithinItsBound(entries, at: log)
        var state = ModalState()
        for entry in entries {
            state.replay(entry)
            if entry.seq % 20_000 == 0 { #expect(try Self.state(log, at: entry.seq) == state, "seq \(entry.seq)") }
        }
    }

    @Test func anotherIntervalBuildsItAgain() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let cursor = try Self.cursor(log, IndexPolicy(isUsed: true, extends: false, creates: false, interval: 25))
        #expect(Self.expectRebuilt(cursor.indexReport?.change)?.contains("every 10") == true)
        #expect(cursor.index?.checkpoints.map(\.seq) == [25, 50, 75, 100])
    }

    @Test(arguments: ["", "not json\n", #"{"format":"modal-events-index","version":2}"# + "\n", "{\"format\":"])
    func aDamagedSidecarIsBuiltAgain(sidecar: String) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(50, in: folder)
        try sidecar.write(toFile: Index.path(forLog: log), atomically: true, encoding: .utf8)
        let cursor = try Self.cursor(log, at: entries.count)
        #expect(Self.expectRebuilt(cursor.indexReport?.change)?.hasPrefix("it cannot be read") == true)
        #expect(cursor.state == (try replayed(.path(log))))
    }

    /// A sidecar this package wrote before version 2 of its layout (JSON
    /// lines: the tour indexed every 3 events) is never misread: it is built
    /// again, with the interval its header keeps.
    @Test func aSidecarOfTheFirstLayoutIsBuiltAgain() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("tour.jsonl")
        try FileManager.default.copyItem(atPath: Fixtures.path("EventLogs/tour.jsonl"), toPath: log)
        try FileManager.default.copyItem(
            atPath: Fixtures.path("Tests/Fixtures/index-v1/tour.jsonl.index-v1"), toPath: Index.path(forLog: log))
        let cursor = try Self.cursor(log, at: 14)
        #expect(Self.expectRebuilt(cursor.indexReport?.change) == "it cannot be read: an index of version 1, not 2")
        #expect(cursor.state == (try replayed(.path(log))))
        #expect(cursor.index?.interval == 3)
        #expect(try Self.change(log) == .unchanged, "written back in version 2")
    }

    /// The tests' view of a sidecar as text (``SidecarText``) gives back the
    /// bytes an index writes, and making its hashes hold changes nothing in
    /// a sound one: a test that edits the text edits only what it means to.
    @Test func aSidecarReadAsTextIsWrittenBackTheSame() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let sidecar = Array(try Data(contentsOf: URL(fileURLWithPath: Index.path(forLog: log))))
        let text = try #require(SidecarText.text(of: sidecar))
        #expect(SidecarText.sidecar(from: text, resigning: false) == sidecar)
        #expect(SidecarText.sidecar(from: text, resigning: true) == sidecar)
        #expect(SidecarText.resigned(sidecar) == sidecar)
        #expect(text.split(separator: "\n").count == 1 + 3 * 10, "a header, ten rows, and two pieces a checkpoint")
    }

    /// Replaces `original` with `tampered` in the sidecar of `log` as
    /// ``SidecarText`` shows it; with `resigned`, makes its hashes match
    /// again, as a program that rewrote it on purpose would.
    static func tamper(_ log: String, _ original: String, with tampered: String, resigned: Bool = false) throws {
        let text = try SidecarText.read(forLogAt: log)
        #expect(text.contains(original))
        try SidecarText.write(
            text.replacingOccurrences(of: original, with: tampered), forLogAt: log, resigning: resigned)
    }

    /// A sidecar damaged anywhere (its table, a checkpoint's piece, its
    /// check) is found out by its hashes: as it is opened (the header and
    /// the table) or when a seek reads the piece; then built again, never
    /// followed.
    @Test(arguments: [
        (#"[20,0,"#, #"[20,1,"#, "its table does not have the hash"),  // a checkpoint's file
        (#""lastSeq":100"#, #""lastSeq":101"#, "its header does not have the hash"),
        (#","check":""#, #","check":"0"#, "its header does not have the hash"),
        (#"{"seq":100,"#, #"{"seq":101,"#, nil),  // the last checkpoint's state
        ("", "", nil),  // a rejection kept in the history: a byte of the first block
    ])
    func aDamagedSidecarIsFoundByItsHashesAndBuiltAgain(original: String, damaged: String, opening: String?) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(100, in: folder)
        if original.isEmpty {
            var lines = try SidecarText.read(forLogAt: log).components(separatedBy: "\n")
            // The first block that holds a rejection: a seek reads it (not one a checkpoint added none to).
            let rows = lines.filter { $0.hasPrefix("[") }.count
            let counts = lines[1...rows].map { $0.split(separator: ",")[4] }
            let first = try #require(counts.indices.first { counts[$0] != "0" })
            let block = 1 + rows + 2 * first
            lines[block] = String(lines[block].dropLast()) + (lines[block].last == "0" ? "1" : "0")
            try SidecarText.write(lines.joined(separator: "\n"), forLogAt: log, resigning: false)
        } else if opening == nil {
            #expect(try SidecarText.damage(forLogAt: log, replacing: original, with: damaged))
        } else {
            try Self.tamper(log, original, with: damaged)
        }
        let full = try replayed(.path(log))
        let sidecar = try Data(contentsOf: URL(fileURLWithPath: Index.path(forLog: log)))
        if let opening {
            #expect(Self.expectRebuilt(try Self.change(log))?.hasPrefix("it cannot be read: \(opening)") == true)
        } else {
            // The header and table hold: only a check of every piece, or a seek that reads the piece, finds it.
            #expect(Self.verdict(log) == "current")
            let checking = IndexPolicy(isUsed: true, extends: false, creates: false, checksEveryLine: true)
            #expect(
                Self.expectRebuilt(try Self.change(log, checking))?.contains("does not have the hash its table keeps")
                    == true)
        }
        // The damaged sidecar again: a seek from it builds it again, and writes it back.
        try sidecar.write(to: URL(fileURLWithPath: Index.path(forLog: log)))
        let resumed = try LogCursor<ModalState>(.path(log), at: entries.count, options: .init(index: .used))
        Self.expectRebuilt(try #require(resumed.indexReport).change)
        #expect(try Self.finish(resumed) == full)
        #expect(resumed.indexReport?.writeError == nil)
        try Index.read(forLogAt: log)?.checkPieces()
        #expect(try Self.change(log) == .unchanged)
    }

    /// A table rewritten with its check made to match (so only what it says
    /// can give it away) is refused when it is impossible: a seek never
    /// lands outside the log or traps.
    @Test(arguments: [
        (#""interval":10"#, #""interval":0"#),
        (#"[10,0,"#, #"[-10,0,"#),
        (#"[10,0,"#, #"[10,7,"#),
        (#"[20,0,"#, #"[5,0,"#),
        (#""lastSeq":100"#, #""lastSeq":15"#),
    ])
    func aSidecarWithAnImpossibleTableIsBuiltAgain(original: String, tampered: String) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(100, in: folder)
        try Self.tamper(log, original, with: tampered, resigned: true)
        let cursor = try Self.cursor(log, at: entries.count)
        let reason = try #require(Self.expectRebuilt(cursor.indexReport?.change))
        #expect(reason.contains("impossible") || reason.contains("out of the log") || reason.contains("out of order"))
        #expect(cursor.state == (try replayed(.path(log))))
    }

    /// A table that says a checkpoint is on a line past any the bytes before
    /// it could hold (here the largest integer, which the line count of a
    /// read from it would overflow), or holds more history than events, is
    /// refused.
    @Test(arguments: ["line", "history"])
    func aCheckpointPastWhatItsBytesCanHoldIsRefused(word: String) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(100, in: folder)
        let text = try SidecarText.read(forLogAt: log)
        let row = try #require(text.firstMatch(of: /\[10,0,([0-9]+),([0-9]+),([0-9]+),/))
        let forged =
            word == "line"
            ? "[10,0,\(row.output.1),\(Int64.max),\(row.output.3)," : "[10,0,\(row.output.1),\(row.output.2),11,"
        try Self.tamper(log, String(row.output.0), with: forged, resigned: true)
        #expect(throws: EventLogError.self) { try Index.read(forLogAt: log) }
        // A seek that would start from it: the index is built again, and the state is the log's.
        let cursor = try Self.cursor(log, at: 15)
        #expect(Self.expectRebuilt(cursor.indexReport?.change)?.contains("out of the log") == true)
        #expect(cursor.state == LogFilePropertyTests.states(entries)[15])
    }

    @Test func aNegativeHistoryCountIsRefused() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let text = try SidecarText.read(forLogAt: log)
        // The fifth number of a checkpoint is its history's length.
        let row = try #require(text.firstMatch(of: /\[10,0,([0-9]+),([0-9]+),([0-9]+),/))
        try Self.tamper(log, String(row.output.0), with: "[10,0,\(row.output.1),\(row.output.2),-3,", resigned: true)
        #expect(throws: EventLogError.self) { try Index.read(forLogAt: log) }
    }

    /// The state a resumption's checkpoint and the rest of its log give.
    static func finish(_ resumed: LogCursor<ModalState>) throws -> ModalState {
        try resumed.advance()
        return resumed.state
    }

    /// A sidecar built again keeps its interval when its log changed, or
    /// when it was cut short (its header holds); one whose header is
    /// damaged (so nothing in it can be trusted) gets the default.
    @Test func aSidecarBuiltAgainKeepsItsInterval() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let sidecar = Index.path(forLog: log)
        try Self.renameTheLastRoot(in: log, to: "edit-it")
        let rebuilt = try Self.cursor(log)
        Self.expectRebuilt(rebuilt.indexReport?.change)
        #expect(rebuilt.index?.interval == 10)
        let whole = try Data(contentsOf: URL(fileURLWithPath: sidecar))
        try whole.dropLast(1).write(to: URL(fileURLWithPath: sidecar))
        let cut = try Self.cursor(log)
        #expect(Self.expectRebuilt(cut.indexReport?.change)?.contains("longer than the bytes after its table") == true)
        #expect(cut.index?.interval == 10)
        try whole.write(to: URL(fileURLWithPath: sidecar))
        try Self.tamper(log, #""lastSeq":100"#, with: #""lastSeq":99"#)
        #expect(try Self.cursor(log).index?.interval == 1000)
    }

    /// A sidecar far longer than any index of its log could be (a runaway or
    /// sparse file) is refused before it is read, and built again.
    @Test func aSidecarTooLongForItsLogIsNotRead() throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(30, in: folder)
        let sidecar = try FileHandle(forWritingTo: URL(fileURLWithPath: Index.path(forLog: log)))
        try sidecar.truncate(atOffset: 1 << 40)
        try sidecar.close()
        #expect(throws: EventLogError.self) { try Index.read(forLogAt: log) }
        let resumed = try LogCursor<ModalState>(.path(log), options: .init(index: .used))
        #expect(Self.expectRebuilt(try #require(resumed.indexReport).change)?.contains("is longer than") == true)
        #expect(try Self.finish(resumed).seq == entries.count)
    }

    /// Temporary files that a writer killed while writing the sidecar left
    /// are removed by the next write, once they are a minute old.
    @Test func aWriteReplacesTheTemporaryFileOfAWriterThatDied() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(30, in: folder)
        // Written under the log's lock, a temporary sidecar is a dead writer's.
        let leftover = Index.path(forLog: log) + ".partial"
        try Data("half an index".utf8).write(to: URL(fileURLWithPath: leftover))
        try Self.renameTheLastRoot(in: log, to: "edit-it")
        Self.expectRebuilt(try Self.change(log))
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(Self.verdict(log) == "current")
    }

    #if canImport(Glibc) || canImport(Darwin)
        /// A sidecar that is a pipe would block a read forever: it is refused
        /// unread, and the index written over it.
        @Test func aSidecarThatIsNotAFileIsNotRead() throws {
            let folder = try TemporaryFolder()
            let (log, entries) = try Self.indexedLog(30, in: folder)
            let sidecar = Index.path(forLog: log)
            try FileManager.default.removeItem(atPath: sidecar)
            #expect(mkfifo(sidecar, 0o644) == 0)
            #expect(throws: EventLogError.self) { try Index.read(forLogAt: log) }
            let resumed = try LogCursor<ModalState>(.path(log), options: .init(index: .used))
            #expect(
                Self.expectRebuilt(try #require(resumed.indexReport).change)?.contains("not a regular file") == true)
            #expect(try Self.finish(resumed).seq == entries.count)
            #expect(Self.verdict(log) == "current")
        }
    #endif

    @Test func aCutSidecarIsBuiltAgain() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let sidecar = URL(fileURLWithPath: Index.path(forLog: log))
        try Data(try Data(contentsOf: sidecar).dropLast(40)).write(to: sidecar)
        Self.expectRebuilt(try Self.change(log))
    }

    @Test func noSidecarIsNoIndexUnlessAskedFor() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try Self.write([LoggedEvent(seq: 1, event: .rootRegister(RootRegistration()))], to: log)
        #expect(try Self.cursor(log, .extended).indexReport == nil)
        #expect(try Self.change(log, .maintained()) == .created)
        #expect(Self.verdict(log) == "current", "and written")
    }

    @Test func aRemovedSegmentMakesItStale() throws {
        var random = PropertyRandom(seed: 0x5E9)
        let entries = EventGenerator(flow: Self.flow).sequence(length: 300, random: &random)
        let folder = try TemporaryFolder()
        let log = folder.file("log")
        try Self.write(entries, to: log, segmentBytes: 1_000)
        try Self.index(log, every: 20)
        #expect(FileManager.default.fileExists(atPath: folder.file("log.index")))
        let segments = try EventLogReader.segments(in: log)
        try FileManager.default.removeItem(atPath: segments[0])
        try Self.expectStale(log)
    }

    @Test func aSettledLogIsRecordedSoTheNextCheckNeedNotReadIt() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(30, in: folder)
        // Built just now: the log's time is too recent to trust.
        #expect(try #require(try Index.read(forLogAt: log)).files[0].modified == nil)
        let past = Date(timeIntervalSinceNow: -3_600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: log)
        let cursor = try Self.cursor(log)
        #expect(cursor.indexReport?.change == .refreshed)
        #expect(try Index.read(forLogAt: log)?.files[0].modified != nil, "written")
        #expect(try Self.change(log) == .unchanged)
        // Touched again (copied, say): its bytes are checked, and its new time kept.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: log)
        #expect(try Self.change(log) == .refreshed)
    }

    @Test func aStoreResumesFromTheIndexAndKeepsItUpToDate() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        let options = EventLogWriter.Options(durability: .none, indexInterval: 10)
        var store: ModalStore? = try ModalStore(logAt: log, logOptions: options)
        try store!.registerRoot()
        var lifetimes: [ModalLifetime] = []
        for round in 0..<30 {
            lifetimes.append(try store!.present(ModalPresentation(link: "sheet-\(round)", content: "Sheet")))
            try store!.presented("sheet-\(round)")
        }
        let before = store!.state
        try store!.log!.close()
        store = nil
        withExtendedLifetime(lifetimes) {}
        // Reopened: the index is built, and the state is the same.
        store = try ModalStore(logAt: log, session: .continueLast, logOptions: options)
        #expect(store!.state == before)
        let index = try #require(try Index.read(forLogAt: log))
        #expect(index.lastSeq == 61 && index.checkpoints.count == 6)
        try store!.tapDimming()
        try store!.log!.close()
        store = nil
        // Reopened after more events: extended.
        store = try ModalStore(logAt: log, session: .continueLast, logOptions: options)
        #expect(store!.state.seq == 62)
        #expect(try #require(try Index.read(forLogAt: log)).lastSeq == 62)
        try store!.log!.close()
        store = nil
        // An index rewritten to point into the middle of a line (its check made
        // to match): the store reads the log from the top, and builds it again.
        let text = try SidecarText.read(forLogAt: log)
        let row = try #require(text.firstMatch(of: /\[60,0,([0-9]+),/))
        try Self.tamper(log, String(row.output.0), with: "[60,0,\(Int(row.output.1)! - 5),", resigned: true)
        store = try ModalStore(logAt: log, session: .continueLast, logOptions: options)
        #expect(store!.state.seq == 62)
        let rebuilt = try #require(try Index.read(forLogAt: log))
        #expect(rebuilt.checkpoints.last?.position.offset == Int(row.output.1)!)
        try store!.log!.close()
    }
}

import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

/// A log index: a checkpoint and the rest of the log give what a full
/// replay gives, at every seq; an index that no longer matches its log is
/// found out and built again; one behind its log is extended.
@Suite struct LogIndexTests {
    typealias Index = LogIndex<ModalState>

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
            let built = try Index.build(forLogAt: log, interval: interval)
            #expect(built.checkpoints.map(\.seq) == Array(stride(from: interval, through: entries.count, by: interval)))
            #expect(built.lastSeq == entries.count)
            try built.write()
            // The same from the sidecar as from memory.
            let index = try #require(try Index.read(forLogAt: log))
            #expect(index.checkpoints == built.checkpoints && index.files == built.files)
            #expect(index.status() == .current)
            for _ in 0..<15 {
                let seq = random.int(in: 0...entries.count)
                #expect(try index.state(at: seq) == states[seq], "trial \(trial): seq \(seq), every \(interval)")
                seeks += 1
                if index.checkpoint(atOrBefore: seq) != nil { fromCheckpoints += 1 }
            }
        }
        #expect(fromCheckpoints > seeks / 2, "most seeks start at a checkpoint")
    }

    @Test func rejectionsAreStoredOnceAndComeBackWhole() throws {
        // Every other event rejected: each checkpoint's line holds only its own.
        var entries: [LoggedEvent] = [LoggedEvent(seq: 1, event: .rootRegister(RootRegistration()))]
        for seq in 2...400 {
            entries.append(LoggedEvent(seq: seq, event: seq % 2 == 0 ? .dimmingTap(root: "ghost") : .dimmingTap()))
        }
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try Self.write(entries, to: log)
        let index = try Index.build(forLogAt: log, interval: 10)
        try index.write()
        let states = LogFilePropertyTests.states(entries)
        #expect(try index.state(at: 399).rejected == states[399].rejected)
        #expect(try index.state(at: 400).rejected.count == 200)
        let sidecar = try folder.text("log.jsonl.index")
        #expect(sidecar.components(separatedBy: #""code":"unknownRoot""#).count - 1 == 200, "each rejection once")
    }

    @Test func aSeqPastTheEndIsAnError() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try Self.write([LoggedEvent(seq: 1, event: .rootRegister(RootRegistration()))], to: log)
        let index = try Index.build(forLogAt: log)
        #expect(throws: EventLogError.self) { try index.state(at: 2) }
        #expect(try index.state(at: 0) == ModalState())
    }

    // MARK: An index and a log that changed

    /// Why the sidecar of `log` is stale; an issue when it is not.
    @discardableResult
    static func expectStale(_ log: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let status = try #require(try Index.read(forLogAt: log), sourceLocation: sourceLocation).status()
        guard case .stale(let reason) = status else {
            Issue.record("expected a stale index, found \(status)", sourceLocation: sourceLocation)
            return nil
        }
        return reason
    }

    /// Why `update` built the index again; an issue when it did not.
    @discardableResult
    static func expectRebuilt(_ update: Index.Update, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        guard case .rebuilt(let reason) = update else {
            Issue.record("expected a rebuild, found \(update)", sourceLocation: sourceLocation)
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
        try Index.build(forLogAt: log, interval: 10).write()
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
        let (index, update) = try Index.updated(forLogAt: log, creating: false, extending: false)
        Self.expectRebuilt(update)
        let replayed = try ModalState.replaying(EventLogReader(path: log))
        #expect(try index?.state(at: entries.count) == replayed)
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
        #expect(try #require(try Index.read(forLogAt: log)).status() == .behind)
        let (index, update) = try Index.updated(forLogAt: log, creating: false, extending: true)
        #expect(update == .extended)
        let extended = try #require(index)
        // Extending gives what building from scratch gives.
        let fresh = try Index.build(forLogAt: log, interval: 10)
        #expect(extended.checkpoints == fresh.checkpoints && extended.lastSeq == 155)
        #expect(extended.files.map(\.hash) == fresh.files.map(\.hash))
        let states = LogFilePropertyTests.states(entries + more)
        for seq in [0, 94, 95, 100, 101, 150, 155] { #expect(try extended.state(at: seq) == states[seq]) }
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
        let index = try Index.build(forLogAt: log)
        try index.write()
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
            if wanted.contains(entry.seq) { #expect(try index.state(at: entry.seq) == state, "seq \(entry.seq)") }
        }
        // Extending keeps the spacing a build from scratch has.
        let (writer, _, _) = try EventLogWriter.open(log, as: ModalState.self, options: .init(durability: .none))
        let more = Self.presents(2_000, roots: 2, firstRoot: 6, from: entries.count + 1)
        for entry in more { try writer.append(entry) { state.json } }
        try writer.close()
        let extended = try #require(try Index.updated(forLogAt: log, creating: false, extending: true).index)
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
        let index = try Self.indexWithinItsBound(entries, at: log)
        var state = ModalState()
        for entry in entries {
            state.replay(entry)
            if entry.seq % 20_000 == 0 { #expect(try index.state(at: entry.seq) == state, "seq \(entry.seq)") }
        }
    }

    @Test func anotherIntervalBuildsItAgain() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let (index, update) = try Index.updated(forLogAt: log, interval: 25, creating: false, extending: false)
        #expect(Self.expectRebuilt(update)?.contains("every 10") == true)
        #expect(index?.checkpoints.map(\.seq) == [25, 50, 75, 100])
    }

    @Test(arguments: ["", "not json\n", #"{"format":"modal-events-index","version":2}"# + "\n", "{\"format\":"])
    func aDamagedSidecarIsBuiltAgain(sidecar: String) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(50, in: folder)
        try sidecar.write(toFile: Index.path(forLog: log), atomically: true, encoding: .utf8)
        let (index, update) = try Index.updated(forLogAt: log, creating: false, extending: false)
        #expect(Self.expectRebuilt(update)?.hasPrefix("it cannot be read") == true)
        #expect(try index?.state(at: entries.count) == ModalState.replaying(EventLogReader(path: log)))
    }

    /// Replaces `original` with `tampered` in the sidecar of `log`; with
    /// `resigned`, makes the header's `check` match again, as a program that
    /// rewrote the header on purpose would.
    static func tamper(_ log: String, _ original: String, with tampered: String, resigned: Bool = false) throws {
        let sidecar = Index.path(forLog: log)
        let text = try String(contentsOfFile: sidecar, encoding: .utf8)
        #expect(text.contains(original))
        let changed = text.replacingOccurrences(of: original, with: tampered)
        try (resigned ? resigningIndexHeader(changed) : changed).write(
            toFile: sidecar, atomically: true, encoding: .utf8)
    }

    /// A sidecar damaged anywhere (its table, a checkpoint's line, its
    /// check) is found out by its hashes: as it is opened (the header) or
    /// when a seek reads the line; then built again, never followed.
    @Test(arguments: [
        (#"[20,0,"#, #"[20,1,"#, true),  // the table: a checkpoint's file
        (#""lastSeq":100"#, #""lastSeq":101"#, true),
        (#","check":""#, #","check":"0"#, true),
        (#"{"state":{"seq":100,"#, #"{"state":{"seq":101,"#, false),  // the last checkpoint's state
        (#""code":"#, #""cide":"#, false),  // a rejection kept in the history
    ])
    func aDamagedSidecarIsFoundByItsHashesAndBuiltAgain(original: String, damaged: String, inHeader: Bool) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try Self.indexedLog(100, in: folder)
        try Self.tamper(log, original, with: damaged)
        let full = try ModalState.replaying(EventLogReader(path: log))
        if inHeader {
            #expect(
                Self.expectRebuilt(try Index.updated(forLogAt: log, creating: false, extending: false).update)?
                    .hasPrefix("it cannot be read: its header does not have the hash") == true)
        } else {
            // The header holds: only a seek that reads the line, or a check of every line, finds it.
            let opened = try #require(try Index.read(forLogAt: log))
            #expect(throws: EventLogError.self) { try opened.state(at: entries.count) }
            #expect(throws: EventLogError.self) { try opened.checkLines() }
            let checked = try Index.updated(forLogAt: log, creating: false, extending: false, checkingEveryLine: true)
            #expect(Self.expectRebuilt(checked.update)?.contains("does not have the hash the header keeps") == true)
        }
        // What the tool and a store use builds it again, and writes it back.
        let resumed = try LogCursor<ModalState>(.path(log), at: entries.count, options: .init(index: .used))
        Self.expectRebuilt(try #require(resumed.indexReport).update)
        #expect(try Self.finish(resumed) == full)
        #expect(resumed.indexReport?.writeError == nil)
        try Index.read(forLogAt: log)?.checkLines()
        #expect(try Index.updated(forLogAt: log, creating: false, extending: false).update == .unchanged)
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
        let (index, update) = try Index.updated(forLogAt: log, creating: false, extending: false)
        let reason = try #require(Self.expectRebuilt(update))
        #expect(reason.contains("impossible") || reason.contains("out of the log") || reason.contains("out of order"))
        #expect(try index?.state(at: entries.count) == ModalState.replaying(EventLogReader(path: log)))
    }

    @Test func aNegativeHistoryCountIsRefused() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let text = try String(contentsOfFile: Index.path(forLog: log), encoding: .utf8)
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
        let (index, update) = try Index.updated(forLogAt: log, creating: false, extending: false)
        Self.expectRebuilt(update)
        #expect(index?.interval == 10)
        try index?.write()
        let whole = try Data(contentsOf: URL(fileURLWithPath: sidecar))
        try whole.dropLast(1).write(to: URL(fileURLWithPath: sidecar))
        let cut = try Index.updated(forLogAt: log, creating: false, extending: false)
        #expect(Self.expectRebuilt(cut.update)?.contains("and bytes after the last") == true)
        #expect(cut.index?.interval == 10)
        try whole.write(to: URL(fileURLWithPath: sidecar))
        try Self.tamper(log, #""lastSeq":100"#, with: #""lastSeq":99"#)
        #expect(try Index.updated(forLogAt: log, creating: false, extending: false).index?.interval == 1000)
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
        #expect(Self.expectRebuilt(try #require(resumed.indexReport).update)?.contains("is longer than") == true)
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
        try Index.build(forLogAt: log, interval: 10).write()
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try Index.read(forLogAt: log)?.status() == .current)
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
                Self.expectRebuilt(try #require(resumed.indexReport).update)?.contains("not a regular file") == true)
            #expect(try Self.finish(resumed).seq == entries.count)
            #expect(try Index.read(forLogAt: log)?.status() == .current)
        }
    #endif

    @Test func aCutSidecarIsBuiltAgain() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try Self.indexedLog(100, in: folder)
        let sidecar = Index.path(forLog: log)
        let text = try String(contentsOfFile: sidecar, encoding: .utf8)
        try String(text.dropLast(40)).write(toFile: sidecar, atomically: true, encoding: .utf8)
        Self.expectRebuilt(try Index.updated(forLogAt: log, creating: false, extending: false).update)
    }

    @Test func noSidecarIsNoIndexUnlessAskedFor() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try Self.write([LoggedEvent(seq: 1, event: .rootRegister(RootRegistration()))], to: log)
        #expect(try Index.updated(forLogAt: log, creating: false, extending: true).index == nil)
        #expect(try Index.updated(forLogAt: log, creating: true, extending: true).update == .created)
    }

    @Test func aRemovedSegmentMakesItStale() throws {
        var random = PropertyRandom(seed: 0x5E9)
        let entries = EventGenerator(flow: Self.flow).sequence(length: 300, random: &random)
        let folder = try TemporaryFolder()
        let log = folder.file("log")
        try Self.write(entries, to: log, segmentBytes: 1_000)
        try Index.build(forLogAt: log, interval: 20).write()
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
        let (index, update) = try Index.updated(forLogAt: log, creating: false, extending: false)
        #expect(update == .refreshed)
        #expect(index?.files[0].modified != nil)
        try index?.write()
        #expect(try Index.updated(forLogAt: log, creating: false, extending: false).update == .unchanged)
        // Touched again (copied, say): its bytes are checked, and its new time kept.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: log)
        #expect(try Index.updated(forLogAt: log, creating: false, extending: false).update == .refreshed)
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
            try store!.didPresent("sheet-\(round)")
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
        let text = try String(contentsOfFile: Index.path(forLog: log), encoding: .utf8)
        let row = try #require(text.firstMatch(of: /\[60,0,([0-9]+),/))
        try Self.tamper(log, String(row.output.0), with: "[60,0,\(Int(row.output.1)! - 5),", resigned: true)
        store = try ModalStore(logAt: log, session: .continueLast, logOptions: options)
        #expect(store!.state.seq == 62)
        let rebuilt = try #require(try Index.read(forLogAt: log))
        #expect(rebuilt.checkpoints.last?.position.offset == Int(row.output.1)!)
        try store!.log!.close()
    }
}

import Foundation
import ModalEvents
import TestSupport
import Testing

@Suite struct EventLogWriterTests {
    static let header = #"{"format":"modal-events","version":2}"#

    /// `count` events after `seq`: taps, and a register every fifth.
    static func events(_ count: Int, after seq: Int = 0) -> [LoggedEvent] {
        (seq + 1...seq + count).map { seq in
            LoggedEvent(seq: seq, time: Double(seq), event: seq % 5 == 0 ? .keyboardChange(height: 1) : .dimmingTap())
        }
    }

    /// Appends `entries` to `writer`, keeping `state` in step.
    static func append(_ entries: [LoggedEvent], to writer: EventLogWriter, state: inout CountingState) throws {
        for entry in entries {
            let before = state
            try writer.append(entry) { before.json }
            _ = state.replay(entry)
        }
    }

    /// Writes the first `count` of ``events(_:after:)`` to a new log at
    /// `path` and closes it; returns the state they leave.
    @discardableResult
    static func write(
        _ count: Int, to path: String, header: LogHeader = LogHeader(), options: EventLogWriter.Options
    ) throws -> CountingState {
        var (writer, state, _) = try EventLogWriter.open(path, as: CountingState.self, header: header, options: options)
        try append(events(count), to: writer, state: &state)
        try writer.close()
        return state
    }

    @Test func aNewLogStartsWithItsHeaderAndResumesWhereItEnded() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log.jsonl")
        let header = LogHeader(fields: [JSONMember("app", "Mail")])
        var (writer, state, _) = try EventLogWriter.open(path, as: CountingState.self, header: header)
        #expect(state == CountingState() && writer.lastSeq == 0 && writer.recoveryWarnings.isEmpty)
        try Self.append(Self.events(3), to: writer, state: &state)
        try writer.close()
        #expect(try folder.text("log.jsonl").hasPrefix(#"{"format":"modal-events","version":2,"app":"Mail"}"# + "\n"))

        let (resumed, resumedState, lastTime) = try EventLogWriter.open(path, as: CountingState.self)
        #expect(resumedState == state && resumed.lastSeq == 3 && resumed.durableSeq == 3 && lastTime == 3)
        try resumed.append(Self.events(1, after: 3)[0]) { resumedState.json }
        try resumed.close()
        #expect(try EventLogReader(path: path).readAll() == Self.events(4))
    }

    @Test func appendingOutOfOrderWritesNothing() throws {
        let folder = try TemporaryFolder()
        let (writer, _, _) = try EventLogWriter.open(folder.file("log.jsonl"), as: CountingState.self)
        #expect(throws: EventLogError.self) { try writer.append(Self.events(1, after: 1)[0]) { [:] } }
        try writer.append(Self.events(1)[0]) { [:] }
        #expect(throws: EventLogError.self) { try writer.append(Self.events(1)[0]) { [:] } }
        try writer.close()
        #expect(throws: EventLogError.self) { try writer.append(Self.events(1, after: 1)[0]) { [:] } }
        #expect(try EventLogReader(path: folder.file("log.jsonl")).readAll() == Self.events(1))
    }

    @Test func resumingCutsATornLastLineAndSaysWhatItDropped() throws {
        let folder = try TemporaryFolder()
        let lines = [Self.header, #"{"seq":1,"type":"dimming.tap"}"#, #"{"seq":2,"type":"dimming.tap"}"#]
        try folder.write(lines.joined(separator: "\n") + "\n" + #"{"seq":3,"ty"#, to: "log.jsonl")
        let (writer, state, _) = try EventLogWriter.open(folder.file("log.jsonl"), as: CountingState.self)
        #expect(state.seq == 2 && writer.lastSeq == 2)
        #expect(
            writer.recoveryWarnings.map(\.description) == [
                "\(folder.file("log.jsonl")):4: cut off a torn last line (12 bytes, no newline at its end); "
                    + "the log ends at seq 2"
            ])
        #expect(try folder.text("log.jsonl") == lines.joined(separator: "\n") + "\n")
        try writer.append(LoggedEvent(seq: 3, event: .dimmingTap())) { state.json }
        try writer.close()
        #expect(try EventLogReader(path: folder.file("log.jsonl")).readAll().map(\.seq) == [1, 2, 3])
    }

    @Test func aCorruptLineInTheMiddleIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        let lines = [Self.header, #"{"seq":1,"type":"dimming.tap"}"#, #"{"seq":2,"type":"dimming.ta"#, #"{"seq":3}"#]
        try folder.write(lines.joined(separator: "\n") + "\n", to: "log.jsonl")
        let error = #expect(throws: EventLogError.self) {
            try EventLogWriter.open(folder.file("log.jsonl"), as: CountingState.self)
        }
        #expect(error?.kind == .invalidJSON && error?.line == 3)
        #expect(try folder.text("log.jsonl") == lines.joined(separator: "\n") + "\n", "the file is left as it was")
    }

    @Test func anEmptyFileOrATornHeaderStartsANewLog() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "empty.jsonl")
        try folder.write(#"{"format":"mo"#, to: "torn.jsonl")
        for name in ["empty.jsonl", "torn.jsonl"] {
            let (writer, state, _) = try EventLogWriter.open(folder.file(name), as: CountingState.self)
            #expect(state.seq == 0)
            // What a crash left is replaced, and the warning says so.
            #expect(writer.recoveryWarnings.map(\.message).first?.hasPrefix("replaced ") == true)
            try writer.close()
            #expect(try folder.text(name) == Self.header + "\n")
        }
    }

    @Test func aReplayThatPassesAProjectionsLimitStops() throws {
        let folder = try TemporaryFolder()
        let register = #"{"type":"root.register","root":"r"#
        let lines = [Self.header] + (1...5).map { #"{"seq":\#($0),"# + register.dropFirst() + #"\#($0)"}"# }
        try folder.write(lines.joined(separator: "\n") + "\n", to: "log.jsonl")
        let error = #expect(throws: EventLogError.self) {
            try EventLogWriter.open(folder.file("log.jsonl"), as: CountingState.self)
        }
        #expect(error?.kind == .limitExceeded && error?.line == 5 && error?.message == "more than 3 registrations")
    }

    // MARK: Durability

    @Test(arguments: [EventLogWriter.Durability.everyEvent, .none])
    func everyEventAndNoneReportEachEventAtOnce(_ durability: EventLogWriter.Durability) throws {
        let folder = try TemporaryFolder()
        let reported = Recorder<Int>()
        let options = EventLogWriter.Options(durability: durability, onDurable: { reported.record($0) })
        var (writer, state, _) = try EventLogWriter.open(
            folder.file("log.jsonl"), as: CountingState.self, options: options)
        for entry in Self.events(5) {
            try Self.append([entry], to: writer, state: &state)
            #expect(writer.durableSeq == entry.seq)
        }
        try writer.sync()
        #expect(reported.all == [1, 2, 3, 4, 5])
    }

    @Test func groupCommitSyncsByCount() throws {
        let folder = try TemporaryFolder()
        let reported = Recorder<Int>()
        let options = EventLogWriter.Options(
            durability: .group(events: 10, interval: .seconds(3600)), onDurable: { reported.record($0) })
        var (writer, state, _) = try EventLogWriter.open(
            folder.file("log.jsonl"), as: CountingState.self, options: options)
        try Self.append(Self.events(9), to: writer, state: &state)
        #expect(writer.durableSeq == 0, "nine events wait for the tenth or the hour")
        try Self.append(Self.events(1, after: 9), to: writer, state: &state)
        try expectEventually { writer.durableSeq == 10 }
        try writer.close()
        #expect(reported.all == [10])
    }

    @Test func groupCommitSyncsByTime() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(durability: .group(events: 1000, interval: .milliseconds(5)))
        var (writer, state, _) = try EventLogWriter.open(
            folder.file("log.jsonl"), as: CountingState.self, options: options)
        try Self.append(Self.events(3), to: writer, state: &state)
        try expectEventually { writer.durableSeq == 3 }
    }

    /// Waits up to 10 s (the machine is shared) for `condition`.
    func expectEventually(_ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(condition())
    }

    // MARK: Segments

    @Test func segmentsRotateAtTheirSizeAndReadAsOneLog() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(segments: .init(maximumBytes: 300))
        let state = try Self.write(40, to: folder.file("log"), options: options)

        let names = try folder.names(in: "log")
        #expect(names.count > 3 && names.first == "00000000000000000001.jsonl")
        var previousLast = 0
        for name in names {
            let reader = try EventLogReader(path: folder.file("log/\(name)"))
            #expect(reader.header.from == previousLast + 1 && name == String(format: "%020d.jsonl", previousLast + 1))
            // Each segment replays on its own from its snapshot to the state the whole log had there.
            let alone = try replayed(reader: reader, as: CountingState.self)
            var whole = CountingState()
            for entry in Self.events(reader.lastSeq) { _ = whole.replay(entry) }
            #expect(alone == whole)
            previousLast = reader.lastSeq
        }
        #expect(previousLast == 40)
        #expect(try EventLogReader(path: folder.file("log")).readAll() == Self.events(40))
        #expect(try replayed(.path(folder.file("log")), as: CountingState.self) == state)
    }

    @Test func retentionKeepsTheLastFilesAndTheRestStillReplays() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(segments: .init(maximumBytes: 200, retainedFiles: 2))
        let state = try Self.write(60, to: folder.file("log"), options: options)
        #expect(try folder.names(in: "log").count == 2)
        let reader = try EventLogReader(path: folder.file("log"))
        #expect(reader.header.from > 1)
        #expect(try replayed(reader: reader, as: CountingState.self) == state)

        // Resuming the pruned folder goes on where it ended.
        let (resumed, resumedState, _) = try EventLogWriter.open(
            folder.file("log"), as: CountingState.self, options: options)
        #expect(resumedState == state && resumed.lastSeq == 60)
    }

    @Test func resumingAFolderRemovesWhatACrashWhileRotatingLeft() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(segments: .init(maximumBytes: 200))
        let state = try Self.write(20, to: folder.file("log"), options: options)
        try folder.write(#"{"format":"mod"#, to: "log/99999999999999999999.jsonl.partial")
        try folder.write(#"{"format":"mod"#, to: "log/99999999999999999999.jsonl")
        let (resumed, resumedState, _) = try EventLogWriter.open(
            folder.file("log"), as: CountingState.self, options: options)
        #expect(resumedState == state && resumed.recoveryWarnings.count == 2)
        #expect(try !folder.names(in: "log").contains { $0.hasPrefix("9999") })
    }

    @Test func anEventNoReaderCouldReadBackIsRefusedAndNothingWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log.jsonl")
        let options = EventLogWriter.Options(reading: EventLogReader.Options(maximumDepth: 8))
        let (writer, _, _) = try EventLogWriter.open(path, as: CountingState.self, options: options)
        var payload: JSONValue = 1
        for _ in 0..<8 { payload = [payload] }
        let deep = LoggedEvent(
            seq: 1, event: .modalPresent(ModalPresentation(link: "a", content: "A", payload: payload)))
        let error = #expect(throws: EventLogError.self) { try writer.append(deep) { [:] } }
        #expect(error?.kind == .limitExceeded && error?.message.contains("nests deeper than 8 levels") == true)
        try writer.close()
        #expect(try folder.text("log.jsonl") == Self.header + "\n")
    }

    @Test func aSegmentWhoseSnapshotNoReaderCouldReadIsNotStarted() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(
            segments: .init(maximumBytes: 100), reading: EventLogReader.Options(maximumLineLength: 90))
        var (writer, state, _) = try EventLogWriter.open(folder.file("log"), as: CountingState.self, options: options)
        try Self.append(Self.events(2), to: writer, state: &state)
        let error = #expect(throws: EventLogError.self) {
            try Self.append(Self.events(1, after: 2), to: writer, state: &state)
        }
        #expect(error?.kind == .limitExceeded && error?.message.hasPrefix("cannot start a segment at seq 3") == true)
        #expect(try EventLogReader(path: folder.file("log")).readAll() == Self.events(2))
    }

    @Test func aLargeHeaderDoesNotMakeEveryEventASegment() throws {
        let folder = try TemporaryFolder()
        let header = LogHeader(fields: [JSONMember("device", .string(String(repeating: "x", count: 1000)))])
        let options = EventLogWriter.Options(segments: .init(maximumBytes: 300))
        try Self.write(40, to: folder.file("log"), header: header, options: options)
        let files = try folder.names(in: "log")
        #expect(files.count > 3 && files.count < 10, "\(files.count) segments for 40 events of about 45 bytes")
    }

    @Test func aFileCannotTakeSegments() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.header + "\n", to: "log.jsonl")
        let options = EventLogWriter.Options(segments: .init(maximumBytes: 200))
        #expect(throws: EventLogError.self) {
            try EventLogWriter.open(folder.file("log.jsonl"), as: CountingState.self, options: options)
        }
    }
}

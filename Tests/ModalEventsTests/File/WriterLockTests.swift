import Foundation
import ModalEvents
import TestSupport
import Testing

/// One writer at a time: every file operation on a log (create, resume,
/// rotate, retain, recover, upgrade, index write) happens under the one
/// writer's lock, and a writer that is refused it touches nothing.
@Suite struct WriterLockTests {
    typealias Events = EventLogWriterTests

    /// Opens a writer on `path` and appends `count` taps on `root` after
    /// whatever the log holds; returns the events it acknowledged (an
    /// append that returned, then a sync that did). A refused writer
    /// acknowledges none.
    static func acknowledged(
        _ count: Int, on root: String, to path: String, options: EventLogWriter.Options
    ) -> [LoggedEvent] {
        guard let (writer, _, _) = try? EventLogWriter.open(path, as: CountingState.self, options: options) else {
            return []
        }
        var written: [LoggedEvent] = []
        for _ in 0..<count {
            let entry = LoggedEvent(seq: writer.lastSeq + 1, time: 1, event: .dimmingTap(root: root))
            guard (try? writer.append(entry) { [:] }) != nil else { break }
            written.append(entry)
        }
        guard (try? writer.close()) != nil else { return [] }
        return written
    }

    @Test func twoWritersCreatingOneLogNeverLoseAnAcknowledgedEvent() throws {
        let folder = try TemporaryFolder()
        for trial in 0..<60 {
            let path = folder.file("log-\(trial).jsonl")
            let results = Lock<[[LoggedEvent]]>([[], []])
            onThreads(2) { writer in
                let events = Self.acknowledged(
                    5, on: "writer\(writer)", to: path, options: EventLogWriter.Options(durability: .everyEvent))
                results.withLock { $0[writer] = events }
            }
            let logged = Set(try EventLogReader(path: path).readAll().map { "\($0.event)" })
            for events in results.withLock({ $0 }) {
                let lost = events.filter { !logged.contains("\($0.event)") }
                #expect(lost.isEmpty, "trial \(trial): acknowledged but not in the log: \(lost)")
            }
        }
    }

    @Test func aSecondWriterOnASegmentFolderNeverDisturbsTheLiveOne() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let options = EventLogWriter.Options(durability: .everyEvent, segments: .init(maximumBytes: 1))
        let (writer, _, _) = try EventLogWriter.open(path, as: CountingState.self, options: options)
        let done = Flag(false)
        let failure = Lock<EventLogError?>(nil)
        onThreads(2) { thread in
            if thread == 0 {
                defer { done.store(true) }
                // Every event starts a segment: a rotation (a new file, renamed into place) per append.
                for entry in Events.events(300) {
                    do throws(EventLogError) {
                        try writer.append(entry) { [:] }
                    } catch {
                        failure.withLock { $0 = error }
                        return
                    }
                }
            } else {
                // A second writer (as `modal-log recover` opens one), over and over: each must be refused.
                while !done.load() {
                    #expect(throws: EventLogError.self) {
                        try EventLogWriter.open(path, as: CountingState.self, options: options)
                    }
                }
            }
        }
        #expect(failure.withLock { $0 } == nil)
        try writer.close()
        #expect(try EventLogReader(path: path).readAll() == Events.events(300))
    }

    @Test func aRefusedWriterLeavesTheFolderAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let options = EventLogWriter.Options(segments: .init(maximumBytes: 200))
        let (writer, _, _) = try EventLogWriter.open(path, as: CountingState.self, options: options)
        defer { try? writer.close() }
        // What the live writer has in flight while it starts a segment, and a last segment it is writing.
        try folder.write(#"{"format":"mod"#, to: "log/00000000000000000009.jsonl.partial")
        try folder.write(#"{"format":"mod"#, to: "log/00000000000000000009.jsonl")
        let before = try folder.names(in: "log")
        let error = #expect(throws: EventLogError.self) {
            try EventLogWriter.open(path, as: CountingState.self, options: options)
        }
        #expect(error?.message.contains("another writer has the log open") == true)
        #expect(try folder.names(in: "log") == before)
    }

    /// A writer that has appended 3 events to a new log at `path`, synced.
    func liveWriter(at path: String) throws -> EventLogWriter {
        let (writer, _, _) = try EventLogWriter.open(path, as: CountingState.self)
        for entry in Events.events(3) { try writer.append(entry) { [:] } }
        try writer.sync()
        return writer
    }

    @Test func aRefusedWriterWritesNoIndexAndCutsNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log.jsonl")
        let writer = try liveWriter(at: path)
        defer { try? writer.close() }
        let before = try folder.text("log.jsonl")
        let error = #expect(throws: EventLogError.self) {
            try EventLogWriter.open(
                path, as: CountingState.self, options: EventLogWriter.Options(indexInterval: 1))
        }
        #expect(error?.message.contains("another writer has the log open") == true)
        #expect(try folder.text("log.jsonl") == before)
        #expect(try folder.names(in: ".") == ["log.jsonl"])
    }

    @Test func anIndexIsNotWrittenBesideALiveWriter() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log.jsonl")
        let writer = try liveWriter(at: path)
        defer { try? writer.close() }
        let index = try LogIndex<CountingState>.build(forLogAt: path, interval: 1)
        let error = #expect(throws: EventLogError.self) { try index.write() }
        #expect(error?.message.contains("another writer has the log open") == true)
        #expect(try folder.names(in: ".") == ["log.jsonl"])
    }
}

import Foundation
import ModalEvents
import TestSupport
import Testing

/// `EventLogFollower`, the reader behind `timeline --follow`, on a log that
/// rotates, loses its old segments, or is replaced.
@Suite struct FollowerTests {
    typealias Events = EventLogWriterTests

    /// Appends `count` events one at a time to a log whose segments are kept
    /// `retaining` at a time, with a follower reading after each; returns
    /// what the follower read.
    func follow(_ count: Int, retaining: Int) throws -> [LoggedEvent] {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let options = EventLogWriter.Options(
            durability: .none, segments: .init(maximumBytes: 120, retainedFiles: retaining))
        let (writer, _, _) = try EventLogWriter.open(path, as: CountingState.self, options: options)
        defer { try? writer.close() }
        let events = Events.events(count)
        try writer.append(events[0]) { [:] }
        let reader = try EventLogReader(path: path)
        var read = try reader.readAll()
        let follower = EventLogFollower(after: reader)
        for entry in events.dropFirst() {
            try writer.append(entry) { [:] }
            try follower.readAppended { entry, _ in read.append(entry) }
        }
        return read
    }

    /// A follower at the end of a new log of 5 events at `path`.
    func followerAtTheEnd(of path: String) throws -> EventLogFollower {
        try EventLogWriterTests.write(5, to: path, options: EventLogWriter.Options(durability: .none))
        let reader = try EventLogReader(path: path)
        _ = try reader.readAll()
        return EventLogFollower(after: reader)
    }

    @Test func aFollowerGoesOnWhenRetentionRemovesTheSegmentsBeforeIts() throws {
        #expect(try follow(200, retaining: 2) == Events.events(200))
    }

    @Test func aFollowerGoesOnWhenRetentionRemovesTheSegmentItReadToItsEnd() throws {
        #expect(try follow(200, retaining: 1) == Events.events(200))
    }

    @Test func aSegmentRemovedBeforeItWasReadIsAnError() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let options = EventLogWriter.Options(
            durability: .none, segments: .init(maximumBytes: 120, retainedFiles: 1))
        let (writer, _, _) = try EventLogWriter.open(path, as: CountingState.self, options: options)
        defer { try? writer.close() }
        let events = Events.events(40)
        try writer.append(events[0]) { [:] }
        let reader = try EventLogReader(path: path)
        _ = try reader.readAll()
        let follower = EventLogFollower(after: reader)
        for entry in events.dropFirst() { try writer.append(entry) { [:] } }
        let error = #expect(throws: EventLogError.self) { try follower.readAppended { _, _ in } }
        #expect(
            error?.message.contains("removed before it was read to its end") == true, "\(String(describing: error))")
    }

    @Test func aLogReplacedByALongerOneIsSaidToBeReplaced() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log.jsonl")
        let follower = try followerAtTheEnd(of: path)

        // Another valid log, longer, renamed over this one (as a copy or an editor would).
        let other = folder.file("other.jsonl")
        let (writer, _, _) = try EventLogWriter.open(other, as: CountingState.self)
        for seq in 1...40 {
            try writer.append(LoggedEvent(seq: seq, time: 9, event: .keyboardChange(height: Double(seq)))) { [:] }
        }
        try writer.close()
        #expect(rename(other, path) == 0)

        let error = #expect(throws: EventLogError.self) { try follower.readAppended { _, _ in } }
        #expect(
            error?.kind == .readFailed && error?.message.contains("cut or replaced") == true,
            "\(String(describing: error))")
    }

    @Test func aLogCutShortIsSaidToBeCut() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log.jsonl")
        let follower = try followerAtTheEnd(of: path)
        #expect(truncate(path, 60) == 0)
        let error = #expect(throws: EventLogError.self) { try follower.readAppended { _, _ in } }
        #expect(error?.message.contains("cut or replaced") == true)
    }
}

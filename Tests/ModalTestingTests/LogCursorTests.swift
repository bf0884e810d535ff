import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

/// The one way a log is read: a cursor gives, at every seq it seeks to,
/// forwards or back, with an index or without, the state a read from the
/// top gives; a damaged index is repaired, never thrown; a malformed log
/// is, naming the line a read from the top names.
@Suite struct LogCursorTests {
    typealias Cursor = LogCursor<ModalState>

    /// The states after each event of `entries`: `[0]` after seq 1.
    static func states(_ entries: [LoggedEvent], skipping: Set<Int> = []) -> [ModalState] {
        var state = ModalState()
        return entries.map { entry in
            if !skipping.contains(entry.seq) { state.replay(entry) }
            return state
        }
    }

    @Test(arguments: [IndexPolicy.ignored, .used, .extended])
    func seeksForwardAndBackGiveTheStatesOfAReadFromTheTop(policy: IndexPolicy) throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try LogIndexTests.indexedLog(200, in: folder)
        let states = Self.states(entries)
        var random = PropertyRandom(seed: 0xC0_2026)
        let cursor = try Cursor(.path(log), at: 100, options: .init(index: policy))
        #expect(cursor.indexReport?.change == (policy.isUsed ? .unchanged : nil))
        for _ in 0..<100 {
            let seq = Int(random.next() % 200) + 1
            #expect(try cursor.seek(to: seq))
            #expect(cursor.state == states[seq - 1], "seq \(seq)")
        }
        #expect(try !cursor.seek(to: 201))
        #expect(cursor.state == states[199])
    }

    @Test func aDamagedCheckpointIsRepairedNotThrown() throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try LogIndexTests.indexedLog(200, in: folder)
        // A checkpoint's state changed without its hash: the header and table hold, the state does not.
        #expect(try SidecarText.damage(forLogAt: log, replacing: #"{"seq":150,"#, with: #"{"seq":151,"#))
        let cursor = try Cursor(.path(log), at: 150, options: .init(index: .used))
        #expect(try cursor.advance(through: 150))
        #expect(cursor.state == Self.states(entries)[149])
        let warning = try #require(cursor.indexReport?.warning)
        #expect(warning.hasPrefix("built \(log).index again: it cannot be read: checkpoint at seq "), "\(warning)")
        try #require(try LogIndex<ModalState>.read(forLogAt: log)).checkPieces()
    }

    @Test func aMalformedLineAfterACheckpointIsNamedAsAReadFromTheTopNamesIt() throws {
        let folder = try TemporaryFolder()
        let (log, _) = try LogIndexTests.indexedLog(200, in: folder)
        var lines = try String(contentsOfFile: log, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        lines[155] = "not json"  // seq 155, after the checkpoint at 150
        try lines.joined(separator: "\n").write(toFile: log, atomically: false, encoding: .utf8)
        let fromTheTop = #expect(throws: EventLogError.self) { try Cursor(.path(log)).advance() }
        let cursor = try Cursor(.path(log), at: 180, options: .init(index: .used))
        let fromTheIndex = #expect(throws: EventLogError.self) { try cursor.advance(through: 180) }
        #expect(fromTheIndex == fromTheTop)
        #expect(fromTheIndex?.file == log && fromTheIndex?.line == 156)
        // Before the fault, the state is there; the index cannot be built again, which is said.
        let before = try Cursor(.path(log), at: 120, options: .init(index: .used))
        #expect(try before.advance(through: 120))
        #expect(before.indexReport?.warning?.hasPrefix("\(log).index cannot be built again: \(log):156:") == true)
    }

    @Test func skippedEventsAreReadAndLeftOut() throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try LogIndexTests.indexedLog(60, in: folder)
        let skipped: Set<Int> = [5, 9, 33]
        let cursor = try Cursor(.path(log))
        cursor.skipping = skipped
        try cursor.advance()
        #expect(cursor.state == Self.states(entries, skipping: skipped).last)
        #expect(cursor.reader.lastSeq == 60)
    }

    @Test func aLogInMemoryIsReadAsOneOnDisk() throws {
        let folder = try TemporaryFolder()
        let (log, entries) = try LogIndexTests.indexedLog(40, in: folder)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: log)))
        // An index policy is ignored where no index can be: bytes in memory.
        let cursor = try Cursor(.bytes(bytes, name: "memory"), options: .init(index: .maintained()))
        try cursor.advance()
        #expect(cursor.indexReport == nil && cursor.index == nil)
        #expect(cursor.state == Self.states(entries).last)
    }
}

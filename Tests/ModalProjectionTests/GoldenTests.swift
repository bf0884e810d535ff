import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// Every well-formed log (`EventLogs/` and `Tests/Fixtures/rejections/`)
/// replays to its checked-in state, `Fixtures.goldenPath(of:)`.
///
/// After a deliberate change to the projection, rewrite the goldens with
/// `UPDATE_GOLDENS=1 swift test --filter GoldenTests` and review the diff.
@Suite struct GoldenTests {
    @Test func thereAreLogsToCheck() {
        #expect(Fixtures.wellFormedLogs.count >= 20)
    }

    @Test(arguments: Fixtures.wellFormedLogs)
    func replaysToItsExpectedState(log: String) throws {
        let reader = try EventLogReader(path: Fixtures.path(log))
        var state = ModalState()
        while let entry = try reader.next() { state.replay(entry) }

        let golden = Fixtures.goldenPath(of: log)
        let text = state.jsonText() + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            let url = URL(fileURLWithPath: Fixtures.path(golden))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expectedText = try Fixtures.text(golden)
        let expected = try ModalState(json: JSONReader.read(Array(expectedText.utf8)))
        expectEqualStates(state, expected)
        // The golden is also the exact text `modal-log replay --json` prints.
        #expect(text == expectedText, "the state's JSON text differs from \(golden)")
    }
}

import Foundation
import ModalEvents
import ModalProjection
import Testing

/// Every log in `EventLogs/` and `Tests/Fixtures/rejections/` replays to its
/// checked-in state: `Tests/Fixtures/expected/<path>.json`, where `<path>` is
/// the log's path under `EventLogs/` or `Tests/Fixtures/`.
///
/// After a deliberate change to the projection, rewrite the goldens with
/// `UPDATE_GOLDENS=1 swift test --filter GoldenTests` and review the diff.
@Suite struct GoldenTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The well-formed logs, as paths relative to the package root.
    static let logs: [String] = {
        let folders = ["EventLogs", "Tests/Fixtures/rejections"]
        return folders.flatMap { folder -> [String] in
            let base = packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("malformed/") }.map { "\(folder)/\($0)" }
        }.sorted()
    }()

    static func goldenPath(of log: String) -> String {
        let relative =
            log.hasPrefix("EventLogs/") ? log.dropFirst("EventLogs/".count) : log.dropFirst("Tests/Fixtures/".count)
        return relative.dropLast(".jsonl".count) + ".json"
    }

    @Test func thereAreLogsToCheck() {
        #expect(Self.logs.count >= 20)
    }

    @Test(arguments: logs)
    func replaysToItsExpectedState(log: String) throws {
        let reader = try EventLogReader(path: Self.packageRoot.appendingPathComponent(log).path)
        var state = ModalState()
        while let entry = try reader.next() { ModalState.reduce(into: &state, event: entry) }

        let golden = Self.packageRoot.appendingPathComponent("Tests/Fixtures/expected")
            .appendingPathComponent(Self.goldenPath(of: log))
        let text = state.jsonText() + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expectedText = try String(contentsOf: golden, encoding: .utf8)
        let expected = try ModalState(json: JSONReader.read(Array(expectedText.utf8)))
        expectEqualStates(state, expected)
        // The golden is also the exact text `modal-log replay --json` prints.
        #expect(text == expectedText, "the state's JSON text differs from \(golden.lastPathComponent)")
    }
}

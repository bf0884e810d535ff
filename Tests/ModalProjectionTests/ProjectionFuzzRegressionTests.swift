import Foundation
import ModalEvents
import TestSupport
import Testing

/// Replays the seeds and the findings (`Tests/Fixtures/fuzz/TARGET/`) of
/// the fuzz targets that replay events into a `ModalState` (`sidecar`,
/// `snapshot`, `batch`) through the targets' own checks (`SidecarFuzzing`,
/// `SnapshotFuzzing`, `BatchFuzzing`), each failure here an issue.
@Suite struct ProjectionFuzzRegressionTests {
    /// A check that records each failure as an issue naming `input`.
    static func recording(_ input: String) -> FuzzCheck {
        FuzzCheck { Issue.record("\(input): \($0)") }
    }

    /// The findings of `target`, each with its bytes.
    static func findings(of target: FuzzFindings.Target) throws -> [(path: String, bytes: [UInt8])] {
        try FuzzFindings.inputs(of: target).map { path in
            (path, Array(try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")))
        }
    }

    @Test func sidecarSeedsAndFindings() throws {
        let folder = try TemporaryFolder()
        let sidecar = SidecarFuzzing(folder: folder.path)
        let seeds = sidecar.seeds().enumerated().map { ("sidecar seed \($0.offset)", $0.element) }
        for (input, bytes) in try seeds + Self.findings(of: .sidecar) {
            sidecar.exercise(bytes, check: Self.recording(input))
        }
    }

    @Test func snapshotSeedsAndFindings() throws {
        let seeds = SnapshotFuzzing.seeds().enumerated().map { ("snapshot seed \($0.offset)", $0.element) }
        let logs = try Fixtures.wellFormedLogs.map { path in
            (path, Array(try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).utf8))
        }
        for (input, bytes) in try seeds + logs + Self.findings(of: .snapshot) {
            SnapshotFuzzing.exercise(bytes, check: Self.recording(input))
        }
    }

    /// The batch target's seeds are the logs of version 2 without their header (`Scripts/fuzz`).
    @Test func batchSeedsAndFindings() throws {
        let logs = try Fixtures.wellFormedLogs.compactMap { path -> (String, [UInt8])? in
            let text = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8)
            guard let newline = text.firstIndex(of: "\n"), text[..<newline].contains(#""version":2"#) else {
                return nil
            }
            return (path, Array(text[text.index(after: newline)...].utf8))
        }
        #expect(!logs.isEmpty)
        for (input, bytes) in try logs + Self.findings(of: .batch) {
            BatchFuzzing.exercise(bytes, check: Self.recording(input))
        }
    }
}

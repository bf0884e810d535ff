import Foundation
import ModalEvents
import ModalTesting
import TestSupport
import Testing

@testable import modal_log

/// A sidecar's hashes find damage, not intent: a forged index whose hashes
/// were made again is believed, and `index --check --prove` finds it out
/// by replaying the log.
@Suite struct ForgedIndexTests {
    /// The tour indexed every 3 events, its checkpoint at seq 3 given a
    /// root 800 points high, with every hash made again to match.
    func forgedIndex(in folder: TemporaryFolder) throws -> String {
        let log = folder.file("tour.jsonl")
        try FileManager.default.copyItem(atPath: Fixtures.path("EventLogs/tour.jsonl"), toPath: log)
        #expect(Run(["index", log, "--every", "3"]).status == 0)
        let sidecar = URL(fileURLWithPath: log + ".index")
        var lines = try #require(SidecarText.text(of: Array(try Data(contentsOf: sidecar)))).components(
            separatedBy: "\n")
        // After the header and the table's rows, each checkpoint has two lines: its history and its state.
        let first = 1 + lines.filter { $0.hasPrefix("[") }.count + 1
        let state = lines[first]
        lines[first] = state.replacingOccurrences(of: #""height":844"#, with: #""height":800"#)
        #expect(lines[first] != state)
        try Data(SidecarText.sidecar(from: lines.joined(separator: "\n"), resigning: true)).write(to: sidecar)
        return log
    }

    @Test func aForgedIndexIsBelievedUntilItIsProven() throws {
        let folder = try TemporaryFolder()
        let log = try forgedIndex(in: folder)
        let fromIndex = Run(["state", log, "--at", "4", "--json"])
        let fromLog = Run(["state", log, "--at", "4", "--json", "--no-index"])
        #expect(fromIndex.output.contains(#""height": 800"#), "the forged checkpoint is what a seek starts from")
        #expect(fromIndex.output != fromLog.output)
        #expect(Run(["index", log, "--check"]).status == 0, "its hashes hold")

        let proof = Run(["index", log, "--check", "--prove"])
        #expect(proof.status == ExitCode.checkFailed)
        #expect(
            proof.output.contains(
                "wrong: checkpoint at seq 3: its state is not the state the log replays to; it did not come from this log"
            ),
            "\(proof.output)")
    }

    @Test func anIndexTheLogBuiltIsProven() throws {
        let folder = try TemporaryFolder()
        var random = PropertyRandom(seed: 7)
        let log = try RandomLogs.write(0, in: folder, lengths: 400...400, random: &random).path
        #expect(Run(["index", log, "--every", "20"]).status == 0)
        let proof = Run(["index", log, "--check", "--prove"])
        #expect(proof.status == 0 && proof.output.contains("every checkpoint proven by a replay"), "\(proof.output)")
        #expect(Run(["index", log, "--prove"]).status == ExitCode.usage)
    }
}

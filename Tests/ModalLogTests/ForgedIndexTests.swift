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
        var lines = try String(contentsOfFile: log + ".index", encoding: .utf8).components(separatedBy: "\n")
        // Line 0 is the header; each checkpoint has two lines, what it adds to the history and its state.
        let state = lines[2]
        let forged = state.replacingOccurrences(of: #""height":844"#, with: #""height":800"#)
        #expect(forged != state)
        lines[2] = forged
        let hash = { (line: String) in ContentHash(of: Array(line.utf8)[...]).hex }
        lines[0] = lines[0].replacingOccurrences(of: hash(state), with: hash(forged))
        let sidecar = resigningIndexHeader(lines.joined(separator: "\n"))
        try sidecar.write(toFile: log + ".index", atomically: true, encoding: .utf8)
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

import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// `modal-log index`, and `state` and `replay` reading from an index.
@Suite struct IndexCommandTests {
    /// A session log of `events` events in a new folder.
    static func sessionLog(_ events: Int) throws -> (folder: TemporaryFolder, log: String) {
        let folder = try TemporaryFolder()
        let entries = Array(SessionGenerator(seed: 3).prefix(events))
        try Data(EventLogEncoder.encode(events: entries)).write(to: URL(fileURLWithPath: folder.file("session.jsonl")))
        return (folder, folder.file("session.jsonl"))
    }

    @Test func indexBuildsChecksAndKeepsTheSidecarUpToDate() throws {
        let (folder, log) = try Self.sessionLog(2_500)
        let missing = Run(["index", log, "--check"])
        #expect(missing.status == 1 && missing.output == "\(log).index: missing\n")

        let built = Run(["index", log, "--every", "500"])
        #expect(built.status == 0 && built.error.isEmpty)
        #expect(built.output.hasPrefix("\(log).index: built in "))
        #expect(
            built.output.hasSuffix(
                ": 5 checkpoints, one every 500 events, to seq 2500 (\(try Data(contentsOf: URL(fileURLWithPath: log + ".index")).count) bytes)\n"
            ))

        let check = Run(["index", log, "--check"])
        #expect(check.status == 0 && check.output.hasPrefix("\(log).index: up to date: 5 checkpoints"))
        #expect(Run(["index", log]).output.contains(": up to date in "))

        // Appended to: behind, then extended.
        try Self.append([#"{"seq":2501,"type":"dimming.tap","root":"main"}"#], to: log)
        let behind = Run(["index", log, "--check"])
        #expect(behind.status == 1 && behind.output == "\(log).index: behind: the log has events after seq 2500\n")
        #expect(Run(["index", log]).output.contains(": extended in "))

        // Edited: stale, then built again.
        let text = try folder.text("session.jsonl")
        try text.replacingOccurrences(of: "\"ComposeView\"", with: "\"ComposeVeiw\"").write(
            toFile: log, atomically: false, encoding: .utf8)
        let stale = Run(["index", log, "--check"])
        #expect(stale.status == 1 && stale.output.hasPrefix("\(log).index: stale: the first "))
        #expect(Run(["index", log]).output.contains(": built again (the first "))
    }

    @Test func stateAndReplayGiveTheSameWithAnIndexAsWithout() throws {
        let (folder, log) = try Self.sessionLog(3_000)
        defer { withExtendedLifetime(folder) {} }
        #expect(Run(["index", log, "--every", "250"]).status == 0)
        for seq in [0, 1, 249, 250, 251, 1_700, 2_999, 3_000] {
            let indexed = Run(["state", log, "--at", String(seq), "--json"])
            let whole = Run(["state", log, "--at", String(seq), "--json", "--no-index"])
            #expect(indexed.status == 0 && indexed.output == whole.output, "seq \(seq)")
        }
        #expect(Run(["replay", log]).output == Run(["replay", log, "--no-index"]).output)
        let past = Run(["state", log, "--at", "3001"])
        #expect(
            past.status == 64 && past.error.contains("seq 3001 is past the end of \(log): its last event is seq 3000"))
    }

    @Test func stateBuildsAStaleIndexAgainWithAWarning() throws {
        let (folder, log) = try Self.sessionLog(1_500)
        #expect(Run(["index", log]).status == 0)
        let text = try folder.text("session.jsonl")
        try text.replacingOccurrences(of: "\"CartCard\"", with: "\"CartCrad\"").write(
            toFile: log, atomically: false, encoding: .utf8)
        let run = Run(["state", log, "--at", "1400", "--json"])
        #expect(run.status == 0)
        #expect(run.error.contains("warning: built \(log).index again: the first "))
        #expect(run.output == Run(["state", log, "--at", "1400", "--json", "--no-index"]).output)
        #expect(Run(["index", log, "--check"]).status == 0)
    }

    /// A sidecar damaged where the header does not look (a checkpoint's
    /// state) is found by the seek that reads it, or by `index --check`,
    /// and built again: the log is never blamed for it.
    @Test func stateBuildsADamagedSidecarAgainWithAWarning() throws {
        let (folder, log) = try Self.sessionLog(1_500)
        defer { withExtendedLifetime(folder) {} }
        #expect(Run(["index", log, "--every", "500"]).status == 0)
        #expect(try SidecarText.damage(forLogAt: log, replacing: #""height":844"#, with: #""height":845"#))
        let check = Run(["index", log, "--check"])
        #expect(
            check.status == 1
                && check.output.contains(
                    "stale: it cannot be read: checkpoint at seq 500: its state does not have the hash its table keeps"),
            "\(check.output)")
        let run = Run(["state", log, "--at", "1200", "--json"])
        #expect(run.status == 0)
        #expect(
            run.error.contains(
                "warning: built \(log).index again: it cannot be read: checkpoint at seq 1000: its state does not have the hash"
            ), "\(run.error)")
        #expect(run.output == Run(["state", log, "--at", "1200", "--json", "--no-index"]).output)
        #expect(Run(["index", log, "--check"]).status == 0)
    }

    static func append(_ lines: [String], to log: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        try handle.close()
    }

    /// `replay` extends an index behind its log; `state` uses it as it is,
    /// and reads nothing past the seq it wants, even a malformed line.
    @Test func replayExtendsAnIndexBehindItsLogAndStateReadsNoFurtherThanItsSeq() throws {
        let (folder, log) = try Self.sessionLog(1_000)
        defer { withExtendedLifetime(folder) {} }
        #expect(Run(["index", log, "--every", "100"]).status == 0)
        try Self.append([#"{"seq":1001,"type":"dimming.tap","root":"main"}"#], to: log)
        #expect(Run(["index", log, "--check"]).status == 1)
        let run = Run(["replay", log])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(
            Run(["index", log, "--check"]).output.contains(
                "up to date: 10 checkpoints, one every 100 events, to seq 1001"))

        try Self.append(["not json at all", #"{"seq":1003,"type":"dimming.tap","root":"main"}"#], to: log)
        let state = Run(["state", log, "--at", "550", "--json"])
        #expect(state.status == 0 && state.error.isEmpty, "\(state.error)")
        #expect(state.output == Run(["state", log, "--at", "550", "--json", "--no-index"]).output)
        #expect(Run(["state", log, "--at", "1001"]).status == 0)
        let replay = Run(["replay", log])
        #expect(replay.status == 65 && replay.error.contains("session.jsonl:1003: invalid JSON"), "\(replay.error)")
    }

    /// A table rewritten to point into the middle of a line, with its check
    /// made to match: the fault it leads to is not the log's (a read from
    /// the top finds none), so the state is the log's and the index is
    /// built again.
    @Test func anIndexThatLeadsAstrayIsBuiltAgainAndTheLogIsNotBlamed() throws {
        let (folder, log) = try Self.sessionLog(1_000)
        defer { withExtendedLifetime(folder) {} }
        #expect(Run(["index", log, "--every", "100"]).status == 0)
        let sidecar = try SidecarText.read(forLogAt: log)
        let row = try #require(sidecar.firstMatch(of: /\[500,0,([0-9]+),/))
        let forged = sidecar.replacingOccurrences(of: String(row.output.0), with: "[500,0,\(Int(row.output.1)! + 7),")
        try SidecarText.write(forged, forLogAt: log, resigning: true)
        let run = Run(["state", log, "--at", "550", "--json"])
        #expect(run.status == 0)
        #expect(
            run.error.contains(
                "warning: built \(log).index again: reading from it found a fault a read from the top does not"))
        #expect(run.output == Run(["state", log, "--at", "550", "--json", "--no-index"]).output)
        #expect(try SidecarText.read(forLogAt: log).contains(String(row.output.0)))
    }

    /// A stale index on a log with a malformed line after the seq wanted:
    /// the state is still there (no index can be built, which is said).
    @Test func stateAtASeqBeforeAMalformedLineNeedsNoIndex() throws {
        let (folder, log) = try Self.sessionLog(600)
        #expect(Run(["index", log, "--every", "100"]).status == 0)
        let text = try folder.text("session.jsonl")
        try text.replacingOccurrences(of: "\"CartCard\"", with: "\"CartCrad\"").write(
            toFile: log, atomically: false, encoding: .utf8)
        try Self.append(["not json at all"], to: log)
        let run = Run(["state", log, "--at", "300", "--json"])
        #expect(run.status == 0)
        #expect(run.error.contains("warning: \(log).index cannot be built again: \(log):602: invalid JSON"))
        #expect(run.output == Run(["state", log, "--at", "300", "--json", "--no-index"]).output)
    }

    @Test func checkSaysWhenTheIndexKeepsAnotherInterval() throws {
        let (folder, log) = try Self.sessionLog(300)
        defer { withExtendedLifetime(folder) {} }
        #expect(Run(["index", log, "--every", "100"]).status == 0)
        let check = Run(["index", log, "--check", "--every", "7"])
        #expect(
            check.status == 1
                && check.output == "\(log).index: stale: it keeps a checkpoint every 100 events, not every 7\n")
    }

    @Test func aLogWithoutAnIndexIsReadWholeAndGetsNone() throws {
        let (folder, log) = try Self.sessionLog(100)
        #expect(Run(["state", log, "--at", "50"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("session.jsonl.index")))
    }

    @Test(arguments: [
        (["index", "-"], 64, "Error: An index is kept beside a log on disk: standard input cannot have one"),
        (["index", "x.jsonl", "--every", "0"], 64, "Error: The value '0' is invalid for '--every <events>'"),
        (["index", "/no/such/log.jsonl"], 66, "Error: /no/such/log.jsonl: cannot open: no such file"),
        (["index", "/no/such/log.jsonl", "--check"], 66, "Error: /no/such/log.jsonl: cannot open: no such file"),
    ])
    func badUsesOfIndexSayWhatIsWrong(arguments: [String], status: Int32, error: String) {
        let run = Run(arguments)
        #expect(run.status == status)
        #expect(run.error.hasPrefix(error), "\(run.error)")
    }

    @Test func aMalformedLogCannotBeIndexed() throws {
        let run = Run(["index", sample("EventLogs/malformed/unknown-type.jsonl")])
        #expect(run.status == 65 && run.error.contains("unknown-type.jsonl:3: unknown event type"))
        #expect(!FileManager.default.fileExists(atPath: sample("EventLogs/malformed/unknown-type.jsonl.index")))
    }
}

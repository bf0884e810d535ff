import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// `append`, `recover`, `redact`, `--lenient` and folders of segments, run in-process on real files.
@Suite struct AppendCommandTests {
    static let header = #"{"format":"modal-events","version":2}"#
    static let events = [
        #"{"type":"root.register"}"#,
        #"{"type":"modal.present","link":"compose","content":"ComposeView","payload":{"draft":"Dear Ann"}}"#,
        #"{"seq":3,"type":"modal.presented","link":"compose"}"#,
    ]

    @Test func appendCreatesTheLogFillsInSeqsAndAcknowledgesEach() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        let run = Run(["append", log, "--ack"], standardInput: Self.events.joined(separator: "\n") + "\n")
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(run.output == "1\n2\n3\n")
        #expect(try EventLogReader(path: log).readAll().map(\.seq) == [1, 2, 3])
        #expect(try folder.text("log.jsonl").hasPrefix(Self.header + "\n" + #"{"seq":1,"type":"root.register"}"#))

        // Resuming: a piped log's header line is skipped, and seqs go on.
        let more = Run(
            ["append", log, "--ack", "--sync", "group"], standardInput: Self.header + "\n{\"type\":\"dimming.tap\"}")
        #expect(more.status == 0 && more.output == "4\n")
    }

    @Test(arguments: [
        (#"{"type":"modal.presented","link":"nope"}"#, Int32(1), "-:2: rejected: unknownLink: "),
        (#"{"type":"modal.presnt"}"#, 65, "-:2: unknown event type"),
        (#"{"type":"dimming.tap""#, 65, "-:2: invalid JSON"),
        (#"{"seq":7,"type":"dimming.tap"}"#, 65, "-:2: seq 7 does not follow the log's last seq 1: expected 2"),
        (#"{"format":"modal-events","version":1}"#, 65, "-:2: missing field \"type\""),
    ])
    func aBadEventStopsTheCommandNamingItsLineAndKeepsWhatCameBefore(line: String, status: Int32, error: String) throws
    {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        let input = [#"{"type":"root.register"}"#, line, #"{"type":"dimming.tap"}"#].joined(separator: "\n")
        let run = Run(["append", log, "--ack"], standardInput: input)
        #expect(run.status == status)
        #expect(run.error.hasPrefix("Error: \(error)"), "\(run.error)")
        #expect(run.output == "1\n")
        #expect(try EventLogReader(path: log).readAll().map(\.seq) == [1])
    }

    @Test func appendResumingATornLogCutsItWithAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            Self.header + "\n" + #"{"seq":1,"type":"root.register"}"# + "\n" + #"{"seq":2,"ty"#, to: "log.jsonl")
        let run = Run(["append", folder.file("log.jsonl")], standardInput: #"{"type":"dimming.tap"}"#)
        #expect(run.status == 0)
        #expect(run.error.contains("log.jsonl:3: cut off a torn last line (12 bytes, no newline at its end)"))
        #expect(
            try EventLogReader(path: folder.file("log.jsonl")).readAll().map(\.event.type) == [
                .rootRegister, .dimmingTap,
            ])
    }

    @Test func aSecondWriterOnTheSameLogIsRefused() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        let (first, _, _) = try EventLogWriter.open(log, as: ModalState.self)
        let run = Run(["append", log], standardInput: #"{"type":"root.register"}"#)
        #expect(run.status == 74 && run.error.contains("another writer has the log open"))
        try first.close()
        #expect(Run(["append", log], standardInput: #"{"type":"root.register"}"#).status == 0)
    }

    @Test func aFileThatIsNotALogIsNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"name":"notes"}"#, to: "notes.json")
        let run = Run(["append", folder.file("notes.json")], standardInput: #"{"type":"root.register"}"#)
        #expect(run.status == 65 && run.error.contains("the file is not a log, and is left as it is"))
        #expect(try folder.text("notes.json") == #"{"name":"notes"}"#)
        #expect(Run(["append", "/dev/null"], standardInput: "").status == 74)
    }

    @Test func badOptionsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        #expect(Run(["append", folder.file("a.jsonl"), "--sync", "sometimes"]).status == 64)
        #expect(Run(["append", folder.file("a.jsonl"), "--keep", "2"]).status == 64)
        #expect(Run(["append", folder.file("a.jsonl"), "--segment-bytes", "0"]).status == 64)
    }
}

@Suite struct RecoverCommandTests {
    @Test func recoverCutsATornTailAndSaysWhatItDropped() throws {
        let folder = try TemporaryFolder()
        let whole = AppendCommandTests.header + "\n" + #"{"seq":1,"type":"root.register"}"# + "\n"
        try folder.write(whole + #"{"seq":2,"type":"dimming"#, to: "log.jsonl")
        let run = Run(["recover", folder.file("log.jsonl")])
        #expect(run.status == 0)
        #expect(
            run.output == """
                repaired: \(folder.file("log.jsonl")):3: cut off a torn last line (24 bytes, no newline at its end); \
                the log ends at seq 1
                \(folder.file("log.jsonl")): repaired; it ends at seq 1

                """)
        #expect(try folder.text("log.jsonl") == whole)
        #expect(Run(["recover", folder.file("log.jsonl")]).output.hasSuffix("nothing to repair; it ends at seq 1\n"))
    }

    @Test func recoverLeavesACorruptMiddleLineToThePersonAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let text = AppendCommandTests.header + "\n{\"seq\":1,\"type\":\"oops\"}\n{\"seq\":2,\"type\":\"dimming.tap\"}\n"
        try folder.write(text, to: "log.jsonl")
        let run = Run(["recover", folder.file("log.jsonl")])
        #expect(run.status == 65 && run.error.contains("log.jsonl:2: unknown event type"))
        #expect(try folder.text("log.jsonl") == text)
        #expect(Run(["recover", folder.file("missing.jsonl")]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.jsonl")))
    }
}

@Suite struct LenientTests {
    static let damaged =
        [
            AppendCommandTests.header, #"{"seq":1,"type":"root.register"}"#, #"{"seq":2,"type":"dimming.t"#,
            #"{"seq":3,"type":"dimming.tap"}"#, "\u{1}", #"{"seq":5,"type":"keyboard.change","height":10}"#,
        ].joined(separator: "\n") + "\n"

    @Test func aMalformedLineStopsAReadUnlessLenient() {
        let strict = Run(["replay", "-"], standardInput: Self.damaged)
        #expect(strict.status == 65 && strict.error.hasPrefix("Error: -:3: invalid JSON"))

        let lenient = Run(["replay", "-", "--lenient", "--json"], standardInput: Self.damaged)
        #expect(lenient.status == 0)
        #expect(lenient.output.contains(#""seq": 5"#) && lenient.output.contains(#""height": 10"#))
        #expect(lenient.error.contains("-:3: skipped a malformed line: invalid JSON"))
        #expect(lenient.error.contains("-:4: seq jumps from 1 to 3: 1 event missing"))
        #expect(lenient.error.contains("-:5: skipped a malformed line"))
        #expect(lenient.error.hasSuffix("warning: -: skipped 2 malformed lines\n"))
    }

    @Test func validateLenientReportsEveryMalformedLineAndStillFails() {
        let run = Run(["validate", "-", "--lenient"], standardInput: Self.damaged)
        #expect(run.status == 65)
        #expect(run.output.hasSuffix("-: 3 events, 0 rejected, 2 malformed lines skipped\n"))
        let clean = Run(["validate", sample("EventLogs/tour.jsonl"), "--lenient"])
        #expect(clean.status == 0 && clean.output.hasSuffix("ok, 14 events, none rejected\n"))
        #expect(clean.error.hasSuffix("skipped 0 malformed lines\n"))
    }
}

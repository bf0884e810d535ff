import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// `modal-log upgrade` and `append` on a version-1 log, run in-process on real files.
@Suite struct UpgradeCommandTests {
    static let version1 = #"{"format":"modal-events","version":1}"#

    @Test func upgradeSaysWhatItDidAndTheLogThenTakesVersion2() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        try folder.write(
            [
                Self.version1, #"{"seq":1,"type":"root.register","root":"toasts"}"#,
                #"{"seq":2,"type":"modal.present","root":"toasts","link":"t","content":"T","source":"app"}"#,
            ].map { $0 + "\n" }.joined(), to: "log.jsonl")
        // Before: the version-1 log refuses version 2's events, and says how to move on.
        let refused = Run(["append", log], standardInput: #"{"type":"session.start"}"# + "\n")
        #expect(refused.status == ExitCode.dataError)
        #expect(refused.error.contains("format version 1") && refused.error.contains("modal-log upgrade"))

        let run = Run(["upgrade", log])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(
            run.output
                == "rewrote \(log) as format version 2\n"
                + "\(log): upgraded 1 file to format version 2: 2 event lines, 1 written again without the fields "
                + "version 1 ignored, through seq 2\n")
        #expect(Run(["upgrade", log]).output == "\(log): already format version 2: nothing to do\n")
        let appended = Run(["append", log, "--ack"], standardInput: #"{"type":"session.start"}"# + "\n")
        #expect(appended.status == 0 && appended.output == "3\n")
        #expect(Run(["validate", log]).status == 0)
    }

    @Test func aLogThatWouldReplayDifferentlyIsLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        let text = Self.version1 + "\n" + #"{"seq":1,"type":"root.register","policy":"queue"}"# + "\n"
        try folder.write(text, to: "log.jsonl")
        let run = Run(["upgrade", folder.file("log.jsonl")])
        #expect(run.status == ExitCode.dataError)
        #expect(run.error.contains("log.jsonl:2: seq 1 is rejected in version 1 but would be applied in version 2"))
        #expect(try folder.text("log.jsonl") == text)
    }

    @Test func redactPrintsAFolderAsItsLastSegmentsVersion() throws {
        let folder = try TemporaryFolder()
        // What an upgrade cut short leaves: the last segment upgraded, the first not.
        func makeLog(_ events: [ModalEvent], firstLine: (String) -> String = { $0 }) throws {
            try? FileManager.default.removeItem(atPath: folder.file("log"))
            let options = EventLogWriter.Options(durability: .none, segments: .init(maximumBytes: 10))
            let opened = try EventLogWriter.open(
                folder.file("log"), as: ModalState.self, header: LogHeader(version: 1), options: options)
            var state = opened.state
            for (index, event) in events.enumerated() {
                let entry = LoggedEvent(seq: index + 1, event: event)
                try opened.writer.append(entry) { state.json }
                state.replay(entry, formatVersion: 1)
            }
            try opened.writer.close()
            let first = folder.file("log/00000000000000000001.jsonl")
            let last = folder.file("log/00000000000000000002.jsonl")
            try firstLine(try String(contentsOfFile: first, encoding: .utf8))
                .write(toFile: first, atomically: true, encoding: .utf8)
            try String(contentsOfFile: last, encoding: .utf8).replacingOccurrences(
                of: #""version":1"#, with: #""version":2"#
            )
            .write(toFile: last, atomically: true, encoding: .utf8)
        }
        try makeLog([
            .rootRegister(RootRegistration(root: "main")),
            .modalPresent(ModalPresentation(root: "main", link: "secret", content: "C")),
        ])
        let run = Run(["redact", folder.file("log"), "--names"])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first == #"{"format":"modal-events","version":2}"#)
        #expect(lines.count == 3 && !run.output.contains("secret"))
        try folder.write(run.output, to: "copy.jsonl")
        #expect(Run(["validate", folder.file("copy.jsonl")]).status == 0)

        // A version-1 event that version 2 would apply cannot be copied as version 2.
        try makeLog([
            .rootRegister(RootRegistration(root: "main")),
            .modalPresent(ModalPresentation(root: "main", link: "secret", content: "C")),
        ]) {
            $0.replacingOccurrences(of: #""type":"root.register""#, with: #""type":"root.register","policy":"queue""#)
        }
        let refused = Run(["redact", folder.file("log")])
        #expect(refused.status == ExitCode.dataError)
        #expect(refused.error.contains("00000000000000000001.jsonl:2: seq 1 means something else in version 2"))
    }

    @Test func aMissingLogIsAnError() throws {
        let folder = try TemporaryFolder()
        #expect(Run(["upgrade", folder.file("none.jsonl")]).status == ExitCode.noInput)
    }
}

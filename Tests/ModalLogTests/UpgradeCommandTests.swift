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

    @Test func aMissingLogIsAnError() throws {
        let folder = try TemporaryFolder()
        #expect(Run(["upgrade", folder.file("none.jsonl")]).status == ExitCode.noInput)
    }
}

import Foundation
import TestSupport
import Testing

@testable import modal_log

/// The tool on a log whose last seq is the last a log holds (2^63 - 1):
/// every command reads it, and `append` refuses more with a clear error.
@Suite struct LastSeqCommandTests {
    static let last = Int.max

    func logAtTheLastSeq(in folder: TemporaryFolder) throws -> String {
        let path = folder.file("full.jsonl")
        let header =
            #"{"format":"modal-events","version":2,"from":\#(Self.last - 1),"#
            + #""state":{"seq":\#(Self.last - 2),"keyboard":{"height":0,"responderBottom":null},"#
            + #""roots":[],"rejected":[],"session":1}}"#
        let lines = [
            header, #"{"seq":\#(Self.last - 1),"time":0,"type":"root.register","root":"main"}"#,
            #"{"seq":\#(Self.last),"time":1,"type":"dimming.tap","root":"elsewhere"}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [#"{"time":2,"type":"dimming.tap","root":"main"}"#, #"{"seq":1,"type":"dimming.tap"}"#])
    func appendAfterTheLastSeqIsRefused(_ line: String) throws {
        let folder = try TemporaryFolder()
        let path = try logAtTheLastSeq(in: folder)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let run = Run(["append", path], standardInput: line + "\n")
        #expect(run.status == ExitCode.dataError, "\(run.error)")
        #expect(run.error.contains("-:1: the log is full: its last seq is \(Self.last)"), "\(run.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test func everyReadingCommandReadsALogThatEndsAtTheLastSeq() throws {
        let folder = try TemporaryFolder()
        let path = try logAtTheLastSeq(in: folder)
        let last = String(Self.last)
        let commands: [[String]] = [
            ["replay", path], ["validate", path], ["timeline", path], ["stats", path], ["state", path, "--at", last],
            ["diff", path, last], ["diff", path, String(Self.last - 2), last], ["replay", path, "--skip", last],
            ["bisect", path, "--where", "rejected", "--all"], ["scan", path, "--where", "seq > 0", "--all"],
            ["export", path, "--format", "html"], ["export", path, "--format", "swift-test"],
            ["index", path, "--every", "1"], ["index", path, "--check"], ["state", path, "--at", last],
        ]
        for command in commands {
            let run = Run(command)
            #expect(run.status == 0 || run.status == ExitCode.checkFailed, "\(command): \(run.error)")
        }
    }
}

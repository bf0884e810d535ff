import Foundation
import TestSupport
import Testing

@testable import modal_log

/// Mistakes in how the tool is called are usage errors (64) that say what
/// to do, and a closed output ends a reading command quietly.
@Suite struct UsageMistakeTests {
    @Test(arguments: ["append", "recover", "upgrade", "index"])
    func aCommandThatChangesALogRefusesStandardInput(_ command: String) throws {
        let run = Run([command, "-"], standardInput: #"{"type":"root.register"}"# + "\n")
        #expect(run.status == ExitCode.usage, "\(run.error)")
        #expect(run.error.contains("on disk"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: "-"), "it made a file named '-'")
    }

    @Test func segmentBytesOnALogThatIsOneFileIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("one.jsonl")
        #expect(Run(["append", log], standardInput: #"{"type":"root.register"}"#).status == 0)
        let before = try String(contentsOfFile: log, encoding: .utf8)
        let run = Run(["append", log, "--segment-bytes", "100"], standardInput: #"{"type":"dimming.tap"}"#)
        #expect(run.status == ExitCode.usage, "\(run.error)")
        #expect(run.error.contains("this log is one file: append to it without --segment-bytes"), "\(run.error)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == before)
    }

    /// The built binary with its standard output a pipe nobody reads.
    func runIntoAClosedPipe(_ arguments: [String], standardInput: String = "") throws -> ProgramResult {
        let binary = try #require(builtProgram("modal-log"), "modal-log was not built beside the tests")
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        defer { try? pipe.fileHandleForWriting.close() }
        return try runProgram(
            binary, arguments, standardInput: Data(standardInput.utf8), environment: ["NO_COLOR": "1"],
            standardOutput: pipe.fileHandleForWriting)
    }

    @Test(arguments: [["timeline"], ["replay"], ["validate"], ["stats"], ["export", "--format", "html"]])
    func aReadingCommandWhoseOutputClosesEndsQuietly(_ command: [String]) throws {
        let result = try runIntoAClosedPipe([command[0], Fixtures.path("EventLogs/tour.jsonl")] + command.dropFirst())
        #expect(result.status == 0 && result.error.isEmpty, "exit \(result.status): \(result.error)")
    }

    @Test func appendAckWhoseOutputClosesStopsAppendingAndExits74() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("acked.jsonl")
        let input = ([#"{"type":"root.register"}"#] + Array(repeating: #"{"type":"dimming.tap"}"#, count: 20))
            .joined(separator: "\n")
        let result = try runIntoAClosedPipe(["append", log, "--ack"], standardInput: input)
        #expect(result.status == 74, "exit \(result.status): \(result.error)")
        #expect(result.error.contains("cannot write the acknowledgements"), "\(result.error)")
        let appended = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count - 1
        #expect(appended >= 1 && appended < 21, "appended \(appended) events of 21")
    }
}

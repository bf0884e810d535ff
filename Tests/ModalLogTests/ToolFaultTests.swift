import Dispatch
import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tool on what is not a log file (a pipe), and with output that cannot
/// be written: a clear error and a non-zero exit, never a hang or a 0.
@Suite struct ToolFaultTests {
    /// Runs the tool in-process on a thread of its own; `nil` when it has
    /// not finished in `seconds` (it is then left blocked, and the test fails).
    func runFinishing(within seconds: Double = 20, _ arguments: [String], standardInput: String = "") -> Run? {
        let result = Lock<Run?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let run = Run(arguments, standardInput: standardInput)
            result.withLock { $0 = run }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }

    @Test(arguments: [["recover"], ["index"], ["index", "--check"], ["upgrade"]])
    func aCommandThatChangesALogRefusesAPipe(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let pipe = folder.file("log.jsonl")
        #expect(mkfifo(pipe, 0o644) == 0)
        let run = try #require(runFinishing([command[0], pipe] + command.dropFirst()), "\(command) hung on a pipe")
        #expect(run.status != 0 && run.error.contains("log.jsonl: not a regular file or a folder"), "\(run.error)")
    }

    @Test(arguments: [["replay"], ["validate"], ["recover"], ["index"], ["timeline"]])
    func aPipeAmongASegmentFoldersFilesIsAnErrorNamingIt(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log")
        #expect(Run(["append", log, "--segment-bytes", "10"], standardInput: #"{"type":"root.register"}"#).status == 0)
        #expect(mkfifo(folder.file("log/00000000000000000002.jsonl"), 0o644) == 0)
        let run = try #require(runFinishing([command[0], log] + command.dropFirst()), "\(command) hung on a pipe")
        #expect(run.status != 0, "\(run.output)")
        #expect(run.error.contains("00000000000000000002.jsonl: not a regular file"), "\(run.error)")
    }

    @Test func appendingToAFolderWithAPipeForItsLastSegmentIsRefused() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log")
        #expect(Run(["append", log, "--segment-bytes", "10"], standardInput: #"{"type":"root.register"}"#).status == 0)
        #expect(mkfifo(folder.file("log/00000000000000000002.jsonl"), 0o644) == 0)
        let run = try #require(
            runFinishing(["append", log], standardInput: #"{"type":"dimming.tap"}"#), "append hung on a pipe")
        #expect(run.status != 0 && run.error.contains("not a regular file"), "\(run.error)")
    }
}

/// Output into a full disk (`/dev/full`), through the built binary.
@Suite struct FullOutputTests {
    func run(_ arguments: [String], standardInput: String = "") throws -> ProgramResult {
        let binary = try #require(builtProgram("modal-log"), "modal-log was not built beside the tests")
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this system has no /dev/full")
        return try runProgram(
            binary, arguments, standardInput: Data(standardInput.utf8), environment: ["NO_COLOR": "1"],
            standardOutput: full)
    }

    @Test(arguments: [["--help"], ["--version"], ["help", "replay"], ["replay", "--help"], ["help"]])
    func helpIntoAFullDiskIsAnError(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 74, "\(arguments): exit \(result.status)")
        #expect(result.error.contains("cannot write the output"), "\(result.error)")
    }

    @Test func appendStopsWhenItsAcknowledgementsCannotBeWritten() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("log.jsonl")
        let input =
            #"{"type":"root.register"}"# + "\n"
            + String(repeating: #"{"type":"keyboard.change","height":1}"# + "\n", count: 2_000)
        let result = try run(["append", log, "--ack"], standardInput: input)
        #expect(result.status == 74 && result.error.contains("cannot write the acknowledgements"), "\(result.error)")
        // The first acknowledgement failed: what came after it was not appended (but for what was under way).
        let appended = try EventLogReader(path: log).readAll().count
        #expect(appended >= 1 && appended <= 3, "\(appended) events appended after the output failed")
    }
}

/// A log on a disk that fills up: `ulimit -f` makes a file past a size fail
/// to grow (EFBIG), as a full disk would, for the built binary alone.
@Suite struct FullDiskTests {
    @Test func aFullDiskIsReportedAgainstTheLogsOwnFileNotATemporaryOne() throws {
        let binary = try #require(builtProgram("modal-log"), "modal-log was not built beside the tests")
        let shell = try #require(installedProgram("sh"))
        let folder = try TemporaryFolder()
        // Roots with long names: each new segment's header holds a snapshot of them, past the limit.
        let input = (0..<60).map {
            #"{"type":"root.register","root":"root-\#($0)-with-a-long-name-to-fill-the-snapshot"}"#
        }
        let command = "trap '' XFSZ; ulimit -f 4; exec \"$0\" append \"$1\" --segment-bytes 300"
        let result = try runProgram(
            shell, ["-c", command, binary, folder.file("log")],
            standardInput: Data(input.joined(separator: "\n").utf8))
        #expect(result.status == 74 && result.error.contains("File too large"), "\(result.error)")
        #expect(!result.error.contains(".partial"), "\(result.error)")
        #expect(result.error.contains(".jsonl: cannot write"), "\(result.error)")
        // What was appended before stays, and reads.
        #expect(try EventLogReader(path: folder.file("log")).readAll().count > 1)
    }
}

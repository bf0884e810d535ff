import Foundation
import ModalEvents
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// A few end-to-end runs of the built `modal-log` binary, as a shell would run it.
@Suite struct BinaryTests {
    /// `swift test` builds the tool in the products folder, beside the test bundle.
    static let binary = builtProgram("modal-log").map(URL.init(fileURLWithPath:))

    /// Runs the binary, with `NO_COLOR` set.
    func run(_ arguments: [String], standardInput: Data = Data(), standardOutput: FileHandle? = nil) throws
        -> ProgramResult
    {
        let binary = try #require(Self.binary, "modal-log was not built beside the tests")
        return try runProgram(
            binary.path, arguments, standardInput: standardInput, environment: ["NO_COLOR": "1"],
            standardOutput: standardOutput)
    }

    @Test func replayJSONMatchesTheGolden() throws {
        let result = try run(["replay", sample("EventLogs/modal-presenter/multiple-roots.jsonl"), "--json"])
        #expect(result.status == 0 && result.error.isEmpty)
        #expect(result.output == (try goldenText("modal-presenter/multiple-roots.json")))
    }

    @Test func readsALogFromStandardInput() throws {
        let log = try Data(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("EventLogs/app-router/one-sheet.jsonl"))
        let result = try run(["state", "-", "--at", "3", "--json"], standardInput: log)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("{\n  \"seq\": 3,"))
    }

    @Test func exitCodesFollowSysexits() throws {
        #expect(try run(["validate", sample("EventLogs/square-modals/toasts.jsonl")]).status == 0)
        #expect(try run(["validate", sample("Tests/Fixtures/rejections/rejections.jsonl")]).status == 1)
        #expect(try run(["validate", "--bogus"]).status == 64)
        let malformed = try run(["validate", sample("EventLogs/malformed/invalid-utf8.jsonl")])
        #expect(malformed.status == 65)
        #expect(malformed.error.contains("invalid-utf8.jsonl:3: invalid UTF-8"))
        #expect(try run(["validate", "/no/such/log.jsonl"]).status == 66)
    }

    /// A deep `--where` is a usage error naming where the limit was
    /// passed, and a long chain of `or`s runs: the tool never recurses as
    /// deeply as its input nests (it used to overflow its stack).
    @Test func aDeepOrLongConditionNeverCrashesTheTool() throws {
        let log = sample("EventLogs/tour.jsonl")
        let deep = try run(["bisect", log, "--where", String(repeating: "not ", count: 5_000) + "rejected"])
        #expect(deep.status == 64)
        #expect(
            deep.error.hasPrefix(
                "Error: --where: the condition nests deeper than 100 levels of 'not' and brackets (at column 401 of"))
        let brackets = String(repeating: "(", count: 5_000) + "rejected" + String(repeating: ")", count: 5_000)
        #expect(try run(["bisect", log, "--where", brackets]).status == 64)
        let long = try run([
            "bisect", log, "--where", Array(repeating: "rejected", count: 5_000).joined(separator: " or "),
        ])
        #expect(long.status == 1 && long.output.hasPrefix("never holds up to seq 14: rejected or rejected"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
    func aFailedWriteExits74() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try run(["replay", sample("EventLogs/tour.jsonl")], standardOutput: full)
        #expect(result.status == 74)
        #expect(result.error.hasPrefix("Error: cannot write the output: "))
    }

    /// The index as a user makes and uses it: `index`, `state --at` from a
    /// checkpoint (the same state as a whole read), `index --check`, and a
    /// log edited since, whose index `state` builds again with a warning.
    @Test func anIndexIsBuiltCheckedUsedAndBuiltAgain() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: 5).prefix(2_500))))
            .write(to: URL(fileURLWithPath: log))
        let built = try run(["index", log, "--every", "500"])
        #expect(built.status == 0 && built.output.contains("built in "))
        #expect(try run(["index", log, "--check"]).status == 0)
        let whole = try run(["state", log, "--at", "1234", "--json", "--no-index"])
        let indexed = try run(["state", log, "--at", "1234", "--json"])
        #expect(indexed.status == 0 && indexed.error.isEmpty && indexed.output == whole.output)

        let text = try String(contentsOfFile: log, encoding: .utf8)
        try text.replacingOccurrences(of: #""seq":2000,"#, with: #""seq":2000 ,"#).write(
            toFile: log, atomically: false, encoding: .utf8)
        #expect(try run(["index", log, "--check"]).status == 1)
        let rebuilt = try run(["state", log, "--at", "2400", "--json"])
        #expect(rebuilt.status == 0 && rebuilt.error.hasPrefix("warning: built \(log).index again: "))
        #expect(rebuilt.output == (try run(["state", log, "--at", "2400", "--json", "--no-index"])).output)
        #expect(try run(["index", log, "--check"]).status == 0)
    }

    /// The timeline holds its lines back and writes 64 KiB at a time: what
    /// reaches a pipe is, byte for byte, what the tool writes in-process,
    /// and its warnings are all there.
    @Test func aTimelineWrittenInPiecesIsTheWholeTimeline() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("session.jsonl")
        let events = Array(SessionGenerator(seed: 7).prefix(3_000))
        let log = Data(EventLogEncoder.encode(events: events)) + Data("{\"seq\":3001,\"type\":\"nope\"}\n".utf8)
        try log.write(to: URL(fileURLWithPath: path))
        for arguments in [["timeline", path, "--json", "--lenient"], ["timeline", path, "--lenient", "--wide"]] {
            let result = try run(arguments)
            let io = ToolIO.captured(environment: ["NO_COLOR": "1"])
            #expect(ModalLog.run(arguments: arguments, io: io) == result.status)
            #expect(result.output.utf8.count > 1 << 17, "several pieces")
            #expect(result.output == io.standardOutput)
            #expect(result.error == io.standardError && result.error.contains("warning"))
        }
    }

    /// A timeline of standard input shows each row as its line comes: a
    /// live pipe is not held back to be written 64 KiB at a time.
    @Test func aTimelineOfStandardInputShowsEachLineAsItComes() throws {
        let binary = try #require(Self.binary, "modal-log was not built beside the tests")
        let folder = try TemporaryFolder()
        let output = URL(fileURLWithPath: folder.file("out"))
        try Data().write(to: output)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["timeline", "-", "--json"]
        process.environment = ["NO_COLOR": "1"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let tour = try String(contentsOfFile: sample("EventLogs/tour.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        try input.fileHandleForWriting.write(contentsOf: Data((tour[0...3].joined(separator: "\n") + "\n").utf8))
        let shown = FollowTests.wait(for: #""seq":3,"#, in: output)
        #expect(shown.contains(#""seq":3,"#), "rows before standard input closes: \(shown)")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func helpAndVersionGoToStandardOutput() throws {
        let help = try run(["help", "validate"])
        #expect(help.status == 0 && help.error.isEmpty && help.output.hasPrefix("OVERVIEW: "))
        #expect(try run(["--version"]).output == "modal-log 0.2.0 (event log format v2, reads v1 too)\n")
    }
}

/// `timeline --follow` run as a shell runs it, while a writer appends to the log.
@Suite struct FollowTests {
    /// Waits up to `seconds` for `file` to hold `text`; what it holds then.
    static func wait(for text: String, in file: URL, seconds: Double = 20) -> String {
        waitForText(text, seconds: seconds) { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
    }

    @Test func timelineFollowsAppendsAndWaitsForATornLineToBeWhole() throws {
        let binary = try #require(BinaryTests.binary, "modal-log was not built beside the tests")
        let folder = try TemporaryFolder()
        let tour = try String(contentsOfFile: sample("EventLogs/tour.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let log = URL(fileURLWithPath: folder.file("live.jsonl"))
        let output = URL(fileURLWithPath: folder.file("out"))
        let errors = URL(fileURLWithPath: folder.file("err"))
        func append(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: log)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }
        let line5 = tour[5]
        let cut = line5.index(line5.startIndex, offsetBy: 20)
        try (tour[0...4].joined(separator: "\n") + "\n" + line5[..<cut]).write(
            to: log, atomically: false, encoding: .utf8)
        try Data().write(to: output)
        try Data().write(to: errors)

        let process = Process()
        process.executableURL = binary
        process.arguments = ["timeline", "--follow", log.path]
        process.environment = ["NO_COLOR": "1"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var shown = Self.wait(for: "4 1.600", in: output)
        #expect(shown.split(separator: "\n").count == 4, "the torn line waits: \(shown)")
        try append(String(line5[cut...]) + "\n")
        shown = Self.wait(for: "5 3.100", in: output)
        #expect(shown.hasSuffix("5 3.100  card.push       sheets/checkout …  cards + ShippingCard (2), visibleCa…\n"))
        try append(tour[6...8].joined(separator: "\n") + "\n")
        shown = Self.wait(for: "8 6.350", in: output)
        #expect(shown.split(separator: "\n").count == 8)
        // A malformed line stops it with an error that names the file and line.
        try append(#"{"seq":9,"type":"modal.presnt"}"# + "\n")
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        let error = try String(contentsOf: errors, encoding: .utf8)
        #expect(
            error
                == "Error: \(log.path):10: unknown event type \"modal.presnt\"\nhint: add --lenient to skip malformed lines (each one a warning) and read on\n"
        )
    }
}

/// `modal-bench`'s errors end in a message and a status, never a trap.
@Suite struct BenchBinaryTests {
    @Test func aLogForAFolderThatDoesNotExistIsAnErrorNotATrap() throws {
        let bench = try #require(builtProgram("modal-bench"), "modal-bench was not built beside the tests")
        let folder = try TemporaryFolder()
        let missing = folder.file("no/such/folder")
        let failed = try runProgram(bench, ["--write-log", "10", missing])
        #expect(failed.status == 74, "\(failed.error)")
        #expect(failed.error == "modal-bench: cannot write the log: \(missing): no such folder\n")
        let written = try runProgram(bench, ["--write-log", "10", folder.path])
        #expect(written.status == 0 && written.output == folder.file("session-10.jsonl") + "\n")
        #expect(try EventLogReader(path: folder.file("session-10.jsonl")).readAll().count == 10)
    }

    /// The seek group builds an index beside the largest log; the
    /// allocations after it count a replay of every event all the same
    /// (a replay through the index read a few, and the count per event
    /// came out below zero).
    @Test(
        .enabled(
            if: installedProgram("heaptrack") != nil && installedProgram("heaptrack_print") != nil, "needs heaptrack"))
    func allocationsCountEveryEventWhenAnIndexIsBesideTheLog() throws {
        let bench = try #require(builtProgram("modal-bench"), "modal-bench was not built beside the tests")
        let result = try runProgram(bench, ["--quick", "seek", "memory"])
        #expect(result.status == 0, "\(result.error)")
        let row = try #require(
            result.output.split(separator: "\n").first { $0.hasPrefix("allocations per replayed event") })
        let figure = try #require(row.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first)
        #expect(try #require(Double(figure), "\(row)") > 0, "\(row)")
    }
}

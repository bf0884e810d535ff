import Foundation
import Testing

/// A few end-to-end runs of the built `modal-log` binary, as a shell would run it.
@Suite struct BinaryTests {
    /// `swift test` builds the tool beside the test bundle.
    static let binary: URL? = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("modal-log"),
            Bundle.main.bundleURL.appendingPathComponent("modal-log"),
            packageRoot.appendingPathComponent(".build/debug/modal-log"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    func run(_ arguments: [String], standardInput: Data = Data()) throws -> Result {
        let binary = try #require(Self.binary, "modal-log was not built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["NO_COLOR": "1"]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(standardInput)
        try input.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    @Test func replayJSONMatchesTheGolden() throws {
        let result = try run(["replay", sample("EventLogs/modal-presenter/multiple-roots.jsonl"), "--json"])
        #expect(result.status == 0 && result.error.isEmpty)
        #expect(result.output == (try goldenText("modal-presenter/multiple-roots.json")))
    }

    @Test func readsALogFromStandardInput() throws {
        let log = try Data(contentsOf: packageRoot.appendingPathComponent("EventLogs/app-router/one-sheet.jsonl"))
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

    @Test func helpAndVersionGoToStandardOutput() throws {
        let help = try run(["help", "validate"])
        #expect(help.status == 0 && help.error.isEmpty && help.output.hasPrefix("OVERVIEW: "))
        #expect(try run(["--version"]).output == "modal-log 0.1.0 (event log format v1)\n")
    }
}

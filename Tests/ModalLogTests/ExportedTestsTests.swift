import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// `export --format swift-test`: the tests in Tests/ExportedLogTests are what
/// the exporter writes for the samples now (`swift test` runs them), and the
/// exporter's Swift says what the log says.
@Suite struct ExportedTestsTests {
    /// The sample logs and the names of their tests, as Scripts/export-sample-tests makes them.
    static let samples: [(log: String, name: String)] = {
        let root = Fixtures.packageRoot
        var logs: [String] = []
        for folder in ["EventLogs", "Tests/Fixtures/export"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".jsonl"), !file.hasPrefix("malformed/"), !file.hasPrefix("torn/") else {
                    continue
                }
                logs.append("\(folder)/\(file)")
            }
        }
        return logs.sorted().map { log in
            let relative = log.replacing("EventLogs/", with: "").replacing("Tests/Fixtures/", with: "")
            return (log, SwiftTestExporter.identifier(fromFileName: relative.replacing("/", with: "-")))
        }
    }()

    @Test func eachSampleHasItsTestAsTheExporterWritesIt() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Tests/ExportedLogTests")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(Set(written) == Set(Self.samples.map { "\($0.name).swift" }), "run Scripts/export-sample-tests")
        for (log, name) in Self.samples {
            let bytes = try Array(Data(contentsOf: Fixtures.packageRoot.appendingPathComponent(log)))
            let io = ToolIO.captured(files: [log: bytes])
            let status = ModalLog.run(arguments: ["export", log, "--format", "swift-test", "--name", name], io: io)
            #expect(status == 0 && io.standardError.isEmpty, "\(log)")
            let file = try String(contentsOf: folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
            #expect(
                io.standardOutput == file,
                "\(name).swift is not what the exporter writes: run Scripts/export-sample-tests")
        }
    }

    @Test func aTestIsOneLineOfSwiftPerEventAndChecksEveryRejection() {
        let run = Run([
            "export", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl"), "--format", "swift-test",
        ])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "@Test func closeStackLastCard() throws {\n    var log = LogReplay(formatVersion: 1)\n"))
        #expect(run.output.contains("    log.step(1, 0, .rootRegister(RootRegistration()))\n"))
        #expect(
            run.output.contains(
                #"    log.step(10, 6.8, .cardPop(link: "checkout"), rejected: .lastCard, "modal \"checkout\" has one card left: dismiss the modal to close the stack")"#
            ))
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("    log.step(") }.count == 12)
        #expect(run.output.contains(#"#expect(log.state.jsonText() == #"""#))
    }

    @Test func namesAndOptionsAreChecked() {
        let log = sample("EventLogs/tour.jsonl")
        #expect(Run(["export", log, "--format", "swift-test"]).output.contains("@Test func tour() throws {"))
        #expect(Run(["export", log, "--format", "swift-test", "--name", "2fast"]).status == 64)
        #expect(Run(["export", log, "--format", "swift-test", "--from", "3"]).status == 64)
        #expect(Run(["export", log, "--format", "swift-tst"]).error.contains("did you mean 'swift-test'?"))
        #expect(SwiftTestExporter.identifier(fromFileName: "/tmp/3-bug report.v2.jsonl") == "log3BugReport")
        #expect(
            SwiftTestExporter.identifier(fromFileName: "modal-presenter-keyboard.jsonl") == "modalPresenterKeyboard")
        // A Swift keyword names no function: `default.jsonl` is logDefault, and --name refuses one.
        #expect(SwiftTestExporter.identifier(fromFileName: "default.jsonl") == "logDefault")
        #expect(Run(["export", log, "--format", "swift-test", "--name", "return"]).status == 64)
    }

    @Test func swiftLiteralsSayExactlyWhatTheLogSays() {
        #expect(SwiftTestExporter.string("say \"hi\"\n\\ é\u{7}\u{202E}") == #""say \"hi\"\n\\ é\u{7}\u{202E}""#)
        #expect(SwiftTestExporter.number(390) == "390" && SwiftTestExporter.number(0.1) == "0.1")
        #expect(SwiftTestExporter.number(1e-7) == "1e-07" && SwiftTestExporter.number(-3) == "-3")
        // A log's 1e999 (its replay rejects it) as Swift reads it.
        #expect(SwiftTestExporter.number(.infinity) == "Double.infinity")
        #expect(SwiftTestExporter.number(-.infinity) == "-Double.infinity")
        #expect(
            SwiftTestExporter.json(.number(JSONNumber(literal: "1e999")!)) == #".number(JSONNumber(literal: "1e999")!)"#
        )
        #expect(
            SwiftTestExporter.json(["a": [1, 2.5, nil, true, "x"], "b": [:]])
                == #"["a": [1, 2.5, nil, true, "x"], "b": [:]]"#)
        #expect(
            SwiftTestExporter.json(.number(JSONNumber(literal: "1.50")!)) == #".number(JSONNumber(literal: "1.50")!)"#)
        // A text holding `"#` needs two hashes to stay whole.
        let text = "a \"# quote"
        #expect(SwiftTestExporter.rawString(text) == "##\"" + text + "\"##")
    }
}

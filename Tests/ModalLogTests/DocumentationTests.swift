import Foundation
import TestSupport
import Testing

@testable import modal_log

/// The examples in the docs are real: every `$ modal-log ...` transcript in
/// them is run in-process and must print exactly what the page shows.
///
/// A page names a log as a line "`name.jsonl`:" followed by a fenced block
/// of its lines; a fenced `text` block of "$ modal-log ..." lines, each
/// followed by its output, is a transcript; a line "..." in the output
/// stands for lines left out. Paths the page does not define are read from
/// the package root. Other shell commands in a transcript (`echo $?`) are skipped.
@Suite struct DocumentationTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var page: String
        var arguments: [String]
        var expected: String
        var files: [String: [UInt8]]
        var testDescription: String { "\(page): modal-log \(arguments.joined(separator: " "))" }
    }

    static let pages = [
        "Docs/Semantics.md", "README.md", "Docs/EventLogFormat.md", "Docs/Testing.md", "Docs/Debugging.md",
    ]

    static let examples: [Example] = pages.flatMap { page -> [Example] in
        guard let text = try? String(contentsOfFile: sample(page), encoding: .utf8) else { return [] }
        return examples(in: text, page: page)
    }

    static func examples(in text: String, page: String) -> [Example] {
        var files: [String: [UInt8]] = [:]
        var examples: [Example] = []
        for block in fencedBlocks(in: text) {
            // A log's file is a block right after its name: `name.jsonl`:
            if let name = block.lineBefore, name.hasPrefix("`"), name.hasSuffix(".jsonl`:"), block.fence != "```text" {
                files[String(name.dropFirst().dropLast(2))] = Array((block.body.joined(separator: "\n") + "\n").utf8)
            } else if block.fence == "```text" {
                examples += transcript(block.body, page: page)
            }
        }
        return examples.map { example in
            var example = example
            example.files = files
            return example
        }
    }

    /// A command line's words as a shell splits them: at spaces, but for
    /// text in single quotes, which is one word without its quotes.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                word = word ?? ""
            } else if character == " ", !quoted {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let word { words.append(word) }
        return words
    }

    /// The commands of a transcript block with the output under each.
    static func transcript(_ body: [String], page: String) -> [Example] {
        var examples: [Example] = []
        for line in body {
            if line.hasPrefix("$ ") {
                var words = shellWords(String(line.dropFirst(2)))
                if words.first == "swift", words.dropFirst().first == "run" { words.removeFirst(2) }
                if let comment = words.firstIndex(of: "#") { words = Array(words[..<comment]) }
                // Another command's output belongs to no example: an empty argument list marks it.
                let arguments = words.first == "modal-log" ? Array(words.dropFirst()) : []
                examples.append(Example(page: page, arguments: arguments, expected: "", files: [:]))
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected += line + "\n"
            }
        }
        return examples.filter { !$0.arguments.isEmpty }
    }

    @Test func thePagesHaveExamples() {
        #expect(Self.examples.filter { $0.page == "Docs/Semantics.md" }.count >= 30)
        #expect(Self.examples.filter { $0.page == "README.md" }.count >= 3)
    }

    @Test(arguments: examples)
    func theExamplePrintsWhatThePageShows(example: Example) {
        // Paths not defined on the page resolve against the package root, but print as written.
        var files = example.files
        for argument in example.arguments where argument.hasSuffix(".jsonl") && files[argument] == nil {
            files[argument] = (try? Data(contentsOf: Fixtures.packageRoot.appendingPathComponent(argument))).map(
                Array.init)
        }
        let io = ToolIO.captured(files: files)
        let status = ModalLog.run(arguments: example.arguments, io: io)
        let shown = example.expected.trimmingCharacters(in: .newlines).components(separatedBy: "\n")
        let printed = (io.standardError + io.standardOutput).trimmingCharacters(in: .newlines).components(
            separatedBy: "\n")
        if shown == [""] {  // a command shown for its use, without output: it must succeed
            #expect(status == 0, "\(example.testDescription): exit \(status)\n\(io.standardError)")
            return
        }
        guard shown.contains("...") else {
            #expect(printed == shown, "\(example.testDescription)")
            return
        }
        // An excerpt: each run of lines between "..." appears in the output, in order.
        var searchFrom = 0
        for chunk in shown.split(separator: "...", omittingEmptySubsequences: true) {
            let chunk = Array(chunk)
            let found = (searchFrom...max(searchFrom, printed.count - chunk.count)).first { start in
                start + chunk.count <= printed.count && Array(printed[start..<start + chunk.count]) == chunk
            }
            guard let found else {
                Issue.record("\(example.testDescription): not in the output:\n\(chunk.joined(separator: "\n"))")
                return
            }
            searchFrom = found + chunk.count
        }
    }
}

@Suite struct SpecCopyTests {
    static let shared = Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/spec")

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: shared.path), "../shared/spec is not beside this checkout"),
        arguments: ["event-log-v1.md", "event-log-v2.md"])
    func theSpecInDocsIsTheSharedContract(page: String) throws {
        let shared = try String(contentsOf: Self.shared.appendingPathComponent(page), encoding: .utf8)
        #expect(try Fixtures.text("Docs/\(page)") == shared, "Docs/\(page) differs from ../shared/spec")
    }
}

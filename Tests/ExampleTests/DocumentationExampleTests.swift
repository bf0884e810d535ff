import Foundation
import TestSupport
import Testing

/// The Swift examples of the pages below are tests: each is copied, as it
/// is on its page, into a test of this target between `// Example: PAGE`
/// and `// End of example`, with what it needs around it (a store to work
/// on, the app's stand-ins) and checks after it. This suite holds the
/// copies to the pages: a page's example with no test, or a test's copy
/// that is no longer on its page, fails.
///
/// Examples for Apple platforms (`import UIKit`, `import SwiftUI`, or
/// marked `<!-- not compiled here: why -->` on the line before) are left
/// out: no Mac builds the package. Imports are compared apart: a test
/// file has them at its top.
@Suite struct DocumentationExampleTests {
    static let pages = ["README.md", "Docs/Store.md", "Docs/Integration.md"]

    struct Example: Hashable, CustomStringConvertible {
        var place: String
        var code: String
        var description: String { place }
    }

    /// The Swift blocks of `page` that build on Linux, without their imports.
    static func blocks(of page: String) throws -> [Example] {
        let text = try String(contentsOfFile: Fixtures.path(page), encoding: .utf8)
        return fencedBlocks(in: text).compactMap { block in
            let forApple =
                block.body.contains { $0.hasPrefix("import UIKit") || $0.hasPrefix("import SwiftUI") }
                || block.lineBefore?.hasPrefix("<!-- not compiled here") == true
            guard block.fence == "```swift", !forApple else { return nil }
            return Example(place: "\(page):\(block.line)", code: normalized(block.body))
        }
    }

    /// The copies in this target's sources, by the page they name.
    static func copies() throws -> [String: [Example]] {
        let folder = Fixtures.path("Tests/ExampleTests")
        var copies: [String: [Example]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".swift")
        {
            let lines = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8).components(separatedBy: "\n")
            var page: String?
            var start = 0
            var body: [String] = []
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("// Example: ") {
                    page = String(code.dropFirst("// Example: ".count))
                    start = number + 1
                    body = []
                } else if code == "// End of example", let current = page {
                    copies[current, default: []].append(Example(place: "\(file):\(start)", code: normalized(body)))
                    page = nil
                } else if page != nil {
                    body.append(line)
                }
            }
        }
        return copies
    }

    /// The lines without imports, trailing spaces, the indentation they
    /// share, and blank lines at either end.
    static func normalized(_ lines: [String]) -> String {
        var kept = lines.filter {
            !$0.hasPrefix("import ") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("import ")
        }
        .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        while kept.first?.isEmpty == true { kept.removeFirst() }
        while kept.last?.isEmpty == true { kept.removeLast() }
        let indent = kept.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return kept.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
    }

    @Test(arguments: pages)
    func everyExampleOfThePageRunsAsATest(page: String) throws {
        let blocks = try Self.blocks(of: page)
        let copies = Set(try Self.copies()[page, default: []].map(\.code))
        #expect(!blocks.isEmpty)
        for block in blocks where !copies.contains(block.code) {
            Issue.record("\(block.place): no test runs this example as it is written:\n\(block.code)")
        }
    }

    @Test func everyCopyIsOnItsPage() throws {
        for (page, copies) in try Self.copies() {
            #expect(Self.pages.contains(page), "\(copies.first?.place ?? page) names \(page), which is not checked")
            let blocks = Set(try Self.blocks(of: page).map(\.code))
            for copy in copies where !blocks.contains(copy.code) {
                Issue.record("\(copy.place): \(page) no longer has this example:\n\(copy.code)")
            }
        }
    }

    @Test func theCheckTellsAChangedExample() {
        let page = ["```swift", "import ModalEvents", "", "    let a = 1", "    let b = 2   ", "```"]
        #expect(Self.normalized(Array(page.dropFirst().dropLast())) == "let a = 1\nlet b = 2")
        #expect(Self.normalized(["let a = 1"]) != Self.normalized(["let a = 2"]))
    }
}

import Foundation

/// A fenced block of a Markdown page: its fence (```` ```swift ````), its
/// lines, where it starts, and the last line before it that is not blank.
public struct FencedBlock: Sendable {
    /// The opening fence: ```` ``` ```` and the language, if any.
    public var fence: String
    /// The lines between the fences.
    public var body: [String]
    /// The opening fence's line number, from 1.
    public var line: Int
    /// The last line before the fence that is not blank (a file's name, a
    /// marker comment), or `nil` at the top of the page.
    public var lineBefore: String?
}

/// The fenced blocks of a Markdown page, in order.
public func fencedBlocks(in text: String) -> [FencedBlock] {
    let lines = text.components(separatedBy: "\n")
    var blocks: [FencedBlock] = []
    var lineBefore: String?
    var index = 0
    while index < lines.count {
        let line = lines[index]
        if line.hasPrefix("```") {
            var body: [String] = []
            let start = index
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append(FencedBlock(fence: line, body: body, line: start + 1, lineBefore: lineBefore))
            lineBefore = nil
        } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
            lineBefore = line
        }
        index += 1
    }
    return blocks
}

import Foundation
import ModalEvents

/// The page's search, for `serve` to answer over a whole log: the rules
/// `page.js`'s `searchTest` follows, on the text its `rowText` gives a
/// step and the step's line, in lower case. Every word must be in the
/// text, a "quoted phrase" as written, a -word must not be, and a
/// /regular expression/ must match (case aside); one that does not
/// compile is looked for as text. (The expression is Swift's `Regex`, with
/// JavaScript's ASCII word boundaries and classes: it reads what
/// JavaScript's does for the common cases.)
/// `ServeTests` holds the two to the same answers.
struct PageSearch {
    private var terms: [(String) -> Bool] = []

    init(_ text: String) {
        let pattern = /"([^"]*)"?|\/((?:\\.|[^\/])+)\/|(\S+)/
        for match in text.matches(of: pattern) {
            if let phrase = match.1 {
                let lower = phrase.lowercased()
                if !lower.isEmpty { terms.append { $0.contains(lower) } }
            } else if let expression = match.2 {
                // JavaScript's rules: ASCII \b, \d, \w and \s (Swift's are Unicode's).
                if let regex = try? Regex(String(expression)).ignoresCase().wordBoundaryKind(.simple)
                    .asciiOnlyCharacterClasses()
                {
                    terms.append { $0.contains(regex) }
                } else {
                    let literal = "/\(expression)/".lowercased()
                    terms.append { $0.contains(literal) }
                }
            } else if let word = match.3 {
                let lower = word.lowercased()
                if lower.count > 1, lower.hasPrefix("-") {
                    let left = String(lower.dropFirst())
                    terms.append { !$0.contains(left) }
                } else {
                    terms.append { $0.contains(lower) }
                }
            }
        }
    }

    /// Whether the search finds `text` (a step's, from ``text(of:timeBefore:times:sources:)``).
    func finds(in text: String) -> Bool { terms.allSatisfy { $0(text) } }

    /// The text the page searches for a step: its row (the seq, the time
    /// since the step before that has one when the log has `times`, the
    /// source when it has `sources`, then the type, what it names and what
    /// it did; a session's start its title), a space and its line, in
    /// lower case. `timeBefore` is the last time before it, and becomes its own.
    static func text(of step: Step, timeBefore: inout Double?, times: Bool, sources: Bool) -> String {
        let entry = step.entry
        var since = ""
        if let time = entry.time {
            if let before = timeBefore { since = "+" + String(format: "%.2f", time - before) + "s" }
            timeBefore = time
        }
        let row: String
        if let title = TimelineLine.sessionTitle(of: step) {
            row = "\(entry.seq)  ── \(title)"
        } else {
            var columns = [String(entry.seq)]
            if times { columns.append(since.isEmpty ? "·" : since) }
            if sources { columns.append(entry.source?.rawValue ?? "-") }
            columns += [
                entry.event.type.rawValue, EventText.target(of: entry.event),
                EventText.effect(of: step, besidesTarget: true),
            ]
            row = columns.joined(separator: "  ")
        }
        return "\(row) \(entry.json.serialized())".lowercased()
    }
}

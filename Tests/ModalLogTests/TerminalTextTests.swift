import TestSupport
import Testing

@testable import modal_log

/// The notation names are shown in (``TerminalText``): random text of
/// controls, bidi characters, backslashes, pieces of the notation itself and
/// other text escapes to text a terminal can only show, and reads back to
/// the original, scalar for scalar.
@Suite struct TerminalTextTests {
    /// Random text, up to 24 scalars: C0, DEL and C1, the bidi characters
    /// and their neighbours, the notation's own characters, printable ASCII,
    /// and text from elsewhere in Unicode (combining marks, wide characters,
    /// a flag, line and paragraph separators).
    static func randomText(_ random: inout SplitMixRandom) -> String {
        let pieces: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x7F...0x9F, 0x2028...0x202F, 0x2065...0x206A, 0x20...0x7E, 0xA0...0x17F, 0x300...0x36F,
            0x3040...0x30FF, 0x1F1E6...0x1F1FF,
        ]
        let notation: [Unicode.Scalar] = ["\\", "u", "{", "}", "n", "r", "t", "1", "B"]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.next(below: 25) {
            if random.next(below: 4) == 0 {
                scalars.append(notation[random.next(below: notation.count)])
            } else {
                let range = pieces[random.next(below: pieces.count)]
                let value = range.lowerBound + UInt32(random.next(below: Int(range.upperBound - range.lowerBound) + 1))
                scalars.append(Unicode.Scalar(value)!)
            }
        }
        return String(scalars)
    }

    /// The notation read back: the scalars `text` stands for, or `nil` where it is not the notation.
    static func unescaped(_ text: String) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        var rest = text.unicodeScalars.makeIterator()
        while let scalar = rest.next() {
            guard scalar == "\\" else {
                scalars.append(scalar)
                continue
            }
            switch rest.next() {
            case "\\": scalars.append("\\")
            case "n": scalars.append("\n")
            case "r": scalars.append("\r")
            case "t": scalars.append("\t")
            case "u":
                guard rest.next() == "{" else { return nil }
                var hex = ""
                while let digit = rest.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                guard let value = UInt32(hex, radix: 16), let escaped = Unicode.Scalar(value) else { return nil }
                scalars.append(escaped)
            default: return nil
            }
        }
        return scalars
    }

    @Test func randomTextShowsNoControlAndReadsBack() {
        var random = SplitMixRandom(seed: 2026)
        for _ in 0..<20_000 {
            let text = Self.randomText(&random)
            let escaped = TerminalText.escaping(text)
            let raw = escaped.unicodeScalars.filter { $0 == "\n" || HostileNameTests.isRaw($0) }
            #expect(raw.isEmpty, "\(Array(text.unicodeScalars)) -> \(escaped)")
            #expect(Self.unescaped(escaped) == Array(text.unicodeScalars), "\(Array(text.unicodeScalars))")
            if !text.unicodeScalars.contains(where: { $0 == "\\" || TerminalText.isEscaped($0) }) {
                #expect(escaped == text, "text with nothing to escape is kept")
            }
        }
    }

    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}", #"\u{1B}]0;pwned\u{7}"#), ("\u{1B}[2J", #"\u{1B}[2J"#),
        ("a\r\nseq 9", #"a\r\nseq 9"#), ("\t\u{0}\u{7F}", #"\t\u{0}\u{7F}"#), ("\u{9B}2J\u{85}", #"\u{9B}2J\u{85}"#),
        ("\u{202E}exe.txt\u{202C}\u{2066}\u{2069}", #"\u{202E}exe.txt\u{202C}\u{2066}\u{2069}"#),
        (#"\u{1B}"#, #"\\u{1B}"#), ("é 日本 🇯🇵 \u{2028}", "é 日本 🇯🇵 \u{2028}"),
    ])
    func namesAreShownInTheNotationOfASwiftLiteral(name: String, shown: String) {
        #expect(TerminalText.escaping(name) == shown)
        #expect(TerminalText(escaping: name).escaped == shown)
    }

    @Test func literalsAreTheToolsOwnAndWhatIsInterpolatedIsEscaped() {
        let name = "\u{1B}[2J\n"
        let line: TerminalText = "\u{1B}[1m\(name)\u{1B}[0m \(TerminalText(escaping: name)) \(3)"
        #expect(line.escaped == "\u{1B}[1m\\u{1B}[2J\\n\u{1B}[0m \\u{1B}[2J\\n 3")
        let styled = TextStyle(isEnabled: true).apply("\(name)", .red)
        #expect(styled.escaped == "\u{1B}[31m\\u{1B}[2J\\n\u{1B}[0m")
        #expect(["a\(name)", "b"].joined(separator: "\n").escaped == "a\\u{1B}[2J\\n\nb")
        #expect(DebugScreen.fit("\(name)", 5).escaped == "\\u{1…" && DebugScreen.fit("x", 3).escaped == "x  ")
    }
}

/// Text for a person at a terminal: the tool's own words, and everything a
/// log, a file name or a command line gave it, escaped so that the terminal
/// shows it and never obeys it.
///
/// A string literal is the tool's own and is kept as written, with its
/// colours and newlines; whatever is interpolated into one is escaped on
/// the way in, unless it is a `TerminalText` already:
///
/// ```swift
/// let line: TerminalText = "root \"\(root.id)\" · level \(root.level)"
/// // root.id == "sheets\u{1B}]0;pwned\u{7}" (ESC ] 0 sets the window's title);
/// // the terminal shows, as typed here: root "sheets\u{1B}]0;pwned\u{7}" · level 0
/// ```
///
/// ``ToolIO/print(_:)`` and ``ToolIO/printError(_:)`` take nothing else, so
/// a command cannot print a name and forget to escape it. What is not for
/// people (JSON, a log, a page, a script) goes out by
/// ``ToolIO/write(exactly:)``, its own format's escaping keeping it whole.
///
/// The notation is a Swift string literal's (``escaping(_:)``), so it reads
/// back to the original.
struct TerminalText: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text as the terminal gets it.
    private(set) var escaped: String

    /// The text as the terminal gets it (``escaped``).
    var description: String { escaped }

    /// `text`, from a log or a user, escaped.
    init(escaping text: String) {
        escaped = Self.escaping(text)
    }

    /// The tool's own words, as written.
    init(stringLiteral literal: String) {
        escaped = literal
    }

    init(stringInterpolation: StringInterpolation) {
        escaped = stringInterpolation.escaped
    }

    /// Literals as written, anything interpolated escaped.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var escaped = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            escaped.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            escaped += literal
        }

        /// Text fit for a terminal already, as it is.
        mutating func appendInterpolation(_ text: TerminalText) {
            escaped += text.escaped
        }

        /// Anything else (a name, a message, an error, a number): its description, escaped.
        mutating func appendInterpolation<Value>(_ value: Value) {
            escaped += TerminalText.escaping(String(describing: value))
        }
    }

    /// `text` in the notation of a Swift string literal: a backslash is
    /// `\\`; a newline, a return and a tab are `\n`, `\r` and `\t`; every
    /// other character ``isEscaped(_:)`` is `\u{HEX}` (ESC is `\u{1B}`);
    /// the rest is as it is.
    ///
    /// - Complexity: O(n); text without a backslash or such a character (a
    ///   usual name) comes back as it is after one look at each UTF-8 byte.
    static func escaping(_ text: String) -> String {
        // The bytes that can start one: C0, `\`, DEL, 0xC2 (U+0080 to U+00BF), 0xE2 (U+2000 to U+2FFF).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 })
        else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where isEscaped(scalar): escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether a terminal could take `scalar` for a command or let it
    /// reorder the line: a C0 control (U+0000 to U+001F), DEL (U+007F), a C1
    /// control (U+0080 to U+009F, where U+009B starts a command as ESC [
    /// does), or a bidirectional embedding, override or isolate (U+202A to
    /// U+202E, U+2066 to U+2069), which makes what follows it show in
    /// another order than it is read.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The number of characters shown (a wide character counts as one).
    var count: Int { escaped.count }

    var isEmpty: Bool { escaped.isEmpty }

    /// The first `length` characters: an escape cut short shows as its
    /// first characters, never as what it stands for.
    func prefix(_ length: Int) -> TerminalText {
        TerminalText(alreadyEscaped: String(escaped.prefix(length)))
    }

    /// `count` spaces.
    static func spaces(_ count: Int) -> TerminalText {
        TerminalText(alreadyEscaped: String(repeating: " ", count: max(0, count)))
    }

    static func + (left: TerminalText, right: TerminalText) -> TerminalText {
        TerminalText(alreadyEscaped: left.escaped + right.escaped)
    }

    static func += (left: inout TerminalText, right: TerminalText) {
        left.escaped += right.escaped
    }

    private init(alreadyEscaped: String) {
        escaped = alreadyEscaped
    }
}

extension [TerminalText] {
    /// The texts one after another, `separator` between them.
    func joined(separator: TerminalText = "") -> TerminalText {
        var joined: TerminalText = ""
        for (index, text) in enumerated() {
            if index > 0 { joined += separator }
            joined += text
        }
        return joined
    }
}

extension TerminalText {
    /// The text in pieces: the first at most `first` characters, the
    /// others at most `rest` (8 at least), each broken at a space in its
    /// second half (which no piece keeps), else where its room ends; at
    /// most `limit` pieces, the last ending in `…` when the text goes on.
    func wrapped(first: Int, rest: Int, limit: Int = 12) -> [TerminalText] {
        var pieces: [TerminalText] = []
        var remaining = Substring(escaped)
        // Counted once: a substring's count walks it.
        var left = remaining.count
        var room = max(first, 8)
        while left > room {
            if pieces.count == limit - 1 {
                pieces.append(TerminalText(stringLiteral: String(remaining.prefix(room - 1)) + "…"))
                return pieces
            }
            let head = remaining.prefix(room)
            var (end, next) = (head.endIndex, head.endIndex)
            if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) >= room / 2 {
                (end, next) = (space, head.index(after: space))
            }
            // Escaped already: a log's control characters are visible text here, safe to break anywhere.
            pieces.append(TerminalText(stringLiteral: String(remaining[..<end])))
            left -= remaining.distance(from: remaining.startIndex, to: next)
            remaining = remaining[next...]
            room = max(rest, 8)
        }
        return pieces + [TerminalText(stringLiteral: String(remaining))]
    }
}

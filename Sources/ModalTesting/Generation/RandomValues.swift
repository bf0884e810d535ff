package import ModalEvents

/// Random values for the fields of events: names, text, numbers and payload
/// JSON, leaning toward the ones that break code (quotes, escapes, emoji,
/// combining marks, right-to-left text, control characters, `-0`, huge and
/// tiny numbers, exact number literals).
extension PropertyRandom {
    /// Text of up to `maximumLength` characters drawn from every part of Unicode.
    package mutating func text(maximumLength: Int = 12) -> String {
        var text = ""
        for _ in 0..<int(in: 0...maximumLength) {
            text.unicodeScalars.append(scalar())
        }
        return text
    }

    /// A name: mostly a short plain word, sometimes one that needs escaping
    /// or is not ASCII.
    package mutating func name() -> String {
        if chance(0.7) { return element(of: Self.plainNames)! }
        if chance(0.6) { return element(of: Self.awkwardNames)! }
        let text = text(maximumLength: 8)
        return text.isEmpty ? "x" : text
    }

    /// A finite number: mostly ordinary, sometimes an edge.
    package mutating func number(in range: ClosedRange<Double>) -> Double {
        switch int(below: 10) {
        case 0: return range.lowerBound
        case 1: return range.upperBound
        case 2: return double(in: range).rounded()
        default: return double(in: range)
        }
    }

    /// A JSON value nested at most `depth` levels: objects with distinct
    /// keys, arrays, strings, numbers (exact literals included), booleans, null.
    package mutating func json(depth: Int = 3) -> JSONValue {
        let kinds = depth > 0 ? 7 : 5
        switch int(below: kinds) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2: return .string(text())
        case 3, 4: return .number(jsonNumber())
        case 5:
            return .array((0..<int(in: 0...4)).map { _ in json(depth: depth - 1) })
        default:
            var keys: Set<String> = []
            var members: [JSONMember] = []
            for _ in 0..<int(in: 0...4) {
                let key = chance(0.5) ? name() : text(maximumLength: 6)
                if keys.insert(key).inserted { members.append(JSONMember(key, json(depth: depth - 1))) }
            }
            return .object(members)
        }
    }

    /// A JSON number: a canonical `Double`, or a literal kept exactly as written.
    package mutating func jsonNumber() -> JSONNumber {
        if chance(0.25), let literal = element(of: Self.exactLiterals) { return JSONNumber(literal: literal)! }
        switch int(below: 4) {
        case 0: return JSONNumber(int(in: -1000...1000))
        case 1: return JSONNumber(double(in: -1e6...1e6))
        case 2:
            return JSONNumber(
                Double(sign: chance(0.5) ? .minus : .plus, exponent: int(in: -300...300), significand: 1 + double()))
        default: return JSONNumber(-0.0)
        }
    }

    private mutating func scalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x61...0x7A, 0x41...0x5A, 0x30...0x39,  // letters and digits, most often
            0x61...0x7A, 0x20...0x7E,  // printable ASCII: quotes, backslash, slash
            0x00...0x1F, 0x7F...0x7F,  // control characters JSON must escape
            0xC0...0x17F,  // accented Latin
            0x300...0x36F,  // combining marks
            0x5D0...0x5EA, 0x627...0x64A,  // Hebrew, Arabic (right to left)
            0x4E00...0x4FFF, 0x3040...0x309F,  // CJK, Hiragana
            0x2028...0x2029, 0x200B...0x200F, 0xFEFF...0xFEFF,  // separators, zero-width, BOM
            0x1F300...0x1F64F, 0x1F900...0x1F9FF,  // emoji (surrogate pairs in \u escapes)
            0x10000...0x1FFFF, 0xE000...0xF8FF,  // other planes, private use
        ]
        let range = element(of: ranges)!
        let value = range.lowerBound + UInt32(int(below: Int(range.upperBound - range.lowerBound) + 1))
        return Unicode.Scalar(value) ?? "?"
    }

    static let plainNames = [
        "default", "compose", "menu", "paywall", "settings", "share", "alert", "toast", "a", "b", "c", "d",
    ]
    static let awkwardNames = [
        "caf\u{E9}", "cafe\u{301}", "\u{8A2D}\u{5B9A}", "\u{1F642}", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "\u{645}\u{631}\u{62D}\u{628}\u{627}", "quote\"d", "back\\slash", "tab\tname", "new\nline", "nul\u{0}",
        "sep\u{2028}arator", " ", "",
    ]
    static let exactLiterals = [
        "1.50", "2E+3", "-0", "0.0", "1e-7", "123456789012345678901234567890", "-9007199254740993", "1E400",
        "0.1000000000000000055511151231257827",
    ]
}

/// Writes JSON deterministically: the same values always give the same bytes.
///
/// Keys are written in the order given, strings escape only what JSON
/// requires (quote, backslash, control characters), and numbers use the
/// literal a ``JSONNumber`` holds.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.write(["seq": 1, "type": "dimming.tap"])
/// writer.bytes  // {"seq":1,"type":"dimming.tap"}
/// ```
public struct JSONWriter: Sendable {
    /// How values are laid out.
    public enum Style: Sendable {
        /// One line, no spaces: the log format.
        case compact
        /// Two-space indentation, one member per line; arrays of numbers,
        /// strings and booleans stay on one line. For states meant to be read
        /// and compared as text.
        case pretty
    }

    /// What has been written so far, UTF-8.
    public internal(set) var bytes: [UInt8] = []
    /// How values are laid out.
    public var style: Style

    public init(style: Style = .compact) {
        self.style = style
    }

    /// Writes `value` at the current position.
    public mutating func write(_ value: JSONValue) {
        write(value, indent: 0)
    }

    /// The written bytes as a `String`.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.literal)
        case .string(let string): writeString(string)
        case .array(let elements):
            if style == .compact || elements.allSatisfy(\.isScalar) {
                bytes.append(UInt8(ascii: "["))
                for (position, element) in elements.enumerated() {
                    if position > 0 { append(style == .compact ? "," : ", ") }
                    write(element, indent: indent)
                }
                bytes.append(UInt8(ascii: "]"))
            } else {
                bytes.append(UInt8(ascii: "["))
                for (position, element) in elements.enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(indent + 1)
                    write(element, indent: indent + 1)
                }
                newline(indent)
                bytes.append(UInt8(ascii: "]"))
            }
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(indent + 1) }
                writeString(member.key)
                append(style == .compact ? ":" : ": ")
                write(member.value, indent: indent + 1)
            }
            if style == .pretty && !members.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `string` as a JSON string literal.
    public mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case ..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONValue {
    /// Whether the value is neither an array nor an object.
    public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// The value written as JSON text.
    public func serialized(style: JSONWriter.Style = .compact) -> String {
        var writer = JSONWriter(style: style)
        writer.write(self)
        return writer.string
    }
}

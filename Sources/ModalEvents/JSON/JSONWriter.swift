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
///
/// The package's own: an app writes a value with ``JSONValue/serialized(style:)``.
package struct JSONWriter: Sendable {
    /// How values are laid out: ``JSONValue/Style``.
    package typealias Style = JSONValue.Style

    /// What has been written so far, UTF-8.
    package internal(set) var bytes: [UInt8] = []
    /// How values are laid out.
    package var style: Style

    package init(style: Style = .compact) {
        self.style = style
    }

    /// Writes `value` at the current position.
    ///
    /// - Complexity: O(*n*) in the size of the value; not recursive, so a
    ///   value of any depth is written.
    package mutating func write(_ value: JSONValue) {
        /// The arrays and objects being written, outermost first.
        var open: [OpenContainer] = []
        var next = value
        while true {
            let indent = open.count
            switch next {
            case .null: append("null")
            case .bool(let flag): append(flag ? "true" : "false")
            case .number(let number): append(number.literal)
            case .string(let string): writeString(string)
            case .array(let elements):
                bytes.append(UInt8(ascii: "["))
                // Pretty: one element a line, unless they are all scalars.
                let isMultiline = style == .pretty && !elements.allSatisfy(\.isScalar)
                open.append(OpenContainer(array: elements, indent: indent, isMultiline: isMultiline))
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                open.append(OpenContainer(object: members, indent: indent, isMultiline: style == .pretty))
            }
            // The next element or member to write, closing each container that has none left.
            while true {
                guard let last = open.indices.last else { return }
                let container = open[last]
                guard container.position < container.count else {
                    if container.isMultiline && container.count > 0 { newline(container.indent) }
                    bytes.append(UInt8(ascii: container.isObject ? "}" : "]"))
                    open.removeLast()
                    continue
                }
                if container.position > 0 {
                    append(style == .pretty && !container.isObject && !container.isMultiline ? ", " : ",")
                }
                if container.isMultiline { newline(container.indent + 1) }
                if container.isObject {
                    let member = container.members[container.position]
                    writeString(member.key)
                    append(style == .compact ? ":" : ": ")
                    next = member.value
                } else {
                    next = container.elements[container.position]
                }
                open[last].position += 1
                break
            }
        }
    }

    /// An array or an object being written, and how far.
    private struct OpenContainer {
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        let isObject: Bool
        /// How deep it is: its members' lines are indented one more.
        let indent: Int
        /// Whether each element or member has a line of its own (pretty style).
        let isMultiline: Bool
        /// The next element or member to write.
        var position = 0
        var count: Int { isObject ? members.count : elements.count }

        init(array: [JSONValue], indent: Int, isMultiline: Bool) {
            self.elements = array
            self.isObject = false
            self.indent = indent
            self.isMultiline = isMultiline
        }

        init(object: [JSONMember], indent: Int, isMultiline: Bool) {
            self.members = object
            self.isObject = true
            self.indent = indent
            self.isMultiline = isMultiline
        }
    }

    /// The written bytes as a `String`.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func newline(_ indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `string` as a JSON string literal: the runs that need no
    /// escape are copied whole, found eight bytes at a time
    /// (``JSONStringScan``), as the reader finds them.
    package mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                // A byte to look at: one the scan marked (perhaps only not ASCII), or one of the last seven.
                index = JSONStringScan.nextSpecialByte(in: UnsafeRawBufferPointer(utf8), from: index)
                guard index < utf8.count else { break }
                let byte = utf8[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    writeEscaped(byte)
                    start = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `byte`, a quote, a backslash or a control character, escaped.
    private mutating func writeEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            append("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONValue {
    /// Whether the value is neither an array nor an object.
    package var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// How a value is laid out as text.
    public enum Style: Sendable {
        /// One line, no spaces: the log format.
        case compact
        /// Two-space indentation, one member per line; arrays of numbers,
        /// strings and booleans stay on one line. For states meant to be read
        /// and compared as text.
        case pretty
    }

    /// The value written as JSON text, its key order and number literals
    /// kept: what a log holds (`compact`), or one member a line (`pretty`).
    ///
    /// ```swift
    /// let payload: JSONValue = ["draft": 1, "to": ["ana@example.com"]]
    /// payload.serialized()                  // {"draft":1,"to":["ana@example.com"]}
    /// print(payload.serialized(style: .pretty))
    /// ```
    public func serialized(style: Style = .compact) -> String {
        var writer = JSONWriter(style: style)
        writer.write(self)
        return writer.string
    }
}

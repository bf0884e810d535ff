/// A compact JSON object written a member at a time, straight to bytes: a
/// row that a command writes for every step, without building its tree
/// first (``JSONWriter/writeObject(_:)``). Nested values go through
/// ``JSONWriter/write(_:)``, or a writer of their own.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.writeObject { row in
///     row.member("seq", 3)
///     row.member("root", "sheets")
///     row.member("link", nil as String?)
/// }
/// writer.string  // {"seq":3,"root":"sheets","link":null}
/// ```
package struct JSONObjectWriter {
    /// The bytes, the object's so far after what came before it.
    package fileprivate(set) var writer = JSONWriter()
    private var isEmpty = true

    /// Writes the member's key and the comma before it.
    private mutating func key(_ key: String) {
        if !isEmpty { writer.bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        writer.writeString(key)
        writer.bytes.append(UInt8(ascii: ":"))
    }

    package mutating func member(_ key: String, _ value: JSONValue) {
        self.key(key)
        writer.write(value)
    }

    /// A string, or `null`.
    package mutating func member(_ key: String, _ value: String?) {
        self.key(key)
        if let value { writer.writeString(value) } else { writer.writeLiteral("null") }
    }

    package mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        writer.writeInteger(value)
    }

    /// A number, or `null`.
    package mutating func member(_ key: String, _ value: Double?) {
        self.key(key)
        writer.writeLiteral(value.map { JSONNumber($0).literal } ?? "null")
    }

    /// A value that `write` writes: an object or an array of its own.
    package mutating func member(_ key: String, _ write: (inout JSONWriter) -> Void) {
        self.key(key)
        write(&writer)
    }
}

extension JSONWriter {
    /// Writes an object whose members `body` writes, one at a time:
    /// compact, whatever the writer's ``style``.
    package mutating func writeObject(_ body: (inout JSONObjectWriter) -> Void) {
        // The bytes move into the object's writer and back, so neither copies them.
        var object = JSONObjectWriter()
        swap(&object.writer, &self)
        object.writer.bytes.append(UInt8(ascii: "{"))
        body(&object)
        object.writer.bytes.append(UInt8(ascii: "}"))
        swap(&object.writer, &self)
    }

    /// Writes an array of `elements`, each through `write`: compact,
    /// whatever the writer's ``style``.
    package mutating func writeArray<Elements: Sequence>(
        _ elements: Elements, _ write: (Elements.Element, inout JSONWriter) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(element, &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a literal as it is: a number's, `true`, `null`.
    package mutating func writeLiteral(_ literal: String) {
        bytes.append(contentsOf: literal.utf8)
    }

    /// Writes `value`'s digits, with no `String` made on the way.
    package mutating func writeInteger(_ value: Int) {
        guard value != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = value.magnitude
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }

    /// Empties the writer, keeping its memory for what comes next.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}

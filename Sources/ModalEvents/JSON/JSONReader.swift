/// Reads one JSON text from UTF-8 bytes into a ``JSONValue``.
///
/// A small reader with no dependencies. It checks the whole grammar (RFC
/// 8259), refuses invalid UTF-8, lone surrogates and duplicate keys, and
/// bounds nesting depth. It does not recurse (the arrays and objects it is
/// inside of are on a stack of its own), so no text, however deeply it
/// nests, exhausts the thread's stack; and the values it makes nest at
/// most ``JSONValue/largestMaximumDepth`` levels, so the code that walks or
/// releases them does not either.
///
/// ```swift
/// let value = try JSONReader.read(Array(#"{"a":[1,2.5,"x"]}"#.utf8))
/// ```
///
/// The package's own: an app reads JSON text with ``JSONValue/init(parsing:)``.
package enum JSONReader {
    /// Traps unless `depth` is 1 to ``JSONValue/largestMaximumDepth``: the
    /// depth limit given to `what` (a reader, an encoder, a decoder).
    package static func checkMaximumDepth(_ depth: Int, of what: @autoclosure () -> String) {
        precondition(
            (1...JSONValue.largestMaximumDepth).contains(depth),
            "\(what())'s maximum depth is 1 to \(JSONValue.largestMaximumDepth), not \(depth)")
    }

    /// Reads `bytes` as exactly one JSON value, with optional white space around it.
    ///
    /// - Parameters:
    ///   - bytes: The document, UTF-8.
    ///   - maximumDepth: How deeply arrays and objects may nest.
    ///   - maximumStringLength: The longest string or key, in UTF-8 bytes.
    /// - Returns: The value.
    /// - Throws: ``JSONSyntaxError`` naming the byte offset and what was
    ///   wrong; nesting deeper than `maximumDepth` is `limitExceeded`.
    /// - Precondition: `maximumDepth` is 1 to ``JSONValue/largestMaximumDepth``.
    ///   Traps otherwise.
    /// - Complexity: O(*n*) in the number of bytes.
    package static func read(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = JSONValue.defaultMaximumDepth,
        maximumStringLength: Int = JSONValue.defaultMaximumStringLength
    ) throws(JSONSyntaxError) -> JSONValue {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in
                try read(
                    UnsafeRawBufferPointer(buffer), maximumDepth: maximumDepth,
                    maximumStringLength: maximumStringLength)
            }
        }
        if let contiguous { return try contiguous.get() }
        return try Array(bytes).withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in
                try read(buffer, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength)
            }
        }.get()
    }

    /// Reads `buffer` as exactly one JSON value. See ``read(_:maximumDepth:maximumStringLength:)``.
    package static func read(
        _ buffer: UnsafeRawBufferPointer, maximumDepth: Int = JSONValue.defaultMaximumDepth,
        maximumStringLength: Int = JSONValue.defaultMaximumStringLength
    ) throws(JSONSyntaxError) -> JSONValue {
        checkMaximumDepth(maximumDepth, of: "a JSON reader")
        var parser = _JSONParser(bytes: buffer, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength)
        do throws(JSONSyntaxError) {
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            if parser.index < buffer.count {
                throw parser.error("unexpected \(parser.describeByte(at: parser.index)) after the JSON value")
            }
            return value
        } catch {
            // A structural error caused by a stray non-ASCII byte is really a UTF-8 problem.
            if error.kind == .syntax, let offset = UTF8Validation.firstInvalidOffset(in: buffer) {
                throw JSONSyntaxError(
                    kind: .invalidUTF8, offset: offset, message: "invalid UTF-8 at byte \(offset + 1)")
            }
            throw error
        }
    }
}

/// Why a JSON text could not be read, and where. Outside the package it
/// is an ``EventLogError`` (`invalidJSON`, `invalidUTF8`, `limitExceeded`).
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whether the text is not JSON or not UTF-8.
    package enum Kind: Sendable, Hashable {
        /// Not JSON: a grammar error, a duplicate key.
        case syntax
        /// JSON beyond the reader's limits: nesting too deep, a string too long.
        case limitExceeded
        /// Bytes that are not UTF-8.
        case invalidUTF8
    }

    /// Whether the text is not JSON or not UTF-8.
    package var kind: Kind
    /// Zero-based byte offset of the fault in the text.
    package var offset: Int
    /// What was wrong, as a sentence fragment: `expected ':' after a key`.
    package var message: String

    package init(kind: Kind, offset: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    package var description: String { message }
}

struct _JSONParser {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    let maximumStringLength: Int
    var index = 0

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int, maximumStringLength: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
    }

    func limitError(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(kind: .limitExceeded, offset: offset, message: "\(message) (column \(offset + 1))")
    }

    func checkStringLength(_ length: Int, startingAt open: Int) throws(JSONSyntaxError) {
        guard length > maximumStringLength else { return }
        throw limitError("a string longer than \(maximumStringLength) bytes", at: open)
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = offset ?? index
        return JSONSyntaxError(kind: .syntax, offset: offset, message: "\(message) (column \(offset + 1))")
    }

    /// A syntax error at `offset`: `expected`, then the byte found there,
    /// in one message made at once (a log read leniently makes one for each
    /// malformed line).
    func error(expected: String, found offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            kind: .syntax, offset: offset,
            message: "\(expected), found \(describeByte(at: offset)) (column \(offset + 1))")
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of line" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        index = Self.endOfWhitespace(in: bytes, from: index)
    }

    /// Where the JSON whitespace (space, tab, newline, return) that starts
    /// at `start` ends.
    static func endOfWhitespace(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return index
            }
        }
        return index
    }

    /// Reads the value at `index`, found `depth` levels down (a container
    /// there is `depth + 1` deep), and moves past it.
    ///
    /// Not recursive: the arrays and objects still open are kept on a
    /// stack of its own, so however deeply a text nests, the reader's own
    /// stack does not grow; what it refuses past ``maximumDepth`` is the
    /// value it would make.
    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        /// The arrays and objects opened and not closed yet, outermost first.
        var open: [OpenContainer] = []
        while true {
            // At the start of a value: a scalar, or a container that opens.
            var value: JSONValue
            guard index < bytes.count else { throw error(expected: "expected a value", found: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard depth + open.count < maximumDepth else {
                    throw limitError("nesting deeper than \(maximumDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    value = isObject ? .object([]) : .array([])
                } else {
                    open.append(OpenContainer(isObject: isObject))
                    if isObject { try parseKey(into: &open[open.count - 1]) }
                    skipWhitespace()
                    continue
                }
            default:
                value = try parseScalar()
            }
            // A value ended: it joins the container it is in, and each
            // container that ends with it joins the one it is in.
            while let last = open.indices.last {
                skipWhitespace()
                let isObject = open[last].isObject
                if isObject {
                    open[last].members.append(JSONMember(open[last].key, value))
                } else {
                    open[last].elements.append(value)
                }
                guard index < bytes.count else {
                    throw error(
                        isObject
                            ? "unterminated object: expected ',' or '}'" : "unterminated array: expected ',' or ']'")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    if isObject { try parseKey(into: &open[last]) }
                    skipWhitespace()
                    break
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error(
                        expected: isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array",
                        found: index)
                }
                index += 1
                let closed = open.removeLast()
                value = isObject ? .object(closed.members) : .array(closed.elements)
            }
            if open.isEmpty { return value }
        }
    }

    /// An array or an object the reader is inside of, with what it has read of it.
    struct OpenContainer {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        /// The key of the member whose value is read next.
        var key = ""
        /// Keys seen so far, for the duplicate check: a linear scan while the
        /// object is small, a set once it grows, so a huge object stays linear.
        var seenKeys: Set<String> = []
    }

    /// Reads an object's next key and the `:` after it, checking it is new.
    mutating func parseKey(into object: inout OpenContainer) throws(JSONSyntaxError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error(expected: "expected a key in quotes", found: index)
        }
        let keyOffset = index
        let key = try parseString()
        let isDuplicate: Bool
        if object.members.count < 16 {
            isDuplicate = object.members.contains { $0.key == key }
        } else {
            if object.seenKeys.isEmpty { object.seenKeys = Set(object.members.map(\.key)) }
            isDuplicate = !object.seenKeys.insert(key).inserted
        }
        if isDuplicate { throw error("duplicate key \"\(key)\"", at: keyOffset) }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after key \"\(key)\", found \(describeByte(at: index))")
        }
        index += 1
        object.key = key
    }

    /// Reads the string, number or literal at `index`.
    mutating func parseScalar() throws(JSONSyntaxError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error(expected: "expected a value", found: index)
        }
    }

    mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw error("invalid literal", at: start) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("invalid literal", at: start)
        }
        index += count
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw error("invalid number: expected a digit", at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw error("invalid number: leading zero", at: start) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw error("invalid number: expected a digit after '.'") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else { throw error("invalid number: expected a digit in the exponent") }
            while isDigit(index) { index += 1 }
        }
        let literal = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(validatedLiteral: literal)
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1  // "
        let start = index
        var isASCII = true
        // Fast path: no escapes. Runs of plain bytes are stepped over a word at a time.
        while true {
            index = JSONStringScan.nextSpecialByte(in: bytes, from: index)
            guard index < bytes.count else { throw error("unterminated string", at: open) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                try checkStringLength(slice.count, startingAt: open)
                index += 1
                return try makeString(slice, startingAt: start, isASCII: isASCII)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string must be escaped") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        // Slow path: decode escapes into a scratch buffer, runs of plain bytes at once.
        var scratch = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try checkStringLength(scratch.count, startingAt: open)
                index += 1
                return try scratch.withUnsafeBytes { buffer in
                    Result { () throws(JSONSyntaxError) in try makeString(buffer, startingAt: start, isASCII: isASCII) }
                }.get()
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case ..<0x20:
                throw error("control character in string must be escaped")
            default:
                if byte >= 0x80 { isASCII = false }
                let runEnd = max(index + 1, JSONStringScan.nextSpecialByte(in: bytes, from: index + 1))
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<runEnd]))
                index = runEnd
            }
        }
        throw error("unterminated string", at: open)
    }

    /// Makes a `String` of a string's bytes (escapes already decoded), after
    /// checking they are UTF-8. On failure the offset is found in the source
    /// text from `start` on: escapes are ASCII, so the bad byte is there too.
    func makeString(
        _ buffer: UnsafeRawBufferPointer, startingAt start: Int, isASCII: Bool
    ) throws(JSONSyntaxError) -> String {
        // `String(validating:)` would need macOS 15; this check runs everywhere.
        if isASCII || UTF8Validation.firstInvalidOffset(in: buffer) == nil {
            return String(decoding: buffer, as: UTF8.self)
        }
        let source = UnsafeRawBufferPointer(rebasing: bytes[start...])
        let offset = start + (UTF8Validation.firstInvalidOffset(in: source) ?? 0)
        throw JSONSyntaxError(
            kind: .invalidUTF8, offset: offset, message: "invalid UTF-8 in string (column \(offset + 1))")
    }

    mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1  // backslash
        guard index < bytes.count else { throw error("unterminated escape", at: escapeStart) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart) }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
            }
            scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error("invalid escape \\\(Character(Unicode.Scalar(byte)))", at: escapeStart)
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// UTF-8 checks that say where the first bad byte is, for error messages.
enum UTF8Validation {
    /// The offset of the first byte that does not begin or continue a valid
    /// UTF-8 sequence; `nil` when all of `buffer` is valid.
    static func firstInvalidOffset(in buffer: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < buffer.count {
            let lead = buffer[index]
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F
            default: return index
            }
            guard index + length <= buffer.count else { return index }
            for offset in 1..<length {
                let byte = buffer[index + offset]
                let (low, high) = offset == 1 ? (lowerBound, upperBound) : (0x80, 0xBF)
                if byte < low || byte > high { return index }
            }
            index += length
        }
        return nil
    }
}

extension JSONValue {
    /// Reads `text` as one JSON value, as a log's reader reads a line: the
    /// whole grammar, no duplicate keys, nesting at most
    /// ``defaultMaximumDepth`` levels, strings at most
    /// ``defaultMaximumStringLength`` bytes. ``serialized(style:)`` writes
    /// it back.
    ///
    /// ```swift
    /// let payload = try JSONValue(parsing: #"{"draft":1,"to":["ana@example.com"]}"#)
    /// payload["draft"]?.doubleValue  // 1
    /// ```
    ///
    /// - Throws: ``EventLogError`` with no file or line: `invalidJSON`
    ///   (naming the column and what was wrong), or `limitExceeded`.
    /// - Complexity: O(*n*) in the text's length.
    public init(parsing text: String) throws(EventLogError) {
        self = try EventLogReader.json(ofLine: text.utf8, options: EventLogReader.Options())
    }
}

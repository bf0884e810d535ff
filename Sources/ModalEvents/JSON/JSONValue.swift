/// A JSON value that keeps what a reader needs to write it back byte for byte:
/// the order of an object's keys and the exact text of each number.
///
/// Payloads are stored as `JSONValue`, so a log that carries an app's data
/// (large integer ids, decimals, Unicode) replays and rewrites without loss.
///
/// Comparing, hashing and writing a value do not recurse, so they take a
/// value of any depth. Releasing one does, in Swift's own code, a level at
/// a time: the package never makes a value deeper than
/// ``largestMaximumDepth`` (its readers and ``JSONValueEncoder`` refuse
/// deeper), and one built by hand should not be either.
///
/// ```swift
/// let payload: JSONValue = ["item": ["id": 42, "title": "Ünïcode"]]
/// payload["item"]?["id"]?.doubleValue  // 42
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// An object whose members keep the order they were read or built in.
    case object([JSONMember])

    /// The member named `key` of an object; `nil` for other values or a missing key.
    ///
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The value as a `Double`, when it is a number (an infinity when it
    /// overflows one, `1e999`).
    public var doubleValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.doubleValue
    }

    /// The value as a `String`, when it is a string.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The name of the value's JSON type, as error messages say it:
    /// `"a string"`, `"a number"`, `"null"`, ...
    package var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects the package's readers,
    /// ``JSONValueEncoder`` and ``JSONValueDecoder`` take by default: a
    /// log line's.
    public static let defaultMaximumDepth = 256
    /// The deepest nesting a reader, an encoder or a decoder may be asked
    /// to allow. Swift releases a nested value one level at a time on the
    /// thread's stack (a few dozen bytes a level, and a thread other than
    /// the main one may have 512 KiB), so the package never makes a value
    /// deeper than this.
    public static let largestMaximumDepth = 1_000
    /// The longest string (in UTF-8 bytes, after escapes) the package's
    /// readers take by default.
    public static let defaultMaximumStringLength = 1 << 20
}

extension JSONValue {
    /// Whether two values are the same JSON: the same types, the same
    /// number literals and strings, the same elements, and the same keys in
    /// the same order with the same values.
    ///
    /// - Complexity: O(*n*) in the size of the values; not recursive.
    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        /// The pairs of elements and members still to compare.
        var pending: [(JSONValue, JSONValue)] = []
        var pair = (left, right)
        while true {
            switch pair {
            case (.null, .null): break
            case (.bool(let left), .bool(let right)): guard left == right else { return false }
            case (.number(let left), .number(let right)): guard left == right else { return false }
            case (.string(let left), .string(let right)): guard left == right else { return false }
            case (.array(let left), .array(let right)):
                guard left.count == right.count else { return false }
                if !Self.shareStorage(left, right) { pending += zip(left, right) }
            case (.object(let left), .object(let right)):
                guard left.count == right.count else { return false }
                guard !Self.shareStorage(left, right) else { break }
                for (leftMember, rightMember) in zip(left, right) {
                    guard leftMember.key == rightMember.key else { return false }
                    pending.append((leftMember.value, rightMember.value))
                }
            default: return false
            }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }

    /// Hashes the value's types, literals, strings and keys, in order.
    ///
    /// - Complexity: O(*n*) in the size of the value; not recursive.
    public func hash(into hasher: inout Hasher) {
        /// The values still to hash, the next last.
        var pending: [JSONValue] = []
        var value = self
        while true {
            switch value {
            case .null: hasher.combine(0 as UInt8)
            case .bool(let flag): hasher.combine(flag ? 1 as UInt8 : 2)
            case .number(let number):
                hasher.combine(3 as UInt8)
                hasher.combine(number)
            case .string(let string):
                hasher.combine(4 as UInt8)
                hasher.combine(string)
            case .array(let elements):
                hasher.combine(5 as UInt8)
                hasher.combine(elements.count)
                pending += elements.reversed()
            case .object(let members):
                hasher.combine(6 as UInt8)
                hasher.combine(members.count)
                for member in members { hasher.combine(member.key) }
                pending += members.reversed().map(\.value)
            }
            guard let next = pending.popLast() else { return }
            value = next
        }
    }

    /// Whether two arrays are one storage: then they are equal without a look at their elements.
    private static func shareStorage<Element>(_ left: [Element], _ right: [Element]) -> Bool {
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name; unique within its object.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON number, kept as the exact literal it was read from (or the
/// canonical literal of the `Double` it was built from).
///
/// Two numbers are equal when their literals are equal: `1` and `1.0` differ,
/// as they would in a byte-for-byte comparison of logs.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal, valid under JSON's number grammar.
    public let literal: String

    /// Wraps a literal the JSON reader has already checked.
    init(validatedLiteral: String) {
        self.literal = validatedLiteral
    }

    /// The canonical literal of a `Double`: integral values up to 2^53 have
    /// no fraction (`390`, `-1`), others use the shortest form that reads back
    /// to the same `Double` (`0.25`, `1e-07`). JSON has no infinity: an
    /// infinite value is written `1e999` (or `-1e999`), the overflowing literal
    /// that reads back as it.
    ///
    /// - Precondition: `value` is not NaN, which JSON cannot spell. Traps otherwise.
    public init(_ value: Double) {
        precondition(!value.isNaN, "JSON has no NaN")
        self.literal = JSONNumber.canonicalLiteral(value)
    }

    public init(_ value: Int) {
        self.literal = String(value)
    }

    /// A number written exactly as `literal` (`1.50`, `2E+3`,
    /// `123456789012345678901`); `nil` unless `literal` is one JSON number.
    public init?(literal: String) {
        guard case .number(let number) = try? JSONReader.read(Array(literal.utf8)), number.literal == literal else {
            return nil
        }
        self = number
    }

    /// The literal read as a `Double`: an infinity when it overflows (`1e999`).
    public var doubleValue: Double {
        var literal = literal
        return literal.withUTF8 { JSONNumber.double(of: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { literal }

    /// A number as messages and descriptions show it: its canonical literal,
    /// or `NaN`, which JSON cannot spell. Never traps.
    package static func text(_ value: Double) -> String {
        value.isNaN ? "NaN" : canonicalLiteral(value)
    }

    /// The largest whole number in size that a JSON number read as a
    /// `Double` holds exactly, with every one below it: 2^53.
    static let largestExactInteger = 9_007_199_254_740_992.0

    /// `value` as a literal: a whole number within ±2^53 without a
    /// fraction (`390`), any other in its type's shortest form (`0.1`,
    /// `1e+300`; a `Float`'s `0.1` stays `0.1`).
    static func canonicalLiteral<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number
    ) -> String {
        if value.isInfinite { return value < 0 ? "-1e999" : "1e999" }
        if value == value.rounded(.towardZero), abs(Double(value)) <= largestExactInteger {
            return String(Int64(value))
        }
        return value.description
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember($0.0, $0.1) })
    }
}

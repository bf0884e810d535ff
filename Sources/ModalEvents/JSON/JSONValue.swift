/// A JSON value that keeps what a reader needs to write it back byte for byte:
/// the order of an object's keys and the exact text of each number.
///
/// Payloads are stored as `JSONValue`, so a log that carries an app's data
/// (large integer ids, decimals, Unicode) replays and rewrites without loss.
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
    public var typeDescription: String {
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

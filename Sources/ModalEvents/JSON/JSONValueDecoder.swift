/// Decodes a `Decodable` value from a ``JSONValue``: how an app reads its
/// own types (a route, a payload) back from a log.
///
/// Numbers decode exactly or not at all: a whole number into any integer
/// type that holds it (`12345678901234567890` into a `UInt64`), any number
/// into a `Double`; `1.5` into an `Int` is a type mismatch. An object's
/// duplicate key reads as its last value, as ``JSONValue/subscript(_:)`` does.
/// Foundation's values read as `JSONDecoder()` reads them: a `Decimal` from
/// a number's digits, a `URL` from its string, `Data` from a Base64 string.
///
/// ```swift
/// let cart = try JSONValueDecoder().decode(Cart.self, from: ["items": 3, "total": "42.50"])
/// ```
public struct JSONValueDecoder: Sendable {
    /// The deepest nesting of arrays and objects a value may be read from.
    public let maximumDepth: Int

    /// - Parameter maximumDepth: The deepest nesting of arrays and objects
    ///   a value is read from: by default what a log reader reads.
    /// - Precondition: `maximumDepth` is 1 to ``JSONValue/largestMaximumDepth``. Traps otherwise.
    public init(maximumDepth: Int = JSONValue.defaultMaximumDepth) {
        JSONReader.checkMaximumDepth(maximumDepth, of: "JSONValueDecoder")
        self.maximumDepth = maximumDepth
    }

    /// `value` read as a `Value`.
    ///
    /// - Throws: `DecodingError` with the coding path of the first value
    ///   that does not fit (`typeMismatch`, `keyNotFound`, `valueNotFound`),
    ///   `dataCorrupted` for a container deeper than ``maximumDepth`` (so a
    ///   recursive type read from a deep value stops there instead of
    ///   exhausting the stack) and for a `Decimal`, `URL` or `Data` its JSON
    ///   does not spell (`1e200`, a string that is not Base64), or the error
    ///   `Value`'s own `init(from:)` throws, as `dataCorrupted`.
    public func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws(DecodingError) -> Value {
        do {
            return try SingleValueContainer(value: value, codingPath: [], maximumDepth: maximumDepth).decode(type)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let maximumDepth: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch([String: Any].self, "an object")
        }
        try checkDepth()
        return KeyedDecodingContainer(
            KeyedValueContainer(members: members, codingPath: codingPath, maximumDepth: maximumDepth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, "an array") }
        try checkDepth()
        return UnkeyedValueContainer(elements: elements, codingPath: codingPath, maximumDepth: maximumDepth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath, maximumDepth: maximumDepth)
    }

    /// Refuses a container past the decoder's depth: its coding path is as deep as it is.
    func checkDepth() throws {
        guard codingPath.count >= maximumDepth else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "the value nests deeper than \(maximumDepth) levels"))
    }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected \(expected), found \(value.typeDescription)"))
    }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: JSONValue]
    let codingPath: [any CodingKey]
    let maximumDepth: Int
    let allKeys: [Key]

    init(members: [JSONMember], codingPath: [any CodingKey], maximumDepth: Int) {
        var values: [String: JSONValue] = [:]
        for member in members { values[member.key] = member.value }
        self.values = values
        self.codingPath = codingPath
        self.maximumDepth = maximumDepth
        self.allKeys = values.keys.compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func single(_ key: Key) throws -> SingleValueContainer {
        guard let value = values[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no key \"\(key.stringValue)\""))
        }
        return SingleValueContainer(value: value, codingPath: codingPath + [key], maximumDepth: maximumDepth)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try single(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try single(key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try single(key).decoder.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try single(key).decoder.unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(
            value: values["super"] ?? .null, codingPath: codingPath + [JSONCodingKey(stringValue: "super")],
            maximumDepth: maximumDepth)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(
            value: values[key.stringValue] ?? .null, codingPath: codingPath + [key], maximumDepth: maximumDepth)
    }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let maximumDepth: Int
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey], maximumDepth: Int) {
        self.elements = elements
        self.codingPath = codingPath
        self.maximumDepth = maximumDepth
    }

    /// The next element; the index moves on only once it decoded.
    private mutating func next<Value>(_ decode: (SingleValueContainer) throws -> Value) throws -> Value {
        let key = JSONCodingKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Value.self,
                DecodingError.Context(
                    codingPath: codingPath + [key], debugDescription: "the array has no more elements")
            )
        }
        let value = try decode(
            SingleValueContainer(
                value: elements[currentIndex], codingPath: codingPath + [key], maximumDepth: maximumDepth))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decode(type) } }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.decoder.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try $0.decoder.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next { $0.decoder }
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let maximumDepth: Int

    var decoder: ValueDecoder { ValueDecoder(value: value, codingPath: codingPath, maximumDepth: maximumDepth) }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw decoder.mismatch(type, "true or false") }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw decoder.mismatch(type, "a string") }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw decoder.mismatch(type, "a number") }
        return number.doubleValue
    }

    func decode(_ type: Float.Type) throws -> Float {
        let double = try decode(Double.self)
        let float = Float(double)
        guard float.isFinite || double.isInfinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "\(double) does not fit in a Float"))
        }
        return float
    }

    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    /// A Foundation value as `JSONDecoder` reads it (``FoundationValue``),
    /// any other through its `init(from:)`.
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if let read = try FoundationValue.decode(type, from: value, codingPath: codingPath) {
            return read as! Value  // `decode` reads a value of the type it is given.
        }
        return try Value(from: decoder)
    }

    /// The number as an `Integer`, exactly: the whole number its literal
    /// writes (`42`, `4.2e1`, `420e-1`), every digit kept, when an `Integer`
    /// holds it.
    private func integer<Integer: FixedWidthInteger>() throws -> Integer {
        guard case .number(let number) = value else { throw decoder.mismatch(Integer.self, "a number") }
        if let digits = Self.wholeDigits(of: number.literal), let integer = Integer(digits) { return integer }
        throw DecodingError.typeMismatch(
            Integer.self,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(number.literal) is not a whole number that \(Integer.self) holds"))
    }

    /// The digits of the whole number a JSON number literal writes, with
    /// its sign (`-420` for `-4.2e2`), or `nil` when it has a fraction or
    /// is too long for any integer type (more than 40 digits).
    static func wholeDigits(of literal: String) -> String? {
        var text = Substring(literal)
        let sign = text.first == "-" ? "-" : ""
        if !sign.isEmpty { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(text[text.index(after: e)...].drop { $0 == "+" }) else { return nil }
            exponent = value
            text = text[..<e]
        }
        let point = text.firstIndex(of: ".")
        let whole = point.map { text[..<$0] } ?? text
        let fraction = point.map { text[text.index(after: $0)...] } ?? ""
        // The digits, and where the point falls among them once the exponent moved it.
        let digits = whole + fraction
        let pointAt = whole.count + exponent
        guard pointAt <= 40 else { return nil }
        if pointAt < digits.count {
            guard digits.dropFirst(max(pointAt, 0)).allSatisfy({ $0 == "0" }) else { return nil }
            let kept = digits.prefix(max(pointAt, 0))
            return sign + (kept.isEmpty ? "0" : String(kept))
        }
        return sign + digits + String(repeating: "0", count: pointAt - digits.count)
    }
}

/// Encodes an `Encodable` value as a ``JSONValue``: how an app's own types
/// (a route, a payload) go into a log.
///
/// The result is deterministic: an object's keys are sorted (a dictionary's
/// order changes from one launch to the next), and numbers take the
/// canonical form the log writes (`390`, `0.25`), so the same value always
/// gives the same bytes. Foundation's values are the JSON `JSONEncoder()`
/// writes: a `Decimal` as a number of its exact digits, a `URL` as its
/// `absoluteString`, `Data` as Base64, a `Date` as its
/// `timeIntervalSinceReferenceDate`.
///
/// ```swift
/// struct Cart: Codable { var items: Int; var total: String }
/// let payload = try JSONValueEncoder().encode(Cart(items: 3, total: "42.50"))
/// payload.serialized()  // {"items":3,"total":"42.50"}
/// ```
public struct JSONValueEncoder: Sendable {
    /// The deepest nesting of arrays and objects a value may encode to.
    public let maximumDepth: Int

    /// - Parameter maximumDepth: The deepest nesting of arrays and objects
    ///   a value may encode to: by default what a log reader reads.
    /// - Precondition: `maximumDepth` is 1 to ``JSONValue/largestMaximumDepth``. Traps otherwise.
    public init(maximumDepth: Int = JSONValue.defaultMaximumDepth) {
        JSONReader.checkMaximumDepth(maximumDepth, of: "JSONValueEncoder")
        self.maximumDepth = maximumDepth
    }

    /// `value` as JSON.
    ///
    /// - Throws: `EncodingError.invalidValue` for a number JSON cannot
    ///   spell (a NaN `Double` or `Decimal`, an infinity), a value that
    ///   nests deeper than ``maximumDepth`` (a recursive type, say: its
    ///   encoding stops there), a value that encodes nothing, or the error
    ///   the value's own `encode(to:)` throws, with its coding path.
    public func encode<Value: Encodable>(_ value: Value) throws(EncodingError) -> JSONValue {
        let node = EncodedNode(limit: EncodingDepth(maximum: maximumDepth))
        do {
            try node.encode(value, codingPath: [])
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
        if let tooDeep = node.limit.tooDeep { throw tooDeep }
        guard let json = node.json else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "the value encoded nothing"))
        }
        return json
    }
}

/// How deeply an encoding may nest, and where it first went deeper: shared
/// by the nodes of one encoding.
private final class EncodingDepth {
    let maximum: Int
    /// The error for the first container made deeper than ``maximum``.
    var tooDeep: EncodingError?

    init(maximum: Int) {
        self.maximum = maximum
    }
}

/// A value being encoded: containers write into it, and the finished tree
/// becomes a ``JSONValue``. A class, so that a container handed out keeps
/// writing into the place it was made for.
private final class EncodedNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object([String: EncodedNode])
        case array([EncodedNode])
    }

    var content = Content.empty
    let limit: EncodingDepth
    /// How many containers it is in: 0 for the value encoded.
    let depth: Int

    init(limit: EncodingDepth, depth: Int = 0) {
        self.limit = limit
        self.depth = depth
    }

    /// The JSON of what was encoded; `nil` when nothing was. Recursive, as
    /// deep as the nodes: at most the limit, as `encode` refuses deeper.
    var json: JSONValue? {
        switch content {
        case .empty: nil
        case .value(let value): value
        case .object(let members):
            .object(members.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value.json ?? .object([])) })
        case .array(let elements): .array(elements.map { $0.json ?? .object([]) })
        }
    }

    /// Encodes `value` here: a Foundation value as `JSONEncoder` writes it
    /// (``FoundationValue``), any other through its `encode(to:)`.
    ///
    /// - Throws: Once a container was made deeper than the limit: so a
    ///   recursive value stops there instead of exhausting the stack.
    func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        if let tooDeep = limit.tooDeep { throw tooDeep }
        if let json = try FoundationValue.json(of: value, codingPath: codingPath) {
            content = .value(json)
            return
        }
        try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
    }

    /// Notes that the node becomes a container, at `codingPath`: past the limit, the encoding fails.
    private func opens(at codingPath: [any CodingKey]) {
        guard depth >= limit.maximum, limit.tooDeep == nil else { return }
        limit.tooDeep = EncodingError.invalidValue(
            "a container \(depth + 1) levels deep",
            EncodingError.Context(
                codingPath: codingPath, debugDescription: "the value nests deeper than \(limit.maximum) levels"))
    }

    /// The member `key`, made (empty) if it is new; the node becomes an object.
    func member(_ key: String, codingPath: [any CodingKey]) -> EncodedNode {
        opens(at: codingPath)
        var members: [String: EncodedNode] = [:]
        if case .object(let existing) = content {
            if let member = existing[key] { return member }
            members = existing
        }
        // Let go of the content first, so that the members are not copied to add one.
        content = .empty
        let member = EncodedNode(limit: limit, depth: depth + 1)
        members[key] = member
        content = .object(members)
        return member
    }

    /// A new last element; the node becomes an array.
    func appendElement(codingPath: [any CodingKey]) -> EncodedNode {
        opens(at: codingPath)
        var elements: [EncodedNode] = []
        if case .array(let existing) = content { elements = existing }
        // Let go of the content first, so that the elements are not copied to add one.
        content = .empty
        let element = EncodedNode(limit: limit, depth: depth + 1)
        elements.append(element)
        content = .array(elements)
        return element
    }

    var elementCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    func becomeObject(codingPath: [any CodingKey]) {
        opens(at: codingPath)
        if case .object = content { return }
        content = .object([:])
    }

    func becomeArray(codingPath: [any CodingKey]) {
        opens(at: codingPath)
        if case .array = content { return }
        content = .array([])
    }

    func set(_ number: some BinaryFloatingPoint & LosslessStringConvertible, codingPath: [any CodingKey]) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, EncodingError.Context(codingPath: codingPath, debugDescription: "JSON has no \(number)"))
        }
        content = .value(.number(JSONNumber(validatedLiteral: JSONNumber.canonicalLiteral(number))))
    }

    func set(_ integer: some FixedWidthInteger) {
        content = .value(.number(JSONNumber(validatedLiteral: String(integer))))
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject(codingPath: codingPath)
        return KeyedEncodingContainer(KeyedNodeContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray(codingPath: codingPath)
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func single(_ key: Key) -> SingleNodeContainer {
        SingleNodeContainer(node: node.member(key.stringValue, codingPath: codingPath), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { try single(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try single(key).encode(value) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { try single(key).encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue, codingPath: codingPath), codingPath: codingPath + [key])
            .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue, codingPath: codingPath), codingPath: codingPath + [key])
            .unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(
            node: node.member("super", codingPath: codingPath),
            codingPath: codingPath + [JSONCodingKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue, codingPath: codingPath), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int { node.elementCount }

    private func single() -> SingleNodeContainer {
        let key = JSONCodingKey(intValue: count)
        return SingleNodeContainer(node: node.appendElement(codingPath: codingPath), codingPath: codingPath + [key])
    }

    mutating func encodeNil() throws { try single().encodeNil() }
    mutating func encode(_ value: Bool) throws { try single().encode(value) }
    mutating func encode(_ value: String) throws { try single().encode(value) }
    mutating func encode(_ value: Double) throws { try single().encode(value) }
    mutating func encode(_ value: Float) throws { try single().encode(value) }
    mutating func encode(_ value: Int) throws { try single().encode(value) }
    mutating func encode(_ value: Int8) throws { try single().encode(value) }
    mutating func encode(_ value: Int16) throws { try single().encode(value) }
    mutating func encode(_ value: Int32) throws { try single().encode(value) }
    mutating func encode(_ value: Int64) throws { try single().encode(value) }
    mutating func encode(_ value: UInt) throws { try single().encode(value) }
    mutating func encode(_ value: UInt8) throws { try single().encode(value) }
    mutating func encode(_ value: UInt16) throws { try single().encode(value) }
    mutating func encode(_ value: UInt32) throws { try single().encode(value) }
    mutating func encode(_ value: UInt64) throws { try single().encode(value) }
    mutating func encode(_ value: some Encodable) throws { try single().encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = JSONCodingKey(intValue: count)
        return NodeEncoder(node: node.appendElement(codingPath: codingPath), codingPath: codingPath + [key]).container(
            keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = JSONCodingKey(intValue: count)
        return NodeEncoder(node: node.appendElement(codingPath: codingPath), codingPath: codingPath + [key])
            .unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = JSONCodingKey(intValue: count)
        return NodeEncoder(node: node.appendElement(codingPath: codingPath), codingPath: codingPath + [key])
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    func encodeNil() throws { node.content = .value(.null) }
    func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    func encode(_ value: String) throws { node.content = .value(.string(value)) }
    func encode(_ value: Double) throws { try node.set(value, codingPath: codingPath) }
    func encode(_ value: Float) throws { try node.set(value, codingPath: codingPath) }
    func encode(_ value: Int) throws { node.set(value) }
    func encode(_ value: Int8) throws { node.set(value) }
    func encode(_ value: Int16) throws { node.set(value) }
    func encode(_ value: Int32) throws { node.set(value) }
    func encode(_ value: Int64) throws { node.set(value) }
    func encode(_ value: UInt) throws { node.set(value) }
    func encode(_ value: UInt8) throws { node.set(value) }
    func encode(_ value: UInt16) throws { node.set(value) }
    func encode(_ value: UInt32) throws { node.set(value) }
    func encode(_ value: UInt64) throws { node.set(value) }
    func encode(_ value: some Encodable) throws { try node.encode(value, codingPath: codingPath) }
}

/// A coding key of the encoder's and the decoder's own: an array index, or `super`.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

// The one file of ModalEvents and ModalProjection that imports Foundation's
// types: from the smallest module that declares them, FoundationEssentials,
// where the platform has it; Foundation itself on Apple platforms (marked
// below). The import is internal: no client sees Foundation through it.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else  // Apple platforms only, not built here.
    import Foundation
#endif

/// The Foundation values that `JSONEncoder` and `JSONDecoder` write and
/// read in a form of their own, with their default strategies, rather
/// than through the values' own `Codable`: ``JSONValueEncoder`` and
/// ``JSONValueDecoder`` write and read them the same way, so a payload
/// holding one is the JSON Foundation writes.
///
/// - `Decimal`: a number, its exact digits (`12.34`, as its `description`
///   writes them); read from the literal's digits, never through a `Double`.
///   A NaN, which `JSONEncoder` writes as `NaN` (not JSON), is refused, as
///   a NaN `Double` is.
/// - `URL`: its `absoluteString`; read with `URL(string:)`.
/// - `Data`: Base64 (`.base64`); read with `Data(base64Encoded:)`.
///
/// `Date` needs nothing here: `.deferredToDate` writes what its own
/// `Codable` does, `timeIntervalSinceReferenceDate` as a number. Nor do
/// dictionaries: with the default key strategies, `JSONEncoder` writes one
/// as Swift's `Codable` does (an object when keyed by `String` or `Int`, an
/// array of keys and values otherwise).
enum FoundationValue {
    /// `value` as `JSONEncoder` writes it when it is a `Decimal`, a `URL` or
    /// `Data`; `nil` for any other value, which encodes itself.
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN `Decimal`.
    static func json<Value: Encodable>(
        of value: Value, codingPath: [any CodingKey]
    ) throws(EncodingError) -> JSONValue? {
        // The type first: comparing it costs next to nothing, where a cast that fails costs a lookup.
        if Value.self == Decimal.self, let decimal = value as? Decimal {
            guard let number = JSONNumber(literal: decimal.description) else {
                throw EncodingError.invalidValue(
                    decimal, EncodingError.Context(codingPath: codingPath, debugDescription: "JSON has no \(decimal)"))
            }
            return .number(number)
        }
        if Value.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if Value.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        return nil
    }

    /// `json` read as a value of `type` as `JSONDecoder` reads it, when
    /// `type` is `Decimal`, `URL` or `Data`; `nil` for any other type, which
    /// decodes itself.
    ///
    /// Not generic: a generic `Value?` result would look up the metadata of
    /// `Optional<Value>` for every value decoded (a tenth of a route's decoding).
    ///
    /// - Throws: `DecodingError.typeMismatch` for a value of another JSON
    ///   type (a string for a `Decimal`, a number for a `URL`), and
    ///   `dataCorrupted` for a number no `Decimal` holds (`1e200`), a string
    ///   that is not a URL or not Base64.
    static func decode(
        _ type: Any.Type, from json: JSONValue, codingPath: [any CodingKey]
    ) throws(DecodingError) -> Any? {
        if type == Decimal.self { return try decimal(from: json, codingPath: codingPath) }
        if type == URL.self { return try url(from: json, codingPath: codingPath) }
        if type == Data.self { return try data(from: json, codingPath: codingPath) }
        return nil
    }

    private static func decimal(from json: JSONValue, codingPath: [any CodingKey]) throws(DecodingError) -> Decimal {
        guard case .number(let number) = json else { throw mismatch(Decimal.self, "a number", json, codingPath) }
        guard let decimal = Decimal(string: number.literal) else {
            throw corrupted("\(number.literal) does not fit in a Decimal", codingPath)
        }
        return decimal
    }

    private static func url(from json: JSONValue, codingPath: [any CodingKey]) throws(DecodingError) -> URL {
        guard case .string(let string) = json else { throw mismatch(URL.self, "a string", json, codingPath) }
        guard let url = URL(string: string) else { throw corrupted("\"\(string)\" is not a URL", codingPath) }
        return url
    }

    private static func data(from json: JSONValue, codingPath: [any CodingKey]) throws(DecodingError) -> Data {
        guard case .string(let string) = json else { throw mismatch(Data.self, "a Base64 string", json, codingPath) }
        guard let data = Data(base64Encoded: string) else { throw corrupted("the string is not Base64", codingPath) }
        return data
    }

    private static func mismatch(
        _ type: Any.Type, _ expected: String, _ json: JSONValue, _ codingPath: [any CodingKey]
    ) -> DecodingError {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected \(expected), found \(json.typeDescription)"))
    }

    private static func corrupted(_ message: String, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message))
    }
}

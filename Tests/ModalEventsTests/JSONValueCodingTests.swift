import Foundation
import ModalEvents
import TestSupport
import Testing

/// `JSONValueEncoder` and `JSONValueDecoder`: an app's `Codable` types in and out of a log.
@Suite struct JSONValueCodingTests {
    struct Cart: Codable, Hashable {
        var items: Int
        var total: String
        var coupon: String?
    }

    enum Sheet: Codable, Hashable {
        case cart(Cart)
        case address(id: Int, primary: Bool)
        case settings
    }

    struct Numbers: Codable, Hashable {
        var int = Int.min
        var int8 = Int8.max
        var int16 = Int16.min
        var int32 = Int32.max
        var int64 = Int64.max
        var uint = UInt.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64.max
        var double = 0.1
        var negativeZero = -0.0
        var float: Float = 0.1
        var whole = 390.0
    }

    func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> JSONValue {
        let json = try JSONValueEncoder().encode(value)
        #expect(try JSONValueDecoder().decode(Value.self, from: json) == value)
        // Through bytes and Foundation's decoder too: the encoding is JSON that any reader takes.
        let foundation = try JSONDecoder().decode(Value.self, from: Data(json.serialized().utf8))
        #expect(foundation == value)
        return json
    }

    @Test func structsAndOptionalsReadAsJSONWithSortedKeys() throws {
        let json = try roundTrip(Cart(items: 3, total: "42.50"))
        #expect(json.serialized() == #"{"items":3,"total":"42.50"}"#)
        let withCoupon = try roundTrip(Cart(items: 1, total: "9", coupon: "SPRING"))
        #expect(withCoupon.serialized() == #"{"coupon":"SPRING","items":1,"total":"9"}"#)
    }

    @Test func enumsWithAssociatedValuesAsSwiftWritesThem() throws {
        #expect(
            try roundTrip(Sheet.cart(Cart(items: 3, total: "42.50"))).serialized()
                == #"{"cart":{"_0":{"items":3,"total":"42.50"}}}"#)
        #expect(
            try roundTrip(Sheet.address(id: 7, primary: true)).serialized() == #"{"address":{"id":7,"primary":true}}"#)
        #expect(try roundTrip(Sheet.settings).serialized() == #"{"settings":{}}"#)
    }

    @Test func everyNumberTypeKeepsItsValueExactly() throws {
        let json = try roundTrip(Numbers())
        #expect(json["uint64"] == .number(JSONNumber(literal: "18446744073709551615")!))
        #expect(json["int"] == .number(JSONNumber(literal: "-9223372036854775808")!))
        #expect(json["whole"] == 390 && json["double"] == 0.1 && json["float"]?.serialized() == "0.1")
    }

    @Test func dictionariesAndArraysNestAndAreSortedTheSameEveryTime() throws {
        let value: [String: [[Int]]] = ["zeta": [[1], []], "alpha": [[2, 3]], "mid": []]
        let json = try roundTrip(value)
        #expect(json.serialized() == #"{"alpha":[[2,3]],"mid":[],"zeta":[[1],[]]}"#)
        let many = Dictionary(uniqueKeysWithValues: (0..<200).map { ("key\($0)", $0) })
        let first = try JSONValueEncoder().encode(many).serialized()
        #expect(try JSONValueEncoder().encode(Dictionary(uniqueKeysWithValues: many.shuffled())).serialized() == first)
    }

    @Test func aNumberJSONCannotSpellIsAnEncodingErrorWithItsPath() {
        struct Point: Codable { var x: Double }
        #expect {
            try JSONValueEncoder().encode(["a": [Point(x: .nan)]])
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["a", "0", "x"]
        }
    }

    @Test func whatDoesNotFitIsADecodingErrorWithItsPath() {
        func decodingError<Value: Decodable>(_ type: Value.Type, _ json: JSONValue) -> DecodingError? {
            do {
                _ = try JSONValueDecoder().decode(type, from: json)
                return nil
            } catch {
                return error
            }
        }
        guard case .typeMismatch(_, let context)? = decodingError(Cart.self, ["items": "3", "total": "1"]) else {
            Issue.record("a string for an Int decoded")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["items"])
        guard case .keyNotFound(let key, _)? = decodingError(Cart.self, ["items": 3]) else {
            Issue.record("a missing key decoded")
            return
        }
        #expect(key.stringValue == "total")
        guard case .typeMismatch(_, let fraction)? = decodingError([Int].self, [1, 1.5]) else {
            Issue.record("1.5 decoded as an Int")
            return
        }
        #expect(fraction.codingPath.map(\.stringValue) == ["1"])
        #expect(fraction.debugDescription == "1.5 is not a whole number that Int holds")
        #expect(decodingError(UInt8.self, 256) != nil && decodingError(Int.self, 1e300) != nil)
        #expect(decodingError(Int.self, .number(JSONNumber(literal: "2.0e1")!)) == nil)
        #expect(decodingError([Int].self, .object([])) != nil && decodingError(Cart.self, []) != nil)
    }

    @Test func anIntegerIsTheWholeNumberItsLiteralWritesOrNothing() {
        func decoded<Value: Decodable>(_ type: Value.Type, _ literal: String) -> Value? {
            try? JSONValueDecoder().decode(type, from: .number(JSONNumber(literal: literal)!))
        }
        #expect(decoded(Int.self, "4.2e1") == 42 && decoded(Int.self, "420e-1") == 42 && decoded(Int.self, "-0") == 0)
        #expect(decoded(Int.self, "9007199254740993.0") == 9_007_199_254_740_993)  // past 2^53: every digit
        #expect(decoded(UInt64.self, "1.8446744073709551615e19") == .max)
        #expect(decoded(UInt64.self, "12345678901234567890.5") == nil)  // a fraction, however far down
        #expect(decoded(Int.self, "1e-400") == nil && decoded(Int.self, "0e-400") == 0)
        #expect(decoded(Int8.self, "1.27e2") == 127 && decoded(Int8.self, "1.28e2") == nil)
        #expect(decoded(Int.self, "1e999999999999999999999") == nil)
        #expect(decoded(Float.self, "1e300") == nil && decoded(Float.self, "0.5") == 0.5)
    }

    @Test func aDuplicateKeyReadsAsItsLastValue() throws {
        let json = JSONValue.object([JSONMember("items", 1), JSONMember("total", "x"), JSONMember("items", 2)])
        #expect(try JSONValueDecoder().decode(Cart.self, from: json).items == 2)
    }

    /// A random tree of values, to check that any shape survives the trip.
    indirect enum Tree: Codable, Hashable {
        case leaf(Int64, String?)
        case number(Double)
        case branch([Tree], [String: Tree])
        case flag(Bool?)

        static func make(depth: Int, using generator: inout SplitMixRandom) -> Tree {
            switch Int.random(in: depth > 3 ? 0...1 : 0...3, using: &generator) {
            case 0:
                let text: String? = Bool.random(using: &generator) ? "é\u{1F600}" : nil
                return .leaf(Int64.random(in: .min ... .max, using: &generator), text)
            case 1: return .number(Double.random(in: -1e12...1e12, using: &generator))
            case 2:
                let children = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    make(depth: depth + 1, using: &generator)
                }
                let named = (0..<Int.random(in: 0...3, using: &generator)).map { index in
                    ("k\(index)", make(depth: depth + 1, using: &generator))
                }
                return .branch(children, Dictionary(uniqueKeysWithValues: named))
            default: return .flag(Bool.random(using: &generator) ? nil : Bool.random(using: &generator))
            }
        }
    }

    @Test func randomTreesRoundTrip() throws {
        var generator = SplitMixRandom(seed: 17)
        for _ in 0..<500 {
            _ = try roundTrip(Tree.make(depth: 0, using: &generator))
        }
    }
}

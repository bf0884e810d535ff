import Foundation
import ModalEvents
import Testing

/// The Foundation values `JSONEncoder` and `JSONDecoder` treat specially,
/// with their default strategies, through `JSONValueEncoder` and
/// `JSONValueDecoder`: each is the JSON `JSONEncoder()` writes, and what
/// it writes reads back to what `JSONDecoder()` reads (issue 31).
@Suite struct FoundationValueCodingTests {
    /// An app's value holding one of each, nested as apps nest them.
    struct Order: Codable, Equatable {
        var price: Decimal
        var receipt: URL
        var signature: Data
        var placed: Date
        var id: UUID
        var discounts: [Decimal?]
        var mirror: URL?
        var attachments: [String: [Data]]
        var byLine: [Int: Decimal]
    }

    static let order = Order(
        price: Decimal(string: "12.34")!, receipt: URL(string: "https://shop.example/r/7?lang=en#top")!,
        signature: Data([1, 2, 3]), placed: Date(timeIntervalSinceReferenceDate: 790_000_000.5),
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        discounts: [Decimal(string: "-0.5")!, nil, 0], mirror: nil,
        attachments: ["logo": [Data(), Data([255, 254])], "scan": [Data(repeating: 7, count: 5)]],
        byLine: [1: Decimal(string: "9.99")!, 20: Decimal(string: "100")!])

    /// The same value with its objects' keys in one order, so that two
    /// encoders' objects compare whatever order each writes.
    static func sortingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.map(sortingKeys))
        case .object(let members):
            .object(members.sorted { $0.key < $1.key }.map { JSONMember($0.key, sortingKeys($0.value)) })
        default: value
        }
    }

    /// What `JSONEncoder()` writes for `value`, read as a `JSONValue` (every number literal as written).
    static func foundationJSON(_ value: some Encodable) throws -> JSONValue {
        sortingKeys(try JSONReader.read(JSONEncoder().encode(value)))
    }

    /// Checks that the package writes `value` as `JSONEncoder()` does, and reads
    /// that JSON back as `JSONDecoder()` does; returns the JSON.
    @discardableResult
    static func expectFoundationsJSON<Value: Codable & Equatable>(
        _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONValue {
        let json = try JSONValueEncoder().encode(value)
        let foundation = try foundationJSON(value)
        #expect(sortingKeys(json) == foundation, "\(value)", sourceLocation: sourceLocation)
        let bytes = try JSONEncoder().encode(value)
        let read = try JSONValueDecoder().decode(Value.self, from: JSONReader.read(bytes))
        let foundationRead = try JSONDecoder().decode(Value.self, from: bytes)
        #expect(read == foundationRead, "\(value)", sourceLocation: sourceLocation)
        #expect(try JSONValueDecoder().decode(Value.self, from: json) == read, sourceLocation: sourceLocation)
        return json
    }

    @Test func eachValueIsTheJSONFoundationWrites() throws {
        let json = try Self.expectFoundationsJSON(Self.order)
        #expect(json["price"]?.serialized() == "12.34")
        #expect(json["receipt"] == "https://shop.example/r/7?lang=en#top")
        #expect(json["signature"] == "AQID")
        #expect(json["placed"]?.serialized() == "790000000.5")
        #expect(json["id"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(json["discounts"]?.serialized() == "[-0.5,null,0]")
        #expect(json["attachments"]?.serialized() == #"{"logo":["","//4="],"scan":["BwcHBwc="]}"#)
        #expect(json["byLine"]?.serialized() == #"{"1":9.99,"20":100}"#)
        #expect(try JSONValueDecoder().decode(Order.self, from: json) == Self.order)
    }

    @Test func aValueOnItsOwnIsTheJSONFoundationWrites() throws {
        #expect(try Self.expectFoundationsJSON(Decimal(string: "42.5")!).serialized() == "42.5")
        #expect(try Self.expectFoundationsJSON(URL(string: "https://shop.example")!) == "https://shop.example")
        #expect(try Self.expectFoundationsJSON(Data([1, 2, 3, 4])) == "AQIDBA==")
        #expect(try Self.expectFoundationsJSON(Optional(Decimal(7))).serialized() == "7")
    }

    @Test(arguments: [
        "0", "-0", "12.34", "12.340", "-0.001", "0.1", "1500", "-1234567.89",
        "12345678901234567890123456789012345678",  // 38 digits: a Decimal's mantissa
        "3.1415926535897932384626433832795028841",
        "123456789012345678901234567890123456789012345",  // more digits than it keeps
        "1e100", "1e-100", "-9.99e-120",
    ])
    func decimalsAreTheirDigits(text: String) throws {
        let decimal = try #require(Decimal(string: text))
        let json = try Self.expectFoundationsJSON(decimal)
        #expect(json.serialized() == decimal.description)
        #expect(try JSONValueDecoder().decode(Decimal.self, from: json) == decimal)
    }

    @Test func theExtremeDecimalsAreTheirDigits() throws {
        for decimal in [Decimal.greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude] {
            try Self.expectFoundationsJSON(decimal)
        }
    }

    @Test func aDecimalIsReadFromItsLiteralNeverThroughADouble() throws {
        for literal in ["0.1", "1e5", "1E+5", "-0.5e-2", "12345678901234567890.123456789", "0.30000000000000000001"] {
            let json = JSONValue.number(try #require(JSONNumber(literal: literal)))
            let read = try JSONValueDecoder().decode(Decimal.self, from: json)
            let foundationRead = try JSONDecoder().decode(Decimal.self, from: Data(literal.utf8))
            #expect(read == foundationRead && read == Decimal(string: literal), "\(literal)")
        }
    }

    @Test func aNaNDecimalIsRefusedWhereFoundationWritesNaN() throws {
        // JSONEncoder writes the bare word NaN, which is not JSON: no reader takes it back.
        let foundation = try JSONEncoder().encode([Decimal.nan])
        #expect(String(decoding: foundation, as: UTF8.self) == "[NaN]")
        #expect(throws: JSONSyntaxError.self) { try JSONReader.read(foundation) }
        #expect {
            try JSONValueEncoder().encode(["a": [Decimal.nan]])
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["a", "0"] && context.debugDescription == "JSON has no NaN"
        }
    }

    @Test func whatIsNotADecimalIsADecodingErrorAsInFoundation() throws {
        let notDecimals: [(JSONValue, String)] = [
            (.number(JSONNumber(literal: "1e200")!), "1e200"), ("12.34", #""12.34""#),
        ]
        for (json, text) in notDecimals {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Decimal.self, from: Data(text.utf8)) }
            #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Decimal.self, from: json) }
        }
        #expect {
            try JSONValueDecoder().decode(
                [String: Decimal].self, from: ["price": .number(JSONNumber(literal: "1e200")!)])
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["price"]
                && context.debugDescription == "1e200 does not fit in a Decimal"
        }
    }

    @Test func aURLIsItsAbsoluteString() throws {
        let base = URL(string: "https://shop.example/orders/")!
        let urls = [
            URL(string: "https://shop.example/r/7?lang=en#top")!, URL(string: "r/7?x=1", relativeTo: base)!,
            URL(string: "../help", relativeTo: base)!, URL(fileURLWithPath: "/tmp/a receipt.pdf"),
            URL(string: "mailto:help@shop.example")!, URL(string: "relative/path")!,
            URL(string: "https://shop.example/caf%C3%A9")!, URL(string: "https://[::1]:8080/")!,
        ]
        for url in urls {
            let json = try Self.expectFoundationsJSON(url)
            #expect(json == .string(url.absoluteString))
            // A URL with a base reads back as the absolute URL, as JSONDecoder reads it.
            #expect(try JSONValueDecoder().decode(URL.self, from: json).absoluteURL == url.absoluteURL)
        }
        #expect(
            try JSONValueEncoder().encode(URL(string: "r/7", relativeTo: base)!) == "https://shop.example/orders/r/7")
    }

    @Test func aStringThatIsNotAURLIsADecodingErrorAsInFoundation() throws {
        for string in ["", "http://[::1"] {
            let text = JSONValue.string(string).serialized()
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(URL.self, from: Data(text.utf8)) }
            #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(URL.self, from: .string(string)) }
        }
        // What URL(string:) takes, both take alike: a space is percent-encoded.
        let spaced = try JSONValueDecoder().decode(URL.self, from: "a b")
        #expect(try spaced == JSONDecoder().decode(URL.self, from: Data(#""a b""#.utf8)))
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(URL.self, from: 7) }
    }

    @Test func dataIsBase64WhateverItsLength() throws {
        for length in 0...7 {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) })
            let json = try Self.expectFoundationsJSON(data)
            #expect(json == .string(data.base64EncodedString()))
        }
        try Self.expectFoundationsJSON(Data((0...255).map { UInt8($0) }))
        #expect(try JSONValueEncoder().encode(Data()) == "")
        #expect(try JSONValueEncoder().encode(Data([1])) == "AQ==")
        #expect(try JSONValueEncoder().encode(Data([1, 2])) == "AQI=")
    }

    @Test func base64IsReadAsFoundationReadsIt() throws {
        let strings = [
            "", "AQID", "AQI=", "AQ==", "AQI", "AQ", "A", "AQ=", "AQI==", "AQ=D", "====", "AQID\n", " AQID", "-_8=",
            "//79/A==", "AQIDBA",
        ]
        for string in strings {
            let text = JSONValue.string(string).serialized()
            let foundation = try? JSONDecoder().decode(Data.self, from: Data(text.utf8))
            let read = try? JSONValueDecoder().decode(Data.self, from: .string(string))
            #expect(read == foundation, "\(text)")
        }
        #expect {
            try JSONValueDecoder().decode([Data].self, from: ["AQID", "AQI"])
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["1"]
                && context.debugDescription == "the string is not Base64"
        }
        // Not Data's own Codable, an array of bytes: no log holds that spelling.
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Data.self, from: [1, 2, 3]) }
    }

    @Test func aDateIsItsSecondsSinceTheReferenceDate() throws {
        let dates = [
            Date(timeIntervalSinceReferenceDate: 790_000_000.5), Date(timeIntervalSinceReferenceDate: 0),
            Date(timeIntervalSinceReferenceDate: -1.25), Date(timeIntervalSince1970: 1_700_000_000.123),
            Date.distantPast, Date.distantFuture,
        ]
        for date in dates {
            let json = try Self.expectFoundationsJSON(date)
            #expect(json.doubleValue == date.timeIntervalSinceReferenceDate)
        }
    }

    @Test func dictionariesAreKeyedAsFoundationKeysThem() throws {
        enum Currency: String, Codable, CodingKeyRepresentable { case eur, usd }
        let byLine = [3: URL(string: "https://a.example")!, 10: URL(string: "b")!]
        #expect(try Self.expectFoundationsJSON(byLine).serialized() == #"{"10":"b","3":"https://a.example"}"#)
        #expect(
            try Self.expectFoundationsJSON([Currency.eur: Decimal(string: "1.10")!]).serialized() == #"{"eur":1.1}"#)
        // A key that is neither a String nor an Int: an array of keys and values.
        let byID = [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!: Data([9])]
        #expect(
            try Self.expectFoundationsJSON(byID).serialized() == #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F","CQ=="]"#)
        try Self.expectFoundationsJSON(["": [Decimal?.none, 1], "nested": [Decimal(string: "0.000001")!]])
    }

    @Test func nestedInArraysAndOptionalsTheyAreTheSame() throws {
        struct Receipt: Codable, Equatable {
            var lines: [[Decimal]]
            var links: [URL?]
            var pages: [Data]?
            var refund: Decimal?
            var stamps: [Date]
        }
        let receipt = Receipt(
            lines: [[Decimal(string: "1.5")!, Decimal(string: "-2.25")!], []],
            links: [URL(string: "https://shop.example/a")!, nil], pages: [Data([0]), Data()], refund: nil,
            stamps: [Date(timeIntervalSinceReferenceDate: 12.5)])
        let json = try Self.expectFoundationsJSON(receipt)
        #expect(
            json.serialized()
                == #"{"lines":[[1.5,-2.25],[]],"links":["https://shop.example/a",null],"pages":["AA==",""],"stamps":[12.5]}"#
        )
        try Self.expectFoundationsJSON([Receipt?.none, receipt])
    }
}

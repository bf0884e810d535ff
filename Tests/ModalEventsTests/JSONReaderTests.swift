import ModalEvents
import Testing

@Suite struct JSONReaderTests {
    func read(_ text: String) throws -> JSONValue {
        try JSONReader.read(Array(text.utf8))
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try read(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}, "c": []} "#)
        guard case .array(let elements) = value["a"] else { Issue.record("no array"); return }
        #expect(elements.count == 6)
        #expect(elements[0] == 1 && elements[1].doubleValue == -2500)
        #expect(Array(elements[2...]) == [true, false, nil, "x"])
        #expect(value["b"] == .object([]) && value["c"] == [])
    }

    @Test func keepsKeyOrderAndNumberLiterals() throws {
        let text = #"{"z":1.50,"a":12345678901234567890,"m":-0,"e":1E+2}"#
        #expect(try read(text).serialized() == text)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try read(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\u{8}\u{c}\n\r\té😀"))
    }

    @Test func readsRawUnicode() throws {
        #expect(try read(#""Ünïcode ✓ 😀""#) == .string("Ünïcode ✓ 😀"))
    }

    static let invalidTexts: [(String, String)] = [
        ("", "expected a value"),
        ("{", "expected a key"),
        (#"{"a" 1}"#, "expected ':'"),
        (#"{"a":1,}"#, "expected a key"),
        ("[1,]", "expected a value"),
        ("[1 2]", "expected ',' or ']'"),
        ("01", "leading zero"),
        ("1.", "expected a digit after '.'"),
        ("1e", "exponent"),
        ("-", "expected a digit"),
        ("tru", "invalid literal"),
        (#""abc"#, "unterminated string"),
        ("\"a\u{1}b\"", "control character"),
        (#""\x""#, "invalid escape"),
        (#""\u12""#, "four hex digits"),
        (#""\ud800""#, "lone surrogate"),
        (#""\udc00x""#, "lone surrogate"),
        (#"{"a":1,"a":2}"#, "duplicate key \"a\""),
        ("1 2", "after the JSON value"),
        ("NaN", "expected a value"),
    ]

    @Test(arguments: invalidTexts)
    func refusesInvalidJSON(text: String, message: String) {
        #expect {
            try read(text)
        } throws: { error in
            let error = error as! JSONSyntaxError
            return error.kind == .syntax && error.message.contains(message)
        }
    }

    @Test func reportsInvalidUTF8WithItsOffset() {
        let inString: [UInt8] = Array(#"{"a":"Caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        #expect(throws: JSONSyntaxError(kind: .invalidUTF8, offset: 9, message: "invalid UTF-8 in string (column 10)"))
        {
            try JSONReader.read(inString)
        }
        let outside: [UInt8] = [UInt8(ascii: "[")] + [0xFF] + [UInt8(ascii: "]")]
        #expect(throws: JSONSyntaxError(kind: .invalidUTF8, offset: 1, message: "invalid UTF-8 at byte 2")) {
            try JSONReader.read(outside)
        }
        // Overlong encodings and encoded surrogates are not UTF-8.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let text = [UInt8(ascii: "\"")] + bad + [UInt8(ascii: "\"")]
            #expect(throws: JSONSyntaxError.self) { try JSONReader.read(text) }
        }
    }

    @Test func boundsNestingDepth() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.read(Array(deep.utf8), maximumDepth: 99) }
        _ = try JSONReader.read(Array(deep.utf8), maximumDepth: 100)
        // Far deeper than any stack would take: an error, not a crash.
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.read(Array(hostile.utf8)) }
    }

    /// An app's way in reads as the reader does, and fails as a log's line does.
    @Test func anAppParsesTextIntoAValue() throws {
        let text = #"{"z":1.50,"a":[true,null,"é"]}"#
        #expect(try JSONValue(parsing: text) == read(text))
        #expect(try JSONValue(parsing: text).serialized() == text)
        #expect(
            throws: EventLogError(
                .invalidJSON, message: #"invalid JSON: expected ':' after key "a", found '1' (column 6)"#)
        ) {
            try JSONValue(parsing: #"{"a" 1}"#)
        }
        let deep = String(repeating: "[", count: JSONValue.defaultMaximumDepth + 1)
        #expect {
            try JSONValue(parsing: deep)
        } throws: { error in
            (error as? EventLogError)?.kind == .limitExceeded
        }
    }
}

@Suite struct JSONWriterTests {
    @Test func escapesOnlyWhatJSONRequires() {
        let value: JSONValue = .string("quote\" backslash\\ newline\n tab\t bell\u{7} é / 😀")
        #expect(value.serialized() == #""quote\" backslash\\ newline\n tab\t bell\u0007 é / 😀""#)
    }

    @Test func writesCanonicalNumbers() {
        #expect(JSONNumber(390.0).literal == "390")
        #expect(JSONNumber(-1.0).literal == "-1")
        #expect(JSONNumber(-0.0).literal == "0")
        #expect(JSONNumber(0.25).literal == "0.25")
        #expect(JSONNumber(1e-7).literal == "1e-07")
        #expect(JSONNumber(1e300).literal == "1e+300")
        for value in [0.1, 1.0 / 3, 1e-7, 123.456, 1e300, -2.5] {
            #expect(Double(JSONNumber(value).literal) == value)
        }
    }

    @Test func everyStringRoundTrips() throws {
        let strings = ["", "plain", "\u{0}\u{1F}", "\u{7F}", "\u{2028}", "🇯🇵", "a\"\\b"]
        for string in strings {
            #expect(try JSONReader.read(Array(JSONValue.string(string).serialized().utf8)) == .string(string))
        }
    }

    @Test func prettyPrintsObjectsOneMemberPerLine() {
        let value: JSONValue = ["a": [1, 2], "b": ["c": nil], "d": [["e": true]], "f": .object([])]
        #expect(
            value.serialized(style: .pretty) == """
                {
                  "a": [1, 2],
                  "b": {
                    "c": null
                  },
                  "d": [
                    {
                      "e": true
                    }
                  ],
                  "f": {}
                }
                """)
    }
}

import Testing

@testable import ModalEvents

/// Rows written a member at a time are the JSON a tree of the same values
/// serializes to.
@Suite struct JSONObjectWriterTests {
    @Test func membersOfEachKindAreWhatTheTreeWrites() {
        var writer = JSONWriter()
        writer.writeLiteral("[")
        writer.writeObject { row in
            row.member("seq", 42)
            row.member("time", 1.5)
            row.member("none", nil as Double?)
            row.member("root", "she\"ets\n")
            row.member("link", nil as String?)
            row.member("info", ["a": [1, true, nil]])
            row.member("changes") { $0.writeArray([3, -4]) { $1.writeInteger($0) } }
            row.member("nested") { $0.writeObject { $0.member("deep", 0) } }
            row.member("empty") { $0.writeObject { _ in } }
        }
        writer.writeLiteral("]")
        let tree: JSONValue = [
            [
                "seq": 42, "time": 1.5, "none": nil, "root": "she\"ets\n", "link": nil, "info": ["a": [1, true, nil]],
                "changes": [3, -4], "nested": ["deep": 0], "empty": .object([]),
            ]
        ]
        #expect(writer.string == tree.serialized())
    }

    @Test func integersAreTheirDigits() {
        for value in [0, 7, -7, 10, -100, 1_234_567_890, Int.max, Int.min] {
            var writer = JSONWriter()
            writer.writeInteger(value)
            #expect(writer.string == String(value))
        }
    }

    @Test func aWriterEmptiedKeepsWritingFromTheStart() {
        var writer = JSONWriter()
        writer.writeObject { $0.member("a", 1) }
        writer.removeAll()
        writer.writeObject { $0.member("b", 2) }
        #expect(writer.string == #"{"b":2}"#)
    }

    /// Strings are escaped where JSON requires it, whatever falls on the
    /// scan's eight-byte words: against escaping a byte at a time, and read back.
    @Test func stringsAreEscapedWhereverTheirSpecialBytesFall() throws {
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "é", "→", "🙂", "/"]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            let string = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            var writer = JSONWriter()
            writer.writeString(string)
            var expected = Array("\"".utf8)
            for byte in string.utf8 {
                switch byte {
                case 0x22: expected += Array("\\\"".utf8)
                case 0x5C: expected += Array("\\\\".utf8)
                case 0x0A: expected += Array("\\n".utf8)
                case 0x01: expected += Array("\\u0001".utf8)
                case 0x1F: expected += Array("\\u001f".utf8)
                default: expected.append(byte)
                }
            }
            expected += Array("\"".utf8)
            #expect(writer.bytes == expected, "\(string)")
            #expect(try JSONReader.read(writer.bytes) == .string(string))
        }
    }
}

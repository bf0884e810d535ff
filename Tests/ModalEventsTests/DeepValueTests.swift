import ModalEvents
import Testing

/// Nesting, however deep, is never a crash: what reads, walks or makes a
/// `JSONValue` either bounds its depth with an error that says so, or does
/// not recurse.
@Suite struct DeepValueTests {
    /// `leaf` inside `depth` arrays.
    static func nested(_ depth: Int, leaf: JSONValue = 1) -> JSONValue {
        var value = leaf
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    /// Takes `value` apart a level at a time: Swift's own release of a
    /// nested value goes a level deeper on the stack for each level.
    static func release(_ value: consuming JSONValue) {
        var value = value
        while case .array(var elements) = value, let inner = elements.popLast() {
            value = inner
        }
    }

    @Test func aValueOfAnyDepthComparesHashesAndWrites() {
        let depth = 100_000
        let value = Self.nested(depth)
        let same = Self.nested(depth)
        let other = Self.nested(depth, leaf: 2)
        #expect(value == same)
        #expect(value != other)
        #expect(value.hashValue == same.hashValue)
        #expect(Set([value, same, other]).count == 2)
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        #expect(value.serialized() == text)
        // Pretty, each level is a line indented as deep as it is: not for a hundred thousand levels.
        let pretty = Self.nested(1_000).serialized(style: .pretty)
        #expect(pretty.hasPrefix("[\n  [\n    [") && pretty.filter { $0 == "\n" }.count == 2 * 1_000 - 2)
        // What a writer checks an event's line against: it says how deep, not crash measuring it.
        #expect(
            EventLogReader.Options().violation(of: value, line: Array(text.utf8)) == "it nests deeper than 256 levels")
        Self.release(consume value)
        Self.release(consume same)
        Self.release(consume other)
    }

    @Test func theReaderReadsToItsLimitAndNoFurther() throws {
        let limit = JSONValue.largestMaximumDepth
        let deep = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        let value = try JSONReader.read(Array(deep.utf8), maximumDepth: limit)
        #expect(value.serialized() == deep)
        #expect {
            try JSONReader.read(Array(("[" + deep + "]").utf8), maximumDepth: limit)
        } throws: { error in
            (error as? JSONSyntaxError).map { $0.kind == .limitExceeded && $0.offset == limit } ?? false
        }
        // A million levels: the reader's own stack does not grow with them.
        let hostile = String(repeating: #"{"a":["#, count: 1_000_000)
        #expect {
            try JSONReader.read(Array(hostile.utf8), maximumDepth: limit)
        } throws: { error in
            (error as? JSONSyntaxError)?.message == "nesting deeper than 1000 levels (column 3001)"
        }
    }

    /// A chain as deep as its values say: a recursive `Codable` type.
    indirect enum Chain: Codable, Equatable {
        case end
        case link(Chain)

        init(length: Int) {
            self = .end
            for _ in 0..<length { self = .link(self) }
        }
    }

    /// `{"link":{"_0":...}}` `length` times around `{"end":{}}`: how a
    /// `Chain` of that length encodes, two levels a link.
    static func chainJSON(length: Int) -> JSONValue {
        var value: JSONValue = ["end": [:]]
        for _ in 0..<length { value = ["link": ["_0": value]] }
        return value
    }

    @Test func codingARecursiveTypeStopsAtTheDepthLimit() throws {
        let short = Chain(length: 100)
        #expect(try JSONValueEncoder().encode(short) == Self.chainJSON(length: 100))
        #expect(try JSONValueDecoder().decode(Chain.self, from: Self.chainJSON(length: 100)) == short)
        #expect {
            try JSONValueEncoder().encode(Chain(length: 200))
        } throws: { error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
            return context.debugDescription == "the value nests deeper than 256 levels"
                && context.codingPath.count == 256
        }
        #expect {
            try JSONValueDecoder().decode(Chain.self, from: Self.chainJSON(length: 200))
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return context.debugDescription == "the value nests deeper than 256 levels"
                && context.codingPath.count == 256
        }
    }

    @Test func anEncoderOrDecoderMayAllowMoreUpToTheLargestDepth() throws {
        let long = Chain(length: 400)
        let json = try JSONValueEncoder(maximumDepth: 1_000).encode(long)
        #expect(json == Self.chainJSON(length: 400))
        #expect(try JSONValueDecoder(maximumDepth: 1_000).decode(Chain.self, from: json) == long)
        #expect(throws: EncodingError.self) { try JSONValueEncoder(maximumDepth: 800).encode(long) }
    }
}

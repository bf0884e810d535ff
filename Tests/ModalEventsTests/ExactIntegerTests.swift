import ModalEvents
import Testing

/// A log's integers are 64-bit and exact: `seq`, a header's `from` and
/// `version`, and every integer field read from the literal, never through
/// a `Double`; what a log cannot hold exactly is an error that says so.
@Suite struct ExactIntegerTests {
    /// 2^53 + 1: the first whole number a `Double` does not hold.
    static let past2To53 = 9_007_199_254_740_993

    @Test(arguments: LoggedEvent.LineDecoding.allCases)
    func aSeqAndALevelPast2To53ReadAndWriteBackExactly(way: LoggedEvent.LineDecoding) throws {
        let line = #"{"seq":9007199254740993,"type":"root.register","level":9007199254740993}"#
        let entry = try #require(try LoggedEvent.decoding(line: Array(line.utf8), way))
        #expect(entry.seq == Self.past2To53)
        #expect(entry.event == .rootRegister(RootRegistration(level: Self.past2To53)))
        #expect(entry.loggedNumbers.isEmpty)
        #expect(EventLogEncoder.encode(entry) == Array(line.utf8) + [10])
        #expect(LoggedEvent(seq: Self.past2To53, event: entry.event).json.serialized() == line)
    }

    static func header(from: String) -> String {
        #"{"format":"modal-events","version":2,"from":\#(from),"state":{"seq":0}}"#
    }

    static func read(_ lines: [String]) throws -> EventLogReader {
        try EventLogReader(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "big.jsonl")
    }

    @Test func aSegmentPast2To53ReadsAndWritesBackExactly() throws {
        let lines = [
            Self.header(from: "9007199254740993"),
            #"{"seq":9007199254740993,"type":"dimming.tap"}"#,
            #"{"seq":9007199254740994,"type":"snap.to","link":"a","index":9007199254740995}"#,
        ]
        let reader = try Self.read(lines)
        #expect(reader.header.from == Self.past2To53)
        #expect(EventLogEncoder.encode(reader.header) == Array(lines[0].utf8) + [10])
        let entries = try reader.readAll()
        #expect(entries.map(\.seq) == [Self.past2To53, Self.past2To53 + 1])
        #expect(entries.last?.event == .snapTo(link: "a", index: Self.past2To53 + 2))
        #expect(
            entries.map { String(decoding: EventLogEncoder.encode($0).dropLast(), as: UTF8.self) } == lines.suffix(2))
    }

    @Test(arguments: [
        ("9223372036854775808", "is 9223372036854775808, which a log cannot hold exactly"),
        ("-9223372036854775809", "is -9223372036854775809, which a log cannot hold exactly"),
        ("1e19", "is 1e19, which a log cannot hold exactly"),
        ("1e999", "is 1e999, which a log cannot hold exactly"),
        ("1.5", "must be a whole number, found 1.5"),
        ("9007199254740993.5", "must be a whole number, found 9007199254740993.5"),
    ])
    func aSeqALogCannotHoldExactlyIsMalformed(seq: String, problem: String) {
        #expect {
            try Self.read([#"{"format":"modal-events","version":2}"#, #"{"seq":\#(seq),"type":"dimming.tap"}"#])
                .readAll()
        } throws: { error in
            guard let error = error as? EventLogError else { return false }
            let message = "field \"seq\" \(problem)"
            return error.kind == .wrongType && error.file == "big.jsonl" && error.line == 2
                && error.message.hasPrefix(message)
                && (!problem.contains("exactly")
                    || error.description == "big.jsonl:2: \(message): it holds whole numbers from "
                        + "-9223372036854775808 to 9223372036854775807")
        }
    }

    @Test func aHeaderWhoseFromALogCannotHoldExactlyIsMalformed() {
        #expect {
            try Self.read([Self.header(from: "9223372036854775808")])
        } throws: { error in
            (error as? EventLogError)?.description
                == "big.jsonl:1: field \"from\" is 9223372036854775808, which a log cannot hold exactly: it holds "
                + "whole numbers from -9223372036854775808 to 9223372036854775807"
        }
    }

    /// 2^63 - 1 is the last seq: what would come after it is out of order, not an overflow.
    @Test func theLastSeqALogHoldsEndsIt() throws {
        let reader = try Self.read([
            Self.header(from: "9223372036854775807"), #"{"seq":9223372036854775807,"type":"dimming.tap"}"#,
            #"{"seq":9223372036854775807,"type":"dimming.tap"}"#,
        ])
        #expect(try reader.next()?.seq == .max)
        #expect {
            try reader.next()
        } throws: { error in
            (error as? EventLogError).map { $0.kind == .seqOutOfOrder && $0.line == 3 } ?? false
        }
    }

    @Test(
        arguments: [
            ("42", 42, true), ("-0", 0, true), ("4.2e1", 42, true), ("420e-1", 42, true), ("0.000e5", 0, true),
            ("9007199254740993", 9_007_199_254_740_993, true), ("9007199254740993.000", 9_007_199_254_740_993, true),
            ("9223372036854775807", .max, true), ("-9223372036854775808", .min, true),
            ("-92233720368547758.08e2", .min, true), ("1e18", 1_000_000_000_000_000_000, true),
            ("9223372036854775808", nil, true), ("1e19", nil, true), ("1e999", nil, true), ("-1E+400", nil, true),
            ("1.5", nil, false), ("1e-1", nil, false), ("4503599627370496.5", nil, false), ("0.1e1", 1, true),
        ] as [(String, Int?, Bool)])
    func aLiteralReadsAsTheWholeNumberItWrites(literal: String, integer: Int?, isWhole: Bool) throws {
        let number = try #require(JSONNumber(literal: literal))
        #expect(number.integerValue == integer)
        #expect(number.isWholeNumber == isWhole)
    }
}

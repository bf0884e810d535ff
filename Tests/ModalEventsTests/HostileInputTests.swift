import ModalEvents
import TestSupport
import Testing

/// Input made to break a reader: each limit is a clear error naming the
/// line, never a crash, a hang or memory without bound.
@Suite struct HostileInputTests {
    static let header = #"{"format":"modal-events","version":1}"#

    func error(reading lines: [String], options: EventLogReader.Options = .init()) -> EventLogError? {
        do {
            _ = try EventLogReader(bytes: Array(lines.joined(separator: "\n").utf8) + [10], name: "x", options: options)
                .readAll()
            return nil
        } catch {
            return error
        }
    }

    @Test func nestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = error(reading: [Self.header, #"{"seq":1,"type":"dimming.tap","x":\#(deep)}"#])
        #expect(error?.kind == .limitExceeded && error?.line == 2)
        #expect(error?.message.hasPrefix("nesting deeper than 256 levels") == true)
    }

    @Test func aStringLongerThanTheLimit() {
        let long = String(repeating: "a", count: (1 << 20) + 1)
        let tooLong = error(reading: [Self.header, #"{"seq":1,"type":"dimming.tap","root":"\#(long)"}"#])
        #expect(tooLong?.kind == .limitExceeded && tooLong?.line == 2)
        #expect(tooLong?.message.hasPrefix("a string longer than 1048576 bytes") == true)
        // An escaped string counts its decoded bytes.
        let escaped = String(repeating: "\\u0061", count: 11)
        let options = EventLogReader.Options(maximumStringLength: 10)
        #expect(
            error(reading: [Self.header, #"{"seq":1,"type":"x\#(escaped)"}"#], options: options)?.kind == .limitExceeded
        )
    }

    @Test(arguments: [
        (#"{"seq":1e999,"type":"dimming.tap"}"#, EventLogError.Kind.wrongType),
        (#"{"seq":1,"time":1e999,"type":"dimming.tap"}"#, .wrongType),
        (#"{"seq":1,"time":-1e999,"type":"dimming.tap"}"#, .wrongType),
        (#"{"seq":9223372036854775808,"type":"dimming.tap"}"#, .wrongType),
        (#"{"seq":NaN,"type":"dimming.tap"}"#, .invalidJSON),
        (#"{"seq":1,"time":Infinity,"type":"dimming.tap"}"#, .invalidJSON),
        (#"{"seq":1,"type":"keyboard.change","height":-Infinity}"#, .invalidJSON),
    ])
    func numbersOutOfRangeInTheEnvelopeAreRefused(line: String, kind: EventLogError.Kind) {
        let error = error(reading: [Self.header, line])
        #expect(error?.kind == kind && error?.line == 2, "\(String(describing: error))")
    }

    @Test func aVersionOrFromOutOfRangeIsRefused() {
        #expect(error(reading: [#"{"format":"modal-events","version":1e999}"#])?.kind == .wrongType)
        #expect(error(reading: [#"{"format":"modal-events","version":1,"from":0,"state":{}}"#])?.kind == .wrongType)
        #expect(error(reading: [#"{"format":"modal-events","version":1,"from":5}"#])?.kind == .missingField)
    }

    @Test func aLenientReaderDropsAnOverlongLineWithoutHoldingIt() throws {
        let long = #"{"seq":2,"type":"dimming.tap","x":""# + String(repeating: "a", count: 100_000) + #""}"#
        let lines = [Self.header, #"{"seq":1,"type":"dimming.tap"}"#, long, #"{"seq":3,"type":"dimming.tap"}"#]
        let options = EventLogReader.Options(maximumLineLength: 1000, chunkSize: 64, lenient: true)
        let reader = try EventLogReader(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), options: options)
        #expect(try reader.readAll().map(\.seq) == [1, 3])
        #expect(reader.skippedLines == 1)
        #expect(
            reader.warnings.first?.description == "<memory>:3: skipped a malformed line: line is longer than 1000 bytes"
        )
        #expect(error(reading: lines, options: EventLogReader.Options(maximumLineLength: 1000))?.kind == .lineTooLong)
    }

    /// A lenient reader skips event lines only: a header over the limit stops
    /// it at line 1, as it stops a strict one, whether the line is found
    /// whole in the buffer (a chunk larger than the line) or as it streams
    /// past. The fuzzer found a lenient reader that dropped it and read line 2
    /// as the header (Tests/Fixtures/fuzz/log/lenient-overlong-header.jsonl).
    @Test(arguments: [64, 4096])
    func aLenientReaderStopsAtAnOverlongHeader(chunkSize: Int) {
        let header = #"{"format":"modal-events","version":1,"app":""# + String(repeating: "a", count: 1000) + #""}"#
        let lines = [header, Self.header, #"{"seq":1,"type":"dimming.tap"}"#]
        for lenient in [false, true] {
            let options = EventLogReader.Options(maximumLineLength: 500, chunkSize: chunkSize, lenient: lenient)
            let error = error(reading: lines, options: options)
            #expect(error?.kind == .lineTooLong && error?.line == 1, "lenient \(lenient): \(String(describing: error))")
        }
    }

    @Test func aLenientReaderKeepsAHundredWarningsAndCountsTheRest() throws {
        let lines = [Self.header] + Array(repeating: "oops", count: 500) + [#"{"seq":1,"type":"dimming.tap"}"#]
        let reader = try EventLogReader(
            bytes: Array((lines.joined(separator: "\n") + "\n").utf8), options: .init(lenient: true))
        #expect(try reader.readAll().map(\.seq) == [1])
        #expect(reader.skippedLines == 500 && reader.warnings.count == EventLogReader.maximumWarnings)
    }
}

/// A folder read as one log, segment by segment.
@Suite struct SegmentReadingTests {
    static let header = #"{"format":"modal-events","version":1}"#

    func segment(from: Int, events: ClosedRange<Int>, torn: Bool = false) -> String {
        let header =
            from == 1
            ? Self.header : #"{"format":"modal-events","version":1,"from":\#(from),"state":{"seq":\#(from - 1)}}"#
        let lines = [header] + events.map { #"{"seq":\#($0),"type":"dimming.tap"}"# }
        return lines.joined(separator: "\n") + (torn ? "\n{\"seq\":" : "\n")
    }

    @Test func theSegmentsOfAFolderReadInNameOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write(segment(from: 1, events: 1...3), to: "a.jsonl")
        try folder.write(segment(from: 4, events: 4...4), to: "b.jsonl")
        try folder.write(segment(from: 5, events: 5...6, torn: true), to: "c.jsonl")
        try folder.write("not a segment", to: "notes.txt")
        let reader = try EventLogReader(path: folder.path)
        #expect(try reader.readAll().map(\.seq) == Array(1...6))
        #expect(reader.header.from == 1 && reader.tornTail?.file == folder.file("c.jsonl"))
        #expect(reader.segments == ["a", "b", "c"].map { folder.file("\($0).jsonl") })
    }

    @Test func aGapBetweenSegmentsIsAnErrorOnTheLaterOnesHeader() throws {
        let folder = try TemporaryFolder()
        try folder.write(segment(from: 1, events: 1...3), to: "a.jsonl")
        try folder.write(segment(from: 5, events: 5...6), to: "b.jsonl")
        let error = #expect(throws: EventLogError.self) { try EventLogReader(path: folder.path).readAll() }
        #expect(error?.kind == .seqOutOfOrder && error?.file == folder.file("b.jsonl") && error?.line == 1)
    }

    @Test func aTornLineBeforeTheLastSegmentIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write(segment(from: 1, events: 1...3, torn: true), to: "a.jsonl")
        try folder.write(segment(from: 4, events: 4...4), to: "b.jsonl")
        let error = #expect(throws: EventLogError.self) { try EventLogReader(path: folder.path).readAll() }
        #expect(error?.kind == .tornSegment && error?.file == folder.file("a.jsonl") && error?.line == 5)
    }

    @Test func aFolderWithoutSegmentsIsEmpty() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: EventLogError.self) { try EventLogReader(path: folder.path) }
        #expect(error?.kind == .emptyFile)
    }

    @Test func aSegmentAloneStartsAtItsFrom() throws {
        let reader = try EventLogReader(bytes: Array(segment(from: 41, events: 41...42).utf8))
        #expect(reader.header.from == 41 && reader.lastSeq == 40)
        #expect(try reader.readAll().map(\.seq) == [41, 42])
        let wrong = try EventLogReader(bytes: Array(segment(from: 41, events: 42...42).utf8))
        #expect(throws: EventLogError.self) { try wrong.readAll() }
    }
}

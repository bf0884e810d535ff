import Foundation
import ModalEvents
import TestSupport
import Testing

@Suite struct EventLogReaderTests {
    static let header = #"{"format":"modal-events","version":1}"#

    func reader(_ lines: String, chunkSize: Int = 64 << 10) throws -> EventLogReader {
        try EventLogReader(bytes: Array(lines.utf8), name: "test.jsonl", options: .init(chunkSize: chunkSize))
    }

    func error(reading text: String) -> EventLogError? {
        error(reading: Array(text.utf8))
    }

    func error(reading bytes: [UInt8]) -> EventLogError? {
        do {
            _ = try EventLogReader(bytes: bytes, name: "test.jsonl").readAll()
            return nil
        } catch {
            return error
        }
    }

    @Test func everyMalformedLogIsListed() throws {
        let folder = Fixtures.path("EventLogs/malformed")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }
        #expect(Set(files) == Set(Fixtures.malformedLogs.map(\.file)))
    }

    @Test(arguments: Fixtures.malformedLogs)
    func aMalformedLogGivesItsErrorAndLine(file: String, kind: EventLogError.Kind, line: Int) {
        let path = Fixtures.path("EventLogs/malformed/\(file)")
        do {
            let reader = try EventLogReader(path: path)
            _ = try reader.readAll()
            Issue.record("\(file) read without an error")
        } catch {
            #expect(error.kind == kind)
            #expect(error.line == line)
            #expect(error.file == path)
            #expect(error.description.hasPrefix("\(path):\(line): "))
        }
    }

    @Test func readsHeaderFieldsAndEvents() throws {
        let log = """
            {"format":"modal-events","version":1,"app":"Notes","device":{"model":"iPhone"}}
            {"seq":1,"type":"root.register"}
            {"seq":2,"time":0.5,"type":"dimming.tap"}

            """
        let reader = try reader(log)
        #expect(reader.header.fields.map(\.key) == ["app", "device"])
        #expect(
            try reader.readAll() == [
                LoggedEvent(seq: 1, event: .rootRegister(RootRegistration())),
                LoggedEvent(seq: 2, time: 0.5, event: .dimmingTap()),
            ])
        #expect(reader.warnings.isEmpty && reader.tornTail == nil)
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func readsTheSameWhateverTheChunkSize(chunkSize: Int) throws {
        let events = (1...50).map {
            LoggedEvent(seq: $0, time: Double($0) / 10, event: .keyboardChange(height: Double($0)))
        }
        let bytes = EventLogEncoder.encode(events: events)
        let reader = try EventLogReader(bytes: bytes, options: .init(chunkSize: chunkSize))
        #expect(try reader.readAll() == events)
    }

    @Test func writingThenReadingGivesTheSameEventsAndBytes() throws {
        let header = LogHeader(fields: [JSONMember("app", "Notes ✓")])
        let events = EventCodecTests.everyEvent.enumerated().map { LoggedEvent(seq: $0.offset + 1, event: $0.element) }
        let bytes = EventLogEncoder.encode(header: header, events: events)
        let reader = try EventLogReader(bytes: bytes)
        #expect(reader.header == header)
        let read = try reader.readAll()
        #expect(read == events)
        #expect(EventLogEncoder.encode(header: reader.header, events: read) == bytes)
    }

    @Test func skipsATornLastLineWithAWarning() throws {
        let reader = try reader(
            Self.header + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n" + #"{"seq":2,"ty"#, chunkSize: 5)
        #expect(try reader.readAll().map(\.seq) == [1])
        #expect(reader.tornTail == EventLogReader.TornTail(file: "test.jsonl", line: 3, offset: 69, length: 12))
        #expect(
            reader.warnings.map(\.description) == [
                "test.jsonl:3: skipped a torn last line (12 bytes, no newline at its end)"
            ])
    }

    @Test func aTornLineIsSkippedEvenWhenItIsCompleteJSON() throws {
        let reader = try reader(Self.header + "\n" + #"{"seq":1,"type":"dimming.tap"}"#)
        #expect(try reader.readAll().isEmpty)
        #expect(reader.tornTail?.line == 2)
    }

    @Test func aTornHeaderLeavesAnEmptyLog() {
        let error = error(reading: Self.header)
        #expect(error?.kind == .emptyFile && error?.line == 1)
        #expect(error?.message.contains("torn") == true)
    }

    @Test func acceptsCRLFLineEnds() throws {
        let reader = try reader(Self.header + "\r\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\r\n")
        #expect(try reader.readAll().count == 1)
    }

    @Test func acceptsAByteOrderMarkBeforeTheHeader() throws {
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Array((Self.header + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n").utf8)
        #expect(try EventLogReader(bytes: bytes).readAll().count == 1)
        // Anywhere else it is not JSON.
        let later =
            Array((Self.header + "\n").utf8) + [0xEF, 0xBB, 0xBF] + Array(#"{"seq":1,"type":"dimming.tap"}"#.utf8) + [
                10
            ]
        #expect(error(reading: later)?.line == 2)
    }

    @Test func anEmptyLineIsMalformed() {
        let error = error(reading: Self.header + "\n\n")
        #expect(error?.kind == .invalidJSON && error?.line == 2)
        #expect(error?.message == "empty line: expected a JSON object")
    }

    @Test func seqMustStartAtOneAndGoUpByOne() {
        let late = error(reading: Self.header + "\n" + #"{"seq":2,"type":"dimming.tap"}"# + "\n")
        #expect(late?.kind == .seqOutOfOrder && late?.line == 2 && late?.message == "seq 2 is out of order: expected 1")
        let repeated = error(
            reading: Self.header + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n" + #"{"seq":1,"type":"dimming.tap"}"#
                + "\n")
        #expect(repeated?.kind == .seqOutOfOrder && repeated?.line == 3)
    }

    static let badHeaders: [(String, EventLogError.Kind)] = [
        (#"{"seq":1,"type":"root.register"}"#, .missingHeader),
        (#"{"format":"other","version":1}"#, .missingHeader),
        (#"[1]"#, .missingHeader),
        (#"{"format":"modal-events"}"#, .missingField),
        (#"{"format":"modal-events","version":"1"}"#, .wrongType),
        (#"{"format":"modal-events","version":0}"#, .wrongType),
        (#"{"format":"modal-events","version":3}"#, .newerVersion),
        (#"{"format":"modal-events","#, .invalidJSON),
    ]

    @Test(arguments: badHeaders)
    func aBadHeaderIsAnErrorOnLineOne(header: String, kind: EventLogError.Kind) {
        let error = error(reading: header + "\n")
        #expect(error?.kind == kind && error?.line == 1)
    }

    @Test func anEmptyFileIsAnError() {
        #expect(
            error(reading: "")
                == EventLogError(
                    .emptyFile, file: "test.jsonl", line: 1, message: "empty file: a log starts with its header"))
    }

    @Test func aLineLongerThanTheLimitIsAnError() throws {
        let long =
            Self.header + "\n" + #"{"seq":1,"type":"dimming.tap","pad":""# + String(repeating: "x", count: 500)
            + "\"}\n"
        let options = EventLogReader.Options(maximumLineLength: 200, chunkSize: 16)
        #expect {
            try EventLogReader(bytes: Array(long.utf8), options: options).readAll()
        } throws: { error in
            (error as? EventLogError)?.kind == .lineTooLong && (error as? EventLogError)?.line == 2
        }
    }

    @Test func theLineLimitHoldsWhateverTheChunkSize() {
        let line = #"{"seq":1,"type":"dimming.tap","pad":""# + String(repeating: "x", count: 500) + "\"}"
        let log = Array((Self.header + "\n" + line + "\n").utf8)
        for chunkSize in [16, 100, 4096] {
            let options = EventLogReader.Options(maximumLineLength: 200, chunkSize: chunkSize)
            #expect(throws: EventLogError.self) { try EventLogReader(bytes: log, options: options).readAll() }
        }
        #expect(throws: Never.self) {
            try EventLogReader(bytes: log, options: .init(maximumLineLength: line.utf8.count, chunkSize: 16)).readAll()
        }
    }

    @Test func theInvalidUTF8ColumnCountsTheSourceBytes() {
        // `\n` is two bytes in the source but one once decoded.
        let bytes = Array((Self.header + "\n").utf8) + Array(#"{"seq":1,"a":"\n"#.utf8) + [0xFF] + Array("\"}\n".utf8)
        let error = error(reading: bytes)
        #expect(error?.kind == .invalidUTF8 && error?.message.contains("column 17") == true)
    }

    @Test func aLargeObjectReadsAndItsDuplicateKeysAreFound() throws {
        let keys = (0..<20_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let line = #"{"seq":1,"type":"dimming.tap","extra":{"# + keys + "}}"
        #expect(try reader(Self.header + "\n" + line + "\n").readAll().count == 1)
        let duplicate = #"{"seq":1,"type":"dimming.tap","extra":{"# + keys + #","k19999":0}}"#
        #expect(
            error(reading: Self.header + "\n" + duplicate + "\n")?.message.contains(#"duplicate key "k19999""#) == true)
    }

    @Test func headerFieldsNamedFormatOrVersionAreDropped() throws {
        let header = LogHeader(fields: [JSONMember("version", 2), JSONMember("app", "Notes")])
        #expect(header.fields.map(\.key) == ["app"])
        let reader = try EventLogReader(bytes: EventLogEncoder.encode(header: header, events: []))
        #expect(reader.header == header)
    }

    @Test func aMissingFileIsFileNotFound() {
        #expect {
            try EventLogReader(path: "/nonexistent/log.jsonl")
        } throws: { error in
            (error as? EventLogError)?.kind == .fileNotFound
                && "\(error)" == "/nonexistent/log.jsonl: cannot open: no such file"
        }
    }

    @Test func readsAFileInChunksWithoutHoldingIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reader-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let events = (1...20_000).map {
            LoggedEvent(seq: $0, event: .dragChange(link: "sheet", position: Double($0 % 7) / 4))
        }
        try Data(EventLogEncoder.encode(events: events)).write(to: url)
        let reader = try EventLogReader(path: url.path, options: .init(chunkSize: 4096))
        var count = 0
        while let entry = try reader.next() {
            count += 1
            #expect(entry.seq == count)
        }
        #expect(count == 20_000 && reader.lastSeq == 20_000 && reader.lineNumber == 20_001)
    }
}

import Foundation
import ModalEvents
import TestSupport
import Testing

/// Format versions 1 and 2 read, write and upgrade as `event-log-v2.md` says.
@Suite struct FormatVersionTests {
    static let version1 = #"{"format":"modal-events","version":1}"#
    static let version2 = #"{"format":"modal-events","version":2}"#

    /// Reads `lines` after `header` both ways the reader can (in place and
    /// through JSON), which must agree; the outcome.
    func read(_ header: String, _ lines: [String]) -> LogReadOutcome {
        let bytes = Array(([header] + lines).map { $0 + "\n" }.joined().utf8)
        let outcome = readLog(bytes)
        for line in lines {
            let version = header == Self.version1 ? 1 : 2
            let fast = try? LoggedEvent.decoding(line: Array(line.utf8), .inPlace, version: version)
            let full = try? LoggedEvent.decoding(line: Array(line.utf8), .throughJSON, version: version)
            if let fast { #expect(fast == full, "the two ways part on \(line)") }
        }
        return outcome
    }

    // MARK: Version 1 stays version 1

    @Test(arguments: [
        #"{"seq":1,"type":"session.start"}"#,
        #"{"seq":1,"type":"batch","events":[{"type":"dimming.tap"}]}"#,
        #"{"seq":1,"type":"card.update","link":"a","height":300}"#,
    ])
    func version2TypesInAVersion1LogAreUnknownAndSaySo(line: String) {
        let error = read(Self.version1, [line]).error
        #expect(error?.kind == .unknownType && error?.line == 2)
        #expect(error?.message.contains("version-2 type") == true, "\(String(describing: error))")
    }

    @Test func version2FieldsInAVersion1LogAreIgnored() throws {
        let outcome = read(
            Self.version1,
            [
                #"{"seq":1,"type":"dimming.tap","source":"user","caller":"Tap.swift:3"}"#,
                #"{"seq":2,"type":"dimming.tap","source":null,"caller":7}"#,
                #"{"seq":3,"type":"card.push","link":"a","content":"B","height":"tall","canDismiss":null}"#,
                #"{"seq":4,"type":"modal.present","link":"a","content":"A","height":300}"#,
            ])
        #expect(outcome.error == nil)
        #expect(outcome.events.map(\.source) == [nil, nil, nil, nil])
        #expect(outcome.events.map(\.caller) == [nil, nil, nil, nil])
        #expect(outcome.events[2].event == .cardPush(link: "a", content: "B"))
        #expect(outcome.events[3].event == .modalPresent(ModalPresentation(link: "a", content: "A")))
    }

    // MARK: Version 2's fields

    @Test func sourceCallerHeightAndCanDismissRead() throws {
        let outcome = read(
            Self.version2,
            [
                #"{"seq":1,"type":"dimming.tap","source":"user","caller":"Tap.swift:3"}"#,
                #"{"seq":2,"type":"modal.present","link":"pay","content":"Pay","height":null,"source":"robot"}"#,
                #"{"seq":3,"type":"card.push","link":"pay","content":"Card","height":420.5,"canDismiss":false}"#,
                #"{"seq":4,"type":"card.update","link":"pay","height":null}"#,
                #"{"seq":5,"type":"card.update","link":"pay","canDismiss":true}"#,
                #"{"seq":6,"type":"card.update","link":"pay"}"#,
                #"{"seq":7,"type":"session.start","info":{"build":"4.2"}}"#,
            ])
        #expect(outcome.error == nil)
        let events = outcome.events
        #expect(events[0].source == .user && events[0].caller == "Tap.swift:3")
        // An unknown word reads: the projection rejects it.
        #expect(events[1].source == EventSource(rawValue: "robot"))
        #expect(events[1].event == .modalPresent(ModalPresentation(link: "pay", content: "Pay")))
        #expect(events[2].event == .cardPush(link: "pay", content: "Card", height: 420.5, canDismiss: false))
        #expect(events[3].event == .cardUpdate(link: "pay", height: .automatic))
        #expect(events[4].event == .cardUpdate(link: "pay", canDismiss: true))
        #expect(events[5].event == .cardUpdate(link: "pay"))
        #expect(events[6].event == .sessionStart(info: ["build": "4.2"]))
    }

    @Test(arguments: [
        (#"{"seq":1,"type":"dimming.tap","source":null}"#, "source"),
        (#"{"seq":1,"type":"dimming.tap","caller":null}"#, "caller"),
        (#"{"seq":1,"type":"dimming.tap","source":1}"#, "source"),
        (#"{"seq":1,"type":"dimming.tap","caller":["a"]}"#, "caller"),
        (#"{"seq":1,"type":"card.push","link":"a","content":"B","height":"tall"}"#, "height"),
        (#"{"seq":1,"type":"card.push","link":"a","content":"B","canDismiss":null}"#, "canDismiss"),
        (#"{"seq":1,"type":"card.replace","link":"a","content":"B","canDismiss":"no"}"#, "canDismiss"),
        (#"{"seq":1,"type":"card.update","link":"a","height":true}"#, "height"),
        (#"{"seq":1,"type":"card.update","link":"a","canDismiss":null}"#, "canDismiss"),
        (#"{"seq":1,"type":"modal.present","link":"a","content":"A","height":[1]}"#, "height"),
    ])
    func aVersion2FieldOfTheWrongTypeIsMalformed(line: String, field: String) {
        let error = read(Self.version2, [line]).error
        #expect(error?.kind == .wrongType && error?.line == 2, "\(String(describing: error))")
        #expect(error?.message.contains("\"\(field)\"") == true, "\(String(describing: error))")
    }

    // MARK: Batches

    @Test func aBatchReadsItsEventsInOrder() {
        let outcome = read(
            Self.version2,
            [
                #"{"seq":1,"type":"batch","events":[{"type":"modal.dismiss","link":"a"},{"type":"card.update","link":"b","height":300}],"source":"app"}"#
            ])
        #expect(outcome.error == nil)
        #expect(
            outcome.events.first?.event
                == .batch([.modalDismiss(link: "a"), .cardUpdate(link: "b", height: .points(300))]))
        #expect(outcome.events.first?.source == .app)
    }

    static let malformedBatches: [(String, EventLogError.Kind, String)] = [
        (#""events":[]"#, .invalidBatch, "1 to 1000 events, found 0"),
        (#""events":{}"#, .wrongType, #"field "events" must be an array"#),
        (#""events":null"#, .missingField, #"missing field "events""#),
        (#""events":[{"type":"dimming.tap"},3]"#, .wrongType, "events[1]: an event must be a JSON object"),
        (#""events":[{"type":"dimming.tap","seq":2}]"#, .invalidBatch, #"events[0]: an event in a batch has no "seq""#),
        (
            #""events":[{"type":"dimming.tap","time":2}]"#, .invalidBatch,
            #"events[0]: an event in a batch has no "time""#
        ),
        (
            #""events":[{"type":"dimming.tap","source":"app"}]"#, .invalidBatch,
            #"events[0]: an event in a batch has no "source""#
        ),
        (#""events":[{"type":"dimming.tap"},{"type":"dimming.tap","caller":null}]"#, .invalidBatch, "events[1]:"),
        (
            #""events":[{"type":"batch","events":[{"type":"dimming.tap"}]}]"#, .invalidBatch,
            #"events[0]: a batch cannot hold a "batch""#
        ),
        (#""events":[{"type":"session.start"}]"#, .invalidBatch, #"events[0]: a batch cannot hold a "session.start""#),
        (#""events":[{"type":"modal.presnt","link":"a"}]"#, .unknownType, "events[0]: unknown event type"),
        (#""events":[{"type":"modal.presented"}]"#, .missingField, #"events[0]: missing field "link""#),
        (
            #""events":[{"type":"snap.to","link":"a","index":"1"}]"#, .wrongType,
            #"events[0]: field "index" must be a number"#
        ),
    ]

    @Test(arguments: malformedBatches)
    func aMalformedBatchNamesTheLineAndTheIndex(events: String, kind: EventLogError.Kind, message: String) {
        let error = read(Self.version2, [#"{"seq":1,"type":"batch",\#(events)}"#]).error
        #expect(error?.kind == kind && error?.line == 2, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func aBatchHoldsAtMostAThousandEvents() {
        func batch(_ count: Int) -> String {
            let events = Array(repeating: #"{"type":"dimming.tap"}"#, count: count).joined(separator: ",")
            return #"{"seq":1,"type":"batch","events":[\#(events)]}"#
        }
        #expect(read(Self.version2, [batch(1000)]).events.count == 1)
        let error = read(Self.version2, [batch(1001)]).error
        #expect(error?.kind == .invalidBatch && error?.message.contains("found 1001") == true)
    }

    @Test func aLenientReaderSkipsAMalformedBatchWhole() throws {
        let bytes = Array(
            [
                Self.version2, #"{"seq":1,"type":"batch","events":[{"type":"dimming.tap"},{"type":"nope"}]}"#,
                #"{"seq":2,"type":"dimming.tap"}"#,
            ].map { $0 + "\n" }.joined().utf8)
        let reader = try EventLogReader(bytes: bytes, options: EventLogReader.Options(lenient: true))
        #expect(try reader.readAll().map(\.seq) == [2])
        #expect(reader.skippedLines == 1)
    }

    @Test func aBatchKeepsToTheLimitsOfItsLine() {
        let options = EventLogReader.Options(maximumLineLength: 200, maximumDepth: 4)
        let deep =
            #"{"seq":1,"type":"batch","events":[{"type":"modal.present","link":"a","content":"A","payload":{"a":{"b":1}}}]}"#
        let error = readLog(Array((Self.version2 + "\n" + deep + "\n").utf8), options: options).error
        #expect(error?.kind == .limitExceeded && error?.line == 2)
        let long =
            #"{"seq":1,"type":"batch","events":["#
            + Array(repeating: #"{"type":"dimming.tap"}"#, count: 20)
            .joined(separator: ",") + "]}"
        #expect(readLog(Array((Self.version2 + "\n" + long + "\n").utf8), options: options).error?.kind == .lineTooLong)
    }

    // MARK: Writing

    @Test func eventsWriteAndReadBackInBothVersions() throws {
        let entry = LoggedEvent(
            seq: 1, event: .cardPush(link: "a", content: "B"), source: .user, caller: "Card.swift:9")
        let version2 = String(decoding: EventLogEncoder.encode(entry), as: UTF8.self)
        #expect(
            version2
                == #"{"seq":1,"type":"card.push","link":"a","content":"B","source":"user","caller":"Card.swift:9"}"#
                + "\n")
        let version1 = String(decoding: EventLogEncoder.encode(entry, version: 1), as: UTF8.self)
        #expect(version1 == #"{"seq":1,"type":"card.push","link":"a","content":"B"}"# + "\n")
    }

    @Test func aSegmentNeverFollowsOneOfALaterVersion() throws {
        let folder = try TemporaryFolder()
        try FileSystemFolder.make(folder.file("log"))
        let state = #"{"seq":1,"keyboard":{"height":0,"responderBottom":null},"roots":[],"rejected":[]}"#
        try folder.write(Self.version1 + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n", to: "log/1.jsonl")
        try folder.write(
            #"{"format":"modal-events","version":2,"from":2,"state":\#(state)}"# + "\n"
                + #"{"seq":2,"type":"session.start"}"#
                + "\n", to: "log/2.jsonl")
        #expect(try EventLogReader(path: folder.file("log")).readAll().count == 2)
        // The other way round: a version-1 segment after a version-2 one.
        try folder.write(Self.version2 + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n", to: "log/1.jsonl")
        try folder.write(
            #"{"format":"modal-events","version":1,"from":2,"state":\#(state)}"# + "\n"
                + #"{"seq":2,"type":"dimming.tap"}"#
                + "\n", to: "log/2.jsonl")
        #expect {
            try EventLogReader(path: folder.file("log")).readAll()
        } throws: { error in
            let error = error as! EventLogError
            return error.kind == .olderVersion && error.file.hasSuffix("2.jsonl") && error.line == 1
        }
    }
}

/// A folder made for a test.
enum FileSystemFolder {
    static func make(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}

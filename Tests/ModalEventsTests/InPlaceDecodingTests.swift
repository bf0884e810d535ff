import Foundation
import ModalEvents
import TestSupport
import Testing

/// The log reader decodes an event line in place when it can, and through
/// the line's parsed JSON otherwise: for every line, both ways give the same
/// event or the same error, and the package's own logs all take the fast way.
@Suite struct InPlaceDecodingTests {
    typealias Outcome = Result<LoggedEvent?, EventLogError>

    static func outcome(
        _ line: [UInt8], _ way: LoggedEvent.LineDecoding, options: EventLogReader.Options = .init()
    ) -> Outcome {
        Result { () throws(EventLogError) in try LoggedEvent.decoding(line: line, way, options: options) }
    }

    /// Checks that decoding `line` in place, when it does not decline, gives
    /// what decoding through JSON gives; returns whether it declined.
    @discardableResult
    static func expectSameBothWays(
        _ line: [UInt8], options: EventLogReader.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let inPlace = outcome(line, .inPlace, options: options)
        let throughJSON = outcome(line, .throughJSON, options: options)
        if case .success(nil) = inPlace { return true }
        #expect(
            inPlace == throughJSON, "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
        return false
    }

    @Test(arguments: Fixtures.wellFormedLogs)
    func everyLineOfTheSampleLogsReadsInPlaceAndTheSame(log: String) throws {
        // Whole lines only: a torn last line has no newline.
        let lines = try Fixtures.text(log).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .dropLast()
        for line in lines {
            let declined = Self.expectSameBothWays(Array(line.utf8))
            #expect(!declined, "declined: \(line)")
        }
    }

    @Test func everyEventTypeWithEveryFieldReadsInPlaceAndTheSame() {
        for (index, event) in EventCodecTests.everyEvent.enumerated() {
            let entry = LoggedEvent(seq: index + 1, time: Double(index) * 0.125, event: event)
            let line = Array(EventLogEncoder.encode(entry).dropLast())
            #expect(Self.outcome(line, .inPlace) == .success(entry), "\(event.type)")
            Self.expectSameBothWays(line)
        }
    }

    /// Lines at the edges of JSON and of the spec, each read both ways.
    static let edgeLines: [String] = [
        #"{"seq":1,"type":"dimming.tap"}"#,
        #" { "seq" : 1 , "type" : "dimming.tap" } "#,
        "{\t\"seq\":1,\r\"type\":\"dimming.tap\"}\r",
        #"{"type":"modal.presented","link":"a","seq":1,"time":2}"#,
        #"{"seq":1,"type":"dimming.tap","extra":{"a":[1,2,{"b":null}]},"more":"x","n":[]}"#,
        #"{}"#,
        // Duplicate keys: known, other, and spelled with an escape or with another Unicode form.
        #"{"seq":1,"seq":1,"type":"dimming.tap"}"#,
        #"{"seq":1,"type":"dimming.tap","x":1,"x":2}"#,
        #"{"seq":1,"type":"modal.presented","lin\u006b":"a","link":"b"}"#,
        #"{"se\u0071":1,"type":"dimming.tap"}"#,
        "{\"seq\":1,\"type\":\"dimming.tap\",\"\u{E9}\":1,\"e\u{301}\":2}",
        "{\"seq\":1,\"type\":\"dimming.tap\",\"\u{212A}\":1,\"K\":2}",
        // Strings.
        #"{"seq":1,"type":"modal.presented","link":"a\"b\\c\/d\b\f\n\r\t"}"#,
        #"{"seq":1,"type":"modal.presented","link":"\u00e9\u4e2d\ud83d\ude00"}"#,
        "{\"seq\":1,\"type\":\"modal.presented\",\"link\":\"链接 😀 e\u{301}\"}",
        #"{"seq":1,"type":"modal.presented","link":"\ud800"}"#,
        #"{"seq":1,"type":"modal.presented","link":"\udc00x"}"#,
        #"{"seq":1,"type":"modal.presented","link":"\x"}"#,
        #"{"seq":1,"type":"modal.presented","link":"\u12"}"#,
        "{\"seq\":1,\"type\":\"modal.presented\",\"link\":\"a\tb\"}",
        #"{"seq":1,"type":"modal.presented","link":""}"#,
        #"{"seq":1,"type":"modal.pres\u0065nted","link":"a"}"#,
        #"{"seq":1,"type":"modal.presnt","link":"a"}"#,
        #"{"seq":1,"type":"modal.presented.and.more.than.sixteen","link":"a"}"#,
        #"{"seq":1,"type":"","link":"a"}"#,
        // Numbers.
        #"{"seq":1.0,"type":"dimming.tap"}"#,
        #"{"seq":1e0,"type":"dimming.tap"}"#,
        #"{"seq":10E-1,"type":"dimming.tap"}"#,
        #"{"seq":-0,"type":"dimming.tap"}"#,
        #"{"seq":1.5,"type":"dimming.tap"}"#,
        #"{"seq":123456789012345678901234567890,"type":"dimming.tap"}"#,
        #"{"seq":1,"time":1e999,"type":"dimming.tap"}"#,
        #"{"seq":1,"type":"keyboard.change","height":1e999}"#,
        #"{"seq":1,"type":"keyboard.change","height":-1e999}"#,
        #"{"seq":1,"type":"keyboard.change","height":4.9e-325}"#,
        #"{"seq":1,"type":"keyboard.change","height":1e-99999999999}"#,
        #"{"seq":1,"type":"keyboard.change","height":1.7976931348623157e308}"#,
        #"{"seq":1,"type":"keyboard.change","height":2.2250738585072014e-308}"#,
        #"{"seq":1,"type":"keyboard.change","height":0.1}"#,
        #"{"seq":1,"type":"keyboard.change","height":9007199254740993}"#,
        #"{"seq":1,"type":"keyboard.change","height":1234567890123456789.5}"#,
        #"{"seq":1,"type":"keyboard.change","height":0.000000000000000000000001}"#,
        #"{"seq":1,"type":"keyboard.change","height":-0.0}"#,
        #"{"seq":1,"type":"keyboard.change","height":1E+2}"#,
        #"{"seq":1,"type":"keyboard.change","height":01}"#,
        #"{"seq":1,"type":"keyboard.change","height":-}"#,
        #"{"seq":1,"type":"keyboard.change","height":1.}"#,
        #"{"seq":1,"type":"keyboard.change","height":.5}"#,
        #"{"seq":1,"type":"keyboard.change","height":1e}"#,
        #"{"seq":1,"type":"keyboard.change","height":1e+}"#,
        #"{"seq":1,"type":"keyboard.change","height":+1}"#,
        #"{"seq":1,"type":"keyboard.change","height":0x10}"#,
        // null and wrong types.
        #"{"seq":1,"type":"modal.presented","root":null,"link":"a"}"#,
        #"{"seq":1,"type":"modal.presented","link":null}"#,
        #"{"seq":null,"type":"dimming.tap"}"#,
        #"{"seq":1,"type":null}"#,
        #"{"seq":1,"type":5}"#,
        #"{"seq":"1","type":"dimming.tap"}"#,
        #"{"seq":1,"type":"modal.presented","link":1}"#,
        #"{"seq":1,"type":"modal.presented","link":["a"]}"#,
        #"{"seq":1,"type":"modal.presented","link":{"a":1}}"#,
        #"{"seq":1,"type":"modal.presented","link":true}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":null}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":"x"}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[1,"a"]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[[1]]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[ ]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[ 0.5 , 1 ]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[1,]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[,1]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","snapPoints":[1 2]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","canDismiss":"yes"}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","canDismiss":null}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","payload":null}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","payload":[1,"x",true,false,null,{}]}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","payload":"just text"}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","payload":2.50}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","payload":{"a":1,"a":2}}"#,
        #"{"seq":1,"type":"modal.present","link":"a"}"#,
        #"{"seq":1,"type":"root.register","dimming":[]}"#,
        #"{"seq":1,"type":"root.register","dimming":{"tap":1}}"#,
        #"{"seq":1,"type":"root.register","size":{"width":"x","height":1}}"#,
        #"{"seq":1,"type":"root.resize"}"#,
        #"{"seq":1,"type":"root.resize","size":{"height":1}}"#,
        // Literals and structure.
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","canDismiss":tru}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","canDismiss":truex}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"b","canDismiss":nul}"#,
        #"{"seq":1,"type":"dimming.tap",}"#,
        #"{"seq" 1,"type":"dimming.tap"}"#,
        #"{"seq":1 "type":"dimming.tap"}"#,
        #"{seq:1,"type":"dimming.tap"}"#,
        #"{"seq":1,"type":"dimming.tap"}}"#,
        #"{"seq":1,"type":"dimming.tap"} x"#,
        #"{"seq":1,"type":"dimming.tap""#,
        #"{"seq":1,"type":"dimming.tap"#,
        #"{"seq":1,"type""#,
        #"{"seq"#,
        #"{"#,
        #"[]"#,
        #""str""#,
        #"1"#,
        #"null"#,
        "",
        "   ",
        "\u{FEFF}{\"seq\":1,\"type\":\"dimming.tap\"}",
    ]

    @Test(arguments: edgeLines)
    func anEdgeCaseReadsTheSameBothWays(line: String) {
        Self.expectSameBothWays(Array(line.utf8))
    }

    @Test func invalidUTF8ReadsTheSameBothWays() {
        let prefix = Array(#"{"seq":1,"type":"modal.presented","link":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        for bad: [UInt8] in [
            [0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80],
        ] {
            Self.expectSameBothWays(prefix + bad + suffix)
            // In a key too.
            Self.expectSameBothWays(Array(#"{"seq":1,"type":"dimming.tap",""#.utf8) + bad + Array(#"":1}"#.utf8))
        }
    }

    @Test func theLimitsApplyBothWays() {
        let lines = [
            #"{"seq":1,"type":"modal.present","link":"abcd","content":"b","snapPoints":[1]}"#,
            #"{"seq":1,"type":"modal.present","link":"abcde","content":"b"}"#,
            #"{"seq":1,"type":"modal.present","link":"a","content":"b","payload":{"a":{"b":[1]}}}"#,
            #"{"seq":1,"type":"dimming.tap","responderBottom":1,"maxVisibleCards":2}"#,
            #"{"seq":1,"type":"modal.presented","link":"a\"bc"}"#,
        ]
        for maximumDepth in 1...4 {
            for maximumStringLength in [1, 3, 4, 5, 15, 16] {
                let options = EventLogReader.Options(
                    maximumDepth: maximumDepth, maximumStringLength: maximumStringLength)
                for line in lines { Self.expectSameBothWays(Array(line.utf8), options: options) }
            }
        }
    }

    /// Every line of a few sample logs with one byte deleted, replaced or
    /// inserted, at every place: tens of thousands of near misses.
    @Test func everyOneByteChangeOfSampleLinesReadsTheSameBothWays() throws {
        let lines = try Fixtures.nearMissLogs.flatMap {
            try Fixtures.text($0).split(separator: "\n").dropFirst().map { Array($0.utf8) }
        }
        var variants = 0
        for line in lines {
            for change in oneByteChanges(of: line, using: jsonNearMissBytes) { Self.expectSameBothWays(change) }
            variants += line.count * (1 + 2 * jsonNearMissBytes.count)
        }
        #expect(variants > 100_000)
    }
}

import Foundation
import ModalEvents
import TestSupport
import Testing

/// Replays the fuzzer's findings (`Tests/Fixtures/fuzz/`) and hand-made hostile
/// inputs through the readers: each must read or fail with an `EventLogError`,
/// never crash. `exercise` does what `exerciseReaders` in
/// `Fuzz/LogReaderFuzzTarget.swift` does (that file is in no package target),
/// with expectations where the fuzz target has checks.
@Suite struct FuzzRegressionTests {
    static let header = #"{"format":"modal-events","version":1}"# + "\n"
    /// The fuzz target's limits.
    static let fuzzLimits = EventLogReader.Options(
        maximumLineLength: 4096, maximumDepth: 32, maximumStringLength: 64, chunkSize: 7)

    /// The fuzz target's checks: the input as one JSON document, then as a log
    /// with the fuzz limits; what was accepted must write back and read back
    /// equal, and the chunk size must not change the outcome.
    @discardableResult
    static func exercise(
        _ bytes: [UInt8], _ label: Comment = "", sourceLocation: SourceLocation = #_sourceLocation
    ) -> LogReadOutcome {
        if let value = try? JSONReader.read(bytes, maximumDepth: fuzzLimits.maximumDepth) {
            let text = value.serialized()
            #expect((try? JSONReader.read(Array(text.utf8))) == value, label, sourceLocation: sourceLocation)
        }
        let outcome = readLog(bytes, options: fuzzLimits)
        if let header = outcome.header {
            let line = EventLogEncoder.encode(header)
            let reread = try? LogHeader(json: JSONReader.read(line.dropLast()))
            #expect(reread == header, label, sourceLocation: sourceLocation)
        }
        let version = outcome.header?.version ?? 1
        for entry in outcome.events {
            // The first encoding is the normal form (see checkEventRoundTrip in the fuzz target).
            let line = EventLogEncoder.encode(entry, version: version)
            let reread = try? LoggedEvent(json: JSONReader.read(line.dropLast()), version: version)
            #expect(reread == entry, label, sourceLocation: sourceLocation)
            #expect(
                reread.map { EventLogEncoder.encode($0, version: version) } == line, label,
                sourceLocation: sourceLocation)
        }
        var whole = fuzzLimits
        whole.chunkSize = bytes.count + 1
        let reference = readLog(bytes, options: whole)
        #expect(reference == outcome, "the chunk size changed the outcome \(label)", sourceLocation: sourceLocation)
        var lenient = fuzzLimits
        lenient.lenient = true
        let skipping = readLog(bytes, options: lenient)
        #expect(skipping.error.map { $0.line == 1 } ?? true, "only a header stops a lenient reader \(label)")
        if outcome.error == nil {
            #expect(skipping == outcome, "lenient differs \(label)", sourceLocation: sourceLocation)
        }
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            InPlaceDecodingTests.expectSameBothWays(Array(line), options: fuzzLimits, sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// The kept inputs: every file in `Tests/Fixtures/fuzz/` but its README
    /// and hidden files (as `Scripts/fuzz --regressions` takes them).
    static let keptInputs: [String] = {
        let folder = Fixtures.path("Tests/Fixtures/fuzz")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }()

    @Test func everyKeptInputReadsOrFailsWithAnError() throws {
        // The folder is there even with no inputs yet, so a moved folder does not pass by finding none.
        #expect(FileManager.default.fileExists(atPath: Fixtures.path("Tests/Fixtures/fuzz/README.md")))
        for path in Self.keptInputs {
            let bytes = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
            Self.exercise(Array(bytes), "\(path)")
        }
    }

    // Hand-made hostile inputs, with the errors a reader with the default limits gives.

    @Test func deepNestingStopsAtTheDepthLimit() {
        let bytes = Array((Self.header + String(repeating: "[", count: 100_000) + "\n").utf8)
        Self.exercise(bytes)
        let error = readLog(bytes).error
        #expect(error?.kind == .limitExceeded && error?.line == 2)
        #expect(error?.message == "nesting deeper than 256 levels (column 257)")
    }

    @Test func aOneMegabyteLineReadsUnderTheDefaultLimitAndNotUnderASmallOne() throws {
        let content = String(repeating: "a", count: 1 << 20)
        let bytes = Array(
            (Self.header + #"{"seq":1,"type":"modal.present","link":"l","content":"\#(content)"}"# + "\n").utf8)
        let outcome = readLog(bytes)
        #expect(outcome.error == nil)
        guard case .modalPresent(let presentation) = try #require(outcome.events.first).event else {
            Issue.record("not a modal.present: \(outcome.events)")
            return
        }
        #expect(presentation.content.utf8.count == 1 << 20)
        let error = Self.exercise(bytes).error
        #expect(error?.kind == .lineTooLong && error?.line == 2)
    }

    @Test func invalidUTF8InAKeyIsAnUTF8Error() {
        let bytes =
            Array((Self.header + #"{"seq":1,"type":"dimming.tap",""#).utf8) + [0xFF] + Array(#"root":"a"}"#.utf8) + [10]
        let error = Self.exercise(bytes).error
        #expect(error?.kind == .invalidUTF8 && error?.line == 2)
    }

    @Test(arguments: [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800x"#])
    func aLoneSurrogateEscapeIsInvalidJSON(escape: String) {
        let bytes = Array(
            (Self.header + #"{"seq":1,"type":"modal.present","link":"\#(escape)","content":"c"}"# + "\n").utf8)
        let error = Self.exercise(bytes).error
        #expect(error?.kind == .invalidJSON && error?.line == 2)
        #expect(error?.message.contains("lone surrogate") == true)
    }

    @Test func aSeqTooLargeForADoubleIsNotAnInteger() {
        let bytes = Array((Self.header + #"{"seq":1e999,"type":"dimming.tap"}"# + "\n").utf8)
        let error = Self.exercise(bytes).error
        #expect(error?.kind == .wrongType && error?.line == 2)
        #expect(error?.message.hasPrefix(#"field "seq" is 1e999, which a log cannot hold exactly"#) == true)
    }

    @Test func aVersion3HeaderIsNewer() {
        let bytes = Array((#"{"format":"modal-events","version":3}"# + "\n").utf8)
        let error = Self.exercise(bytes).error
        #expect(error?.kind == .newerVersion && error?.line == 1)
    }

    /// Why the round trip compares events, and bytes only from the second encoding on.
    @Test func numbersTakeTheirNormalFormOnTheFirstEncoding() throws {
        let bytes = Array((Self.header + #"{"seq":1.0,"time":-0,"type":"root.register","level":1e2}"# + "\n").utf8)
        let entry = try #require(Self.exercise(bytes).events.first)
        #expect(
            String(decoding: EventLogEncoder.encode(entry), as: UTF8.self)
                == #"{"seq":1,"time":0,"type":"root.register","level":100}"# + "\n")
    }
}

import Foundation
import ModalEvents
import TestSupport
import Testing

/// Replays the `log` fuzz target's findings (`Tests/Fixtures/fuzz/log/`)
/// and hand-made hostile inputs through the readers: each must read or fail
/// with an `EventLogError`, never crash, and pass the target's checks
/// (`LogReaderFuzzing`, which the target runs too), here recorded as issues.
@Suite struct FuzzRegressionTests {
    static let header = #"{"format":"modal-events","version":1}"# + "\n"

    /// The fuzz target's checks on `bytes`, each failure an issue at the caller.
    @discardableResult
    static func exercise(
        _ bytes: [UInt8], _ label: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) -> LogReadOutcome {
        LogReaderFuzzing.exercise(
            bytes, check: FuzzCheck { Issue.record("\(label) \($0)", sourceLocation: sourceLocation) })
    }

    @Test func everyKeptInputReadsOrFailsWithAnError() throws {
        let inputs = try FuzzFindings.inputs(of: .log)
        for path in inputs {
            let bytes = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
            Self.exercise(Array(bytes), path)
        }
    }

    @Test func theFindingsFolderHoldsAFolderPerTargetAndNothingElse() throws {
        #expect(FileManager.default.fileExists(atPath: Fixtures.path("Tests/Fixtures/fuzz/README.md")))
        #expect(try FuzzFindings.unexpectedEntries().isEmpty)
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

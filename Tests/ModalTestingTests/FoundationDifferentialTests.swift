import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import ModalWorkloads
import TestSupport
import Testing

/// The package's reader against Foundation's `JSONDecoder` (through
/// `FoundationLogReader`): on every valid log the same events, on every bad
/// one an error of the same kind on the same line; where they part on
/// purpose, they part as `FoundationLogReader.knownDifferences` says.
@Suite struct FoundationDifferentialTests {
    /// A log's first line, with no more than the format needs.
    static let header = #"{"format":"modal-events","version":1}"# + "\n"

    /// The kinds Foundation can tell apart: it reports bad UTF-8 as bad JSON.
    static func comparableKind(_ kind: EventLogError.Kind) -> EventLogError.Kind {
        kind == .invalidUTF8 ? .invalidJSON : kind
    }

    /// Checks that both readers give the same for `bytes` (equal events,
    /// and the same kind of error on the same line), or that the first line
    /// where they part is a known difference; returns that difference's name.
    @discardableResult
    static func expectSameReading(
        _ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String? {
        let package = readLog(bytes)
        let foundation = FoundationLogReader().read(bytes)
        let packageEvents = package.events.map(\.comparableWithFoundation)
        let sameEvents = packageEvents == foundation.events
        let sameError =
            package.error?.line == foundation.error?.line
            && package.error.map { comparableKind($0.kind) } == foundation.error.map { comparableKind($0.kind) }
        if sameEvents && sameError { return nil }
        // The first line where they part: line 1 is the header, event n is on line n + 1.
        let common = min(packageEvents.count, foundation.events.count)
        let firstDifferentEvent = (0..<common).first { packageEvents[$0] != foundation.events[$0] } ?? common
        let line = [firstDifferentEvent + 2, package.error?.line, foundation.error?.line].compactMap { $0 }.min()!
        let text =
            bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropFirst(line - 1).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let difference = knownDifference(
            text, package: package.error, foundation: foundation.error, version: package.header?.version ?? 1)
        #expect(
            difference != nil,
            "\(label), line \(line): package \(package.error.map(String.init(describing:)) ?? "no error"), Foundation \(foundation.error.map(String.init(describing:)) ?? "no error"): \(text.prefix(300))",
            sourceLocation: sourceLocation)
        return difference
    }

    /// Which of `FoundationLogReader.knownDifferences` explains why the
    /// readers parted on `line`, by name, or `nil`.
    static func knownDifference(
        _ line: String, package: EventLogError?, foundation: EventLogError?, version: Int
    ) -> String? {
        if package?.message.contains("duplicate key") == true { return "duplicate key" }
        if foundation == nil, package?.kind == .invalidJSON {
            // A trailing comma: the line reads once its commas before a closing bracket are gone.
            let withoutTrailingCommas = line.replacing(/,(\s*[}\]])/) { String($0.output.1) }
            if withoutTrailingCommas != line,
                readLog(Array((header + withoutTrailingCommas + "\n").utf8)).error?.kind != .invalidJSON
            {
                return "trailing comma"
            }
            if line.hasPrefix("\u{FEFF}") { return "byte order mark" }
        }
        if foundation?.kind != .invalidJSON, package?.kind == .invalidJSON || package?.kind == .invalidUTF8 {
            // JSONDecoder checks a value's text only as it decodes it: not an unknown field's (a height,
            // source or caller in a version-1 log), nor what comes after the fault it stops at first.
            return "value checked only when decoded"
        }
        if foundation?.kind == .invalidJSON, package == nil || package?.kind == .wrongType {
            // A number too large or too small for a Double: Foundation refuses it.
            let numbers = line.matches(of: /-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/).map { String($0.output.0) }
            let outOfRange = numbers.contains { literal in
                let value = Double(literal) ?? 0
                let digits = literal.prefix { $0 != "e" && $0 != "E" }
                return value.isInfinite || (value == 0 && digits.contains { "123456789".contains($0) })
            }
            if outOfRange { return "number out of range" }
            if line.range(of: #"[^0-9.]0[eE]\+?[0-9]"#, options: .regularExpression) != nil {
                return "zero with an exponent"
            }
        }
        return nil
    }

    @Test(arguments: Fixtures.wellFormedLogs)
    func everySampleLogReadsTheSame(log: String) throws {
        Self.expectSameReading(Array(try Fixtures.text(log).utf8), log)
    }

    @Test(arguments: Fixtures.malformedLogs.map(\.file))
    func everyMalformedLogFailsTheSame(file: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("EventLogs/malformed/\(file)"))))
        Self.expectSameReading(bytes, file)
    }

    @Test func longRealisticSessionsReadTheSame() {
        for seed: UInt64 in [1, 2, 3] {
            let events = Array(SessionGenerator(seed: seed).prefix(5_000))
            Self.expectSameReading(EventLogEncoder.encode(events: events), "session \(seed)")
        }
    }

    /// Sequences of the property harness's `anything` flow: names and values
    /// from all of Unicode, escapes, nested payloads, numbers of every form.
    @Test func randomSequencesReadTheSame() {
        var random = PropertyRandom(seed: 0xD1FF)
        let generator = EventGenerator(flow: .anything)
        var differences: [String: Int] = [:]
        for index in 0..<300 {
            let events = generator.sequence(length: 60, random: &random)
            if let difference = Self.expectSameReading(EventLogEncoder.encode(events: events), "sequence \(index)") {
                differences[difference, default: 0] += 1
            }
        }
        // Only infinities (`1e999`, which the generator writes on purpose) part them.
        #expect(Set(differences.keys).isSubset(of: ["number out of range"]))
    }

    @Test(arguments: FoundationLogReader.knownDifferences.map(\.line))
    func eachKnownDifferenceIsWhatItSays(line: String) throws {
        let difference = try #require(FoundationLogReader.knownDifferences.first { $0.line == line })
        let bytes = Array((Self.header + line + "\n").utf8)
        let package = readLog(bytes)
        let foundation = FoundationLogReader().read(bytes)
        #expect(package.error?.kind == difference.package, "\(difference.why)")
        let foundationRefuses = difference.foundation.hasPrefix("refuses")
        #expect((foundation.error != nil) == foundationRefuses, "Foundation: \(foundation)")
    }

    /// Lines of the sample logs with one byte deleted, replaced or inserted:
    /// where both read a line, they read the same event; where both refuse
    /// it, they refuse it the same way; where one reads what the other
    /// refuses, the line is one of the known differences.
    @Test(arguments: [1, 2])
    func oneByteChangesReadTheSameUnlessAKnownDifference(version: Int) throws {
        // Each line on its own, as the first event of a log of that version.
        let lines = try Fixtures.nearMissLogs.flatMap {
            try Fixtures.text($0).split(separator: "\n").dropFirst().map {
                Array($0.replacing(/^\{"seq":[0-9]+/, with: #"{"seq":1"#).utf8)
            }
        }
        let header = Array(#"{"format":"modal-events","version":\#(version)}"#.utf8) + [UInt8(ascii: "\n")]
        var agreed = 0
        var differed: [String: Int] = [:]
        for change in lines.flatMap({ oneByteChanges(of: $0, using: jsonNearMissBytes) }) {
            if let difference = Self.expectSameReading(header + change + [UInt8(ascii: "\n")], "one byte changed") {
                differed[difference, default: 0] += 1
            } else {
                agreed += 1
            }
        }
        #expect(agreed > 100_000)
        print("FoundationDifferentialTests: \(agreed) one-byte changes read the same, known differences: \(differed)")
    }
}

import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

/// Random logs (the generator's, rejections included) written as segments
/// and redacted: both keep what a replay makes of them.
@Suite struct LogFilePropertyTests {
    static let flow = ModalFlow(roots: [], invalidShare: 0.1, length: 1...300)

    /// The state after each event: `states[n]` is the state after seq n.
    static func states(_ entries: [LoggedEvent]) -> [ModalState] {
        var state = ModalState()
        return [state]
            + entries.map { entry in
                state.replay(entry)
                return state
            }
    }

    @Test func segmentsReplayToTheStateOfOneFile() throws {
        var random = PropertyRandom(seed: 0x5E6_2026)
        let generator = EventGenerator(flow: Self.flow)
        var rotations = 0
        for _ in 0..<50 {
            let entries = generator.sequence(length: random.int(in: 1...300), random: &random)
            let states = Self.states(entries)
            let oneFile = try replayed(.bytes(EventLogEncoder.encode(events: entries), name: "log"))
            #expect(oneFile == states.last)

            let folder = try TemporaryFolder()
            let keep = random.chance(0.3) ? random.int(in: 1...3) : nil
            let segments = EventLogWriter.Segments(maximumBytes: random.int(in: 400...6000), retainedFiles: keep)
            let options = EventLogWriter.Options(durability: .none, segments: segments)
            let (writer, _, _) = try EventLogWriter.open(folder.file("log"), as: ModalState.self, options: options)
            for entry in entries { try writer.append(entry) { states[entry.seq - 1].json } }
            try writer.close()

            #expect(try replayed(.path(folder.file("log"))) == oneFile)
            let files = try EventLogReader.segments(in: folder.file("log"))
            rotations += files.count - 1
            for file in files {
                // Each segment replays alone, from its snapshot, to the state there.
                let reader = try EventLogReader(path: file)
                #expect(try replayed(reader: reader) == states[reader.lastSeq], "\(file)")
            }
        }
        #expect(rotations > 100, "the sizes are small enough that logs rotate")
    }

    @Test func aRedactedLogReplaysToTheSameStructure() throws {
        var random = PropertyRandom(seed: 0x4ED_2026)
        let generator = EventGenerator(flow: Self.flow)
        let redaction = LogRedaction(names: true, salt: "test")
        var rejections = 0
        for _ in 0..<300 {
            let entries = generator.sequence(length: random.int(in: 1...200), random: &random)
            let original = Self.states(entries).last!
            let redacted = Self.states(entries.map(redaction.redact)).last!
            #expect(redacted.roots == redaction.redact(original).roots)
            #expect(redacted.keyboard == original.keyboard && redacted.seq == original.seq)
            #expect(redacted.rejected.map { [$0.seq: $0.code] } == original.rejected.map { [$0.seq: $0.code] })
            #expect(!redacted.roots.flatMap(\.modals).contains { $0.link.hasPrefix("h") == false })
            rejections += original.rejected.count
        }
        #expect(rejections > 100, "the logs have rejections to keep")
    }

    @Test func theEncoderWritesWhatTheEventsJSONWritesAndChecksTheSameLimits() {
        var random = PropertyRandom(seed: 0xE9C_2026)
        let generator = EventGenerator(flow: .anything)
        var refused = 0
        for _ in 0..<300 {
            for entry in generator.sequence(length: 40, random: &random) {
                let line = EventLogEncoder.encode(entry)
                #expect(line == EventLogEncoder.line(entry.json), "\(entry)")
                // Small limits, so that some events break them.
                let options = EventLogReader.Options(
                    maximumLineLength: 120, maximumDepth: random.int(in: 1...4), maximumStringLength: 12)
                let (checked, direct) = options.line(of: entry, version: LogHeader.currentVersion)
                #expect(checked == line)
                #expect((direct == nil) == (options.violation(of: entry.json, line: line) == nil), "\(entry)")
                if direct != nil { refused += 1 }
            }
        }
        #expect(refused > 100, "the limits are small enough to refuse some events")
    }
}

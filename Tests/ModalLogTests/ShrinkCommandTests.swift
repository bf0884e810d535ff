import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads
import TestSupport
import Testing

@testable import ModalTesting
@testable import modal_log

/// `modal-log shrink`: a log cut down to the few events that make something happen.
@Suite struct ShrinkCommandTests {
    /// A generated session of `count` events, written as a version-1 log.
    static func session(_ count: Int, seed: UInt64) throws -> (TemporaryFolder, String, [LoggedEvent]) {
        let events = Array(SessionGenerator(seed: seed).prefix(count))
        let folder = try TemporaryFolder()
        let text = String(
            decoding: EventLogEncoder.encode(header: LogHeader(version: 1), events: events), as: UTF8.self)
        try folder.write(text, to: "session.jsonl")
        return (folder, folder.file("session.jsonl"), events)
    }

    /// The log at `path`, read whole: its header and events.
    static func read(_ path: String) throws -> (header: LogHeader, events: [LoggedEvent]) {
        let reader = try EventLogReader(path: path)
        var events: [LoggedEvent] = []
        while let entry = try reader.next() { events.append(entry) }
        return (reader.header, events)
    }

    /// Each event's rejection code, replayed from an empty state.
    static func codes(_ events: [LoggedEvent], version: Int) -> [RejectionCode?] {
        var state = ModalState()
        return events.map { state.replay($0, formatVersion: version)?.code }
    }

    /// Every root, link and content `events` name.
    static func names(_ events: [LoggedEvent]) -> Set<String> {
        Set(
            events.flatMap(\.event.steps).flatMap { event in
                [event.root, event.link, event.content].compactMap { $0 }
            })
    }

    @Test func eachRejectionOfAGeneratedSessionShrinksToAFewEventsWithItsNames() throws {
        let (folder, log, original) = try Self.session(2_000, seed: 0x5EED)
        let codes = Self.codes(original, version: 1)
        let rejected = codes.indices.filter { codes[$0] != nil }
        #expect(rejected.count >= 5, "the session has rejections to shrink")
        for place in rejected {
            let seq = original[place].seq
            let out = folder.file("shrunk-\(seq).jsonl")
            let run = Run(["shrink", log, "--rejected", "\(seq)", "-o", out])
            #expect(run.status == 0, "\(run.error)")
            let (header, events) = try Self.read(out)
            #expect(header.version == 1 && events.count <= 8, "seq \(seq): \(events.count) events")
            #expect(events.map(\.seq) == Array(1...events.count))
            // The last event is the one followed: rejected as the log's was.
            #expect(Self.codes(events, version: 1).last == codes[place], "seq \(seq)")
            #expect(Self.names(events).isSubset(of: Self.names(original)), "the log's own names")
            #expect(run.output.contains("(seqs ") && run.output.contains(", \(seq) of the log)"), "\(run.output)")
        }
    }

    @Test func aConditionStillHoldsAndNoEventCanBeDropped() throws {
        let (folder, log, original) = try Self.session(2_000, seed: 0x5EED)
        let condition = "cards(checkout) >= 4"
        let out = folder.file("cards.jsonl")
        let run = Run(["shrink", log, "--where", condition, "-o", out])
        #expect(run.status == 0, "\(run.error)")
        let (_, events) = try Self.read(out)
        #expect(events.count == 5 && events.count < original.count, "a root, a present and three pushes")
        #expect(Run(["bisect", out, "--where", condition]).status == 0, "it holds on the shrunk log")
        // One-minimal: without any one of its events, it no longer holds.
        for dropped in events.indices {
            var fewer = events
            fewer.remove(at: dropped)
            let renumbered = fewer.enumerated().map { offset, entry in
                var entry = entry
                entry.seq = offset + 1
                return entry
            }
            try folder.write(
                String(
                    decoding: EventLogEncoder.encode(header: LogHeader(version: 1), events: renumbered),
                    as: UTF8.self),
                to: "fewer.jsonl")
            #expect(
                Run(["bisect", folder.file("fewer.jsonl"), "--where", condition]).status == 1, "without \(dropped)")
        }
    }

    @Test func aBatchLosesTheEventsThatDoNotMatterAndValuesAreSimplified() throws {
        let (folder, log) = try VersionTwoLogs.written(
            """
            {"format":"modal-events","version":2,"app":"Shop"}
            {"seq":1,"time":0,"type":"root.register","root":"main","dimming":{"tap":"passThrough"},"size":{"width":390,"height":844}}
            {"seq":2,"time":0.5,"type":"keyboard.change","height":291.5}
            {"seq":3,"time":1,"type":"batch","source":"user","events":[{"type":"modal.present","root":"main","link":"help","content":"Help"},{"type":"modal.present","root":"main","link":"cart","content":"Cart","style":"fullScreen","payload":{"items":3}},{"type":"modal.present","root":"main","link":"promo","content":"Promo"}]}
            {"seq":4,"time":1.05,"type":"modal.present","root":"main","link":"cart","content":"Cart","caller":"CartButton.tap"}

            """, as: "batch.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["shrink", log, "--rejected", "4"])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output == """
                {"format":"modal-events","version":2,"app":"Shop"}
                {"seq":1,"type":"root.register","root":"main"}
                {"seq":2,"type":"modal.present","root":"main","link":"cart","content":"Cart"}
                {"seq":3,"type":"modal.present","root":"main","link":"cart","content":"Cart"}

                """)
        #expect(run.error.hasPrefix("kept 3 of 4 events (seqs 1, 3, 4 of the log); "), "\(run.error)")
        // The header's own fields stay; the result is a test.
        let out = folder.file("shrunk.jsonl")
        try folder.write(run.output, to: "shrunk.jsonl")
        let test = Run(["export", out, "--format", "swift-test"])
        #expect(test.status == 0 && test.output.contains("@Test"), "\(test.error)")
    }

    @Test func theShrunkLogIsReportedAsATimelineWithItsCause() throws {
        let (folder, log) = try VersionTwoLogs.written(RejectionCauseTests.doubleTap, as: "double-tap.jsonl")
        let run = Run(["shrink", log, "--rejected", "3", "-o", folder.file("out.jsonl")])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4 && lines[0].hasPrefix("\(folder.file("out.jsonl")): kept 3 of 8 events"), "\(lines)")
        #expect(lines[3].contains("rejected duplicateLink") && lines[3].contains("seq 2 modal.present presented it"))
    }

    @Test func whatCannotBeShrunkIsSaidAndExitsNonZero() throws {
        let (folder, log) = try VersionTwoLogs.written(RejectionCauseTests.doubleTap, as: "double-tap.jsonl")
        let never = Run(["shrink", log, "--where", "depth(main) >= 2"])
        #expect(never.status == 1 && never.output.isEmpty)
        #expect(never.error.contains("never holds up to seq 8, so there is nothing to shrink: depth(main) >= 2"))
        #expect(never.error.contains("depth(main) >= 2: at most 1"), "the near miss: \(never.error)")
        let applied = Run(["shrink", log, "--rejected", "2"])
        #expect(applied.status == 64 && applied.error.contains("seq 2 of \(log) applied; it was not rejected"))
        let missing = Run(["shrink", log, "--rejected", "80"])
        #expect(missing.status == 64 && missing.error.contains("has no seq 80 (its last is 8)"))
        #expect(Run(["shrink", log]).status == 64)
        #expect(Run(["shrink", log, "--rejected", "3", "--where", "rejected"]).status == 64)
        let over = Run(["shrink", log, "--rejected", "3", "-o", log])
        #expect(over.status == 64 && over.error.contains("that is the log being shrunk"))
        #expect(try folder.text("double-tap.jsonl") == RejectionCauseTests.doubleTap, "the log is untouched")
        let nowhere = Run(["shrink", log, "--rejected", "3", "-o", folder.file("no/such/folder/out.jsonl")])
        #expect(
            nowhere.status == 74 && nowhere.error.contains("cannot write \(folder.file("no/such/folder/out.jsonl"))"))
    }

    @Test func aSegmentKeepsItsSnapshotAndItsSeqs() throws {
        // The tour from seq 7 on, as a segment: its header holds the state after seq 6.
        let tour = try Self.read(sample("EventLogs/tour.jsonl")).events
        var state = ModalState()
        for entry in tour.prefix(6) { _ = state.replay(entry, formatVersion: 1) }
        let header = LogHeader(version: 1, from: 7, snapshot: state.json)
        let text = tour.dropFirst(6).reduce(into: EventLogEncoder.encode(header)) { bytes, entry in
            bytes += EventLogEncoder.encode(entry, version: 1)
        }
        let folder = try TemporaryFolder()
        try folder.write(String(decoding: text, as: UTF8.self), to: "segment.jsonl")
        let run = Run(["shrink", folder.file("segment.jsonl"), "--where", "depth(sheets) == 2"])
        #expect(run.status == 0, "\(run.error)")
        try folder.write(run.output, to: "out.jsonl")
        let shrunk = try EventLogReader(path: folder.file("out.jsonl"))
        #expect(shrunk.header.from == 7 && shrunk.header.snapshot == state.json)
        #expect(try shrunk.next()?.seq == 7, "numbered from the segment's first seq")
        #expect(run.error.hasPrefix("kept 1 of "), "the checkout is in the snapshot: \(run.error)")
        // With no smaller log tried, the log given back is numbered from the segment's first seq too.
        let untried = Run(["shrink", folder.file("segment.jsonl"), "--where", "depth(sheets) == 2", "--budget", "1"])
        try folder.write(untried.output, to: "untried.jsonl")
        let reader = try EventLogReader(path: folder.file("untried.jsonl"))
        #expect(try reader.next()?.seq == 7)
    }
}

import Foundation
import ModalEvents
import TestSupport
import Testing

/// Power cuts at random moments of a writer's life, on a file system that
/// loses what was not synced (``MemoryFileSystem``); what each durability
/// policy promises, shown separately:
///
/// - `everyEvent` loses no event whose `append` returned with it synced;
/// - `group` loses no event that ``EventLogWriter/durableSeq`` (the seqs
///   `onDurable` reports, `append --ack` prints) had reached: at most the
///   group not yet synced;
/// - `none` may lose anything, but never leaves a log that cannot be opened.
///
/// In every case what survives is a prefix of what was appended, and the
/// log opens again (a torn last line is cut off) and takes more events.
/// The log keeps an index, which is never synced: the writer is opened
/// again halfway, writing it, so a cut may keep a sidecar that covers
/// bytes the log lost, or lose it; either way the log opens from it to the
/// state a read from the top gives.
/// `MODAL_EVENTS_POWER_CUTS=N` runs N cuts per case instead of CI's 200.
@Suite struct PowerCutTests {
    static let cuts = Int(ProcessInfo.processInfo.environment["MODAL_EVENTS_POWER_CUTS"] ?? "") ?? 200

    enum Layout: String, CaseIterable {
        case file, segments, retainedSegments
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var durability: EventLogWriter.Durability
        var layout: Layout
        var survival: Survival

        enum Survival: String, CaseIterable {
            case syncedOnly, somePagesWritten
        }

        var testDescription: String { "\(durability) \(layout) \(survival)" }
    }

    static let cases: [Case] = [EventLogWriter.Durability.everyEvent, .group(events: 4), .none].flatMap { durability in
        Layout.allCases.flatMap { layout in
            Case.Survival.allCases.map { Case(durability: durability, layout: layout, survival: $0) }
        }
    }

    static func options(_ testCase: Case, on disk: MemoryFileSystem) -> EventLogWriter.Options {
        var options = EventLogWriter.Options(durability: testCase.durability, indexInterval: 4)
        switch testCase.layout {
        case .file: break
        case .segments: options.segments = .init(maximumBytes: 150)
        case .retainedSegments: options.segments = .init(maximumBytes: 150, retainedFiles: 2)
        }
        options.fileSystem = FileSystem(disk)
        return options
    }

    static let path = "/log"
    static let events = EventLogWriterTests.events(30)

    /// Appends ``events`` until the power goes, closing the writer and
    /// opening it again halfway (which writes the index); returns how many
    /// appends returned, and the last seq the writer called durable.
    static func appendUntilTheCut(_ options: EventLogWriter.Options) -> (appended: Int, durable: Int) {
        guard var (writer, state, _) = try? EventLogWriter.open(path, as: CountingState.self, options: options) else {
            return (0, 0)
        }
        var appended = 0
        var durable = 0
        for entry in events {
            if entry.seq == events.count / 2 {
                guard (try? writer.close()) != nil,
                    let reopened = try? EventLogWriter.open(path, as: CountingState.self, options: options)
                else { break }
                (writer, state) = (reopened.writer, reopened.state)
            }
            let before = state
            guard (try? writer.append(entry) { before.json }) != nil else { break }
            _ = state.replay(entry)
            appended += 1
            durable = max(durable, writer.durableSeq)
        }
        try? writer.sync()
        durable = max(durable, writer.durableSeq)
        return (appended, durable)
    }

    @Test(arguments: cases)
    func aPowerCutKeepsWhatItsPolicyPromises(_ testCase: Case) throws {
        // How many calls a whole run makes, so the cuts fall all along it.
        let clean = MemoryFileSystem()
        _ = Self.appendUntilTheCut(Self.options(testCase, on: clean))
        let length = clean.calls
        var random = SplitMixRandom(seed: UInt64(truncatingIfNeeded: testCase.testDescription.hashValue))
        for trial in 0..<Self.cuts {
            let disk = MemoryFileSystem()
            let cut = 1 + random.next(below: length)
            disk.cutPower(atCall: cut)
            let options = Self.options(testCase, on: disk)
            let (appended, durable) = Self.appendUntilTheCut(options)
            disk.restart(
                keeping: testCase.survival == .syncedOnly ? .syncedOnly : .somePagesWritten(seed: random.next()))
            let context =
                "trial \(trial), power cut at call \(cut) of \(length): \(appended) appended, durable \(durable)"

            // The log opens again, whatever the policy, and what it holds is a prefix of what was appended.
            let reopened: (writer: EventLogWriter, state: CountingState, lastTime: Double?)
            do {
                reopened = try EventLogWriter.open(Self.path, as: CountingState.self, options: options)
            } catch {
                Issue.record("\(context): the log does not open: \(error)")
                continue
            }
            var reading = EventLogReader.Options()
            reading.fileSystem = options.fileSystem
            let kept = try EventLogReader(path: Self.path, options: reading).readAll()
            let first = kept.first?.seq ?? (reopened.writer.lastSeq + 1)
            #expect(kept == Array(Self.events.dropFirst(first - 1).prefix(kept.count)), "\(context): not a prefix")
            #expect(reopened.writer.lastSeq <= appended, "\(context)")
            let fromTheTop = try EventLogReader(path: Self.path, options: reading)
            var replayed = try CountingState(startOf: fromTheTop)
            while let entry = try fromTheTop.next() { try replayed.replay(entry, readBy: fromTheTop) }
            #expect(reopened.state == replayed, "\(context): the log opened from its index to another state")
            switch testCase.durability {
            case .everyEvent, .group:
                #expect(reopened.writer.lastSeq >= durable, "\(context): lost a durable event")
            case .none:
                break
            }
            // And it takes more events.
            let next = LoggedEvent(seq: reopened.writer.lastSeq + 1, event: .dimmingTap())
            try reopened.writer.append(next) { reopened.state.json }
            try reopened.writer.close()
        }
    }
}

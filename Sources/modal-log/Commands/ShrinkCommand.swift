import Foundation
import ModalEvents
import ModalProjection
import ModalTesting

/// `modal-log shrink LOG --where EXPR | --rejected SEQ [-o OUT]`: the few
/// events of a log that make something happen, as a log of their own.
struct ShrinkCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "shrink",
        abstract: "Cut a log down to the few events on which a condition still becomes true.",
        discussion: """
            Reads the whole log, keeps it up to the first event where the condition \
            holds (--where, as bisect reads it) or up to the event at --rejected, then \
            tries smaller logs, as the property harness shrinks a failing sequence: it \
            drops runs of events and a batch's events, and simplifies what is left (a \
            time, a source, a field back to its default, a number made 0 or whole). A \
            smaller log is kept when the condition still holds after one of its events; \
            with --rejected, when that same event, followed through the shrink, is \
            still rejected with the same code. Every root, link and content keeps the \
            log's name, so its owner knows them. The events are numbered from the \
            log's first seq again.

            The result is a log any command reads ('modal-log export OUT --format \
            swift-test' makes it a test). With -o it is written to OUT, and the tool \
            prints what it kept: which seqs of the log, each event's timeline line; \
            without, the log is written to standard output and that report to \
            standard error. Exit status 0; 1 when the condition never holds in the log \
            (there is nothing to shrink); 64 when --rejected names an event that was \
            not rejected.
            """)

    @OptionGroup var log = LogArgument(help: "The log to shrink: a file or a folder of segments.")
    @Option(.condition, name: "where", help: "The condition that must still become true.")
    var condition: Condition?
    @Option(.seq, help: "The rejected event that must stay rejected, with the same code.")
    var rejected: Int?
    @Option(.text, short: "o", valueName: "file", help: "Write the shrunk log to this file.")
    var output: String?
    @Option(.count, help: "The most smaller logs to try. Default: 20000.")
    var budget: Int = 20_000
    @OptionGroup var color = ColorOption()

    func run(io: ToolIO) throws -> Int32 {
        guard (condition == nil) != (rejected == nil) else {
            throw UsageError(message: "shrink needs one goal: --where EXPR, or --rejected SEQ")
        }
        let original = try OriginalLog.read(log.log, io: io)
        let clock = ContinuousClock()
        let started = clock.now
        let shrunk: (events: [LoggedEvent], origins: [Int], attempts: Int)
        if let condition {
            var nearest = NearestValues(condition)
            guard let last = original.firstHold(of: condition, on: original.events, missed: { nearest.observe($0) })
            else {
                io.printError(
                    "\(log.log): never holds up to seq \(original.lastSeq), so there is nothing to shrink: \(condition)"
                )
                for line in nearest.lines { io.printError("  \(line)") }
                return ExitCode.checkFailed
            }
            var shrinker = Shrinker(budget: budget, names: .asLogged) { events, _ in
                original.firstHold(of: condition, on: original.numbered(events)) != nil
            }
            let kept = shrinker.shrinkFollowing(Array(original.events[...last]))
            shrunk = (kept.events, kept.origins, shrinker.attempts)
        } else {
            shrunk = try shrinkKeepingRejection(in: original)
        }
        let elapsed = clock.now - started
        let events = original.numbered(shrunk.events)
        let text = String(decoding: original.encoded(events), as: UTF8.self)
        let report = Report(
            kept: shrunk.origins.map { original.events[$0].seq }, of: original.events.count,
            attempts: shrunk.attempts, budget: budget, elapsed: elapsed)
        guard let output else {
            io.write(exactly: text)
            io.printError("\(report.summary)")
            return ExitCode.success
        }
        try write(text, to: output)
        io.print("\(output): \(report.summary)")
        var state = original.start
        // Each rejection with what it ran into, as the timeline says it.
        var tally = RejectionTally(causes: CauseTracker(startingAt: state))
        for entry in events {
            let step = Step.taking(entry, to: &state, formatVersion: original.version, tally: &tally)
            io.print(TimelineLine.text(of: step, style: io.style))
        }
        return ExitCode.success
    }

    /// The shrink of `original` that keeps the event at --rejected rejected with its code.
    private func shrinkKeepingRejection(
        in original: OriginalLog
    ) throws -> (events: [LoggedEvent], origins: [Int], attempts: Int) {
        let seq = rejected ?? 0
        guard let place = original.events.firstIndex(where: { $0.seq == seq }) else {
            throw UsageError(
                message: "--rejected \(seq): \(log.log) has no seq \(seq) (its last is \(original.lastSeq))")
        }
        guard
            let shrunk = Shrinker.keepingRejection(
                at: place, of: original.events, from: original.start, formatVersion: original.version, budget: budget)
        else {
            throw UsageError(message: "--rejected \(seq): seq \(seq) of \(log.log) applied; it was not rejected")
        }
        return shrunk
    }

    /// Writes `text` to the file `path`, in its place at once: never half
    /// a log, and never over the log being shrunk.
    private func write(_ text: String, to path: String) throws {
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let source = URL(fileURLWithPath: log.log).standardizedFileURL.resolvingSymlinksInPath()
        guard target != source else {
            throw UsageError(message: "-o \(path): that is the log being shrunk; write the shrunk log elsewhere")
        }
        do {
            try Data(text.utf8).write(to: target, options: .atomic)
        } catch {
            throw WriteFailure(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}

extension ShrinkCommand {
    /// The log being shrunk, read whole.
    struct OriginalLog {
        var header: LogHeader
        /// The format version its events are read and written in.
        var version: Int
        /// The state before its first event: empty, or a segment's snapshot.
        var start: ModalState
        var events: [LoggedEvent]

        var lastSeq: Int { events.last?.seq ?? header.from - 1 }

        static func read(_ path: String, io: ToolIO) throws -> OriginalLog {
            let cursor = try LogCursor<ModalState>(io.source(path))
            let reader = cursor.reader
            let start = cursor.state
            var events: [LoggedEvent] = []
            while let read = try cursor.next() {
                // One file holds one version: a folder whose segments differ would be read two ways.
                guard reader.fileVersion == reader.header.version else {
                    throw UsageError(
                        message: "\(path): its segments are of format versions \(reader.header.version) and "
                            + "\(reader.fileVersion): upgrade the log first ('modal-log upgrade')")
                }
                events.append(read.entry)
            }
            io.printWarnings(of: reader)
            return OriginalLog(header: reader.header, version: reader.fileVersion, start: start, events: events)
        }

        /// `events`, numbered from 1 by the shrinker, numbered from the log's first seq.
        func numbered(_ events: [LoggedEvent]) -> [LoggedEvent] {
            let offset = header.from - 1
            guard offset != 0 else { return events }
            return events.map { entry in
                var entry = entry
                entry.seq += offset
                return entry
            }
        }

        /// A log of `events` under this log's header.
        func encoded(_ events: [LoggedEvent]) -> [UInt8] {
            var header = header
            header.version = version
            return events.reduce(into: EventLogEncoder.encode(header)) { bytes, entry in
                bytes += EventLogEncoder.encode(entry, version: version)
            }
        }

        /// The place in `events` of the first after which `condition`
        /// holds, replayed from the log's start; each step's context before
        /// it is handed to `missed`.
        func firstHold(
            of condition: Condition, on events: [LoggedEvent], missed: (Condition.Context) -> Void = { _ in }
        ) -> Int? {
            var state = start
            var tally = RejectionTally()
            for (place, entry) in events.enumerated() {
                let step = Step.taking(entry, to: &state, formatVersion: version, describing: false, tally: &tally)
                let context = Condition.Context(step, after: state)
                if condition.holds(at: context) { return place }
                missed(context)
            }
            return nil
        }
    }

    /// What a shrink did, in one line.
    struct Report {
        /// The log's seqs of the events kept.
        var kept: [Int]
        /// How many events the log has.
        var of: Int
        var attempts: Int
        var budget: Int
        var elapsed: Duration

        /// `kept 3 of 2000 events (seqs 1, 985, 986 of the log); 44 smaller logs tried`, and the
        /// time it took when that was a second or more.
        var summary: String {
            let seqs = kept.count <= 12 ? kept.map(String.init).joined(separator: ", ") : "\(kept.count) seqs"
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let time = seconds >= 1 ? " in \(Int(seconds.rounded())) s" : ""
            let spent = attempts >= budget ? " (the whole budget: --budget for more)" : ""
            return "kept \(kept.count) of \(of) events (seqs \(seqs) of the log); "
                + "\(attempts) smaller logs tried\(time)\(spent)"
        }
    }
}

/// A file the tool could not write: exit 74, as any output it cannot write.
struct WriteFailure: Error, CustomStringConvertible {
    var description: String
}

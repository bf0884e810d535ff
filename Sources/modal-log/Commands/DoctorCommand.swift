import ModalEvents
import ModalProjection

/// `modal-log doctor LOG... [--by KEY] [--json]`: what is legal in a log
/// but likely a bug in the app.
struct DoctorCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "doctor",
        abstract: "List what is legal in a log but likely a bug in the app, with its seqs and why.",
        discussion: """
            Replays each log and looks for: stuck (a modal presenting or dismissing \
            longer than --stuck, default 2 s, with no completion in that time: \
            none came, or it came late); doubleTap (the same \
            present rejected as a duplicate within --double-tap, default 0.5 s, of \
            the one it ran into); presentWhilePresenting (a present while another \
            modal of its root is still presenting, which UIKit refuses: presentation \
            in progress); keyboardOverResponder (the keyboard over the first \
            responder the log gives); offscreen (part of a modal lifted past its \
            root's top by the keyboard); hiddenUnderSheet (a modal hidden whole under \
            a sheet, card or custom modal as high as its screen); queueStuck (a \
            modal waiting in a queue longer than --queue, default 10 s). Each \
            finding is a line: its seqs, its kind and why. A log without times \
            says which findings it cannot judge instead of guessing.

            Over many logs (several, or --recursive), each log's findings under a \
            line '== LOG', then the sessions (a log's, between its session.start \
            events) with each finding. With --by KEY, only a table: for each value \
            of KEY in the sessions' info (session.start's, else the log header's), \
            how many sessions there are and how many had each finding, so 'which \
            builds have stuck sheets' is --by build. --json: a JSON line per \
            finding, {log, session, info, kind, seq, seqs, root, link, time, why}, \
            the rows a fleet's engine reads as it reads the timeline's table (a log \
            without times adds a row of kind unjudged); with --by, a line per value. \
            Exit status 0 when nothing is found, 1 when something is, or a log's \
            error when one cannot be read.
            """)

    @OptionGroup var logs = LogsArguments(
        help: "The logs: files, folders of segments, or folders of logs with --recursive.")
    @Option(.seconds, help: "How long a modal may stay presenting or dismissing. Default: 2.")
    var stuck: Double = 2
    @Option(.seconds, name: "double-tap", help: "How soon the same present again is a double tap. Default: 0.5.")
    var doubleTap: Double = 0.5
    @Option(.seconds, help: "How long a modal may wait in a queue. Default: 10.")
    var queue: Double = 10
    @Option(.text, valueName: "key", help: "Count sessions per finding for each value of this key of their info.")
    var by: String?
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool
    @Flag(help: "A JSON line per finding (with --by, per value).")
    var json: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()

    func run(io: ToolIO) throws -> Int32 {
        let paths = try logs.logs(recursive: recursive)
        if paths.contains("-") { throw UsageError(message: "doctor reads logs on disk, not standard input") }
        let many = paths.count > 1 || recursive
        let thresholds = Thresholds(stuck: stuck, doubleTap: doubleTap, queue: queue)
        let (by, json, lenient) = (by, json, reading.lenient)
        let reports = ReportList()
        let statuses = ManyLogs.run(paths, io: io, lenient: lenient) { log, index, io in
            let report = try Self.check(log, thresholds: thresholds, lenient: lenient, io: io)
            reports.set(report, at: index)
            guard by == nil else { return report.findings.isEmpty ? ExitCode.success : ExitCode.checkFailed }
            if json {
                for row in Self.rows(of: report) { io.write(exactly: row.serialized() + "\n") }
            } else {
                if many { io.print(io.style.apply("== \(log)", .bold)) }
                Self.print(report, io: io)
            }
            return report.findings.isEmpty ? ExitCode.success : ExitCode.checkFailed
        }
        let done = reports.all(count: paths.count)
        if let by {
            let table = FindingTable(reports: done, by: by)
            if json {
                for row in table.rows { io.write(exactly: row.serialized() + "\n") }
            } else {
                for line in table.lines { io.print("\(line)") }
            }
        } else if many, !json {
            io.print("\(FindingTable(reports: done, by: nil).summary)")
        }
        return statuses.max() ?? ExitCode.success
    }

    /// The findings of the log at `path`.
    static func check(_ path: String, thresholds: Thresholds, lenient: Bool, io: ToolIO) throws -> DoctorReport {
        var checkup = Checkup(thresholds: thresholds)
        var last = ModalState()
        let replay = try Replay.stepping(path, io: io, lenient: lenient) { step, state in
            checkup.observe(step, after: state)
            last = state
            return true
        }
        checkup.finish(state: last)
        return DoctorReport(
            log: path, findings: checkup.findings, unjudged: checkup.unjudged, sessions: checkup.sessions,
            header: replay.reader.header.fields)
    }

    /// A line per finding, then a line for the log: how many of each, and what it could not judge.
    static func print(_ report: DoctorReport, io: ToolIO) {
        let width = report.findings.map { "seq \(seqList($0.seqs))".count }.max() ?? 0
        let kindWidth = report.findings.map(\.kind.rawValue.count).max() ?? 0
        for finding in report.findings {
            let seqs = TimelineLine.pad("seq \(seqList(finding.seqs))", to: width)
            let kind = TimelineLine.pad("\(finding.kind.rawValue)", to: kindWidth)
            io.print(io.style.apply(seqs, .dim) + "  " + io.style.apply(kind, .bold) + "  \(finding.why)")
        }
        var counts: [Finding.Kind: Int] = [:]
        for finding in report.findings { counts[finding.kind, default: 0] += 1 }
        let found =
            report.findings.isEmpty
            ? "no findings"
            : "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") ("
                + Finding.Kind.allCases.compactMap { kind in counts[kind].map { "\(kind.rawValue) \($0)" } }
                .joined(separator: ", ") + ")"
        io.print("\(report.log): \(found)")
        if !report.unjudged.isEmpty {
            let kinds = report.unjudged.map(\.rawValue).joined(separator: ", ")
            io.print("\(report.log): no times, so not judged: \(kinds)")
        }
    }

    static func seqList(_ seqs: [Int]) -> String {
        seqs.map(String.init).joined(separator: ", ")
    }

    /// The log's findings as rows of one flat table, and a row saying what it could not judge.
    static func rows(of report: DoctorReport) -> [JSONValue] {
        var rows = report.findings.map { finding -> JSONValue in
            .object([
                JSONMember("log", .string(report.log)),
                JSONMember("session", .number(JSONNumber(finding.session))),
                JSONMember("info", (report.sessions[finding.session] ?? nil) ?? .null),
                JSONMember("kind", .string(finding.kind.rawValue)),
                JSONMember("seq", .number(JSONNumber(finding.seqs.last ?? 0))),
                JSONMember("seqs", .array(finding.seqs.map { .number(JSONNumber($0)) })),
                JSONMember("root", finding.root.map(JSONValue.string) ?? .null),
                JSONMember("link", finding.link.map(JSONValue.string) ?? .null),
                JSONMember("time", finding.time.map { .number(JSONNumber($0)) } ?? .null),
                JSONMember("why", .string(finding.why)),
            ])
        }
        if !report.unjudged.isEmpty {
            rows.append(
                .object([
                    JSONMember("log", .string(report.log)), JSONMember("session", .null), JSONMember("info", .null),
                    JSONMember("kind", "unjudged"), JSONMember("seq", .null), JSONMember("seqs", .array([])),
                    JSONMember("root", .null), JSONMember("link", .null), JSONMember("time", .null),
                    JSONMember(
                        "why",
                        .string(
                            "the log has no times: " + report.unjudged.map(\.rawValue).joined(separator: ", ")
                                + " not judged")),
                ]))
        }
        return rows
    }
}

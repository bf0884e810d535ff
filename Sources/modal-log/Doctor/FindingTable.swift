import ModalEvents

/// What one log showed: its findings, the kinds it could not judge, and its sessions with their info.
struct DoctorReport: Sendable {
    var log: String
    var findings: [Finding]
    var unjudged: [Finding.Kind]
    var sessions: [Int: JSONValue?]
    var header: [JSONMember]

    /// The value of `key` for `session`: its info's, else the header's; `(none)` when neither has it.
    func value(of key: String, in session: Int) -> String {
        let info = sessions[session] ?? nil
        let value = info?[key] ?? header.first { $0.key == key }?.value
        switch value {
        case .string(let text)?: return text
        case nil, .null?: return "(none)"
        case let other?: return other.serialized()
        }
    }
}

/// The reports of the logs read in parallel, by their place in the list.
final class ReportList: Sendable {
    private let reports = Lock([Int: DoctorReport]())

    func set(_ report: DoctorReport, at index: Int) {
        reports.withLock { $0[index] = report }
    }

    /// The reports of the logs that could be read, in the order given.
    func all(count: Int) -> [DoctorReport] {
        reports.withLock { reports in (0..<count).compactMap { reports[$0] } }
    }
}

/// Sessions counted per finding over many logs: all of them, or for each
/// value of a key of their info (`doctor --by build`).
struct FindingTable {
    struct Group {
        var value: String
        var sessions = 0
        /// For each kind, the sessions that had it at least once.
        var found: [Finding.Kind: Int] = [:]
    }

    let key: String?
    private(set) var groups: [Group] = []
    let logs: Int
    /// The logs that had no times, so some findings were not judged in them.
    let withoutTimes: Int

    init(reports: [DoctorReport], by key: String?) {
        self.key = key
        logs = reports.count
        withoutTimes = reports.count { !$0.unjudged.isEmpty }
        var byValue: [String: Group] = [:]
        for report in reports {
            var kinds: [Int: Set<Finding.Kind>] = [:]
            for finding in report.findings { kinds[finding.session, default: []].insert(finding.kind) }
            for session in report.sessions.keys {
                let value = key.map { report.value(of: $0, in: session) } ?? ""
                byValue[value, default: Group(value: value)].sessions += 1
                for kind in kinds[session] ?? [] { byValue[value]?.found[kind, default: 0] += 1 }
            }
        }
        groups = byValue.values.sorted { $0.value < $1.value }
    }

    /// The kinds found in some session, in their order.
    var kinds: [Finding.Kind] {
        Finding.Kind.allCases.filter { kind in groups.contains { $0.found[kind] != nil } }
    }

    /// For all the logs: `3 logs, 5 sessions: stuck in 2 sessions, doubleTap in 1`.
    var summary: String {
        let sessions = groups.reduce(0) { $0 + $1.sessions }
        let found = kinds.map { kind in
            let count = groups.reduce(0) { $0 + ($1.found[kind] ?? 0) }
            return "\(kind.rawValue) in \(count) session\(count == 1 ? "" : "s")"
        }
        let times = withoutTimes == 0 ? "" : "; \(withoutTimes) without times, not judged for time"
        return "\(logs) log\(logs == 1 ? "" : "s"), \(sessions) session\(sessions == 1 ? "" : "s"): "
            + (found.isEmpty ? "no findings" : found.joined(separator: ", ")) + times
    }

    /// A table: a row per value, the sessions, then the sessions with each kind found.
    var lines: [String] {
        let header = [key ?? "", "sessions"] + kinds.map(\.rawValue)
        let rows = groups.map { group in
            [group.value, "\(group.sessions)"] + kinds.map { "\(group.found[$0] ?? 0)" }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        let times =
            withoutTimes == 0
            ? []
            : [
                "\(withoutTimes) of \(logs) logs have no times: \(Finding.Kind.allCases.filter(\.needsTimes).map(\.rawValue).joined(separator: ", ")) not judged in them"
            ]
        return [line(header)] + rows.map(line) + times
    }

    /// A JSON line per value: `{by, value, sessions}` and a count for every kind.
    var rows: [JSONValue] {
        groups.map { group in
            .object(
                [
                    JSONMember("by", key.map(JSONValue.string) ?? .null), JSONMember("value", .string(group.value)),
                    JSONMember("sessions", .number(JSONNumber(group.sessions))),
                ]
                    + Finding.Kind.allCases.map { JSONMember($0.rawValue, .number(JSONNumber(group.found[$0] ?? 0))) })
        }
    }
}

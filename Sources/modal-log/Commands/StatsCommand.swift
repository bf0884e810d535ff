import ModalEvents
import ModalProjection

/// `modal-log stats LOG`: what a log holds, in numbers.
enum StatsCommand: ToolCommand {
    static let description = CommandDescription(
        name: "stats",
        abstract: "Count a log's events by type and root, and find its extremes.",
        discussion: """
            Counts the events by type and by root (keyboard changes apply to every \
            root), the rejections by code, and finds the deepest stack of modals, the \
            deepest card stack, the time span and the longest-lived modal: from its \
            modal.present to its modal.dismissed, in seconds when the events have \
            times (else in events), or to the end of the log when it is still live.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(name: "json", help: "Print the figures as JSON."),
            CommonArguments.lenient,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        var stats = LogStats()
        try Replay.stepping(path, io: io, lenient: arguments.has("lenient")) { step, state in
            stats.count(step, state: state)
            return true
        }
        stats.finish()
        io.print(arguments.has("json") ? stats.json.serialized(style: .pretty) : stats.text(path: path))
        return ExitCode.success
    }
}

/// The figures `stats` gathers, one step at a time.
struct LogStats {
    /// A modal's life: from the step that added it to the one that removed it.
    struct Life {
        var name: String
        var from: (seq: Int, time: Double?)
        var to: (seq: Int, time: Double?)
        var isLive: Bool

        /// Seconds when both ends have a time; else `nil`.
        var seconds: Double? {
            guard let start = from.time, let end = to.time else { return nil }
            return end - start
        }

        var events: Int { to.seq - from.seq }
    }

    var events = 0
    var firstSeq: Int?
    var lastSeq = 0
    var firstTime: Double?
    var lastTime: Double?
    var byType: [EventType: Int] = [:]
    /// By root id; keyboard changes count under ``allRoots``.
    var byRoot: [String: Int] = [:]
    var rejections: [RejectionCode: Int] = [:]
    var presented = 0
    var dismissed = 0
    var deepestStack: (depth: Int, root: String, seq: Int)?
    var mostCards: (count: Int, modal: String, seq: Int)?
    var longestLife: Life?
    private var live: [StateChange.Subject: (seq: Int, time: Double?)] = [:]

    static let allRoots = "(all roots)"

    mutating func count(_ step: Step, state: ModalState) {
        let entry = step.entry
        events += 1
        firstSeq = firstSeq ?? entry.seq
        lastSeq = entry.seq
        if let time = entry.time {
            firstTime = firstTime ?? time
            lastTime = time
        }
        byType[entry.event.type, default: 0] += 1
        byRoot[entry.event.root ?? Self.allRoots, default: 0] += 1
        if let rejection = step.rejection { rejections[rejection.code, default: 0] += 1 }
        var touchedRoots: Set<String> = []
        for change in step.changes {
            guard let root = change.root else { continue }
            touchedRoots.insert(root)
            guard case .modal(_, let link) = change.subject else { continue }
            switch change.kind {
            case .added:
                presented += 1
                live[change.subject] = (entry.seq, entry.time)
            case .removed:
                dismissed += 1
                if let start = live.removeValue(forKey: change.subject) {
                    consider(
                        Life(
                            name: StateChange.modalName(root: root, link: link), from: start,
                            to: (entry.seq, entry.time), isLive: false))
                }
            case .changed:
                guard change.field == "cards", case .array(let cards)? = change.new,
                    cards.count > mostCards?.count ?? 0
                else { continue }
                mostCards = (cards.count, StateChange.modalName(root: root, link: link), entry.seq)
            }
        }
        for root in state.roots where touchedRoots.contains(root.id) && root.modals.count > deepestStack?.depth ?? 0 {
            deepestStack = (root.modals.count, root.id, entry.seq)
        }
    }

    /// Counts the modals still live at the end, up to the last event.
    mutating func finish() {
        for (subject, start) in live.sorted(by: { $0.value.seq < $1.value.seq }) {
            guard case .modal(let root, let link) = subject else { continue }
            consider(
                Life(
                    name: StateChange.modalName(root: root, link: link), from: start, to: (lastSeq, lastTime),
                    isLive: true))
        }
        live = [:]
    }

    /// Keeps `life` when it is longer: in seconds when both have times, else in events.
    private mutating func consider(_ life: Life) {
        guard let longest = longestLife else {
            longestLife = life
            return
        }
        if let seconds = life.seconds, let longestSeconds = longest.seconds {
            if seconds > longestSeconds { longestLife = life }
        } else if life.events > longest.events {
            longestLife = life
        }
    }

    var rejectionCount: Int { rejections.values.reduce(0, +) }

    func text(path: String) -> String {
        var lines = [
            "\(path): \(events == 1 ? "1 event" : "\(events) events")"
                + (firstSeq.map { ", seq \($0) to \(lastSeq)" } ?? "")
        ]
        if let firstTime, let lastTime {
            lines.append(
                "time: \(EventText.time(firstTime)) to \(EventText.time(lastTime)) (\(EventText.time(lastTime - firstTime)) s)"
            )
        } else {
            lines.append("time: none recorded")
        }
        lines.append("by type:")
        let types = EventType.allCases.filter { byType[$0] != nil }
        lines += table(types.map { ($0.rawValue, byType[$0]!) })
        lines.append("by root:")
        lines += table(byRoot.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) })
        lines.append("modals: \(presented) presented, \(dismissed) dismissed")
        lines.append(
            "deepest stack: "
                + (deepestStack.map {
                    "\($0.depth) modal\($0.depth == 1 ? "" : "s") in root \($0.root) at seq \($0.seq)"
                }
                    ?? "none"))
        lines.append(
            "most cards: " + (mostCards.map { "\($0.count) in \($0.modal) at seq \($0.seq)" } ?? "none above 1"))
        lines.append("longest-lived modal: " + (longestLife.map(lifeText) ?? "none"))
        lines.append("rejected: \(rejectionCount)")
        let codes = RejectionCode.allCases.filter { rejections[$0] != nil }
        lines += table(codes.map { ($0.rawValue, rejections[$0]!) })
        return lines.joined(separator: "\n")
    }

    private func lifeText(_ life: Life) -> String {
        let span = life.seconds.map { "\(EventText.time($0)) s" } ?? "\(life.events) events"
        return "\(life.name), \(span) (seq \(life.from.seq) to \(life.to.seq)\(life.isLive ? ", still live" : ""))"
    }

    private func table(_ rows: [(String, Int)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map {
            "  " + TimelineLine.pad($0.0, to: width) + "  " + TimelineLine.pad(String($0.1), to: 6, right: true)
        }
    }

    var json: JSONValue {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        func time(_ value: Double?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        return .object([
            JSONMember("events", number(events)),
            JSONMember("firstSeq", firstSeq.map(number) ?? .null),
            JSONMember("lastSeq", number(lastSeq)),
            JSONMember("firstTime", time(firstTime)),
            JSONMember("lastTime", time(lastTime)),
            JSONMember(
                "byType",
                .object(
                    EventType.allCases.filter { byType[$0] != nil }.map { JSONMember($0.rawValue, number(byType[$0]!)) }
                )),
            JSONMember(
                "byRoot", .object(byRoot.sorted { $0.key < $1.key }.map { JSONMember($0.key, number($0.value)) })),
            JSONMember("presented", number(presented)),
            JSONMember("dismissed", number(dismissed)),
            JSONMember(
                "deepestStack",
                deepestStack.map { ["depth": number($0.depth), "root": .string($0.root), "seq": number($0.seq)] }
                    ?? .null),
            JSONMember(
                "mostCards",
                mostCards.map { ["cards": number($0.count), "modal": .string($0.modal), "seq": number($0.seq)] }
                    ?? .null),
            JSONMember(
                "longestLived",
                longestLife.map { life in
                    [
                        "modal": .string(life.name), "fromSeq": number(life.from.seq), "toSeq": number(life.to.seq),
                        "seconds": time(life.seconds), "events": number(life.events), "live": .bool(life.isLive),
                    ]
                } ?? .null),
            JSONMember("rejected", number(rejectionCount)),
            JSONMember(
                "rejectedByCode",
                .object(
                    RejectionCode.allCases.filter { rejections[$0] != nil }.map {
                        JSONMember($0.rawValue, number(rejections[$0]!))
                    })),
        ])
    }
}

import ModalEvents
import ModalProjection

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
    /// By source word; the events without one count under ``StepFilter/noSource``.
    var bySource: [String: Int] = [:]
    var rejections: [RejectionCode: Int] = [:]
    var presented = 0
    /// The modals whose dismissal began (their phase became `dismissing`),
    /// or which left without one (a parent's dismissal took them along).
    var dismissed = 0
    /// The dismissed modals still live at the end, waiting for their `modal.dismissed`.
    var stillDismissing: Set<StateChange.Subject> = []
    /// The modals that came in phase `queued`: they waited for another to leave.
    var queued = 0
    /// The seqs of the `session.start` events that applied.
    var sessions: [Int] = []
    var batches = 0
    var batchedEvents = 0
    var rejectedBatches = 0
    var deepestStack: (depth: Int, root: String, seq: Int)?
    var mostCards: (count: Int, modal: String, seq: Int)?
    var longestLife: Life?
    private var live: [StateChange.Subject: (seq: Int, time: Double?)] = [:]
    /// How many logs the figures are of: 1, or the logs a sum added up.
    private(set) var logCount = 1
    /// Whether these are many logs' figures added up (``sum()``): seqs and
    /// times, each log's own, are left out, and extremes name their log.
    private(set) var isSum = false

    /// Figures to add many logs' to (``add(_:of:)``).
    static func sum() -> LogStats {
        var sum = LogStats()
        sum.logCount = 0
        sum.isSum = true
        return sum
    }

    /// Adds the figures of `log`: counts add up; the extremes are the larger,
    /// named with their log (`a.jsonl: sheets/checkout`).
    mutating func add(_ other: LogStats, of log: String) {
        logCount += 1
        events += other.events
        byType.merge(other.byType, uniquingKeysWith: +)
        byRoot.merge(other.byRoot, uniquingKeysWith: +)
        bySource.merge(other.bySource, uniquingKeysWith: +)
        rejections.merge(other.rejections, uniquingKeysWith: +)
        presented += other.presented
        dismissed += other.dismissed
        queued += other.queued
        // A log's own subjects, told apart from another's with the same names.
        for case .modal(let root, let link) in other.stillDismissing {
            stillDismissing.insert(.modal(root: "\(log): \(root)", link: link))
        }
        sessions += other.sessions
        batches += other.batches
        batchedEvents += other.batchedEvents
        rejectedBatches += other.rejectedBatches
        if let deepest = other.deepestStack, deepest.depth > deepestStack?.depth ?? 0 {
            deepestStack = (deepest.depth, "\(deepest.root) of \(log)", deepest.seq)
        }
        if let most = other.mostCards, most.count > mostCards?.count ?? 0 {
            mostCards = (most.count, "\(log): \(most.modal)", most.seq)
        }
        if var life = other.longestLife {
            life.name = "\(log): \(life.name)"
            consider(life)
        }
    }

    static let allRoots = "(all roots)"
    static let severalRoots = "(several roots)"

    /// Where ``byRoot`` counts an event: its root, the one root a batch's
    /// events name, else ``allRoots`` or ``severalRoots``.
    static func rootKey(of event: ModalEvent) -> String {
        guard case .batch(let events) = event else { return event.root ?? allRoots }
        let roots = Set(events.map { $0.root ?? allRoots })
        return roots.count == 1 ? roots.first! : severalRoots
    }

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
        byRoot[Self.rootKey(of: entry.event), default: 0] += 1
        bySource[entry.source?.rawValue ?? StepFilter.noSource, default: 0] += 1
        if let rejection = step.rejection { rejections[rejection.code, default: 0] += 1 }
        switch entry.event {
        case .sessionStart where step.rejection == nil:
            sessions.append(entry.seq)
        case .batch(let events):
            batches += 1
            batchedEvents += events.count
            if step.rejection != nil { rejectedBatches += 1 }
        default:
            break
        }
        var touchedRoots: Set<String> = []
        for change in step.changes {
            guard let root = change.root else { continue }
            touchedRoots.insert(root)
            guard case .modal(_, let link) = change.subject else { continue }
            if change.phases?.new == ModalPhase.dismissing.rawValue {
                dismissed += 1
                stillDismissing.insert(change.subject)
            }
            switch change.kind {
            case .added:
                presented += 1
                if change.phases?.new == ModalPhase.queued.rawValue { queued += 1 }
                live[change.subject] = (entry.seq, entry.time)
            case .removed:
                if stillDismissing.remove(change.subject) == nil { dismissed += 1 }
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
        // The touched roots alone, bottom to top: a look at every root would make each event cost as much as all of them.
        let touched = touchedRoots.compactMap { state.rootIndex($0) }.sorted().map { state.roots[$0] }
        for root in touched where root.modals.count > deepestStack?.depth ?? 0 {
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

    /// The figures for people; names and the path escaped (``TerminalText``).
    func text(path: String, style: TextStyle = .plain) -> TerminalText {
        var lines: [TerminalText] = [
            "\(path): \(events == 1 ? "1 event" : "\(events) events")\(firstSeq.map { ", seq \($0) to \(lastSeq)" } ?? "")"
        ]
        if isSum {
            // Each log's seqs and times are its own: a sum has none.
        } else if let firstTime, let lastTime {
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
        if bySource.keys.contains(where: { $0 != StepFilter.noSource }) {
            lines.append("by source:")
            lines += table(sources.map { ($0, bySource[$0]!) })
        } else {
            lines.append("by source: none recorded")
        }
        lines.append("sessions: \(sessionsText)")
        lines.append("batches: \(batchesText)")
        lines.append(
            "modals: \(presented) presented, \(dismissed) dismissed"
                + (stillDismissing.isEmpty ? "" : " (\(stillDismissing.count) still dismissing at the end)")
                + (queued == 0 ? "" : ", \(queued) waited in a queue")
        )
        let deepest = deepestStack.map {
            "\($0.depth) modal\($0.depth == 1 ? "" : "s") in root \($0.root) at seq \($0.seq)"
        }
        lines.append("deepest stack: \(deepest ?? "none")")
        let most = mostCards.map { "\($0.count) in \($0.modal) at seq \($0.seq)" }
        lines.append("most cards: \(most ?? "none above 1")")
        lines.append("longest-lived modal: \(longestLife.map(lifeText) ?? "none")")
        lines.append("rejected: \(rejectionCount)")
        let codes = RejectionCode.allCases.filter { rejections[$0] != nil }
        lines += table(codes.map { ($0.rawValue, rejections[$0]!) })
        // Each figure's label in bold: the tool's own words, before their first colon.
        for index in lines.indices.dropFirst() where !lines[index].escaped.hasPrefix(" ") {
            let line = lines[index].escaped
            guard let colon = line.firstIndex(of: ":") else { continue }
            lines[index] =
                style.apply(TerminalText(stringLiteral: String(line[..<colon])), .bold)
                + TerminalText(stringLiteral: String(line[colon...]))
        }
        return lines.joined(separator: "\n")
    }

    /// The source words counted, in the spec's order, then other words, then `none`.
    private var sources: [String] {
        let known = EventSource.knownValues.map(\.rawValue)
        let others = bySource.keys.filter { !known.contains($0) && $0 != StepFilter.noSource }.sorted()
        return (known + others + [StepFilter.noSource]).filter { bySource[$0] != nil }
    }

    /// `2 (at seq 1, 13)`; at most five seqs are listed.
    private var sessionsText: String {
        guard !sessions.isEmpty else { return "none" }
        guard !isSum else { return "\(sessions.count)" }
        let seqs = sessions.prefix(5).map(String.init).joined(separator: ", ")
        return "\(sessions.count) (at seq \(seqs)\(sessions.count > 5 ? ", …" : ""))"
    }

    /// `2 (5 events), 1 applied, 1 rejected`.
    private var batchesText: String {
        guard batches > 0 else { return "none" }
        let events = batchedEvents == 1 ? "1 event" : "\(batchedEvents) events"
        return "\(batches) (\(events)), \(batches - rejectedBatches) applied, \(rejectedBatches) rejected"
    }

    private func lifeText(_ life: Life) -> String {
        let span = life.seconds.map { "\(EventText.time($0)) s" } ?? "\(life.events) events"
        return "\(life.name), \(span) (seq \(life.from.seq) to \(life.to.seq)\(life.isLive ? ", still live" : ""))"
    }

    private func table(_ rows: [(String, Int)]) -> [TerminalText] {
        let labels = rows.map { TerminalText(escaping: $0.0) }
        let width = labels.map(\.count).max() ?? 0
        return zip(labels, rows).map { label, row in
            "  \(TimelineLine.pad(label, to: width))  \(TimelineLine.pad("\(row.1)", to: 6, right: true))"
        }
    }

    /// The figures as one JSON line of a table of many logs: `log` first.
    func json(log: String) -> JSONValue {
        guard case .object(let members) = json else { return json }
        return .object([JSONMember("log", .string(log))] + members)
    }

    var json: JSONValue {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        func time(_ value: Double?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        return .object(
            (isSum ? [JSONMember("logs", number(logCount))] : [])
                + [
                    JSONMember("events", number(events)),
                    JSONMember("firstSeq", firstSeq.map(number) ?? .null),
                    JSONMember("lastSeq", number(lastSeq)),
                    JSONMember("firstTime", time(firstTime)),
                    JSONMember("lastTime", time(lastTime)),
                    JSONMember(
                        "byType",
                        .object(
                            EventType.allCases.filter { byType[$0] != nil }.map {
                                JSONMember($0.rawValue, number(byType[$0]!))
                            }
                        )),
                    JSONMember(
                        "byRoot",
                        .object(byRoot.sorted { $0.key < $1.key }.map { JSONMember($0.key, number($0.value)) })),
                    JSONMember("bySource", .object(sources.map { JSONMember($0, number(bySource[$0]!)) })),
                    JSONMember("sessions", number(sessions.count)),
                    JSONMember("sessionSeqs", .array(sessions.map(number))),
                    JSONMember(
                        "batches",
                        [
                            "count": number(batches), "events": number(batchedEvents),
                            "applied": number(batches - rejectedBatches), "rejected": number(rejectedBatches),
                        ]),
                    JSONMember("presented", number(presented)),
                    JSONMember("dismissed", number(dismissed)),
                    JSONMember("dismissing", number(stillDismissing.count)),
                    JSONMember("queued", number(queued)),
                    JSONMember(
                        "deepestStack",
                        deepestStack.map {
                            ["depth": number($0.depth), "root": .string($0.root), "seq": number($0.seq)]
                        }
                            ?? .null),
                    JSONMember(
                        "mostCards",
                        mostCards.map {
                            ["cards": number($0.count), "modal": .string($0.modal), "seq": number($0.seq)]
                        }
                            ?? .null),
                    JSONMember(
                        "longestLived",
                        longestLife.map { life in
                            [
                                "modal": .string(life.name), "fromSeq": number(life.from.seq),
                                "toSeq": number(life.to.seq),
                                "seconds": time(life.seconds), "events": number(life.events),
                                "live": .bool(life.isLive),
                            ]
                        } ?? .null),
                    JSONMember("rejected", number(rejectionCount)),
                    JSONMember(
                        "rejectedByCode",
                        .object(
                            RejectionCode.allCases.filter { rejections[$0] != nil }.map {
                                JSONMember($0.rawValue, number(rejections[$0]!))
                            })),
                ].filter { member in
                    // A sum has no seqs or times of its own: each log's are its own.
                    !isSum || !["firstSeq", "lastSeq", "firstTime", "lastTime", "sessionSeqs"].contains(member.key)
                })
    }
}

import ModalEvents
import ModalProjection

/// A state diff's changes as text: a block for each thing that changed,
/// each change with the event that made it.
enum ChangeText {
    /// The events that made a diff's changes: for each subject and field,
    /// the last event between the two seqs that changed it, and for each root
    /// the last that changed it or one of its modals (a root's `modals`
    /// order is told only between states far apart).
    struct Makers {
        struct Key: Hashable {
            var subject: StateChange.Subject
            var field: String
        }
        private(set) var events: [Key: (seq: Int, type: EventType)] = [:]
        private(set) var byRoot: [String: (seq: Int, type: EventType)] = [:]
        /// The cause of each rejection, by the rejected event's seq.
        var causes: [Int: RejectionCause] = [:]
        /// Whether the diff goes back, from the later seq to the earlier: it undoes what the events made.
        var goesBack = false

        mutating func record(_ changes: [StateChange], madeBy entry: LoggedEvent) {
            for change in changes {
                events[Key(subject: change.subject, field: change.field)] = (entry.seq, entry.event.type)
                if let root = change.root { byRoot[root] = (entry.seq, entry.event.type) }
            }
        }

        /// The event that made `change`: the later of the last to change its
        /// field and the last to add or remove its subject (a modal that left
        /// and came back is told as changed fields), else the last to change its root.
        func maker(of change: StateChange) -> (seq: Int, type: EventType)? {
            let candidates = [
                events[Key(subject: change.subject, field: change.field)],
                events[Key(subject: change.subject, field: "")],
            ].compactMap { $0 }
            return candidates.max { $0.seq < $1.seq } ?? change.root.flatMap { byRoot[$0] }
        }
    }

    /// The diff for people, a block for each thing that changed:
    ///
    ///     from seq 3 to seq 11: 4 changes
    ///     sheets/checkout
    ///       phase: presenting -> presented
    ///     sheets/address: added
    ///       presenting · sheet · in checkout · cards AddressForm
    ///
    /// A change of session is one line: `session: 1 -> 2`.
    static func render(_ diff: StateDiff, style: TextStyle, makers: Makers = Makers()) -> TerminalText {
        let count = diff.changes.count == 1 ? "1 change" : "\(diff.changes.count) changes"
        let heading: TerminalText =
            "from seq \(diff.fromSeq) to seq \(diff.toSeq): \(diff.isEmpty ? "no changes" : count)"
        return ([heading] + lines(of: diff.changes, style: style, makers: makers)).joined(separator: "\n")
    }

    /// A block for each thing that changed, in the state's order, each
    /// change followed by the event that made it when `makers` knows it.
    static func lines(of changes: [StateChange], style: TextStyle, makers: Makers = Makers()) -> [TerminalText] {
        func madeBy(_ change: StateChange) -> TerminalText {
            guard let maker = makers.maker(of: change) else { return "" }
            let undoes = makers.goesBack ? "undoes " : ""
            // A rejection's own line names its seq.
            if case .rejection = change.subject { return style.apply("  (\(undoes)\(maker.type.rawValue))", .dim) }
            return style.apply("  (\(undoes)seq \(maker.seq) \(maker.type.rawValue))", .dim)
        }
        var lines: [TerminalText] = []
        for group in EventText.groups(of: changes, inStateOrder: true) {
            let name = style.apply(TerminalText(escaping: group.name), .bold)
            if let only = group.changes.first, only.subject == .session {
                lines.append("\(name): \(only.values)" + madeBy(only))
                continue
            }
            if group.changes.count == 1, let only = group.changes.first, only.kind != .changed {
                lines.append("\(name): \(kindText(only, style: style))" + madeBy(only))
                if let summary = summary(of: only) { lines.append("  \(summary)") }
                if let cause = causeLine(of: only, makers: makers, style: style) { lines.append(cause) }
                continue
            }
            lines.append(name)
            for change in group.changes {
                lines.append("  " + lineText(change, style: style) + madeBy(change))
            }
        }
        return lines
    }

    /// The line under a rejection that says what made the state it ran into.
    private static func causeLine(of change: StateChange, makers: Makers, style: TextStyle) -> TerminalText? {
        guard case .rejection(let seq) = change.subject, change.kind == .added, let cause = makers.causes[seq] else {
            return nil
        }
        return "  " + style.apply("because \(cause.text)", .dim)
    }

    private static func kindText(_ change: StateChange, style: TextStyle) -> TerminalText {
        switch change.kind {
        case .added:
            if case .rejection = change.subject { return style.apply("rejected", .red) }
            return style.apply(change.subject == .keyboard ? "changed" : "added", .green)
        case .removed:
            if case .rejection = change.subject { return style.apply("no longer rejected", .green) }
            return style.apply("removed", .yellow)
        case .changed:
            return "changed"
        }
    }

    private static func lineText(_ change: StateChange, style: TextStyle) -> TerminalText {
        if case .modal = change.subject, change.kind != .changed {
            return kindText(change, style: style) + (summary(of: change).map { ": \($0)" } ?? "")
        }
        if let phases = change.phases { return "phase: \(phases.old) -> \(phases.new)" }
        if case .rejection = change.subject {
            return kindText(change, style: style) + (summary(of: change).map { ": \($0)" } ?? "")
        }
        return "\(change.field): \(change.values)"
    }

    /// A root, modal or rejection that came or went, in a line.
    private static func summary(of change: StateChange) -> String? {
        guard let value = change.new ?? change.old else { return nil }
        func text(_ key: String) -> String { StateChange.text(of: value[key] ?? .null) }
        switch change.subject {
        case .root:
            let size = value["size"].map { "\(Self.text(of: $0["width"]))x\(Self.text(of: $0["height"]))" } ?? "?"
            return "\(text("presentation")) · level \(text("level")) · \(text("policy")) · \(size)"
        case .modal:
            var line = "\(text("phase")) · \(text("style"))"
            if value["parent"] != .null { line += " · in \(text("parent"))" }
            if value["canDismiss"] == .bool(false) { line += " · cannot dismiss" }
            if case .array(let cards)? = value["cards"] {
                line += " · cards " + cards.map(EventText.cardName).joined(separator: " > ")
            }
            return line
        case .rejection:
            return "\(text("code")): \(text("message"))"
        case .keyboard, .session:
            return nil
        }
    }

    private static func text(of value: JSONValue?) -> String {
        StateChange.text(of: value ?? .null)
    }
}

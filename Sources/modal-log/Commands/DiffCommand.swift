import ModalEvents
import ModalProjection

/// `modal-log diff LOG A B`: what changed between the states after A and after B.
enum DiffCommand: ToolCommand {
    static let description = CommandDescription(
        name: "diff",
        abstract: "Show what changed between the states after two events.",
        discussion: """
            Compares the state right after seq A with the state right after seq B \
            (0 is the state before any event; B may come before A): the keyboard, \
            each root's settings, the modals that came or went, their phases \
            (queued: waiting in a queue root), cards (with their heights and \
            whether they can be dismissed), snap state and payload, the session \
            (how many session.start events applied), and the events rejected in between. \
            Modals are matched by root and link. With an index ('modal-log index'), \
            reading starts at the checkpoint nearest before the earlier seq. \
            Exit status 0 whether or not the states differ.
            """,
        arguments: [
            CommonArguments.log,
            ArgumentDescription(name: "a", help: "The seq of the state to compare from."),
            ArgumentDescription(name: "b", help: "The seq of the state to compare to."),
        ],
        options: [
            OptionDescription(name: "json", help: "Print the changes as JSON."),
            CommonArguments.color,
            CommonArguments.lenient,
            CommonArguments.noIndex,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let from = try arguments.seq(positional: "a")
        let to = try arguments.seq(positional: "b")
        let style = try CommonArguments.style(arguments, io: io)
        let (earlier, later) = try states(
            of: path, at: min(from, to), and: max(from, to), io: io, lenient: arguments.has("lenient"),
            indexed: !arguments.has("no-index"))
        let diff = from <= to ? StateDiff(from: earlier, to: later) : StateDiff(from: later, to: earlier)
        if arguments.has("json") {
            io.write(exactly: diff.json.serialized(style: .pretty) + "\n")
        } else {
            io.print(render(diff, style: style))
        }
        return ExitCode.success
    }

    /// The states right after `first` and after `second` (`first <= second`), read in one pass.
    static func states(
        of path: String, at first: Int, and second: Int, io: ToolIO, lenient: Bool, indexed: Bool
    ) throws -> (ModalState, ModalState) {
        var replay = try Replay.open(path, io: io, lenient: lenient, at: first, indexed: indexed)
        var reached = try replay.run(through: first)
        // The later seq is before the start only when the earlier is.
        try replay.check(first, reached: true, in: path)
        let earlier = replay.state
        if reached { reached = try replay.run(through: second) }
        replay.printWarnings(io: io)
        try replay.check(second, reached: reached, in: path)
        return (earlier, replay.state)
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
    static func render(_ diff: StateDiff, style: TextStyle) -> TerminalText {
        let count = diff.changes.count == 1 ? "1 change" : "\(diff.changes.count) changes"
        var lines: [TerminalText] = [
            "from seq \(diff.fromSeq) to seq \(diff.toSeq): \(diff.isEmpty ? "no changes" : count)"
        ]
        for group in EventText.groups(of: diff.changes, inStateOrder: true) {
            let name = style.apply(TerminalText(escaping: group.name), .bold)
            if let only = group.changes.first, only.subject == .session {
                lines.append("\(name): \(only.values)")
                continue
            }
            if group.changes.count == 1, let only = group.changes.first, only.kind != .changed {
                lines.append("\(name): \(kindText(only, style: style))")
                if let summary = summary(of: only) { lines.append("  \(summary)") }
                continue
            }
            lines.append(name)
            for change in group.changes {
                lines.append("  " + lineText(change, style: style))
            }
        }
        return lines.joined(separator: "\n")
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

import Foundation
import ModalEvents
import ModalProjection

/// Draws a state as a tree for people: the session (after the first),
/// roots, then their modals bottom to top, each with its cards (their sticky
/// elements, heights, and a `canDismiss` that differs from the modal's),
/// snap state and payload.
///
///     seq 10 · keyboard down
///     root "default" · window · level 0 · stack · 390x844
///     │ dimming dismissTopmost, visible · keyboard offsetByObscuredHeight +0, offset 0
///     └─ "compose" presented · sheet
///          cards: ComposeView (1 visible of 1)
///          snap: index 0 of [1] · position 0
enum StateTree {
    /// The tree, a line per row; names and payloads from the log escaped
    /// (``TerminalText``). Without `rejections`, the state's rejections are
    /// left to the caller, which lists them its own way. In colour with
    /// `style`: roots in blue, a modal's phase as the timeline colours the
    /// events that lead to it, rejections in red.
    static func render(_ state: ModalState, rejections: Bool = true, style: TextStyle = .plain) -> TerminalText {
        lines(of: state, rejections: rejections, style: style).joined(separator: "\n")
    }

    /// The tree's lines.
    static func lines(of state: ModalState, rejections: Bool = true, style: TextStyle = .plain) -> [TerminalText] {
        var lines: [TerminalText] = []
        let keyboard = state.keyboard
        var keyboardText: TerminalText = keyboard.height == 0 ? "keyboard down" : "keyboard \(number(keyboard.height))"
        if let bottom = keyboard.responderBottom { keyboardText += ", responder bottom \(number(bottom))" }
        let session: TerminalText = state.session == 0 ? "" : " · session \(state.session)"
        lines.append("seq \(state.seq)\(session) · \(keyboardText)")
        if state.roots.isEmpty { lines.append("(no roots)") }
        for root in state.roots {
            let visibleCards: TerminalText = root.maxVisibleCards == 2 ? "" : " · \(root.maxVisibleCards) visible cards"
            lines.append(
                "\(style.apply("root \"\(root.id)\"", .blue, .bold)) · \(root.presentation) · level \(root.level) · "
                    + "\(root.policy) · \(root.size)\(visibleCards)")
            let dimming: TerminalText =
                "dimming \(root.dimming.tap)\(root.dimming.hidden ? ", hidden" : ""), "
                + (root.isDimmingVisible ? "visible" : "not visible")
            let additional: TerminalText = root.keyboard.additional == 0 ? "" : " +\(number(root.keyboard.additional))"
            let offset = root.keyboardOffset
            lines.append("│ \(dimming) · keyboard \(root.keyboard.strategy)\(additional), offset \(number(offset))")
            if root.modals.isEmpty { lines.append("└─ (no modals)") }
            for (index, modal) in root.modals.enumerated() {
                let last = index == root.modals.count - 1
                lines.append((last ? "└─ " : "├─ ") + heading(of: modal, style: style))
                let indent: TerminalText = last ? "     " : "│    "
                for detail in details(of: modal, in: root) { lines.append(indent + detail) }
            }
        }
        guard rejections else { return lines }
        let (heading, rejected) = rejectionLines(of: state, style: style)
        return lines + [heading] + rejected
    }

    /// The heading of the state's rejections (`rejected: none`, or their
    /// count), and a line each, made as they are read: a log full of them
    /// need not hold the text of them all.
    static func rejectionLines(
        of state: ModalState, style: TextStyle
    ) -> (heading: TerminalText, lines: LazyMapSequence<RejectionHistory, TerminalText>) {
        let heading: TerminalText =
            state.rejected.isEmpty ? "rejected: none" : style.apply("rejected: \(state.rejected.count)", .red, .bold)
        return (
            heading,
            state.rejected.lazy.map { rejection in
                "  seq \(rejection.seq) \(style.apply("\(rejection.code.rawValue)", .red)): \(rejection.message)"
            }
        )
    }

    private static func heading(of modal: Modal, style: TextStyle) -> TerminalText {
        var heading: TerminalText =
            "\(style.apply("\"\(modal.link)\"", .bold)) \(style.apply("\(modal.phase.rawValue)", color(of: modal.phase)))"
        if let reason = modal.dismissReason { heading += " (\(reason))" }
        heading += " · \(modal.style)"
        if let parent = modal.parent { heading += " · in \"\(parent)\"" }
        if !modal.canDismiss { heading += " · cannot dismiss" }
        return heading
    }

    private static func details(of modal: Modal, in root: RootState) -> [TerminalText] {
        let cards = modal.cards.map { card -> TerminalText in
            // A card's own canDismiss shows where it is not the modal's (its top card's).
            let notes =
                (card.sticky.map { ["sticky \($0)"] } ?? [])
                + EventText.cardValues(
                    height: card.height.map(number),
                    canDismiss: card.canDismiss == modal.canDismiss ? nil : card.canDismiss)
            return notes.isEmpty ? "\(card.content)" : "\(card.content) [\(notes.joined(separator: " · "))]"
        }
        var details: [TerminalText] = [
            "cards: \(cards.joined(separator: " > ")) (\(modal.visibleCards) visible of \(cards.count))"
        ]
        let points = modal.snap.points.map(number).joined(separator: ", ")
        var snap: TerminalText =
            "snap: index \(modal.snap.index) of [\(points)] · position \(number(modal.snap.position))"
        if modal.snap.dragging { snap += " · dragging" }
        details.append(snap)
        if let payload = modal.payload { details.append("payload: \(payload.serialized())") }
        return details
    }

    /// A phase's colour: as the timeline colours the events that lead to it
    /// (green for presenting, yellow for dismissing), dim while queued.
    static func color(of phase: ModalPhase) -> TextStyle.Attribute {
        switch phase {
        case .queued: .dim
        case .presenting, .presented: .green
        case .dismissing: .yellow
        }
    }

    private static func number(_ value: Double) -> String {
        JSONNumber.text(value)
    }
}

extension ToolIO {
    /// Prints `state` as a tree for people, or as the spec's JSON (exact);
    /// with `log`, one of many logs, the JSON is a line `{"log": LOG, "state": STATE}`.
    /// Writes the state's JSON (pretty), its rejections a chunk at a time
    /// into the place of its empty `rejected`: byte for byte what
    /// `state.jsonText()` gives, without the text of them all held at once.
    private func writeJSON(of state: ModalState) {
        let empty = "\"rejected\": []"
        let text = state.json(historyFrom: state.rejected.count).serialized(style: .pretty)
        guard !state.rejected.isEmpty, let place = text.range(of: empty, options: .backwards) else {
            return write(exactly: text + "\n")
        }
        write(exactly: text[..<place.lowerBound] + "\"rejected\": [\n")
        var chunk = ""
        for (index, rejection) in state.rejected.enumerated() {
            // As the pretty writer lays out an object of three members at depth 2.
            chunk += "    {\n      \"seq\": \(rejection.seq),\n      \"code\": "
            chunk += JSONValue.string(rejection.code.rawValue).serialized() + ",\n      \"message\": "
            chunk += JSONValue.string(rejection.message).serialized() + "\n    }"
            chunk += index == state.rejected.count - 1 ? "\n" : ",\n"
            if chunk.utf8.count >= 64 << 10 {
                write(exactly: chunk)
                chunk = ""
            }
        }
        write(exactly: chunk + "  ]" + text[place.upperBound...] + "\n")
    }

    func printState(_ state: ModalState, json: Bool, log: String? = nil) {
        if json, let log {
            let line: JSONValue = ["log": .string(log), "state": state.json]
            write(exactly: line.serialized() + "\n")
        } else if json {
            writeJSON(of: state)
        } else {
            // The tree, then its rejections a chunk at a time: a log full of them prints them all,
            // and the text of them all is never held at once.
            print(StateTree.render(state, rejections: false, style: style))
            let (heading, rejected) = StateTree.rejectionLines(of: state, style: style)
            print(heading)
            var chunk: [TerminalText] = []
            for line in rejected {
                chunk.append(line)
                if chunk.count == 1_000 {
                    print(chunk.joined(separator: "\n"))
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            if !chunk.isEmpty { print(chunk.joined(separator: "\n")) }
        }
    }
}

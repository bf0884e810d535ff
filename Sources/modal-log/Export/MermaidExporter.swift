import ModalEvents
import ModalProjection

/// A Mermaid `sequenceDiagram`: the app, then each root and modal as it
/// first appears; an arrow per event, crossed (`-x`) when it was rejected.
/// A batch is a shaded box (`rect`) with a note of what it did and an arrow
/// per event in it; an event that queues a modal is a dashed arrow (`-->>`)
/// with a note `queued: waits its turn` over the modal, and a note says when
/// its turn comes; a note across the diagram marks each session's start.
struct MermaidExporter: Exporter {
    private var participants: [String: String] = [:]
    private var declarations: [String] = []
    private var messages: [String] = []

    mutating func add(_ step: Step, state: ModalState) {
        let event = step.entry.event
        let seq = step.entry.seq
        let effect = EventText.effect(of: step)
        let crossed = step.rejection != nil
        guard case .batch(let events) = event else {
            let target = participant(EventText.target(of: event))
            if let title = TimelineLine.sessionTitle(of: step) {
                messages.append("    Note over app,\(lastParticipant): \(Self.text(title))")
            }
            let queues = step.changes.contains { $0.phases?.new == ModalPhase.queued.rawValue }
            let arrow = crossed ? "-x" : queues ? "-->>" : "->>"
            messages.append("    app\(arrow)\(target): \(Self.text("\(seq) \(event.type.rawValue): \(effect)"))")
            addQueueNotes(step)
            return
        }
        messages.append("    rect rgba(128, 128, 128, 0.12)")
        messages.append("    Note right of app: \(Self.text("\(seq) batch of \(events.count): \(effect)"))")
        for (inner, refused, logged) in step.batchEvents {
            let target = participant(EventText.target(of: inner))
            let details = EventText.details(of: inner, logged: logged)
            let label = "\(seq) \(inner.type.rawValue)" + (details.isEmpty ? "" : ": \(details)")
            messages.append(
                "    app\(crossed ? "-x" : "->>")\(target): \(Self.text(label + (refused ? " (rejected here)" : "")))")
        }
        messages.append("    end")
        addQueueNotes(step)
    }

    /// A note over each modal the step queued, or whose turn it brought.
    private mutating func addQueueNotes(_ step: Step) {
        for change in step.changes {
            guard case .modal(let root, let link) = change.subject, let phases = change.phases else { continue }
            let note: String
            if phases.new == ModalPhase.queued.rawValue {
                note = "queued: waits its turn"
            } else if phases.old == ModalPhase.queued.rawValue, phases.new != StateChange.gone {
                note = "its turn: \(phases.new)"
            } else {
                continue
            }
            let id = participant(StateChange.modalName(root: root, link: link))
            messages.append("    Note over \(id): \(Self.text(note))")
        }
    }

    /// The id of the participant declared last: a note over the app and it spans the diagram.
    private var lastParticipant: String {
        "p\(participants.count - 1)"
    }

    private mutating func participant(_ name: String) -> String {
        if let id = participants[name] { return id }
        let id = "p\(participants.count)"
        participants[name] = id
        declarations.append("    participant \(id) as \(Self.text(name))")
        return id
    }

    func output(header: LogHeader) -> [UInt8] {
        Array(
            ((["sequenceDiagram", "    participant app as App"] + declarations + messages).joined(separator: "\n")
                + "\n")
                .utf8)
    }

    /// Text Mermaid reads as it is: `;` and `#` ended or escaped a message, so they are written as entities;
    /// a control character from the log as a terminal shows it (``TerminalText/escaping(_:)``).
    static func text(_ text: String) -> String {
        var escaped = ""
        for scalar in TerminalText.escaping(text).unicodeScalars {
            switch scalar {
            case ";", "#", "<", ">": escaped += "#\(scalar.value);"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

import ModalEvents
import ModalProjection

/// A Graphviz `digraph`: a cluster per modal with the phases it went
/// through, an edge per change of phase labelled with the seqs that made it
/// (`8 batch` for a batch, `13 session` for a session's start); `queued` is
/// a dashed grey node: the modal waited there.
struct DotExporter: Exporter {
    private struct Transition: Hashable {
        var from: String
        var to: String
    }

    private var modals: [String] = []
    /// Each transition's seqs, with the text its label lists them by: `2`, `8 batch`.
    private var transitions: [String: [Transition: [(seq: Int, text: String)]]] = [:]

    mutating func add(_ step: Step, state: ModalState) {
        let text =
            switch step.entry.event {
            case .batch: "\(step.entry.seq) batch"
            case .sessionStart: "\(step.entry.seq) session"
            default: String(step.entry.seq)
            }
        for change in step.changes {
            guard case .modal(let root, let link) = change.subject, let phases = change.phases else { continue }
            let name = StateChange.modalName(root: root, link: link)
            if transitions[name] == nil { modals.append(name) }
            transitions[name, default: [:]][Transition(from: phases.old, to: phases.new), default: []].append(
                (step.entry.seq, text))
        }
    }

    func output(header: LogHeader) -> [UInt8] {
        var lines = ["digraph phases {", "    rankdir=LR;", "    node [shape=box, style=rounded];"]
        for (index, modal) in modals.enumerated() {
            let edges = transitions[modal]!.sorted { $0.value[0].seq < $1.value[0].seq }
            var phases: [String] = []
            for edge in edges {
                for phase in [edge.key.from, edge.key.to] where !phases.contains(phase) { phases.append(phase) }
            }
            lines.append("    subgraph cluster_\(index) {")
            lines.append("        label=\(Self.quoted(modal));")
            for phase in phases {
                let shape =
                    phase == StateChange.gone
                    ? ", shape=point"
                    : phase == ModalPhase.queued.rawValue
                        ? ", style=\"rounded,dashed\", color=gray50, fontcolor=gray50" : ""
                lines.append("        \(Self.quoted("\(index):\(phase)")) [label=\(Self.quoted(phase))\(shape)];")
            }
            for (transition, seqs) in edges {
                let shown = seqs.prefix(5).map(\.text).joined(separator: ", ")
                let label = seqs.count > 5 ? "\(shown) … (\(seqs.count))" : shown
                lines.append(
                    "        \(Self.quoted("\(index):\(transition.from)")) -> \(Self.quoted("\(index):\(transition.to)")) [label=\(Self.quoted(label))];"
                )
            }
            lines.append("    }")
        }
        lines.append("}")
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A DOT string: in quotes, with `"` and `\` escaped; a control character
    /// from the log as a terminal shows it (``TerminalText/escaping(_:)``).
    static func quoted(_ text: String) -> String {
        "\"" + TerminalText.escaping(text).replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}

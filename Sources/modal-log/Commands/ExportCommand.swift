import ModalEvents
import ModalProjection

/// `modal-log export LOG --format mermaid|dot|html`: the log as a diagram or a page.
enum ExportCommand: ToolCommand {
    static let description = CommandDescription(
        name: "export",
        abstract: "Draw a log: a Mermaid sequence diagram, a Graphviz graph, or an HTML page.",
        discussion: """
            mermaid: a sequence diagram, an arrow from the app to the root or modal \
            each event acts on, crossed when it was rejected. dot: a Graphviz graph \
            of each modal's phases, an edge for each change of phase labelled with \
            the seqs that made it. html: one page that needs no network, with a \
            slider that scrubs through time, the roots and their card stacks drawn \
            as boxes, and the event list; open it in a browser (its address may end \
            in #seq=N to open at seq N). --from and --to keep a range of seqs; the \
            page holds a state per event, so keep a long log's range to some \
            thousands of events. Written to standard output.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(
                name: "format", valueName: "format", isRequired: true, help: "mermaid, dot or html.",
                completion: .words(["mermaid", "dot", "html"])),
            OptionDescription(name: "from", valueName: "seq", help: "Start at this seq."),
            OptionDescription(name: "to", valueName: "seq", help: "Stop after this seq."),
            CommonArguments.lenient,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let format = arguments.options["format"]!  // required: the parser checked it
        var exporter: any Exporter
        switch format {
        case "mermaid": exporter = MermaidExporter()
        case "dot": exporter = DotExporter()
        case "html": exporter = HTMLExporter(title: path.split(separator: "/").last.map(String.init) ?? path)
        default:
            throw UsageError(
                message: "The value '\(format)' is invalid for '--format <format>': expected mermaid, dot or html")
        }
        let filter = try StepFilter(arguments)
        try Replay.stepping(path, io: io, from: filter.from, lenient: arguments.has("lenient")) { step, state in
            if let last = filter.to, step.entry.seq > last { return false }
            exporter.add(step, state: state)
            return filter.to.map { step.entry.seq < $0 } ?? true
        }
        io.write(exporter.output)
        return ExitCode.success
    }
}

/// Turns the steps of a log into one document.
protocol Exporter {
    mutating func add(_ step: Step, state: ModalState)
    var output: String { get }
}

/// A Mermaid `sequenceDiagram`: the app, then each root and modal as it
/// first appears; an arrow per event, crossed (`-x`) when it was rejected.
struct MermaidExporter: Exporter {
    private var participants: [String: String] = [:]
    private var declarations: [String] = []
    private var messages: [String] = []

    mutating func add(_ step: Step, state: ModalState) {
        let event = step.entry.event
        let target = participant(EventText.target(of: event))
        let effect = EventText.effect(of: step)
        let arrow = step.rejection == nil ? "->>" : "-x"
        messages.append("    app\(arrow)\(target): \(Self.text("\(step.entry.seq) \(event.type.rawValue): \(effect)"))")
    }

    private mutating func participant(_ name: String) -> String {
        if let id = participants[name] { return id }
        let id = "p\(participants.count)"
        participants[name] = id
        declarations.append("    participant \(id) as \(Self.text(name))")
        return id
    }

    var output: String {
        (["sequenceDiagram", "    participant app as App"] + declarations + messages).joined(separator: "\n") + "\n"
    }

    /// Text Mermaid reads as it is: `;` and `#` ended or escaped a message, so they are written as entities.
    static func text(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case ";", "#", "<", ">": escaped += "#\(scalar.value);"
            case _ where scalar.value < 0x20: escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// A Graphviz `digraph`: a cluster per modal with the phases it went
/// through, an edge per change of phase labelled with the seqs that made it.
struct DotExporter: Exporter {
    private struct Transition: Hashable {
        var from: String
        var to: String
    }

    private var modals: [String] = []
    private var transitions: [String: [Transition: [Int]]] = [:]

    mutating func add(_ step: Step, state: ModalState) {
        for change in step.changes {
            guard case .modal(let root, let link) = change.subject, let phases = change.phases else { continue }
            let name = StateChange.modalName(root: root, link: link)
            if transitions[name] == nil { modals.append(name) }
            transitions[name, default: [:]][Transition(from: phases.old, to: phases.new), default: []].append(
                step.entry.seq)
        }
    }

    var output: String {
        var lines = ["digraph phases {", "    rankdir=LR;", "    node [shape=box, style=rounded];"]
        for (index, modal) in modals.enumerated() {
            let edges = transitions[modal]!.sorted { $0.value[0] < $1.value[0] }
            var phases: [String] = []
            for edge in edges {
                for phase in [edge.key.from, edge.key.to] where !phases.contains(phase) { phases.append(phase) }
            }
            lines.append("    subgraph cluster_\(index) {")
            lines.append("        label=\(Self.quoted(modal));")
            for phase in phases {
                let shape = phase == StateChange.gone ? ", shape=point" : ""
                lines.append("        \(Self.quoted("\(index):\(phase)")) [label=\(Self.quoted(phase))\(shape)];")
            }
            for (transition, seqs) in edges {
                let shown = seqs.prefix(5).map(String.init).joined(separator: ", ")
                let label = seqs.count > 5 ? "\(shown) … (\(seqs.count))" : shown
                lines.append(
                    "        \(Self.quoted("\(index):\(transition.from)")) -> \(Self.quoted("\(index):\(transition.to)")) [label=\(Self.quoted(label))];"
                )
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT string: in quotes, with `"` and `\` escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
    }
}

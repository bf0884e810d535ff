import ModalEvents
import ModalProjection

/// `modal-log export LOG --format mermaid|dot|html|swift-test`: the log as a diagram, a page or a test.
enum ExportCommand: ToolCommand {
    static let description = CommandDescription(
        name: "export",
        abstract: "Draw a log (a Mermaid sequence diagram, a Graphviz graph, an HTML page), or make it a test.",
        discussion: """
            mermaid: a sequence diagram, an arrow from the app to the root or modal \
            each event acts on, crossed when it was rejected. dot: a Graphviz graph \
            of each modal's phases, an edge for each change of phase labelled with \
            the seqs that made it. html: one page that needs no network, with a \
            slider that scrubs through time, the roots and their card stacks drawn \
            as boxes, and the event list; open it in a browser (its address may end \
            in #seq=N to open at seq N). --from and --to keep a range of seqs; the \
            page holds a state per event, so keep a long log's range to some \
            thousands of events. swift-test: a Swift Testing test of the whole log, \
            one line of Swift per event, each checked to apply or to be rejected \
            (code and message) as the log's replay rejected it, then the state they \
            end in, as the spec's JSON: save it in a test target that depends on \
            ModalEvents, ModalProjection and ModalTesting. Written to standard output.

            Format 2: a batch is one step: in mermaid, a shaded box with a note of \
            what it did and an arrow for each of its events; in dot, its edges' \
            seqs read '8 batch'; in html, one place of the slider, its events listed \
            under it. A queued modal is drawn as waiting: a dashed arrow and a note \
            in mermaid, a dashed grey node in dot, a dashed grey box in html. Each \
            session.start is a note across the diagram in mermaid, '13 session' on \
            the edges it made in dot, and a rule in the html event list.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(
                name: "format", valueName: "format", isRequired: true, help: "mermaid, dot, html or swift-test.",
                completion: .words(["mermaid", "dot", "html", "swift-test"])),
            OptionDescription(name: "from", valueName: "seq", help: "Start at this seq."),
            OptionDescription(name: "to", valueName: "seq", help: "Stop after this seq."),
            StepFilter.typeOption,
            StepFilter.changesOnlyOption,
            StepFilter.whereOption,
            OptionDescription(
                name: "name", valueName: "name",
                help: "swift-test: the test's name (default: the log's file name, as a Swift identifier)."),
            CommonArguments.lenient,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let format = arguments.options["format"]!  // required: the parser checked it
        if format == "swift-test" { return try exportTest(path, arguments: arguments, io: io) }
        var exporter: any Exporter
        switch format {
        case "mermaid": exporter = MermaidExporter()
        case "dot": exporter = DotExporter()
        case "html": exporter = HTMLExporter(title: path.split(separator: "/").last.map(String.init) ?? path)
        default:
            throw UsageError(
                message:
                    "The value '\(format)' is invalid for '--format <format>': expected mermaid, dot, html or swift-test"
                    + Suggestion.didYouMean(format, in: ["mermaid", "dot", "html", "swift-test"]))
        }
        let filter = try StepFilter(arguments)
        let replay = try Replay.stepping(path, io: io, from: filter.from, lenient: arguments.has("lenient")) {
            step, state in
            if let last = filter.to, step.entry.seq > last { return false }
            if filter.keeps(step, after: state) { exporter.add(step, state: state) }
            return filter.to.map { step.entry.seq < $0 } ?? true
        }
        io.write(exactly: exporter.output(header: replay.reader.header))
        return ExitCode.success
    }

    /// The whole log as a Swift Testing test (``SwiftTestExporter``).
    private static func exportTest(_ path: String, arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let narrowing =
            ["from", "to", "type", "where"].filter { arguments.options[$0] != nil }
            + (arguments.has("changes-only") ? ["changes-only"] : [])
        if !narrowing.isEmpty {
            throw UsageError(
                message: "swift-test replays the whole log: leave out "
                    + narrowing.map { "--\($0)" }.joined(separator: ", "))
        }
        let name = arguments.options["name"] ?? SwiftTestExporter.identifier(fromFileName: path)
        guard SwiftTestExporter.isIdentifier(name) else {
            throw UsageError(
                message: "--name: '\(name)' is not a Swift identifier (letters, digits and _, not first a digit)")
        }
        let command =
            ["modal-log", "export", path, "--format", "swift-test"]
            + (arguments.options["name"].map { ["--name", $0] } ?? [])
        var replay = try Replay.open(path, io: io, lenient: arguments.has("lenient"))
        var exporter = SwiftTestExporter(
            name: name, command: command.joined(separator: " "), start: replay.state,
            formatVersion: replay.reader.fileVersion)
        try replay.forEachStep { step, state in
            exporter.add(step, state: state)
            return true
        }
        replay.printWarnings(io: io)
        io.write(exactly: exporter.output)
        return ExitCode.success
    }
}

/// Turns the steps of a log into one document.
protocol Exporter {
    mutating func add(_ step: Step, state: ModalState)
    /// The document, for a log whose header is `header`.
    func output(header: LogHeader) -> String
}

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

    func output(header: LogHeader) -> String {
        (["sequenceDiagram", "    participant app as App"] + declarations + messages).joined(separator: "\n") + "\n"
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

    func output(header: LogHeader) -> String {
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
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT string: in quotes, with `"` and `\` escaped; a control character
    /// from the log as a terminal shows it (``TerminalText/escaping(_:)``).
    static func quoted(_ text: String) -> String {
        "\"" + TerminalText.escaping(text).replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}

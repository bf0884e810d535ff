import ModalEvents
import ModalProjection

/// `modal-log export LOG --format mermaid|dot|html|swift-test`: the log as a diagram, a page or a test.
struct ExportCommand: ToolCommand {
    static let configuration = CommandConfiguration(
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
            """)

    @OptionGroup var log = LogArgument()
    @Option(.choice, help: "mermaid, dot, html or swift-test.")
    var format: Format
    @OptionGroup var range = SeqRangeOptions()
    @OptionGroup var filter = StepKindOptions()
    @Option(
        .text, valueName: "name",
        help: "swift-test: the test's name (default: the log's file name, as a Swift identifier).")
    var name: String?
    @OptionGroup var reading = LenientOption()

    /// What `--format` takes.
    enum Format: String, ArgumentChoice {
        case mermaid, dot, html
        case swiftTest = "swift-test"
        static let valueName = "format"
    }

    func run(io: ToolIO) throws -> Int32 {
        let path = log.log
        var exporter: any Exporter
        switch format {
        case .swiftTest: return try exportTest(path, io: io)
        case .mermaid: exporter = MermaidExporter()
        case .dot: exporter = DotExporter()
        case .html:
            exporter = HTMLExporter(
                title: path.split(separator: "/").last.map(String.init) ?? path, filtered: filterWords)
        }
        let filter = try StepFilter(range: range, kind: self.filter)
        let replay = try Replay.stepping(path, io: io, from: filter.from, lenient: reading.lenient) {
            step, state in
            if let last = filter.to, step.entry.seq > last { return false }
            if filter.keeps(step, after: state) { exporter.add(step, state: state) }
            return filter.to.map { step.entry.seq < $0 } ?? true
        }
        io.write(exactly: exporter.output(header: replay.reader.header))
        return ExitCode.success
    }

    /// The options given that keep only some events: each option, and
    /// what it was given as it would be typed (`--where 'rejected'`).
    private var narrowing: [(option: String, typed: String)] {
        [
            range.from.map { ("--from", "--from \($0)") }, range.to.map { ("--to", "--to \($0)") },
            filter.type.map { ("--type", "--type \($0.map(\.rawValue).sorted().joined(separator: ","))") },
            filter.condition.map { ("--where", "--where '\($0)'") },
            filter.changesOnly ? ("--changes-only", "--changes-only") : nil,
        ].compactMap { $0 }
    }

    /// The options that kept only some events, as typed (`--from 3 --where 'rejected'`); `nil` when none was.
    var filterWords: String? {
        narrowing.isEmpty ? nil : narrowing.map(\.typed).joined(separator: " ")
    }

    /// The whole log as a Swift Testing test (``SwiftTestExporter``).
    private func exportTest(_ path: String, io: ToolIO) throws -> Int32 {
        if !narrowing.isEmpty {
            throw UsageError(
                message: "swift-test replays the whole log: leave out "
                    + narrowing.map(\.option).joined(separator: ", "))
        }
        let name = self.name ?? SwiftTestExporter.identifier(fromFileName: path)
        guard SwiftTestExporter.isIdentifier(name) else {
            throw UsageError(
                message: "--name: '\(name)' is not a Swift identifier (letters, digits and _, not first a digit)")
        }
        let command =
            ["modal-log", "export", path, "--format", "swift-test"]
            + (self.name.map { ["--name", $0] } ?? [])
        var replay = try Replay.open(path, io: io, lenient: reading.lenient)
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

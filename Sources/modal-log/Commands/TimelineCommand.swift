import ModalEvents
import ModalProjection

/// `modal-log timeline LOG`: one line per event, and what it did.
enum TimelineCommand: ToolCommand {
    static let description = CommandDescription(
        name: "timeline",
        abstract: "List the events, one a line, with what each did.",
        discussion: """
            Each line is the seq, the time in seconds, the event, what it names \
            and what it did: 'compose: presenting -> presented', 'rejected \
            duplicateLink: ...'. A modal is named ROOT/LINK, or LINK in the default \
            root; 'gone' means no live modal. --root and --link keep the events that \
            name a root or modal or change it (a parent's dismissal changes its \
            children); LINK may be ROOT/LINK. --from and --to keep a range of seqs; \
            with an index ('modal-log index'), reading starts at the checkpoint \
            before --from. With --follow, the timeline goes on to show the events \
            an app appends to the log as they land, as 'tail -f' does, until it is \
            interrupted (Ctrl-C) or --to is reached; a last line still being \
            written is shown once its newline lands.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(name: "root", valueName: "root", help: "Only events that name or change this root."),
            OptionDescription(name: "link", valueName: "link", help: "Only events that name or change this modal."),
            OptionDescription(name: "from", valueName: "seq", help: "Start at this seq."),
            OptionDescription(name: "to", valueName: "seq", help: "Stop after this seq."),
            OptionDescription(name: "json", help: "Print each event as a JSON line, with its changes."),
            OptionDescription(name: "follow", shortName: "f", help: "Keep reading the events appended to the log."),
            CommonArguments.color,
            CommonArguments.lenient,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let filter = try StepFilter(arguments)
        let style = try CommonArguments.style(arguments, io: io)
        let json = arguments.has("json")
        let follows = arguments.has("follow")
        if follows, !io.isOnDisk(path) {
            throw UsageError(message: "--follow reads a log on disk, not standard input")
        }
        /// Prints `step` when the filter keeps it; whether to read on.
        func show(_ step: Step) -> Bool {
            if let last = filter.to, step.entry.seq > last { return false }
            if filter.keeps(step) {
                io.print(json ? TimelineLine.json(of: step) : TimelineLine.text(of: step, style: style))
            }
            return filter.to.map { step.entry.seq < $0 } ?? true
        }
        var readsOn = true
        let read = try Replay.stepping(
            path, io: io, from: filter.from, lenient: arguments.has("lenient"), following: follows
        ) { step, _ in
            readsOn = show(step)
            return readsOn
        }
        guard follows, readsOn else { return ExitCode.success }
        var replay = read.replay
        let follower = EventLogFollower(after: read.reader)
        while readsOn {
            try follower.readAppended { entry, reader throws(EventLogError) in
                guard readsOn else { return }
                readsOn = show(try replay.step(entry, readBy: reader))
            }
            if readsOn { io.pause(milliseconds: 100) }
        }
        return ExitCode.success
    }
}

/// Which steps `--root`, `--link`, `--from` and `--to` keep.
struct StepFilter {
    var root: String?
    var link: String?
    var from = 1
    var to: Int?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        root = arguments.options["root"]
        link = arguments.options["link"]
        from = try arguments.seq("from") ?? 1
        to = try arguments.seq("to")
        if let to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
    }

    func keeps(_ step: Step) -> Bool {
        guard step.entry.seq >= from, to.map({ step.entry.seq <= $0 }) ?? true else { return false }
        if let root, !step.touches(root: root) { return false }
        if let link, !Self.step(step, touches: link) { return false }
        return true
    }

    /// Whether `step` touches the modal `name`: a link in any root, or `ROOT/LINK`.
    static func step(_ step: Step, touches name: String) -> Bool {
        if step.touches(link: name, in: nil) { return true }
        guard let slash = name.firstIndex(of: "/") else { return false }
        return step.touches(link: String(name[name.index(after: slash)...]), in: String(name[..<slash]))
    }
}

/// A step as a line of the timeline.
enum TimelineLine {
    /// `    4     1.600  modal.presented  sheets/checkout  sheets/checkout: presenting -> presented`
    static func text(of step: Step, style: TextStyle) -> String {
        let entry = step.entry
        let seq = pad(String(entry.seq), to: 5, right: true)
        let time = pad(EventText.time(entry.time), to: 9, right: true)
        let type = pad(entry.event.type.rawValue, to: 16)
        let details = EventText.details(of: entry.event)
        let subject = pad(EventText.target(of: entry.event) + (details.isEmpty ? "" : " " + details), to: 34)
        let effect = EventText.effect(of: step)
        let effectStyled =
            step.rejection != nil
            ? style.apply(effect, .red, .bold) : step.isSkipped ? style.apply(effect, .dim) : effect
        return "\(style.apply(seq, .dim)) \(style.apply(time, .dim))  "
            + "\(style.apply(type, TextStyle.color(of: entry.event.type))) \(subject)  \(effectStyled)"
    }

    /// The step as one JSON line: `seq`, `time`, `type`, `root`, `link`,
    /// `effect` (the text line's), `rejected` (its code and message, or
    /// null) and `changes` (as `modal-log diff --json` writes them).
    static func json(of step: Step) -> String {
        let entry = step.entry
        let value: JSONValue = .object([
            JSONMember("seq", .number(JSONNumber(entry.seq))),
            JSONMember("time", entry.time.map { .number(JSONNumber($0)) } ?? .null),
            JSONMember("type", .string(entry.event.type.rawValue)),
            JSONMember("root", entry.event.root.map(JSONValue.string) ?? .null),
            JSONMember("link", entry.event.link.map(JSONValue.string) ?? .null),
            JSONMember("effect", .string(EventText.effect(of: step))),
            JSONMember(
                "rejected",
                step.rejection.map { ["code": .string($0.code.rawValue), "message": .string($0.message)] } ?? .null),
            JSONMember("changes", .array(step.changes.map(\.json))),
        ])
        return value.serialized()
    }

    /// `text` padded with spaces to `width` characters (on the left when `right`).
    static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let count = text.count
        guard count < width else { return text }
        let spaces = String(repeating: " ", count: width - count)
        return right ? spaces + text : text + spaces
    }
}

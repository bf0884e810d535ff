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

            Format 2: a line gives the event's source after the time ('-' for \
            none) and its caller after what it names when there is room \
            ('· at Cart.swift:30'). A batch is one step: one line with what it did \
            as a whole, then an indented line for each of its events ('<- \
            rejected' on the one that rejected it). A line '── session 2' comes \
            before each session.start, whatever the filters keep. --source keeps \
            the events of a source (user, system, app or test; none for those \
            that have none; several separated by commas); a batch's events have \
            its source. --json lines also carry source, caller, session and, for a \
            batch, its events.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(name: "root", valueName: "root", help: "Only events that name or change this root."),
            OptionDescription(name: "link", valueName: "link", help: "Only events that name or change this modal."),
            StepFilter.sourceOption,
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
            if !json, step.entry.seq >= filter.from, let separator = TimelineLine.separator(of: step) {
                io.print(style.apply(separator, .blue))
            }
            if filter.keeps(step) {
                if json {
                    io.write(exactly: TimelineLine.json(of: step) + "\n")
                } else {
                    io.print(TimelineLine.text(of: step, style: style))
                }
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
        var replay = read
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

/// Which steps `--root`, `--link`, `--source`, `--from` and `--to` keep.
struct StepFilter {
    var root: String?
    var link: String?
    /// The sources kept, `none` for the events that have none; `nil` keeps all.
    var sources: Set<String>?
    var from = 1
    var to: Int?

    /// How `--source` names the events that have no source.
    static let noSource = "none"

    /// The words `--source` takes.
    static var sourceWords: [String] { EventSource.knownValues.map(\.rawValue) + [noSource] }

    static let sourceOption = OptionDescription(
        name: "source", valueName: "source",
        help: "Only events of this source: user, system, app, test, or none (several: user,app).",
        completion: .words(sourceWords))

    init(_ arguments: ParsedArguments) throws(UsageError) {
        root = arguments.options["root"]
        link = arguments.options["link"]
        sources = try arguments.options["source"].map { text throws(UsageError) in try Self.sources(text) }
        from = try arguments.seq("from") ?? 1
        to = try arguments.seq("to")
        if let to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
    }

    /// The words of `--source`: `user`, `user,app`, `none`.
    static func sources(_ text: String) throws(UsageError) -> Set<String> {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.trimmingPrefix(" "))
        }
        guard words.allSatisfy(sourceWords.contains) else {
            throw UsageError(
                message: "The value '\(text)' is invalid for '--source <source>': expected "
                    + sourceWords.dropLast().joined(separator: ", ") + " or \(noSource), or several separated by commas"
            )
        }
        return Set(words)
    }

    func keeps(_ step: Step) -> Bool {
        guard step.entry.seq >= from, to.map({ step.entry.seq <= $0 }) ?? true else { return false }
        if let sources, !sources.contains(step.entry.source?.rawValue ?? Self.noSource) { return false }
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
    /// The width of the subject column: what the event names and its values.
    static let subjectWidth = 34

    /// The step's line; for a batch, an indented line for each of its
    /// events below it:
    ///
    ///         4     1.600  modal.presented  sheets/checkout                     sheets/checkout: presenting -> presented
    ///        10     4.000  system  batch            2 events                            toasts/saved: presenting -> gone; ...
    ///                                modal.dismiss    toasts/saved reason timeout
    ///                                modal.dismissed  toasts/saved
    ///
    /// A line of a version-2 log has the event's source after the time (`-`
    /// when it has none), and its caller after the subject when the subject's
    /// column has room for it (`checkout · at Cart.swift:30`).
    static func text(of step: Step, style: TextStyle) -> TerminalText {
        let entry = step.entry
        let seq = pad("\(entry.seq)", to: 5, right: true)
        let time = pad("\(EventText.time(entry.time))", to: 9, right: true)
        let type = pad("\(entry.event.type.rawValue)", to: 16)
        // A batch's events have lines of their own.
        var subject = TerminalText(escaping: EventText.subject(of: entry.event, logged: entry.loggedNumbers))
        var subjectStyled = subject
        let caller = entry.caller.map(TerminalText.init(escaping:))
        if let caller, subject.count + 6 + caller.count <= subjectWidth {
            let at: TerminalText = " · at \(caller)"
            subjectStyled += style.apply(at, .dim)
            subject += at
        }
        subjectStyled += .spaces(subjectWidth - subject.count)
        let effect = TerminalText(escaping: EventText.effect(of: step))
        let effectStyled =
            step.rejection != nil
            ? style.apply(effect, .red, .bold) : step.isSkipped ? style.apply(effect, .dim) : effect
        var line: TerminalText = "\(style.apply(seq, .dim)) \(style.apply(time, .dim))  "
        if showsSource(step) { line += pad("\(entry.source?.rawValue ?? "-")", to: 6) + "  " }
        line += "\(style.apply(type, TextStyle.color(of: entry.event.type))) \(subjectStyled)  \(effectStyled)"
        for (event, refused, logged) in step.batchEvents {
            line += "\n" + innerLine(event, logged: logged, of: step, refused: refused, style: style)
        }
        return line
    }

    /// One event of a batch, under the batch's type: its type, what it names
    /// and its values, and `<- rejected` on the one that rejected the batch.
    private static func innerLine(
        _ event: ModalEvent, logged: [LoggedNumber], of step: Step, refused: Bool, style: TextStyle
    ) -> TerminalText {
        let indent = TerminalText.spaces(showsSource(step) ? 27 : 19)
        let subject = TerminalText(escaping: EventText.subject(of: event, logged: logged))
        let type = style.apply(pad("\(event.type.rawValue)", to: 16), TextStyle.color(of: event.type))
        guard refused else { return indent + type + " " + subject }
        return indent + type + " " + pad(subject, to: subjectWidth) + "  " + style.apply("<- rejected", .red, .bold)
    }

    /// Whether the step's line has a source column: in a version-2 log, where events may have one.
    static func showsSource(_ step: Step) -> Bool {
        step.formatVersion >= 2 || step.entry.source != nil
    }

    /// The line the timeline draws before a `session.start`, at most
    /// `width` characters: `── session 2 · {"build":"1.4"} ─────` (the
    /// info cut to fit); `nil` for any other step.
    static func separator(of step: Step, width: Int = 80) -> TerminalText? {
        guard let title = sessionTitle(of: step, width: width - 7) else { return nil }
        let text: TerminalText = "── \(title)"
        return "\(text) \(String(repeating: "─", count: max(3, width - text.count - 1)))"
    }

    /// What a `session.start` step starts, at most `width` characters:
    /// `session 2 · {"build":"1.4"}`, or `session.start rejected` (or `left
    /// out`); `nil` for any other step.
    static func sessionTitle(of step: Step, width: Int = 80) -> String? {
        guard case .sessionStart(let info) = step.entry.event else { return nil }
        let title =
            step.isSkipped
            ? "session.start left out" : step.rejection != nil ? "session.start rejected" : "session \(step.session)"
        guard let info else { return title }
        let room = width - title.count - 3
        let json = info.serialized()
        return title + " · " + (json.count <= room ? json : String(json.prefix(max(0, room - 1))) + "…")
    }

    /// The step as one JSON line: `seq`, `time`, `type`, `root`, `link`,
    /// `effect` (the text line's), `rejected` (its code and message, or
    /// null), `changes` (as `modal-log diff --json` writes them), `source`
    /// and `caller` (or null), `session` (the state's, after the step), and
    /// for a batch `events`, its events as the log writes them.
    static func json(of step: Step) -> String {
        let entry = step.entry
        var members = [
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
            JSONMember("source", entry.source.map { .string($0.rawValue) } ?? .null),
            JSONMember("caller", entry.caller.map(JSONValue.string) ?? .null),
            JSONMember("session", .number(JSONNumber(step.session))),
        ]
        if case .batch = entry.event { members.append(JSONMember("events", entry.json["events"] ?? .array([]))) }
        return JSONValue.object(members).serialized()
    }

    /// `text` padded with spaces to `width` characters (on the left when `right`).
    static func pad(_ text: TerminalText, to width: Int, right: Bool = false) -> TerminalText {
        let spaces = TerminalText.spaces(width - text.count)
        return right ? spaces + text : text + spaces
    }
}

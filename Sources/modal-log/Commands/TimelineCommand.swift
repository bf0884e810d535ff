import ModalEvents
import ModalProjection

/// `modal-log timeline LOG`: one line per event, and what it did.
enum TimelineCommand: ToolCommand {
    static let description = CommandDescription(
        name: "timeline",
        abstract: "List the events, one a line, with what each did.",
        discussion: """
            Each line is the seq, the time in seconds, the event, what it names \
            and what it did: to what it names first ('presenting -> presented'), \
            then to the rest ('root sheets: dimming.visible false -> true'), or \
            'rejected duplicateLink: ...'. Lines fit the terminal's width (80 \
            columns when the output is not a terminal), cut with '…'; --wide \
            keeps them whole. Columns are as wide as the first 200 lines need. \
            A modal is named ROOT/LINK in every root \
            (default/checkout); 'gone' means no live modal. --root and --link keep the events that \
            name a root or modal or change it (a parent's dismissal changes its \
            children); LINK may be ROOT/LINK. --from and --to keep a range of seqs; \
            with an index ('modal-log index'), reading starts at the checkpoint \
            before --from. With --follow, the timeline goes on to show the events \
            an app appends to the log as they land, as 'tail -f' does, until it is \
            interrupted (Ctrl-C) or --to is reached; a last line still being \
            written is shown once its newline lands. --changes-only leaves out the \
            events that changed nothing (a rejection is kept), --type keeps events \
            of some types (a batch when one of its events is), and --where keeps \
            the events after which a condition holds, in bisect's language \
            ('modal-log help bisect').

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
        arguments: [
            ArgumentDescription(
                name: "log",
                help: "The logs: a file, a folder of segments, - for standard input, or many (each after its name).",
                completion: .file, isVariadic: true)
        ],
        options: [
            OptionDescription(name: "root", valueName: "root", help: "Only events that name or change this root."),
            OptionDescription(name: "link", valueName: "link", help: "Only events that name or change this modal."),
            StepFilter.sourceOption,
            OptionDescription(name: "from", valueName: "seq", help: "Start at this seq."),
            OptionDescription(name: "to", valueName: "seq", help: "Stop after this seq."),
            StepFilter.typeOption,
            StepFilter.changesOnlyOption,
            StepFilter.whereOption,
            OptionDescription(name: "json", help: "Print each event as a JSON line, with its changes."),
            OptionDescription(name: "wide", help: "Print whole lines, however wide the terminal."),
            OptionDescription(name: "follow", shortName: "f", help: "Keep reading the events appended to the log."),
            ManyLogs.recursiveOption,
            CommonArguments.color,
            CommonArguments.lenient,
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let width = arguments.has("wide") ? nil : io.outputWidth
        _ = try StepFilter(arguments)  // a bad filter is one usage error, not one a log
        let json = arguments.has("json")
        // Many logs in JSON: one table, each row naming its log.
        return try ManyLogs.each(arguments, io: io, width: width, combined: ManyLogs.status(of:)) {
            log, io, isOneOfMany in
            try timeline(
                of: log, arguments: arguments, width: width, io: io, naming: json && isOneOfMany ? log : nil,
                isOneOfMany: isOneOfMany)
        }
    }

    /// The timeline of the log at `path`, its JSON rows naming the log as `naming` when given.
    static func timeline(
        of path: String, arguments: ParsedArguments, width: Int?, io: ToolIO, naming log: String? = nil,
        isOneOfMany: Bool = false
    ) throws -> Int32 {
        let filter = try StepFilter(arguments)
        let style = io.style
        let json = arguments.has("json")
        let follows = arguments.has("follow")
        if follows, !io.isOnDisk(path) {
            throw UsageError(message: "--follow reads a log on disk, not standard input")
        }
        var lines = TimelineLines(io: io, style: style, width: width, json: json)
        lines.log = log
        var names = LogNames()
        /// Prints `step` when the filter keeps it; whether to read on.
        func show(_ step: Step, after state: ModalState) -> Bool {
            names.add(step, after: state)
            if let last = filter.to, step.entry.seq > last { return false }
            let separated = step.entry.seq >= filter.from && step.entry.event.type == .sessionStart
            lines.add(step, after: state, kept: filter.keeps(step, after: state), separated: separated)
            return filter.to.map { step.entry.seq < $0 } ?? true
        }
        var readsOn = true
        let read = try Replay.stepping(
            path, io: io, from: filter.from, lenient: arguments.has("lenient"), following: follows
        ) { step, state in
            readsOn = show(step, after: state)
            return readsOn
        }
        lines.flush()
        // A whole read knows every name the log had: a filter on another one is likely a slip
        // (but not in one log of many, where most may not have it).
        if filter.from <= 1, readsOn, !follows, !isOneOfMany {
            for sentence in filter.namesNeverHad(in: names) { io.printError("warning: \(sentence)") }
        }
        guard follows, readsOn else { return ExitCode.success }
        var replay = read
        let follower = EventLogFollower(after: read.reader)
        while readsOn {
            try follower.readAppended { entry, reader throws(EventLogError) in
                guard readsOn else { return }
                readsOn = show(try replay.step(entry, readBy: reader), after: replay.state)
            }
            lines.flush()
            if readsOn { io.pause(milliseconds: 100) }
        }
        return ExitCode.success
    }
}

/// The timeline's output: JSON lines as they come, or text lines whose
/// columns are fitted to the first ``fittedCount`` of them (held back until
/// then, or until ``flush()``), and to the line's width.
struct TimelineLines {
    let io: ToolIO
    let style: TextStyle
    /// Where a text line is cut; `nil` for never.
    let width: Int?
    let json: Bool
    /// The log the lines are of, for their JSON's `log` when there are many.
    var log: String?
    /// The layout, once the first lines fixed it.
    private var layout: TimelineLayout?
    /// The steps held back until the layout is known, and whether each is kept (else only its separator shows).
    private var pending: [(step: Step, kept: Bool)] = []

    /// How many lines the columns are fitted to.
    static let fittedCount = 200

    init(io: ToolIO, style: TextStyle, width: Int?, json: Bool) {
        self.io = io
        self.style = style
        self.width = width
        self.json = json
    }

    /// Prints `step` when `kept`, after the line that starts a session when
    /// `separated`; `state` is the state after it.
    mutating func add(_ step: Step, after state: ModalState, kept: Bool, separated: Bool) {
        if json {
            if kept { io.write(exactly: TimelineLine.json(of: step, after: state, log: log) + "\n") }
            return
        }
        guard kept || separated else { return }
        if let layout {
            print(step, kept: kept, layout: layout)
            return
        }
        pending.append((step, kept))
        if pending.count >= Self.fittedCount { flush() }
    }

    /// Fixes the layout (when the lines held back are the first) and prints them.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        let layout = layout ?? TimelineLayout(fitting: pending.filter(\.kept).map(\.step), width: width)
        self.layout = layout
        for (step, kept) in pending { print(step, kept: kept, layout: layout) }
        pending = []
    }

    private func print(_ step: Step, kept: Bool, layout: TimelineLayout) {
        if let separator = TimelineLine.separator(of: step, width: width ?? 80) {
            io.print(style.apply(separator, .blue))
        }
        if kept { io.print(TimelineLine.text(of: step, style: style, layout: layout)) }
    }
}

/// Which steps `--root`, `--link`, `--source`, `--type`, `--changes-only`,
/// `--where`, `--from` and `--to` keep.
struct StepFilter {
    var root: String?
    var link: String?
    /// The sources kept, `none` for the events that have none; `nil` keeps all.
    var sources: Set<String>?
    /// The event types kept; `nil` keeps all.
    var types: Set<EventType>?
    /// Whether only the steps that changed the state (or were rejected) are kept.
    var changesOnly = false
    /// What must hold after a kept step.
    var condition: Condition?
    var from = 1
    var to: Int?

    static let typeOption = OptionDescription(
        name: "type", valueName: "types",
        help: "Only events of these types (modal.present, or several: card.push,card.pop).",
        completion: .words(EventType.allCases.map(\.rawValue)))
    static let changesOnlyOption = OptionDescription(
        name: "changes-only", help: "Leave out the events that changed nothing (rejections stay).")
    static let whereOption = OptionDescription(
        name: "where", valueName: "condition", help: "Only events after which the condition holds (as bisect's).")

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
        types = try arguments.options["type"].map { text throws(UsageError) in try Self.types(text) }
        changesOnly = arguments.has("changes-only")
        condition = try arguments.options["where"].map { text throws(UsageError) in try Condition.parsed(text) }
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

    /// The event types of `--type`: `modal.present`, `card.push,card.pop`.
    static func types(_ text: String) throws(UsageError) -> Set<EventType> {
        var types: Set<EventType> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(word.trimmingPrefix(" "))
            guard let type = EventType(rawValue: word) else {
                throw UsageError(
                    message: "The value '\(text)' is invalid for '--type <types>': '\(word)' is not an event type"
                        + Suggestion.didYouMean(word, in: EventType.allCases.map(\.rawValue)))
            }
            types.insert(type)
        }
        return types
    }

    /// Whether the filter keeps `step`, `state` being the state right after it.
    func keeps(_ step: Step, after state: ModalState) -> Bool {
        guard step.entry.seq >= from, to.map({ step.entry.seq <= $0 }) ?? true else { return false }
        if changesOnly, step.changes.isEmpty, step.rejection == nil, !step.isSkipped { return false }
        if let types, !types.contains(step.entry.event.type),
            !step.batchEvents.contains(where: { types.contains($0.event.type) })
        {
            return false
        }
        if let sources, !sources.contains(step.entry.source?.rawValue ?? Self.noSource) { return false }
        if let root, !step.touches(root: root) { return false }
        if let link, !Self.step(step, touches: link) { return false }
        if let condition {
            return condition.holds(at: Condition.Context(step, after: state))
        }
        return true
    }

    /// What the filter names that the log never had, with the nearest it had.
    func namesNeverHad(in names: LogNames) -> [String] {
        let modal = link.map { link in
            guard let slash = link.firstIndex(of: "/") else { return Condition.ModalReference(root: nil, link: link) }
            return Condition.ModalReference(
                root: String(link[..<slash]), link: String(link[link.index(after: slash)...]))
        }
        return names.neverHad(roots: root.map { [$0] } ?? [], modals: modal.map { [$0] } ?? [])
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
    /// The step's line, its columns as wide as `layout` says (else as the
    /// step needs) and the line cut to its width (an ellipsis where it was cut); for a batch, an
    /// indented line for each of its events below it:
    ///
    ///        4  1.600  modal.presented  sheets/checkout  presenting -> presented
    ///       10  4.000  system  batch    2 events         toasts/saved: presenting -> gone; ...
    ///                          modal.dismiss    toasts/saved reason timeout
    ///                          modal.dismissed  toasts/saved
    ///
    /// What it did to the root or modal it names comes first, unnamed (the
    /// subject names it). A line of a version-2 log has the event's source
    /// after the time (`-` when it has none), and its caller after the
    /// subject when the subject's column has room for it (`checkout · at
    /// Cart.swift:30`).
    static func text(of step: Step, style: TextStyle, layout: TimelineLayout? = nil) -> TerminalText {
        // Alone, the line is as wide as it needs.
        let layout = layout ?? TimelineLayout(fitting: [step], width: nil)
        let entry = step.entry
        var line = StyledLine()
        line.append(pad("\(entry.seq)", to: layout.seq, right: true), style, .dim)
        line.append(" ")
        line.append(pad("\(EventText.time(entry.time))", to: layout.time, right: true), style, .dim)
        line.append("  ")
        if let source = layout.source { line.append(pad("\(entry.source?.rawValue ?? "-")", to: source) + "  ") }
        line.append(pad("\(entry.event.type.rawValue)", to: layout.type), style, TextStyle.color(of: entry.event.type))
        line.append(" ")
        let subject = cut(subject(of: step), to: layout.subject)
        line.append(subject)
        if let caller = entry.caller, subject.count + 6 + caller.count <= layout.subject {
            let at: TerminalText = " · at \(caller)"
            line.append(at, style, .dim)
            line.append(.spaces(layout.subject - subject.count - at.count))
        } else {
            line.append(.spaces(layout.subject - subject.count))
        }
        line.append("  ")
        var effect = TerminalText(escaping: EventText.effect(of: step, besidesTarget: true))
        if let width = layout.width { effect = cut(effect, to: width - line.plain.count) }
        if step.rejection != nil {
            line.append(effect, style, .red, .bold)
        } else {
            line.append(effect, style, step.isSkipped ? [.dim] : [])
        }
        var lines = [line.fitted(to: layout.width)]
        for (event, refused, logged) in step.batchEvents {
            lines.append(innerLine(event, logged: logged, refused: refused, style: style, layout: layout))
        }
        return lines.joined(separator: "\n")
    }

    /// What a line names and its values: `sheets/checkout CartCard · card`.
    static func subject(of step: Step) -> TerminalText {
        TerminalText(escaping: EventText.subject(of: step.entry.event, logged: step.entry.loggedNumbers))
    }

    /// One event of a batch, under the batch's type: its type, what it names
    /// and its values, and `<- rejected` on the one that rejected the batch.
    private static func innerLine(
        _ event: ModalEvent, logged: [LoggedNumber], refused: Bool, style: TextStyle, layout: TimelineLayout
    ) -> TerminalText {
        var line = StyledLine()
        line.append(.spaces(layout.beforeType))
        line.append(pad("\(event.type.rawValue)", to: layout.type), style, TextStyle.color(of: event.type))
        line.append(" ")
        let subject = TerminalText(escaping: EventText.subject(of: event, logged: logged))
        if refused {
            line.append(pad(cut(subject, to: layout.subject), to: layout.subject) + "  ")
            line.append("<- rejected", style, .red, .bold)
        } else {
            line.append(subject)
        }
        return line.fitted(to: layout.width)
    }

    /// `text` cut to `width` characters, its last one an ellipsis where it was cut.
    static func cut(_ text: TerminalText, to width: Int) -> TerminalText {
        guard text.count > width else { return text }
        return width <= 0 ? "" : text.prefix(width - 1) + "…"
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
        // The title is measured as it shows, escapes and all; a line never passes `width`.
        return cut("\(text) \(String(repeating: "─", count: max(3, width - text.count - 1)))", to: width)
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

    /// The step as one JSON line, a row of one flat table however many
    /// logs it comes from (Docs/Fleet.md): `log` (with many logs), `seq`,
    /// `time`, `type`, `root`, `link`, `source` and `caller` (or null),
    /// `session` (the state's, after the step), `outcome` (`applied`,
    /// `rejected` or `skipped`), `code` and `message` (a rejection's, or
    /// null), `phaseBefore` and `phaseAfter` (of the modal the event names,
    /// `gone` when not live; null for an event that names none), `info` (a
    /// `session.start`'s, or null), `effect` (the text line's), `rejected`
    /// (its code and message, or null), `changes` (as `modal-log diff
    /// --json` writes them), and for a batch `events`, its events as the
    /// log writes them.
    static func json(of step: Step, after state: ModalState? = nil, log: String? = nil) -> String {
        let entry = step.entry
        let phase = state.flatMap { Self.phases(of: step, after: $0) }
        let outcome = step.isSkipped ? "skipped" : step.rejection == nil ? "applied" : "rejected"
        var info: JSONValue = .null
        if case .sessionStart(let given?) = entry.event { info = given }
        var members: [JSONMember] = log.map { [JSONMember("log", .string($0))] } ?? []
        members += [
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
            JSONMember("outcome", .string(outcome)),
            JSONMember("code", step.rejection.map { JSONValue.string($0.code.rawValue) } ?? .null),
            JSONMember("message", step.rejection.map { JSONValue.string($0.message) } ?? .null),
            JSONMember("phaseBefore", phase.map { JSONValue.string($0.before) } ?? .null),
            JSONMember("phaseAfter", phase.map { JSONValue.string($0.after) } ?? .null),
            JSONMember("info", info),
        ]
        if case .batch = entry.event { members.append(JSONMember("events", entry.json["events"] ?? .array([]))) }
        return JSONValue.object(members).serialized()
    }

    /// The phase of the modal the event names before the step and after it
    /// (`gone`: not live); `nil` when it names no modal.
    static func phases(of step: Step, after state: ModalState) -> (before: String, after: String)? {
        guard let root = step.entry.event.root, let link = step.entry.event.link else { return nil }
        let after = state.modal(link: link, in: root)?.phase.rawValue ?? StateChange.gone
        let changed = step.changes.first { $0.subject == .modal(root: root, link: link) }?.phases
        return (changed?.old ?? after, after)
    }

    /// `text` padded with spaces to `width` characters (on the left when `right`).
    static func pad(_ text: TerminalText, to width: Int, right: Bool = false) -> TerminalText {
        let spaces = TerminalText.spaces(width - text.count)
        return right ? spaces + text : text + spaces
    }
}

import ModalEvents
import ModalProjection

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
        if let dt = layout.dt { line.append(pad(since(step), to: dt, right: true) + "  ", style, .dim) }
        if let source = layout.source { line.append(pad("\(entry.source?.rawValue ?? "-")", to: source) + "  ") }
        line.append(pad("\(entry.event.type.rawValue)", to: layout.type), style, TextStyle.color(of: entry.event.type))
        line.append(" ")
        let effect = TerminalText(escaping: EventText.effect(of: step, besidesTarget: true))
        let subjectWidth = layout.subject
        let subject = fitted(subject(of: step), named: entry.event, to: subjectWidth)
        line.append(subject)
        if let caller = entry.caller, subject.count + 6 + caller.count <= subjectWidth {
            let at: TerminalText = " · at \(caller)"
            line.append(at, style, .dim)
            line.append(.spaces(subjectWidth - subject.count - at.count))
        } else {
            line.append(.spaces(subjectWidth - subject.count))
        }
        line.append("  ")
        var lines: [TerminalText]
        if step.rejection != nil, let width = layout.width, line.plain.count + effect.count > width {
            // A rejection is never cut: what does not fit goes on under the line, from the type's column.
            let indent = TerminalText.spaces(layout.beforeType + 2)
            let first = effect.wrapped(first: width - line.plain.count, rest: width - indent.count)
            line.append(first[0], style, .red, .bold)
            lines = [line.fitted(to: width)] + first.dropFirst().map { indent + style.apply($0, [.red, .bold]) }
        } else {
            let shown = layout.width.map { cut(effect, to: $0 - line.plain.count) } ?? effect
            if step.rejection != nil {
                line.append(shown, style, .red, .bold)
            } else {
                line.append(shown, style, step.isSkipped ? [.dim] : [])
            }
            lines = [line.fitted(to: layout.width)]
        }
        for (event, refused, logged) in step.batchEvents {
            lines.append(innerLine(event, logged: logged, refused: refused, style: style, layout: layout))
        }
        return lines.joined(separator: "\n")
    }

    /// What a line names, whole when it fits in `width`; else what the
    /// event names alone (`main/compose …`): an argument cut short
    /// (`Car…`) says nothing, so the arguments give way whole.
    static func fitted(_ subject: TerminalText, named event: ModalEvent, to width: Int) -> TerminalText {
        guard subject.count > width else { return subject }
        let target = TerminalText(escaping: EventText.target(of: event))
        return target.count + 2 <= width ? target + " …" : cut(target, to: width)
    }

    /// The seconds since the last event before the step that has a time
    /// (`+0.050`), or `-` when it or every one before has none.
    static func since(_ step: Step) -> TerminalText {
        guard let time = step.entry.time, let previous = step.previousTime else { return "-" }
        return "+\(EventText.time(time - previous))"
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

    /// The version of the many-log table's columns (Docs/Fleet.md, "The
    /// table"): raised with any change to ``tableColumns``, which
    /// `Tests/Fixtures/fleet/table-columns.txt` keeps for each version.
    static let tableVersion = 1

    /// The table's columns, in the order a row has them: `log` with many
    /// logs only, `events` for a batch only.
    static let tableColumns = [
        "log", "seq", "time", "type", "root", "link", "effect", "rejected", "changes", "source", "caller", "session",
        "outcome", "code", "message", "phaseBefore", "phaseAfter", "info", "events",
    ]

    /// The step as one JSON line, a row of one flat table however many
    /// logs it comes from (Docs/Fleet.md): `log` (with many logs), `seq`,
    /// `time`, `type`, `root`, `link`, `source` and `caller` (or null),
    /// `session` (the state's, after the step), `outcome` (`applied`,
    /// `rejected` or `skipped`), `code` and `message` (a rejection's, or
    /// null), `phaseBefore` and `phaseAfter` (of the modal the event names,
    /// `gone` when not live; null for an event that names none), `info` (a
    /// `session.start`'s, or null), `effect` (the text line's), `rejected`
    /// (its code, message and cause, or null), `changes` (as `modal-log diff
    /// --json` writes them), and for a batch `events`, its events as the
    /// log writes them.
    ///
    /// The row is written after what `writer` holds, with no tree built:
    /// the timeline writes one for every step.
    static func write(_ step: Step, after state: ModalState?, log: String?, to writer: inout JSONWriter) {
        let entry = step.entry
        let phase = state.flatMap { Self.phases(of: step, after: $0) }
        let outcome = step.isSkipped ? "skipped" : step.rejection == nil ? "applied" : "rejected"
        writer.writeObject { row in
            if let log { row.member("log", log) }
            row.member("seq", entry.seq)
            row.member("time", entry.time)
            row.member("type", entry.event.type.rawValue)
            row.member("root", entry.event.root)
            row.member("link", entry.event.link)
            row.member("effect", EventText.effect(of: step))
            row.member("rejected", step.rejection.map { Self.json(of: $0, cause: step.cause) } ?? .null)
            row.member("changes") { $0.writeArray(step.changes) { $0.write(to: &$1) } }
            row.member("source", entry.source?.rawValue)
            row.member("caller", entry.caller)
            row.member("session", step.session)
            row.member("outcome", outcome)
            row.member("code", step.rejection?.code.rawValue)
            row.member("message", step.rejection?.message)
            row.member("phaseBefore", phase?.before)
            row.member("phaseAfter", phase?.after)
            if case .sessionStart(let info?) = entry.event {
                row.member("info", info)
            } else {
                row.member("info", .null)
            }
            if case .batch = entry.event { row.member("events", entry.json["events"] ?? .array([])) }
        }
    }

    /// A rejection as the JSON outputs carry it: its `code`, `message`, and
    /// `cause` when an event of the log made what it ran into (its `seq`,
    /// `type`, what it `did`, and `secondsBefore` when both have times).
    static func json(of rejection: Rejection, cause: RejectionCause?) -> JSONValue {
        var members = [
            JSONMember("code", .string(rejection.code.rawValue)), JSONMember("message", .string(rejection.message)),
        ]
        if let cause { members.append(JSONMember("cause", cause.json)) }
        return .object(members)
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

import ModalEvents
import ModalProjection

/// Draws a ``DebugSession`` on a screen of `width` by `height` characters:
///
///     tour.jsonl · seq 7 of 14 · 6.000 s · following address          (header)
///        5     3.100  card.push  ...                                   (events,
///     ▶  7     6.000  modal.present ...                                 cursor in
///        8     6.350  modal.presented ...                               the middle)
///     ── state after seq 7 ─────────────
///     root "sheets" · window · ...                                     (the tree)
///     ── what seq 7 did · source user · at Cart.swift:30 ──             (the diff,
///     sheets/address: gone -> presenting                                with who and where)
///     j/k step · g seq · < > first/last · / search · f follow · ...    (keys or prompt)
///
/// A line `── session 2` comes before each `session.start` in the events;
/// a batch is one step there, and its events are listed under it while the
/// cursor is on it.
///
/// Every line is exactly `width` characters (a character counts as one
/// column: wide characters can push a line's end out of view). The events
/// take two fifths of the rows, the diff up to six, the tree the rest.
enum DebugScreen {
    static func render(_ session: DebugSession, width: Int, height: Int, style: TextStyle) -> [TerminalText] {
        let width = max(width, 20)
        let height = max(height, 8)
        var lines = [header(session, width: width, style: style)]
        let bodyHeight = height - 2
        if session.showsHelp {
            lines += help.prefix(bodyHeight).map { fit($0, width) }
        } else if session.events.isEmpty {
            lines.append(fit("  (no events yet)", width))
        } else {
            lines += body(session, width: width, height: bodyHeight, style: style)
        }
        while lines.count < height - 1 { lines.append(.spaces(width)) }
        lines.append(footer(session, width: width, style: style))
        return lines
    }

    static let keyHints: TerminalText = "j/k step  g seq  / search  f follow  s skip  r raw  d/u scroll  ? help  q quit"

    static let help: [TerminalText] = [
        "Keys",
        "  j, down, right, space   the next event (with f: the next that touches it)",
        "  k, up, left             the previous event",
        "  page down, page up      ten events on, ten back",
        "  <, home   >, end, G     the first event, the last",
        "  g SEQ enter             the event with that seq",
        "  / TEXT enter            the next event whose line holds TEXT; n next, N back",
        "  f LINK enter            follow a modal (ROOT/LINK or LINK) or 'root ROOT'; F stops",
        "  s                       leave the event out (what if), or put it back",
        "  r                       the event's fields as the log has them, or what it did",
        "  d, u                    scroll the state down, up",
        "  ?                       this help; any key closes it",
        "  q, ctrl-c               quit",
        "",
        "The state shown is the state right after the event under the cursor;",
        "'what it did' is that event's changes. Events left out show 'skipped'.",
    ]

    private static func header(_ session: DebugSession, width: Int, style: TextStyle) -> TerminalText {
        var parts: [TerminalText] = ["\(session.name)"]
        if let entry = session.events.isEmpty ? nil : session.events[session.cursor] {
            parts.append("seq \(entry.seq) of \(session.events.last!.seq)")
            if let time = entry.time { parts.append("\(EventText.time(time)) s") }
        }
        if let focus = session.focus { parts.append("following \(focus.description)") }
        if session.filter != nil { parts.append("filtered") }
        if !session.skipped.isEmpty { parts.append("\(session.skipped.count) left out") }
        return style.apply(fit(" " + parts.joined(separator: " · "), width), .reverse)
    }

    private static func footer(_ session: DebugSession, width: Int, style: TextStyle) -> TerminalText {
        switch session.prompt {
        case .seq(let text): return fit("go to seq: \(text)▏", width)
        case .search(let text): return fit("search: \(text)▏", width)
        case .focus(let text): return fit("follow (LINK, ROOT/LINK or 'root ROOT'; empty to stop): \(text)▏", width)
        case nil:
            if let message = session.message { return style.apply(fit("\(message)", width), .bold) }
            return style.apply(fit(keyHints, width), .dim)
        }
    }

    private static func body(_ session: DebugSession, width: Int, height: Int, style: TextStyle) -> [TerminalText] {
        // Two rules between the three parts; each part at least a row.
        let eventRows = max(1, height * 2 / 5)
        let (eventLines, cursor) = events(session, rows: eventRows, width: width, style: style)
        guard let (step, state) = cursor else { return [] }
        let diffLines = (session.showsRawEvent ? rawFields(of: step.entry) : diff(of: step)).flatMap {
            wrap($0, width: width)
        }
        let diffRows = max(1, min(diffLines.count, 6, (height - eventRows - 2) / 2))
        let treeRows = max(1, height - eventRows - diffRows - 2)
        var lines = eventLines
        lines.append(rule("state after seq \(step.entry.seq)", width: width, style: style))
        lines += tree(of: state, step: step, session: session, rows: treeRows, width: width, style: style)
        let title = session.showsRawEvent ? "seq \(step.entry.seq) as logged (r: what it did)" : didTitle(of: step)
        lines.append(rule(title, width: width, style: style))
        lines += clipped(diffLines, rows: diffRows).map { fit($0, width) }
        return Array(lines.prefix(height))
    }

    /// The events around the cursor, the cursor's line marked and in the
    /// middle (with a batch's events under it); a separator before each
    /// session's start; and the cursor's step with the state after it, met
    /// on the way.
    private static func events(
        _ session: DebugSession, rows: Int, width: Int, style: TextStyle
    ) -> (lines: [TerminalText], cursor: (Step, ModalState)?) {
        let count = session.events.count
        var first = max(0, session.cursor - rows / 2)
        first = max(0, min(first, count - rows))
        let last = min(count - 1, first + rows - 1)
        var lines: [TerminalText] = []
        // The cursor's lines: its separator, its line and its batch's events.
        var block = 0..<0
        var cursor: (Step, ModalState)?
        session.walk(from: first, through: last) { index, step, state in
            let isCursor = index == session.cursor
            let start = lines.count
            if let separator = TimelineLine.separator(of: step, width: width - 1) {
                lines.append(style.apply(fit(" \(separator)", width), .dim))
            }
            if isCursor {
                lines.append(style.apply(fit("▶" + line(of: step), width), .reverse))
            } else if step.isSkipped {
                lines.append(style.apply(fit(" " + line(of: step), width), .dim))
            } else {
                lines.append(Self.line(of: step, marker: " ", style: style).fitted(width))
            }
            if isCursor {
                cursor = (step, state)
                lines += batchLines(of: step, rows: max(1, rows / 2 - 1)).map { fit($0, width) }
                block = start..<lines.count
            }
            return true
        }
        if lines.count > rows {
            // Fewer events fit: the cursor's lines stay in view, in the middle where they can.
            let start = max(0, min(block.lowerBound - (rows - block.count) / 2, lines.count - rows))
            lines = Array(lines[start..<start + rows])
        }
        while lines.count < rows { lines.append(.spaces(width)) }
        return (lines, cursor)
    }

    /// An event in the list: its seq, its type (a batch's with its count)
    /// and what it did, which names what it acted on (the header gives the time).
    static func line(of step: Step) -> TerminalText {
        line(of: step, marker: "", style: .plain).plain
    }

    /// The event's line after `marker`, in the timeline's colours: its type by kind, a rejection in red.
    private static func line(of step: Step, marker: TerminalText, style: TextStyle) -> StyledLine {
        let seq = TimelineLine.pad("\(step.entry.seq)", to: 5, right: true)
        var type: TerminalText = "\(step.entry.event.type.rawValue)"
        if case .batch(let events) = step.entry.event { type += " (\(events.count))" }
        var line = StyledLine()
        line.append(marker + "\(seq)  ")
        line.append(TimelineLine.pad(type, to: 16), style, TextStyle.color(of: step.entry.event.type))
        line.append(" ")
        if step.rejection != nil {
            // A rejection's text names what it ran into, not always what the event named: the target first.
            line.append(TerminalText(escaping: EventText.target(of: step.entry.event)) + " ")
        }
        line.append(
            TerminalText(escaping: EventText.effect(of: step)), style, step.rejection == nil ? [] : [.red, .bold])
        return line
    }

    /// A batch's events, under its line's type, at most `rows` lines (the
    /// last saying how many more); `<- rejected` marks the one that
    /// rejected it. None for any other step.
    static func batchLines(of step: Step, rows: Int) -> [TerminalText] {
        let events = step.batchEvents
        let shown = events.count > rows ? rows - 1 : events.count
        let lines = events.prefix(shown).map { event, refused, logged -> TerminalText in
            let type = TimelineLine.pad("\(event.type.rawValue)", to: 16)
            return "          \(type) \(EventText.subject(of: event, logged: logged))\(refused ? "  <- rejected" : "")"
        }
        guard shown < events.count else { return lines }
        let more = events.count - shown
        return lines + ["          … \(more) more event\(more == 1 ? "" : "s")"]
    }

    /// The title over what the step did: `what seq 7 did`, with its source
    /// and caller when the log gives them (`· source user · at Cart.swift:30`).
    static func didTitle(of step: Step) -> TerminalText {
        var parts: [TerminalText] = ["what seq \(step.entry.seq) did"]
        if let source = step.entry.source { parts.append("source \(source.rawValue)") }
        if let caller = step.entry.caller { parts.append("at \(caller)") }
        return parts.joined(separator: " · ")
    }

    /// The state tree, in colour, scrolled to the followed root or modal,
    /// or to the event's, when it does not fit, and then as far as the user
    /// scrolled it (``DebugSession/stateScroll``).
    private static func tree(
        of state: ModalState, step: Step, session: DebugSession, rows: Int, width: Int, style: TextStyle
    ) -> [TerminalText] {
        // The steps keep no rejected list: the tree says how many so far instead.
        let rejected: TerminalText =
            step.rejectionCount == 0 ? "rejected so far: none" : "rejected so far: \(step.rejectionCount)"
        let plain = StateTree.lines(of: state, rejections: false) + [rejected]
        let styled = StateTree.lines(of: state, rejections: false, style: style) + [rejected]
        // A line too wide is cut plain: a cut must not fall inside a colour.
        let lines = zip(plain, styled).map { plain, styled in
            plain.count <= width ? styled + .spaces(width - plain.count) : fit(plain, width)
        }
        guard lines.count > rows else { return lines }
        let target: TerminalText? =
            switch session.focus {
            case .root(let root): "root \"\(root)\""
            case .link(let link): "\"\(link.split(separator: "/").last.map(String.init) ?? link)\""
            case nil:
                // A batch's first event stands for it.
                step.entry.event.steps.first.flatMap { event in
                    event.link.map { "\"\($0)\"" } ?? event.root.map { "root \"\($0)\"" }
                }
            }
        let start = target.flatMap { target in plain.firstIndex { $0.escaped.contains(target.escaped) } } ?? 1
        // The root the target is in (or is): its line stays in view above what scrolls.
        let root = plain[...start].lastIndex { $0.escaped.hasPrefix("root \"") }
        let window = TreeWindow(
            count: lines.count, rows: rows, target: max(1, start), root: root, scroll: session.stateScroll)
        var shown = [lines[0]]
        if window.pinsRoot, let root { shown.append(lines[root]) }
        if window.hiddenAbove > 0 {
            shown.append(style.apply(fit("↑ \(window.hiddenAbove) more lines above (u)", width), .dim))
        }
        shown += lines[window.range]
        if window.hiddenBelow > 0 {
            shown.append(style.apply(fit("↓ \(window.hiddenBelow) more lines below (d)", width), .dim))
        }
        return shown
    }

    /// Which lines of a state tree too long for its pane show, in `rows`
    /// rows: its first line (the seq and the keyboard) always; the line of
    /// the root being looked at (`root`) while the window has scrolled past
    /// it; a row saying how many lines lie above the window, and one how
    /// many lie below, when some do; and the window, which starts a line
    /// above `target` (the modal or root looked at), moved by the user's
    /// `scroll`, and never runs past the tree's end.
    struct TreeWindow: Equatable {
        /// The lines the window shows.
        var range: Range<Int>
        /// Whether the root's line is pinned under the first line.
        var pinsRoot: Bool
        var hiddenAbove: Int
        var hiddenBelow: Int

        init(count: Int, rows: Int, target: Int, root: Int?, scroll: Int) {
            // Too few rows for a pinned line and markers: the window alone.
            let roomy = rows >= 4
            var from = max(1, target - 1 + scroll)
            var room = max(1, rows - 1)
            pinsRoot = false
            // Each pass fits the window to what it leaves room for; a window moved back to the end fits in two.
            for _ in 0..<3 {
                pinsRoot = roomy && root.map { $0 >= 1 && $0 < from } == true
                let above = roomy && from - 1 - (pinsRoot ? 1 : 0) > 0
                room = rows - 1 - (pinsRoot ? 1 : 0) - (above ? 1 : 0)
                if roomy, from + room < count { room -= 1 }  // a row for what lies below
                room = max(1, room)
                let last = max(1, count - room)
                guard from > last else { break }
                from = last
            }
            range = from..<min(count, from + room)
            hiddenAbove = roomy ? max(0, from - 1 - (pinsRoot ? 1 : 0)) : 0
            hiddenBelow = roomy ? count - range.upperBound : 0
        }
    }

    /// The event's fields as the log has them, a line each: `link: "checkout"`.
    static func rawFields(of entry: LoggedEvent) -> [TerminalText] {
        guard case .object(let members) = entry.json else { return [TerminalText(escaping: entry.json.serialized())] }
        return members.map { TerminalText(escaping: "\($0.key): \($0.value.serialized())") }
    }

    /// What the step did, a line per subject.
    private static func diff(of step: Step) -> [TerminalText] {
        if step.isSkipped { return ["left out (s puts it back): the state is the one before it"] }
        if let rejection = step.rejection {
            let cause = step.cause.map { [TerminalText(escaping: "because \($0.text)")] } ?? []
            return [TerminalText(escaping: "rejected \(rejection.code.rawValue): \(rejection.message)")] + cause
        }
        if step.changes.isEmpty { return ["no change"] }
        return EventText.changeLines(step.changes).map(TerminalText.init(escaping:))
    }

    /// `text` in lines of at most `width` characters, broken after a space
    /// where one is near the end of a line, else where the width ends; the
    /// lines after the first indented by two spaces.
    static func wrap(_ text: TerminalText, width: Int) -> [TerminalText] {
        guard width > 8 else { return [text] }
        let pieces = text.wrapped(first: width, rest: width - 2)
        return [pieces[0]] + pieces.dropFirst().map { "  " + $0 }
    }

    /// At most `rows` lines, the last saying how many were left out.
    private static func clipped(_ lines: [TerminalText], rows: Int) -> [TerminalText] {
        guard lines.count > rows else { return lines }
        return Array(lines.prefix(rows - 1)) + ["… \(lines.count - rows + 1) more lines"]
    }

    private static func rule(_ title: TerminalText, width: Int, style: TextStyle) -> TerminalText {
        style.apply(fit("── \(title) \(String(repeating: "─", count: width))", width, cut: ""), .dim)
    }

    /// `text` cut (ending in `cut`) or padded to `width` characters. A
    /// newline or an escape from a log is `\n` or `\u{1B}` by now
    /// (``TerminalText``): nothing in a line can move the cursor.
    static func fit(_ text: TerminalText, _ width: Int, cut: TerminalText = "…") -> TerminalText {
        let count = text.count
        if count <= width { return text + .spaces(width - count) }
        return text.prefix(width - cut.count) + cut
    }
}

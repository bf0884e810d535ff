import ModalEvents

/// The widths of the timeline's columns, fitted to the lines it shows, and
/// the width a line is cut to.
struct TimelineLayout: Equatable {
    var seq = 1
    var time = 1
    /// The width of the column of the seconds since the event before
    /// (`timeline --dt`); `nil` when it is not shown.
    var dt: Int?
    /// The source column's width; `nil` when no line has one (a version-1 log).
    var source: Int?
    var type = 1
    var subject = 1
    /// Where a line is cut, with an ellipsis; `nil` for never (`--wide`).
    var width: Int?

    /// Columns as wide as the widest of `steps` needs (batches' events
    /// included), but the subject's on a line of `width`: of what the line
    /// has left after the columns before it, a third, or what the longest
    /// name needs (`sheets/checkout …`) when that is more, but never more than
    /// half, so what the event did keeps the rest.
    init(fitting steps: [Step], width: Int?, showsDt: Bool = false) {
        self.width = width
        if showsDt { dt = 1 }
        var name = 1
        for step in steps {
            // Room for the name, a space and an ellipsis: `sheets/checkout …`.
            name = max(name, EventText.target(of: step.entry.event).count + 2)
            let entry = step.entry
            seq = max(seq, String(entry.seq).count)
            time = max(time, EventText.time(entry.time).count)
            if let column = dt { dt = max(column, TimelineLine.since(step).count) }
            if TimelineLine.showsSource(step) { source = max(source ?? 1, (entry.source?.rawValue ?? "-").count) }
            type = max(type, entry.event.type.rawValue.count)
            subject = max(subject, TimelineLine.subject(of: step).count)
            for (event, _, logged) in step.batchEvents {
                type = max(type, event.type.rawValue.count)
                subject = max(subject, EventText.subject(of: event, logged: logged).count)
            }
        }
        if let width {
            let left = width - beforeType - type - 3
            subject = min(subject, max(8, min(max(name, left / 3), left / 2)))
        }
    }

    /// The characters before the type column: the seq, the time and the source.
    var beforeType: Int { seq + 1 + time + 2 + (dt.map { $0 + 2 } ?? 0) + (source.map { $0 + 2 } ?? 0) }
}

/// A line for people built a piece at a time, kept both plain and styled,
/// so that a line too long is cut by what it shows, not by its escape codes.
struct StyledLine {
    private(set) var plain: TerminalText = ""
    private(set) var styled: TerminalText = ""

    mutating func append(_ text: TerminalText) {
        plain += text
        styled += text
    }

    mutating func append(_ text: TerminalText, _ style: TextStyle, _ attributes: TextStyle.Attribute...) {
        append(text, style, attributes)
    }

    mutating func append(_ text: TerminalText, _ style: TextStyle, _ attributes: [TextStyle.Attribute]) {
        plain += text
        styled += style.apply(text, attributes)
    }

    /// The styled line padded to `width`, or, when it is longer, the plain one cut to it.
    func fitted(_ width: Int) -> TerminalText {
        plain.count <= width ? styled + .spaces(width - plain.count) : DebugScreen.fit(plain, width)
    }

    /// The styled line, or, when it is longer than `width`, the plain one cut to it.
    func fitted(to width: Int?) -> TerminalText {
        guard let width, plain.count > width else { return styled }
        return TimelineLine.cut(plain, to: width)
    }
}

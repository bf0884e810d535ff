import ModalEvents
import ModalProjection

/// The timeline's output: JSON lines as they come, or text lines whose
/// columns are fitted to the first ``fittedCount`` of them (held back until
/// then, or until ``flush()``), and to the line's width.
struct TimelineLines {
    let io: ToolIO
    let style: TextStyle
    /// Where a text line is cut; `nil` for never.
    let width: Int?
    let json: Bool
    /// Whether a column gives the seconds since the event before (`--dt`).
    let showsDt: Bool
    /// The log the lines are of, for their JSON's `log` when there are many.
    var log: String?
    /// The JSON line being written, its memory kept from one line to the next.
    private var row = JSONWriter()
    /// The layout, once the first lines fixed it.
    private var layout: TimelineLayout?
    /// The steps held back until the layout is known, and whether each is kept (else only its separator shows).
    private var pending: [(step: Step, kept: Bool)] = []

    /// How many lines the columns are fitted to.
    static let fittedCount = 200

    init(io: ToolIO, style: TextStyle, width: Int?, json: Bool, showsDt: Bool = false) {
        self.io = io
        self.style = style
        self.width = width
        self.json = json
        self.showsDt = showsDt
    }

    /// Prints `step` when `kept`, after the line that starts a session when
    /// `separated`; `state` is the state after it.
    mutating func add(_ step: Step, after state: ModalState, kept: Bool, separated: Bool) {
        if json {
            guard kept else { return }
            row.removeAll()
            TimelineLine.write(step, after: state, log: log, to: &row)
            row.writeLiteral("\n")
            io.write(exactly: row.bytes)
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
        let layout =
            layout ?? TimelineLayout(fitting: pending.filter(\.kept).map(\.step), width: width, showsDt: showsDt)
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

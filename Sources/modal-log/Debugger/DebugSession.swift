import ModalEvents
import ModalProjection

/// What `modal-log debug` shows and where it stands: the events of a log, a
/// cursor on one of them, and what the user asked for (a root or link to
/// follow, a search, events left out). Pure: keys come in through
/// ``handle(_:)``, the screen is drawn from it by ``DebugScreen``, and the
/// terminal is only the command's business.
///
/// Time travel costs little whatever the log's length: the state is kept
/// every ``checkpointInterval`` events, so the state at any event is a
/// checkpoint's with at most that many events applied.
struct DebugSession {
    /// What to follow: the steps that name or change a root or a modal.
    enum Focus: Equatable {
        case root(String)
        case link(String)

        var description: String {
            switch self {
            case .root(let root): "root \(root)"
            case .link(let link): link
            }
        }
    }

    /// A question at the bottom of the screen, and the answer typed so far.
    enum Prompt: Equatable {
        case seq(String)
        case search(String)
        case focus(String)
    }

    static let checkpointInterval = 256
    /// How many lines `d` and `u` scroll the state pane.
    static let scrollStep = 5

    /// The log's name, for the header.
    let name: String
    private(set) var events: [LoggedEvent] = []
    /// The format version of the file each event was read from (a folder
    /// of segments may start in version 1), by place in ``events``.
    private var formatVersions: [Int] = []
    /// The place in ``events`` of the event the cursor is on; the state
    /// shown is the state right after it.
    private(set) var cursor = 0
    private(set) var focus: Focus?
    /// The steps `j` and `k` stop at (`--type`, `--changes-only`, `--where`); `nil` for all.
    var filter: StepFilter?
    private(set) var lastSearch: String?
    /// The seqs of the events left out (`s`), as `replay --skip` does.
    private(set) var skipped: Set<Int> = []
    private(set) var prompt: Prompt?
    private(set) var showsHelp = false
    /// Whether the lower pane shows the event's fields as the log has them (`r`), not what it did.
    private(set) var showsRawEvent = false
    /// How many lines the state pane is scrolled past where it would start (`d` and `u`).
    private(set) var stateScroll = 0
    /// One line for the user: where a search failed, what a key did.
    private(set) var message: String?
    /// Whether the user asked to quit.
    private(set) var isDone = false

    /// The state before the log's first event: a snapshot's, or the empty state.
    private let start: ModalState
    /// `checkpoints[i]` is the state after the first `i * checkpointInterval` events.
    private var checkpoints: [ModalState] = []
    /// The rejections before each checkpoint.
    private var rejectionsBefore: [RejectionTally] = []
    /// The state after every event, and the rejections up to there.
    private var tail: ModalState
    private var tailRejections = RejectionTally()
    /// The cause of each rejection, by seq, found by the tail's tracker (a
    /// checkpoint keeps none: a tracker at every checkpoint would hold its
    /// own copy of the removals it remembers).
    private var causes: [Int: RejectionCause] = [:]

    init(name: String, start: ModalState) {
        self.name = name
        var start = start
        tailRejections.take(from: &start)
        tailRejections.causes = CauseTracker(startingAt: start)
        self.start = start
        tail = start
    }

    // MARK: - Events

    /// Adds an event read from the log (at the start, and as `--follow`
    /// reads more). A cursor on the last event moves on to the new last.
    ///
    /// - Throws: `limitExceeded` naming `reader`'s line when the event grows
    ///   the state past ``ModalState/limits``, as a replay does.
    mutating func append(_ entry: LoggedEvent, readBy reader: EventLogReader) throws(EventLogError) {
        append(entry, formatVersion: reader.fileVersion)
        try tail.checkLimits(after: entry, readBy: reader)
    }

    /// Adds an event of a log of format `formatVersion` (tests); see ``append(_:readBy:)``.
    mutating func append(_ entry: LoggedEvent, formatVersion: Int = LogHeader.currentVersion) {
        let wasAtEnd = !events.isEmpty && cursor == events.count - 1
        events.append(entry)
        formatVersions.append(formatVersion)
        extendTail(over: events.count - 1)
        if wasAtEnd { cursor = events.count - 1 }
    }

    /// Applies event `index` to the tail, keeping a checkpoint first when one is due.
    private mutating func extendTail(over index: Int) {
        if index % Self.checkpointInterval == 0 {
            checkpoints.append(tail)
            rejectionsBefore.append(tailRejections.checkpointed)
        }
        // The tail's steps are not looked at: what they changed is not worked out.
        let step = takeStep(at: index, to: &tail, rejections: &tailRejections, describing: false)
        if let cause = step.cause { causes[step.entry.seq] = cause }
    }

    /// Applies event `index` to `state` (unless it is left out) and says what it did.
    private func takeStep(
        at index: Int, to state: inout ModalState, rejections: inout RejectionTally, describing: Bool = true
    ) -> Step {
        let entry = events[index]
        return Step.taking(
            entry, to: &state, formatVersion: formatVersions[index], isSkipped: skipped.contains(entry.seq),
            describing: describing, tally: &rejections)
    }

    /// Each step from event `first` to `last` (places in ``events``), with
    /// the state after it, while `body` returns true.
    func walk(from first: Int, through last: Int, _ body: (Int, Step, ModalState) -> Bool) {
        guard first <= last, first >= 0, last < events.count else { return }
        let checkpoint = first / Self.checkpointInterval
        var state = checkpoints[checkpoint]
        var rejections = rejectionsBefore[checkpoint]
        for index in checkpoint * Self.checkpointInterval...last {
            var step = takeStep(at: index, to: &state, rejections: &rejections)
            step.cause = causes[step.entry.seq]
            if index >= first, !body(index, step, state) { return }
        }
    }

    /// The step at `index` and the state after it.
    func step(at index: Int) -> (step: Step, state: ModalState)? {
        var found: (Step, ModalState)?
        walk(from: index, through: index) { _, step, state in
            found = (step, state)
            return false
        }
        return found
    }

    // MARK: - Moving

    mutating func move(to index: Int) {
        guard !events.isEmpty else { return }
        cursor = min(max(index, 0), events.count - 1)
    }

    /// One step forward (`by` 1) or back (-1), to the next step that
    /// touches the focus and that the filter keeps, when there are some.
    mutating func step(by direction: Int) {
        guard focus != nil || filter != nil else { return move(to: cursor + direction) }
        guard let found = find(from: cursor + direction, direction: direction, where: stops) else {
            let what = focus.map { "touches \($0.description)" } ?? "the filter keeps"
            message = "no \(direction > 0 ? "later" : "earlier") event \(what)"
            return
        }
        cursor = found
    }

    /// Whether `j` and `k` stop at `step`: it touches the focus and the filter keeps it.
    func stops(at step: Step, after state: ModalState) -> Bool {
        (focus.map { Self.step(step, touches: $0) } ?? true) && (filter?.keeps(step, after: state) ?? true)
    }

    /// The first place from `start` going `direction` whose step meets `test`.
    func find(from start: Int, direction: Int, where test: (Step, ModalState) -> Bool) -> Int? {
        guard !events.isEmpty, (0..<events.count).contains(start) else { return nil }
        if direction > 0 {
            var found: Int?
            walk(from: start, through: events.count - 1) { index, step, state in
                if test(step, state) { found = index }
                return found == nil
            }
            return found
        }
        // Backwards: a checkpoint's stretch at a time, nearest first.
        var end = start
        while end >= 0 {
            let first = end / Self.checkpointInterval * Self.checkpointInterval
            var found: Int?
            walk(from: first, through: end) { index, step, state in
                if test(step, state) { found = index }
                return true
            }
            if let found { return found }
            end = first - 1
        }
        return nil
    }

    static func step(_ step: Step, touches focus: Focus) -> Bool {
        switch focus {
        case .root(let root): step.touches(root: root)
        case .link(let link): StepFilter.step(step, touches: link)
        }
    }

    /// Moves to the next (or previous) event whose timeline line holds `text`, any case.
    mutating func search(_ text: String, direction: Int = 1) {
        lastSearch = text
        let needle = text.lowercased()
        let count = events.count
        let test = { (step: Step, _: ModalState) in
            TimelineLine.text(of: step, style: .plain).escaped.lowercased().contains(needle)
        }
        let found =
            find(from: cursor + direction, direction: direction, where: test)
            ?? find(from: direction > 0 ? 0 : count - 1, direction: direction, where: test)
        guard let found else {
            message = "no event matches \"\(text)\""
            return
        }
        if direction > 0 ? found <= cursor : found >= cursor { message = "search wrapped around" }
        cursor = found
    }

    /// Leaves the event at the cursor out, or puts it back: the states after
    /// it are those of `replay --skip`.
    mutating func toggleSkip() {
        guard !events.isEmpty else { return }
        let seq = events[cursor].seq
        if skipped.remove(seq) == nil { skipped.insert(seq) }
        message = skipped.contains(seq) ? "seq \(seq) left out: later events replay without it" : "seq \(seq) put back"
        rebuild(from: cursor)
    }

    /// Computes the checkpoints after event `index` again, and every
    /// rejection's cause (from the start: a checkpoint keeps no tracker).
    private mutating func rebuild(from index: Int) {
        // The checkpoints from the one at or before `index`; those before stay as they were.
        let checkpoint = index / Self.checkpointInterval
        var tracked = rejectionsBefore[0]
        tracked.causes = CauseTracker(startingAt: start)
        var state = start
        causes = [:]
        for place in 0..<checkpoint * Self.checkpointInterval {
            let step = takeStep(at: place, to: &state, rejections: &tracked, describing: false)
            if let cause = step.cause { causes[step.entry.seq] = cause }
        }
        tail = checkpoints[checkpoint]
        tailRejections = rejectionsBefore[checkpoint]
        tailRejections.causes = tracked.causes
        checkpoints.removeSubrange(checkpoint...)
        rejectionsBefore.removeSubrange(checkpoint...)
        for place in checkpoint * Self.checkpointInterval..<events.count { extendTail(over: place) }
    }

    // MARK: - Keys

    /// Does what `key` asks.
    mutating func handle(_ key: Key) {
        message = nil
        let before = cursor
        // A new event's state starts where it would; scrolling is for the one in view.
        defer { if cursor != before { stateScroll = 0 } }
        if let prompt {
            return handle(key, in: prompt)
        }
        if showsHelp {
            showsHelp = false
            if key != .character("q") { return }
        }
        switch key {
        case .down, .right, .character("j"), .character("l"), .character(" "): step(by: 1)
        case .up, .left, .character("k"), .character("h"), .backspace: step(by: -1)
        case .pageDown: move(to: cursor + 10)
        case .pageUp: move(to: cursor - 10)
        case .home, .character("<"): move(to: 0)
        case .end, .character(">"), .character("G"): move(to: events.count - 1)
        case .character("g"): prompt = .seq("")
        case .character("/"): prompt = .search("")
        case .character("n"):
            if let lastSearch { search(lastSearch) } else { message = "no search yet: / to search" }
        case .character("N"):
            if let lastSearch { search(lastSearch, direction: -1) } else { message = "no search yet: / to search" }
        case .character("f"): prompt = .focus("")
        case .character("F"): focus = nil
        case .character("s"): toggleSkip()
        case .character("r"): showsRawEvent.toggle()
        case .character("d"):
            // Never past the tree's last line: `u` then scrolls back at once.
            let lines = step(at: cursor).map { StateTree.lines(of: $0.state).count } ?? 0
            stateScroll = min(stateScroll + Self.scrollStep, max(0, lines - 1))
        case .character("u"):
            // Back past where the pane opened, to the tree's first lines.
            let lines = step(at: cursor).map { StateTree.lines(of: $0.state).count } ?? 0
            stateScroll = max(-lines, stateScroll - Self.scrollStep)
        case .character("?"): showsHelp = true
        case .character("q"), .control("c"), .control("d"): isDone = true
        default: message = "unknown key: ? for help"
        }
    }

    private mutating func handle(_ key: Key, in prompt: Prompt) {
        var text: String
        switch prompt {
        case .seq(let typed), .search(let typed), .focus(let typed): text = typed
        }
        switch key {
        case .escape, .control("c"):
            self.prompt = nil
            return
        case .enter:
            self.prompt = nil
            submit(text, for: prompt)
            return
        case .backspace:
            guard !text.isEmpty else {
                self.prompt = nil
                return
            }
            text.removeLast()
        case .character(let character):
            text.append(character)
        default:
            return
        }
        switch prompt {
        case .seq: self.prompt = .seq(text)
        case .search: self.prompt = .search(text)
        case .focus: self.prompt = .focus(text)
        }
    }

    private mutating func submit(_ text: String, for prompt: Prompt) {
        switch prompt {
        case .seq:
            guard let seq = Int(text.trimmingPrefix(" ")) else {
                message = "not a seq: \(text)"
                return
            }
            guard let index = events.firstIndex(where: { $0.seq >= seq }), events[index].seq == seq else {
                message = "no event has seq \(seq)" + (events.last.map { ": the log ends at seq \($0.seq)" } ?? "")
                return
            }
            cursor = index
        case .search:
            if !text.isEmpty { search(text) } else if let lastSearch { search(lastSearch) }
        case .focus:
            if text.isEmpty {
                focus = nil
            } else if text.hasPrefix("root ") {
                focus = .root(String(text.dropFirst(5)))
            } else {
                focus = .link(text)
            }
            message = focus.map { "following \($0.description): j/k step through its events, F stops" }
        }
    }
}

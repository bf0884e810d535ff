import ModalEvents
import ModalProjection

/// `modal-log bisect LOG --where EXPR`: the first seq at which a condition holds.
struct BisectCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "bisect",
        abstract: "Find the first event after which a condition holds.",
        discussion: """
            Replays the log and checks the condition after each event, against the \
            state and the event itself. Prints the first seq where it holds and that \
            event's timeline line (exit 0), or says it never holds (exit 1). A \
            condition combines tests with and, or, not and brackets: \
            depth(ROOT) >= 2, phase(ROOT/LINK) == dismissing, cards(LINK) > 3, \
            rejected, rejected(lastCard), type == card.pop, broken (an invariant \
            broken), keyboard > 0, seq >= 100. Docs/Debugging.md lists them all. \
            With --from and an index ('modal-log index'), reading starts at the \
            checkpoint before it.

            Format 2: source == user (who caused the event: user, system, app, \
            test, or none when the log does not say), session >= 2 (how many \
            session.start events applied), queued(ROOT) > 0 (the modals waiting in \
            a queue root), phase(LINK) == queued, height(LINK) > 400 (its top \
            card's height in points; height(LINK) == none: live, with no height; a \
            modal that is not live compares with nothing), canDismiss(LINK) (live, \
            and a dimming tap or a drag may dismiss it). type == batch finds a \
            batch; its events are not steps of their own.

            presented(ROOT) counts a root's presented modals; content(MODAL) == \
            NAME holds while the modal's top card shows that content. With --all, \
            every seq where the condition becomes true (after not holding): one \
            timeline line each. When the condition never holds, each part says \
            whether it held alone (a comparison that never did, the nearest value \
            it saw), and a name the log never had is named, with the nearest one \
            it had.

            Two values compare (keyboard > height(sheets), offset(sheets) > \
            height(sheets): height(R) is a root's height when no live modal has that \
            link); style(M) == sheet tests a modal's style; covered(M) holds while a \
            modal above it on the same screen hides it whole, offscreen(M) while \
            the keyboard lifts part of it past its root's top; dt is the seconds \
            since the last event before it that has a time (dt < 0.3).
            """ + "\n\n"
                + ManyLogs.discussion(
                    json: false,
                    status:
                        "The exit status is a log's error when one cannot be read; else 0 when the condition holds in "
                        + "one log at least, 1 when in none."))

    @OptionGroup var logs = LogsArguments()
    @Option(.condition, name: "where", help: "The condition to look for.")
    var condition: Condition
    @Option(.seq, help: "Start looking at this seq.")
    var from: Int?
    @Flag(help: "Every seq where the condition becomes true, not only the first.")
    var all: Bool
    @Flag(name: "state", help: "Print the state at that seq too.")
    var printsState: Bool
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()

    func run(io: ToolIO) throws -> Int32 {
        if all, printsState {
            throw UsageError(message: "--state prints the state at one seq: leave out --all, or use 'modal-log state'")
        }
        // Many logs: found when it holds in one at least.
        return try ManyLogs.each(
            logs, recursive: recursive, io: io, lenient: reading.lenient, combined: ManyLogs.status(of:)
        ) {
            path, io, _ in try bisect(path, io: io)
        }
    }

    /// Looks for `condition` in the log at `path` from seq `first`, and says
    /// where it holds or how near it came.
    func bisect(_ path: String, io: ToolIO) throws -> Int32 {
        let style = io.style
        let lenient = reading.lenient
        let first = from ?? 1
        var names = LogNames()
        var nearest = NearestValues(condition)
        // With --all, the steps where the condition becomes true; else the first where it holds.
        // Each is described once found (``described(_:by:)``), not as the log is read.
        var becameTrue: [Step] = []
        var edge = BecomesTrue()
        var match: Step?
        // Indexed: the state before the event found is then a checkpoint away.
        let replay = try Replay.stepping(
            path, io: io, from: first, lenient: lenient, describing: false, indexed: true
        ) {
            step, state in
            names.add(step, after: state)
            let context = Condition.Context(step, after: state)
            let holds = condition.holds(at: context)
            nearest.observe(context)
            if all {
                if edge.step(holds: holds) { becameTrue.append(step) }
                return true
            }
            guard holds else { return true }
            match = step
            return false
        }
        let reader = replay.reader
        let cursor = replay.cursor
        if all, !becameTrue.isEmpty {
            // One line a hit: its timeline line, which starts with its seq.
            for step in becameTrue {
                io.print(TimelineLine.text(of: try Self.described(step, by: cursor), style: style))
            }
            return ExitCode.success
        }
        guard let step = match else {
            let range = first > 1 ? "from seq \(first) to \(reader.lastSeq)" : "up to seq \(reader.lastSeq)"
            io.print("never holds \(range): \(condition)")
            for line in nearest.lines { io.print("  \(line)") }
            // Names before --from may have come and gone unseen.
            if first <= 1 {
                let (roots, modals, either) = condition.names
                for sentence in names.neverHad(roots: roots, modals: modals, modalsOrRoots: either) {
                    io.print("  \(sentence)")
                }
            }
            return ExitCode.checkFailed
        }
        io.print("seq \(step.entry.seq): \(condition)")
        io.print(TimelineLine.text(of: try Self.described(step, by: cursor), style: style))
        if printsState {
            // The whole state, its rejected list with it: the steps do not keep that list.
            io.print(StateTree.render(cursor.state, style: style))
        }
        return ExitCode.success
    }

    /// `step` with what it changed, read again around it by `cursor` (from
    /// the index's checkpoint before it, when the log has one), which then
    /// stands right after it. Steps are not described as a bisect reads
    /// (a condition looks at the state): keeping each state before the next
    /// event would make every event copy what it changes, so only the steps
    /// found are.
    static func described(_ step: Step, by cursor: LogCursor<ModalState>) throws -> Step {
        var described = step
        try cursor.seek(to: step.entry.seq - 1)
        let before = cursor.state
        _ = try cursor.next()
        // The rejections before are the same history read less far: the diff walks only the new one.
        described.changes = StateDiff(from: before, to: cursor.state, by: step.entry.event).changes
        return described
    }
}

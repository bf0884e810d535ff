import ModalEvents
import ModalProjection

/// One event of a log and what it did to the state.
struct Step {
    var entry: LoggedEvent
    /// Why the event could not apply, if it could not.
    var rejection: Rejection?
    /// The event that made what it ran into, when the replay tracks causes
    /// (``Replay/trackCauses()``) and an event of the log did.
    var cause: RejectionCause?
    /// Whether the event was left out (`replay --skip`): it changed nothing.
    var isSkipped = false
    /// What the event changed: the modals, roots and keyboard, or its
    /// rejection alone.
    var changes: [StateChange]
    /// How many events the log has had rejected, this one included.
    var rejectionCount = 0
    /// The state's session after the step: how many `session.start` events applied.
    var session = 0
    /// The time of the last event before it that has one.
    var previousTime: Double?
    /// The format version of the log file the event was read from: in
    /// version 1, `queue` is not a policy, and no event has a source.
    var formatVersion = LogHeader.currentVersion

    /// Whether the step (or, for a batch, one of its events) names root
    /// `root`, or changed it or one of its modals.
    func touches(root: String) -> Bool {
        names { $0.root == root } || changes.contains { $0.root == root }
    }

    /// Whether the step (or one of a batch's events) names the modal `link`
    /// (in `root`, when given), or changed it.
    func touches(link: String, in root: String?) -> Bool {
        if names({ event in event.link == link && (root.map { $0 == event.root } ?? true) }) { return true }
        return changes.contains { change in
            change.link == link && (root.map { $0 == change.root } ?? true)
        }
    }

    /// Whether the event, or one of a batch's events, meets `test`.
    private func names(_ test: (ModalEvent) -> Bool) -> Bool {
        guard case .batch(let events) = entry.event else { return test(entry.event) }
        return events.contains(where: test)
    }

    /// A batch's events, each with whether it is the one that rejected the
    /// batch and the numbers the log gives its integer fields that their
    /// `Int`s do not hold (as step 0); empty for any other step.
    var batchEvents: [(event: ModalEvent, refused: Bool, logged: [LoggedNumber])] {
        guard case .batch(let events) = entry.event else { return [] }
        let refused = rejection?.batchIndex
        let logged = entry.loggedNumbers.byStep(count: events.count)
        return events.enumerated().map { step, event in (event, step == refused, logged[step]) }
    }
}

extension Replay {
    /// Reads events and applies them one at a time, handing each to `body`
    /// with what it changed, until `body` returns `false` or the log ends.
    /// The events whose seqs are in `skipping` are read and left out, as if
    /// they had not happened. Each rejection is in its step, not in the
    /// state's `rejected` list (``RejectionTally``).
    ///
    /// - Throws: ``EventLogError`` for the first malformed line.
    mutating func forEachStep(skipping: Set<Int> = [], _ body: (Step, ModalState) throws -> Bool) throws {
        cursor.skipping = skipping
        while let step = try nextStep() {
            guard try body(step, state) else { return }
        }
    }

    /// Reads the next event, applies it (unless it is left out) and says
    /// what it did; `nil` at the log's end.
    mutating func nextStep() throws(EventLogError) -> Step? {
        tally.take(from: &cursor.state)
        let before = describesChanges ? state : nil
        // The cursor's, as a read that skipped steps (`run(through:)`, an index's checkpoint) leaves it.
        tally.lastTime = cursor.lastTime
        guard let read = try cursor.next() else { return nil }
        // A left-out event changed nothing, and is not what anything ran into.
        let cause = cursor.skipping.contains(read.entry.seq) ? nil : track(read.entry, rejection: read.rejection)
        var step = Step.made(
            by: read.entry, rejection: read.rejection, isSkipped: cursor.skipping.contains(read.entry.seq),
            from: before, to: &cursor.state, formatVersion: reader.fileVersion, tally: &tally)
        step.cause = cause
        return counted(step)
    }

    /// Applies `entry`, read by `reader` (a follower's, after the cursor's
    /// end), as ``nextStep()`` applies the cursor's.
    mutating func step(_ entry: LoggedEvent, readBy reader: EventLogReader) throws(EventLogError) -> Step {
        tally.take(from: &cursor.state)
        let step = Step.taking(
            entry, to: &cursor.state, formatVersion: reader.fileVersion, describing: describesChanges, tally: &tally)
        try state.checkLimits(after: entry, readBy: reader)
        return counted(step)
    }

    private mutating func counted(_ step: Step) -> Step {
        eventCount += 1
        if let rejection = step.rejection {
            rejectionCount += 1
            onRejection?(rejection, step.cause)
        }
        return step
    }
}

extension Rejection {
    /// The event of `event` that was rejected: a batch's event that refused
    /// it (``batchIndex``), or `event` itself.
    func rejectedEvent(of event: ModalEvent) -> ModalEvent {
        guard case .batch(let events) = event, let index = batchIndex, events.indices.contains(index) else {
            return event
        }
        return events[index]
    }
}

/// How many rejections a state has had, kept out of its `rejected` list:
/// the one place the tool empties that list.
///
/// A command that prints a state keeps the list: it is part of the state.
/// One that steps through a log (the timeline, the debugger, stats, an
/// export) or hands each rejection on (validate) moves the list here after
/// each event, so a step's cost and the memory stay flat however many
/// events were rejected; each rejection is in its step.
struct RejectionTally: Equatable {
    /// The rejections of the state read from (a checkpoint's, a
    /// snapshot's), then one for each event rejected since.
    private(set) var count = 0
    /// The time of the last event stepped through that has one: the next
    /// step's ``Step/previousTime`` (what `dt` measures from). It is what a
    /// step needs of the steps before it besides the state and the count,
    /// so it travels with them, through checkpoints too.
    var lastTime: Double?
    /// What made the state each rejected event ran into, once asked for
    /// (``Replay/trackCauses()``): kept beside the count, so every copy of
    /// a tally (a checkpoint's) has the causes up to it.
    var causes: CauseTracker?

    /// The tally as a checkpoint keeps it: its count, and no tracker (each
    /// checkpoint would hold its own copy of the removals it remembers;
    /// the causes are kept by seq beside them).
    var checkpointed: RejectionTally {
        var kept = self
        kept.causes = nil
        return kept
    }

    /// Notes what `entry` did (`state` is the state after it) when causes
    /// are tracked; the cause of its `rejection`, if any.
    mutating func track(_ entry: LoggedEvent, rejection: Rejection?, after state: ModalState) -> RejectionCause? {
        // A rejected event changed nothing: the state after it is the state it ran into.
        guard let rejection else {
            causes?.record(entry, after: state)
            return nil
        }
        return causes?.cause(of: rejection, in: entry, state: state)
    }

    /// Moves the rejections `state` holds into the count, emptying its list.
    mutating func take(from state: inout ModalState) {
        guard !state.rejected.isEmpty else { return }
        count += state.rejected.count
        state.rejected.removeAll()
    }
}

extension Step {
    /// Applies `entry` to `state` as a log of format `formatVersion` holds
    /// it (unless it `isSkipped`) and says what it did (unless not
    /// `describing`: then ``changes`` is empty); a rejection is taken into
    /// `tally`, out of the state's `rejected` list.
    static func taking(
        _ entry: LoggedEvent, to state: inout ModalState, formatVersion: Int = LogHeader.currentVersion,
        isSkipped: Bool = false, describing: Bool = true, tally: inout RejectionTally
    ) -> Step {
        // Kept only to describe: a state kept makes the event copy every list it changes.
        let before = describing && !isSkipped ? state : nil
        let rejection = isSkipped ? nil : state.replay(entry, formatVersion: formatVersion)
        let cause = isSkipped ? nil : tally.track(entry, rejection: rejection, after: state)
        var step = made(
            by: entry, rejection: rejection, isSkipped: isSkipped, from: before, to: &state,
            formatVersion: formatVersion, tally: &tally)
        step.cause = cause
        return step
    }

    /// The step `entry` made from `before` (when it is to be described) to
    /// `state`, where it has been applied; a rejection is taken into
    /// `tally`, out of the state's `rejected` list.
    static func made(
        by entry: LoggedEvent, rejection: Rejection?, isSkipped: Bool, from before: ModalState?,
        to state: inout ModalState, formatVersion: Int, tally: inout RejectionTally
    ) -> Step {
        let changes = isSkipped ? [] : before.map { StateDiff(from: $0, to: state, by: entry.event).changes } ?? []
        tally.take(from: &state)
        let previousTime = tally.lastTime
        if let time = entry.time { tally.lastTime = time }
        return Step(
            entry: entry, rejection: rejection, isSkipped: isSkipped, changes: changes, rejectionCount: tally.count,
            session: state.session, previousTime: previousTime, formatVersion: formatVersion)
    }
}

extension Replay {
    /// Opens the log at `path`, replays it up to the event before `first`
    /// (from the index's checkpoint when it has one), then steps through
    /// the rest as ``forEachStep(skipping:_:)`` does, and prints the
    /// warnings.
    ///
    /// - Returns: The replay, at the last event stepped through.
    ///
    /// - Parameters:
    ///   - following: Whether the caller goes on to follow the log: a torn
    ///     last line is then a line still being written, not a warning.
    ///   - describing: Whether steps say what they changed (``describesChanges``).
    ///   - indexed: Whether to use the log's index: by default, when there
    ///     are events to pass over first.
    @discardableResult
    static func stepping(
        _ path: String, io: ToolIO, from first: Int = 1, skipping: Set<Int> = [], lenient: Bool = false,
        following: Bool = false, describing: Bool = true, indexed: Bool? = nil,
        _ body: (Step, ModalState) throws -> Bool
    ) throws -> Replay {
        var replay = try open(path, io: io, lenient: lenient, at: max(0, first - 1), indexed: indexed ?? (first > 1))
        // From where the cursor starts: a reading from the log's start tracks the events before `first`
        // as it passes them, not again at its first rejection (one from an index's checkpoint does).
        replay.trackCauses()
        try replay.run(through: max(0, first - 1))
        replay.describesChanges = describing
        try replay.forEachStep(skipping: skipping, body)
        replay.printWarnings(io: io, exceptTornTail: following)
        return replay
    }
}

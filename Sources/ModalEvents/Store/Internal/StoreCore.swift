/// The store's state machine: the state, the held events, the subscribers
/// and the queue of deliveries. The store keeps it under its lock; each
/// mutating method returns the delivery the caller is to carry out, outside
/// the lock, or `nil` when there is none or another thread is delivering.
///
/// One thread delivers at a time, in queue order, so every subscriber sees
/// events in `seq` order, each once. A thread that appends while another
/// delivers only queues its event; the delivering thread delivers it.
@usableFromInline
struct StoreCore<State: EventProjection> {
    @usableFromInline
    var state: State
    @usableFromInline
    var window: EventWindow
    @usableFromInline
    var listeners: [Listener<State>] = []
    @usableFromInline
    var clock: StoreClock
    @usableFromInline
    var stateListenerCount = 0
    @usableFromInline
    var nextListenerID = 0
    @usableFromInline
    var pending: [PendingDelivery<State>?] = []
    @usableFromInline
    var pendingHead = 0
    @usableFromInline
    var isDelivering = false
    /// The log file the store runs on, when it runs on one.
    @usableFromInline
    var journal: StoreJournal<State>?
    /// The boxes of the call sites events are appended from.
    @usableFromInline
    var callSites = CallSites()
    /// What no event the store takes may exceed (``EventStoreOptions/limits``).
    @usableFromInline
    let limits: EventLogReader.Options

    /// How many held events one catch-up step delivers, so catching up on a
    /// long log neither copies it whole nor holds the lock long.
    @inlinable
    static var catchUpChunk: Int { 1024 }

    /// How many queued events one delivery step takes at most, so that
    /// taking them holds the lock briefly.
    @inlinable
    static var eventChunk: Int { 1024 }

    /// How many slots of delivered steps the queue may keep before it
    /// lets them go (when they are half of it or more).
    @inlinable
    static var deliveredSlotsKept: Int { 1024 }

    @inlinable
    init(state: State, options: EventStoreOptions) {
        self.state = state
        self.window = EventWindow(retention: options.retention, lastSeq: state.seq)
        self.clock = StoreClock(options.timestamps)
        self.limits = options.limits
    }

    // MARK: Appending

    /// `event` as the store appends it, before its seq and time: `source`
    /// (`nil`: the type's usual one) and `caller` (`nil`: the call site
    /// `fileID:line`, whose box the store shares, ``CallSites``).
    @inlinable
    mutating func unstamped(
        _ event: ModalEvent, source: EventSource?, caller: String?, fileID: String, line: Int
    ) -> LoggedEvent {
        let source = source ?? event.usualSource
        if let caller { return LoggedEvent(seq: 0, event: event, source: source, caller: caller) }
        return LoggedEvent(seq: 0, event: event, extras: callSites.extras(source: source, fileID: fileID, line: line))
    }

    /// Appends `unstamped` with the next seq and a time, when the state
    /// applies it (and the log file, when there is one, takes it), for the
    /// store's single appends, and says who delivers it.
    ///
    /// - Returns: The event; `delivers`, whether the caller is now the
    ///   thread that delivers (no other was): it then calls each of `direct`
    ///   with the event, and goes on with ``nextDelivery()`` until there is
    ///   nothing left. `direct` holds the event subscribers when there are
    ///   only such (the common case, and a list costs less to hand over than
    ///   a ``Delivery``); with state subscribers it is empty, and the event
    ///   comes from ``nextDelivery()`` with its state.
    @inlinable
    mutating func appendOne(
        _ unstamped: LoggedEvent, expectedSeq: Int?
    ) throws(EventStoreError<State.Rejection>) -> (entry: LoggedEvent, delivers: Bool, direct: [Listener<State>]) {
        try checkExpected(expectedSeq)
        var entry = unstamped
        entry.seq = try nextSeq(after: state.seq)
        entry.time = clock.now()
        try checkLimits(entry)
        let before = journal == nil ? nil : state
        do {
            try state.apply(entry)
        } catch {
            throw .rejected(error)
        }
        if let journal, let before { try journal.write([entry], after: before, rollingBack: &state) }
        window.append(entry)
        guard !listeners.isEmpty else { return (entry, false, []) }
        // As in record(_:state:): work is queued only while a thread delivers
        // it, so when none does, the queue is empty and this event goes first.
        let delivers = !isDelivering
        assert(!delivers || pendingHead == pending.count, "work queued with no thread delivering it")
        isDelivering = true
        if delivers && stateListenerCount == 0 { return (entry, true, listeners) }
        pending.append(.event(entry, stateListenerCount > 0 ? state : nil))
        return (entry, delivers, [])
    }

    /// Appends all of `events` or none: each is checked against the state
    /// the ones before it leave.
    @inlinable
    mutating func append(
        contentsOf events: [LoggedEvent], expectedSeq: Int?
    ) throws(EventStoreError<State.Rejection>) -> ([LoggedEvent], Delivery<State>) {
        try checkExpected(expectedSeq)
        var scratch = state
        var entries: [LoggedEvent] = []
        var states: [State] = []
        for unstamped in events {
            var entry = unstamped
            entry.seq = try nextSeq(after: scratch.seq)
            entry.time = clock.now()
            try checkLimits(entry)
            do {
                try scratch.apply(entry)
            } catch {
                throw .rejected(error)
            }
            entries.append(entry)
            if stateListenerCount > 0 { states.append(scratch) }
        }
        if let journal { try journal.write(entries, after: state, rollingBack: &scratch) }
        state = scratch
        var first = Delivery<State>.nothing
        for (index, entry) in entries.enumerated() {
            let delivery = record(entry, state: states.isEmpty ? nil : states[index])
            if first.isNothing { first = delivery }
        }
        return (entries, first)
    }

    /// Applies an entry of a foreign log as the log records it.
    @inlinable
    mutating func replay(
        _ entry: LoggedEvent
    ) throws(EventStoreError<State.Rejection>) -> (State.Rejection?, Delivery<State>) {
        let expected = try nextSeq(after: state.seq)
        guard entry.seq == expected else { throw .seqOutOfOrder(expected: expected, found: entry.seq) }
        try checkLimits(entry)
        let before = journal == nil ? nil : state
        let rejection = state.replay(entry)
        if let journal, let before { try journal.write([entry], after: before, rollingBack: &state) }
        if let time = entry.time { clock.resume(from: time) }
        return (rejection, record(entry, state: stateListenerCount > 0 ? state : nil))
    }

    /// Throws `limitExceeded` when no reader could read `entry`'s line back
    /// (``EventStoreOptions/limits``), whether the store runs on a log or not.
    @inlinable
    func checkLimits(_ entry: LoggedEvent) throws(EventStoreError<State.Rejection>) {
        let version = journal?.writer.version ?? LogHeader.currentVersion
        guard let violation = limits.violation(ofLineOf: entry, version: version) else { return }
        throw .limitExceeded(
            EventLogError(
                .limitExceeded, file: journal?.writer.path ?? "",
                message: "cannot append seq \(entry.seq): \(violation), so no reader could read the log back"))
    }

    /// The seq after `seq`; `limitExceeded` when the log is full.
    @inlinable
    func nextSeq(after seq: Int) throws(EventStoreError<State.Rejection>) -> Int {
        guard let next = LoggedEvent.seq(after: seq) else { throw .limitExceeded(.logFull(after: seq)) }
        return next
    }

    @inlinable
    func checkExpected(_ expectedSeq: Int?) throws(EventStoreError<State.Rejection>) {
        if let expectedSeq, expectedSeq != state.seq {
            throw .conflict(expected: expectedSeq, actual: state.seq)
        }
    }

    @inlinable
    mutating func record(_ entry: LoggedEvent, state: State?) -> Delivery<State> {
        window.append(entry)
        guard !listeners.isEmpty else { return .nothing }
        guard isDelivering || pendingHead < pending.count else {
            // Nothing queued and nobody delivering: the caller delivers it at once.
            isDelivering = true
            return .event(entry, state, listeners)
        }
        return schedule(.event(entry, state))
    }

    // MARK: Subscribers

    @inlinable
    mutating func addListener(
        after seq: Int?, filter: EventFilter, receiver: Listener<State>.Receiver, startsWithCurrentState: Bool,
        onStoreEnd: (@Sendable () -> Void)?
    ) -> (Listener<State>, Delivery<State>) {
        // Live events start after the last seq, or after `seq` when it is later still.
        let listener = Listener(
            id: nextListenerID, filter: filter, startSeq: max(state.seq, seq ?? state.seq), receiver: receiver,
            onStoreEnd: onStoreEnd)
        nextListenerID += 1
        listeners.append(listener)
        if listener.wantsStates { stateListenerCount += 1 }
        var delivery = Delivery<State>.nothing
        if let seq, seq < state.seq {
            delivery = schedule(.catchUp(listener, next: seq + 1, through: state.seq))
        }
        if startsWithCurrentState {
            let start = schedule(.start(listener, state))
            if delivery.isNothing { delivery = start }
        }
        return (listener, delivery)
    }

    /// Takes the listener out; the caller releases it outside the lock, so no
    /// subscriber's captured object is freed while the lock is held.
    @inlinable
    mutating func removeListener(id: Int) -> Listener<State>? {
        guard let index = listeners.firstIndex(where: { $0.id == id }) else { return nil }
        let listener = listeners.remove(at: index)
        listener.cancel()
        if listener.wantsStates { stateListenerCount -= 1 }
        return listener
    }

    /// Takes every listener out, for the store's end.
    @inlinable
    mutating func removeAllListeners() -> [Listener<State>] {
        defer {
            listeners = []
            stateListenerCount = 0
        }
        return listeners
    }

    @inlinable
    mutating func scheduleAction(_ body: @escaping @Sendable () -> Void) -> Delivery<State> {
        schedule(.action(body))
    }

    // MARK: The delivery queue

    /// Queues `item`; when no thread is delivering, the caller becomes the
    /// one and gets the first step.
    @inlinable
    mutating func schedule(_ item: PendingDelivery<State>) -> Delivery<State> {
        pending.append(item)
        guard !isDelivering else { return .nothing }
        isDelivering = true
        return nextDelivery()
    }

    /// The next step for the delivering thread, or `nil` when the queue is
    /// empty (and then no thread is delivering any more).
    @inlinable
    mutating func nextDelivery() -> Delivery<State> {
        // While threads append (or callbacks do) the queue may never be empty, so the delivered
        // steps' slots go once they are most of it, not only when it empties.
        if pendingHead >= Self.deliveredSlotsKept && pendingHead * 2 >= pending.count {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        while pendingHead < pending.count {
            guard let item = pending[pendingHead] else { preconditionFailure("a delivered item is still queued") }
            switch item {
            case .event(let entry, let state):
                advance()
                guard pendingHead < pending.count, case .event? = pending[pendingHead] else {
                    return .event(entry, state, listeners)
                }
                // The events queued right behind it go with it, in one turn of the lock: taking
                // them one per turn, the deliverer got one turn in as many as there were appending
                // threads, and fell further behind them with every append.
                var events = [(entry, state)]
                while events.count < Self.eventChunk, pendingHead < pending.count,
                    case .event(let next, let nextState)? = pending[pendingHead]
                {
                    events.append((next, nextState))
                    advance()
                }
                return .events(events, listeners)
            case .catchUp(let listener, let next, let through):
                // Events the store no longer holds are skipped: catch-up gives what it holds.
                let first = max(next, window.firstSeq)
                guard first <= through, !listener.isCancelled else {
                    advance()
                    // Handed out (it delivers nothing) so the listener is released outside the lock.
                    return .catchUp(listener, [])
                }
                let entries = window.events(in: first...(first + min(Self.catchUpChunk - 1, through - first)))
                if let last = entries.last, last.seq < through {
                    pending[pendingHead] = .catchUp(listener, next: last.seq + 1, through: through)
                } else {
                    advance()
                }
                if !entries.isEmpty { return .catchUp(listener, entries) }
            case .start(let listener, let state):
                advance()
                return .start(listener, state)
            case .action(let body):
                advance()
                return .action(body)
            }
        }
        pending.removeAll(keepingCapacity: pending.count <= 1024)
        pendingHead = 0
        isDelivering = false
        return .nothing
    }

    /// Drops the delivered item at once, so a queued state copy does not
    /// make the next change copy the state.
    @inlinable
    mutating func advance() {
        pending[pendingHead] = nil
        pendingHead += 1
    }
}

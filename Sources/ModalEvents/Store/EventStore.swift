public import Observation

/// The log an app appends to and the state it projects to: one store per
/// app, or per scene, that every present, push and dismissal goes through.
///
/// The store is generic over its projection, so `ModalEvents` never needs to
/// know what an event does; `ModalProjection` runs it with `ModalState` as
/// `ModalStore` and adds the modal commands.
///
/// ```swift
/// let store = ModalStore()
/// try store.registerRoot()
/// let compose = try store.present(ModalPresentation(link: "compose", content: "ComposeView"))
/// store.state.modal(link: "compose")?.phase  // .presenting
/// ```
///
/// ## Appending
/// ``append(_:expectedSeq:)`` assigns the next `seq` and a `time`, checks
/// the event against the state and applies it (``EventProjection/apply(_:)``),
/// keeps it, and then notifies subscribers. An event the state rejects
/// throws ``EventStoreError/rejected(_:)`` and nothing is appended, so the
/// store's own log never holds a rejection. ``replay(_:)`` brings in a
/// foreign log and records its rejections in the state, as a replay does.
///
/// ## Threads and delivery order
/// Every method may be called from any thread. Subscribers get events in
/// `seq` order, each exactly once, and never while the store's lock is held:
/// one thread delivers at a time. The thread that appends delivers its event
/// before `append` returns, unless another thread is delivering at that
/// moment; then that thread delivers it, after what it had queued. So a
/// subscriber that appends from its callback does not deadlock: its event is
/// queued and delivered once the current event has reached every subscriber
/// (breadth first, as a serial queue would).
///
/// ## Observation
/// The store is `Observable`: reading ``state`` inside
/// `withObservationTracking` (or a SwiftUI view's body) tracks it, and every
/// append that changes it notifies, on the appending thread, after the change.
public final class EventStore<State: EventProjection>: Sendable, Observable {
    @usableFromInline
    let core: Lock<StoreCore<State>>
    @usableFromInline
    let registrar = ObservationRegistrar()
    /// `\.state`, made once: a key path into a generic class is built at run
    /// time, which would cost more than an append.
    @usableFromInline
    let stateKeyPath: any KeyPath<EventStore, State> & Sendable
    /// Whether ``state`` has been read since Observation was last told of a
    /// change. Only a read registers an observer, so until there is one,
    /// no observer can be waiting, and telling the registrar of a change
    /// (a lock and a key path lookup, twice) can be left out.
    @usableFromInline
    let stateWasRead = Flag(true)

    /// A store that starts from `state` (its `seq` is the log's last) and
    /// holds no events yet.
    public init(state: State, options: EventStoreOptions = EventStoreOptions()) {
        core = Lock(StoreCore(state: state, options: options))
        stateKeyPath = \EventStore.state
    }

    deinit {
        let listeners = core.withLock { $0.removeAllListeners() }
        for listener in listeners where !listener.isCancelled { listener.onStoreEnd?() }
    }

    // MARK: Reading

    /// The state after the last event. Observable.
    @inlinable
    public var state: State {
        registrar.access(self, keyPath: stateKeyPath)
        // After `access` (which registers a tracking observer), before the read:
        // a change the read misses sees the flag, and tells the observer.
        stateWasRead.store(true)
        return core.withLock { $0.state }
    }

    /// The seq of the last event: 0 before any.
    @inlinable
    public var lastSeq: Int {
        core.withLock { $0.state.seq }
    }

    /// The events the store holds (all, or the last N; see
    /// ``EventStoreOptions/Retention``), oldest first.
    ///
    /// - Complexity: O(*n*) in the number held.
    @inlinable
    public var events: [LoggedEvent] {
        events(after: 0)
    }

    /// The held events after `seq`, oldest first.
    @inlinable
    public func events(after seq: Int) -> [LoggedEvent] {
        core.withLock { core in
            guard let first = LoggedEvent.seq(after: seq) else { return [] }
            return core.window.events(in: first...max(first, core.window.lastSeq))
        }
    }

    // MARK: Appending

    /// Appends `event` as the next seq, when the state applies it.
    ///
    /// ```swift
    /// try store.append(.dimmingTap(root: "sheets"))  // source "user", caller "Sheets/Host.swift:42"
    /// ```
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - source: Who caused it; `nil`: the usual source of its type
    ///     (``ModalEvent/usualSource``).
    ///   - caller: Where in the app it was appended; `nil`: the call site,
    ///     `fileID:line`.
    ///   - expectedSeq: For optimistic concurrency: the seq the caller saw
    ///     last. When the log has moved on since, nothing is appended.
    /// - Returns: The event as the log holds it, with its `seq`, `time`,
    ///   `source` and `caller`.
    /// - Throws: ``EventStoreError/rejected(_:)`` when the state rejects it,
    ///   ``EventStoreError/conflict(expected:actual:)`` when `expectedSeq` is
    ///   not the last seq.
    /// - Complexity: The projection's cost for one event, plus one call per
    ///   subscriber.
    @discardableResult
    @inlinable
    public func append(
        _ event: ModalEvent, source: EventSource? = nil, caller: String? = nil, expectedSeq: Int? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(EventStoreError<State.Rejection>) -> LoggedEvent {
        let (entry, delivers, direct) = try core.withLock { core throws(EventStoreError<State.Rejection>) in
            let unstamped = core.unstamped(event, source: source, caller: caller, fileID: fileID, line: line)
            return try core.appendOne(unstamped, expectedSeq: expectedSeq)
        }
        didChange()
        if delivers {
            for listener in direct { listener.receive(entry, state: nil) }
            deliver(core.withLock { $0.nextDelivery() })
        }
        return entry
    }

    /// Appends all of `events` in order, or none of them: each is checked
    /// against the state the ones before it leave, and no other writer's
    /// event comes between them.
    ///
    /// A log of format version 2 holds such a group as one `batch` event
    /// (``ModalEvent/batch(_:)``), which no reader can see half applied;
    /// this is for a store on a version-1 log, which has no batches.
    ///
    /// - Parameters: As ``append(_:source:caller:expectedSeq:fileID:line:)``,
    ///   for every event.
    /// - Throws: As ``append(_:source:caller:expectedSeq:fileID:line:)``; a
    ///   rejection names the event's seq.
    /// - Complexity: O(size of the state) for the copy it checks on, plus the
    ///   projection's cost per event.
    @discardableResult
    @inlinable
    public func append(
        contentsOf events: [ModalEvent], source: EventSource? = nil, caller: String? = nil, expectedSeq: Int? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(EventStoreError<State.Rejection>) -> [LoggedEvent] {
        let (entries, delivery) = try core.withLock { core throws(EventStoreError<State.Rejection>) in
            let unstamped = events.map {
                core.unstamped($0, source: source, caller: caller, fileID: fileID, line: line)
            }
            return try core.append(contentsOf: unstamped, expectedSeq: expectedSeq)
        }
        if !entries.isEmpty { didChange() }
        deliver(delivery)
        return entries
    }

    /// Brings in events from a foreign log (a file, another device): each is
    /// applied as the log records it, rejections included, with its own `seq`
    /// and `time`, and delivered to subscribers. Appended times continue
    /// after the last replayed one. Events apply as the current format
    /// version means them (a `queue` policy read from a version-1 log applies
    /// here, where a replay of that log rejects it).
    ///
    /// - Returns: The rejections, in order.
    /// - Throws: ``EventStoreError/seqOutOfOrder(expected:found:)`` at the
    ///   first entry whose seq does not follow the last; those before it stay.
    @discardableResult
    @inlinable
    public func replay(
        _ entries: some Sequence<LoggedEvent>
    ) throws(EventStoreError<State.Rejection>) -> [State.Rejection] {
        var rejections: [State.Rejection] = []
        var replayed = false
        defer { if replayed { didChange() } }
        for entry in entries {
            let (rejection, delivery) = try core.withLock { core throws(EventStoreError<State.Rejection>) in
                try core.replay(entry)
            }
            replayed = true
            if let rejection { rejections.append(rejection) }
            deliver(delivery)
        }
        return rejections
    }

    // MARK: Subscribing

    /// Calls `receive` with each event appended from now on, and first, with
    /// `after`, with the held events after that seq.
    ///
    /// Catch-up (as event stores do it): with `after: n` the subscriber gets
    /// the events after `n` that the store holds, then the live ones, with no
    /// gap and no duplicate even while other threads append. With
    /// ``EventStoreOptions/Retention/last(_:)`` events can drop out of memory
    /// before their turn and are skipped: compare each seq with the one
    /// before to see a gap.
    ///
    /// - Parameters:
    ///   - after: The seq to catch up from; `nil` for live events only.
    ///   - filter: Which events to receive.
    ///   - receive: Called on the delivering thread, never concurrently with
    ///     itself, never while the store's lock is held.
    /// - Returns: The subscription; releasing it ends it.
    @inlinable
    public func subscribe(
        after seq: Int? = nil, filter: EventFilter = .all, _ receive: @escaping @Sendable (LoggedEvent) -> Void
    ) -> SubscriptionToken {
        addListener(after: seq, filter: filter, receiver: .events(receive), startsWithCurrentState: false)
    }

    /// Calls `receive` with the state after each event that passes `filter`,
    /// first (with `startingWithCurrent`) with the current state.
    ///
    /// - Returns: The subscription; releasing it ends it.
    @inlinable
    public func subscribeToStates(
        filter: EventFilter = .all, startingWithCurrent: Bool = true,
        _ receive: @escaping @Sendable (State) -> Void
    ) -> SubscriptionToken {
        addListener(
            after: nil, filter: filter, receiver: .states { state, _ in receive(state) },
            startsWithCurrentState: startingWithCurrent)
    }

    /// The events as an `AsyncSequence`: with `after`, the held events after
    /// that seq first, as ``subscribe(after:filter:_:)``.
    ///
    /// A consumer slower than the appends gets what `bufferingPolicy` keeps:
    /// every event (`.unbounded`, the default; memory grows with the lag),
    /// the oldest *n* (`.bufferingOldest(n)`: later ones are dropped until it
    /// catches up) or the newest *n* (`.bufferingNewest(n)`). A dropped event
    /// shows as a gap in `seq`.
    public func eventStream(
        after seq: Int? = nil, filter: EventFilter = .all,
        bufferingPolicy: AsyncStream<LoggedEvent>.Continuation.BufferingPolicy = .unbounded
    ) -> StoreStream<LoggedEvent> {
        stream(after: seq, filter: filter, bufferingPolicy: bufferingPolicy, startsWithCurrentState: false) {
            continuation in .events { continuation.yield($0) }
        }
    }

    /// The states as an `AsyncSequence`: the current one, then the state
    /// after each event that passes `filter`.
    ///
    /// The default policy, `.bufferingNewest(1)`, gives a slow consumer the
    /// latest state when it asks, skipping those it was too slow to see, as a
    /// view that redraws wants; `.unbounded` gives every one.
    public func stateStream(
        filter: EventFilter = .all,
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> StoreStream<State> {
        stream(after: nil, filter: filter, bufferingPolicy: bufferingPolicy, startsWithCurrentState: true) {
            continuation in .states { state, _ in continuation.yield(state) }
        }
    }

    /// How many subscriptions are on: the package's tests check for leaks with it.
    package var subscriberCount: Int {
        core.withLock { $0.listeners.count }
    }

    /// How many steps wait in the delivery queue: the package's tests check
    /// that delivery keeps up with appending threads.
    package var deliveryBacklog: Int {
        core.withLock { $0.pending.count - $0.pendingHead }
    }

    /// How many slots the delivery queue's storage holds, the delivered
    /// steps' included: the package's tests check that it stays bounded.
    package var deliveryQueueSlots: Int {
        core.withLock { $0.pending.count }
    }

    // MARK: For the projection's conveniences

    /// Calls `receive` first with the current state and no event, then with
    /// the state after each event, with the event: what a projection's own
    /// feeds are made from.
    package func subscribeToStatesWithEvents(
        _ receive: @escaping @Sendable (State, LoggedEvent?) -> Void
    ) -> SubscriptionToken {
        addListener(after: nil, filter: .all, receiver: .states(receive), startsWithCurrentState: true)
    }

    /// A stream of what `transform` makes of each state and its event, as
    /// ``subscribeToStatesWithEvents(_:)`` gives them (`nil`: nothing for
    /// that one), every one kept until it is read.
    package func stream<Element: Sendable>(
        _ transform: @escaping @Sendable (State, LoggedEvent?) -> Element?
    ) -> StoreStream<Element> {
        stream(after: nil, filter: .all, bufferingPolicy: .unbounded, startsWithCurrentState: true) {
            continuation in
            .states { state, entry in
                if let element = transform(state, entry) { continuation.yield(element) }
            }
        }
    }

    /// Appends `unstamped` (each with the next seq and a time) as
    /// ``append(contentsOf:source:caller:expectedSeq:fileID:line:)`` does,
    /// and in the same step subscribes each of `subscriptions` to the state
    /// right after them, then to the states after each later event that
    /// passes its filter (with that event), so nothing can happen between
    /// the two.
    package func append(
        _ unstamped: [LoggedEvent], expectedSeq: Int? = nil,
        subscribingToStates subscriptions: [(filter: EventFilter, receive: @Sendable (State, LoggedEvent?) -> Void)]
    ) throws(EventStoreError<State.Rejection>) -> ([LoggedEvent], [SubscriptionToken]) {
        let (entries, listeners, delivery) = try core.withLock {
            core throws(EventStoreError<State.Rejection>) in
            var (entries, delivery) = try core.append(contentsOf: unstamped, expectedSeq: expectedSeq)
            let listeners = subscriptions.map { subscription in
                let (listener, start) = core.addListener(
                    after: nil, filter: subscription.filter, receiver: .states(subscription.receive),
                    startsWithCurrentState: true, onStoreEnd: nil)
                // The first step to carry out; the others are queued behind it.
                if delivery.isNothing { delivery = start }
                return listener
            }
            return (entries, listeners, delivery)
        }
        let tokens = listeners.map { token(for: $0.id) }
        if !entries.isEmpty { didChange() }
        deliver(delivery)
        return (entries, tokens)
    }

    /// Runs `body` once every event appended so far has reached its
    /// subscribers: at once on this thread when none is being delivered,
    /// else on the delivering thread, after them. `body` gets the last seq
    /// at the time of the call: every event through it has been delivered.
    package func afterDeliveries(_ body: @escaping @Sendable (_ deliveredThrough: Int) -> Void) {
        deliver(
            core.withLock { core in
                let seq = core.state.seq
                return core.scheduleAction { body(seq) }
            })
    }

    // MARK: Inside

    @inlinable
    func addListener(
        after seq: Int?, filter: EventFilter, receiver: Listener<State>.Receiver, startsWithCurrentState: Bool,
        onStoreEnd: (@Sendable () -> Void)? = nil
    ) -> SubscriptionToken {
        let (listener, delivery) = core.withLock { core in
            core.addListener(
                after: seq, filter: filter, receiver: receiver, startsWithCurrentState: startsWithCurrentState,
                onStoreEnd: onStoreEnd)
        }
        let token = token(for: listener.id)
        deliver(delivery)
        return token
    }

    /// A stream whose subscription yields into it, ends with it, and
    /// finishes it when the store goes away.
    private func stream<Element>(
        after seq: Int?, filter: EventFilter, bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        startsWithCurrentState: Bool,
        receiver: (AsyncStream<Element>.Continuation) -> Listener<State>.Receiver
    ) -> StoreStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let token = addListener(
            after: seq, filter: filter, receiver: receiver(continuation),
            startsWithCurrentState: startsWithCurrentState,
            onStoreEnd: { continuation.finish() })
        continuation.onTermination = { [weak token] _ in token?.cancel() }
        return StoreStream(base: stream, subscription: token)
    }

    @inlinable
    func token(for id: Int) -> SubscriptionToken {
        SubscriptionToken { [weak self] in
            // The removed listener is released when withLock has returned, outside the lock:
            // the subscriber's captures may run deinits that use the store.
            _ = self?.core.withLock { $0.removeListener(id: id) }
        }
    }

    /// Carries out `first` and then every step queued behind it, taking each
    /// under the lock and running it outside.
    @inlinable
    func deliver(_ first: Delivery<State>) {
        var next = first
        while !next.isNothing {
            next.perform()
            next = core.withLock { $0.nextDelivery() }
        }
    }

    /// Tells Observation that ``state`` changed, when it was read since
    /// Observation was last told (see ``stateWasRead``).
    @inlinable
    func didChange() {
        guard stateWasRead.exchange(false) else { return }
        registrar.willSet(self, keyPath: stateKeyPath)
        registrar.didSet(self, keyPath: stateKeyPath)
    }
}

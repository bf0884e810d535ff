/// One subscription as the store keeps it. Immutable but for the flag that
/// cancels it, so deliveries read it without the store's lock.
@usableFromInline
final class Listener<State: EventProjection>: Sendable {
    @usableFromInline
    enum Receiver: Sendable {
        case events(@Sendable (LoggedEvent) -> Void)
        /// The state after each event, with the event (`nil` for the state it starts from).
        case states(@Sendable (State, LoggedEvent?) -> Void)
    }

    @usableFromInline
    let id: Int
    @usableFromInline
    let filter: EventFilter
    /// Live deliveries are the events after this seq; earlier ones come as catch-up.
    @usableFromInline
    let startSeq: Int
    @usableFromInline
    let receiver: Receiver
    /// Called when the store goes away with the subscription still on (a
    /// stream finishes).
    @usableFromInline
    let onStoreEnd: (@Sendable () -> Void)?
    @usableFromInline
    let cancelled = Flag(false)

    @inlinable
    init(
        id: Int, filter: EventFilter, startSeq: Int, receiver: Receiver, onStoreEnd: (@Sendable () -> Void)? = nil
    ) {
        self.id = id
        self.filter = filter
        self.startSeq = startSeq
        self.receiver = receiver
        self.onStoreEnd = onStoreEnd
    }

    @inlinable
    var wantsStates: Bool {
        if case .states = receiver { return true }
        return false
    }

    @inlinable
    var isCancelled: Bool { cancelled.load() }

    @inlinable
    func cancel() { cancelled.store(true) }

    /// Calls the subscriber with a live event (and the state right after it)
    /// when the subscription is still on and wants it.
    @inlinable
    func receive(_ entry: LoggedEvent, state: State?) {
        guard entry.seq > startSeq, !isCancelled, filter.matches(entry.event) else { return }
        switch receiver {
        case .events(let receive):
            receive(entry)
        case .states(let receive):
            if let state { receive(state, entry) }
        }
    }

    /// Calls the subscriber with an event it catches up on.
    @inlinable
    func catchUp(on entry: LoggedEvent) {
        guard !isCancelled, filter.matches(entry.event), case .events(let receive) = receiver else { return }
        receive(entry)
    }

    /// Calls a state subscriber with the state it starts from.
    @inlinable
    func start(from state: State) {
        guard !isCancelled, case .states(let receive) = receiver else { return }
        receive(state, nil)
    }
}

/// A step of delivery that waits its turn in the store's queue.
@usableFromInline
enum PendingDelivery<State: EventProjection>: Sendable {
    /// A live event, with the state right after it when a subscriber wants states.
    case event(LoggedEvent, State?)
    /// Held events `next...through` for one new subscriber.
    case catchUp(Listener<State>, next: Int, through: Int)
    /// The state a new state subscriber starts from.
    case start(Listener<State>, State)
    /// Code to run once everything queued before it was delivered.
    case action(@Sendable () -> Void)
}

/// One step of delivery, carried out outside the store's lock: subscribers'
/// code runs here. `nothing` when there is none: an optional step would be
/// copied and destroyed through the runtime's generic value witnesses
/// (`Optional` of an enum over the generic `State`), which cost more than
/// delivering the event itself (`modal-bench`).
@usableFromInline
enum Delivery<State: EventProjection>: Sendable {
    case nothing
    case event(LoggedEvent, State?, [Listener<State>])
    /// Events queued one after another, each with the state right after it
    /// when a subscriber wants states, taken from the queue in one step.
    case events([(LoggedEvent, State?)], [Listener<State>])
    case catchUp(Listener<State>, [LoggedEvent])
    case start(Listener<State>, State)
    case action(@Sendable () -> Void)

    @inlinable
    var isNothing: Bool {
        if case .nothing = self { return true }
        return false
    }

    @inlinable
    func perform() {
        switch self {
        case .nothing:
            break
        case .event(let entry, let state, let listeners):
            for listener in listeners { listener.receive(entry, state: state) }
        case .events(let events, let listeners):
            for (entry, state) in events {
                for listener in listeners { listener.receive(entry, state: state) }
            }
        case .catchUp(let listener, let entries):
            for entry in entries { listener.catchUp(on: entry) }
        case .start(let listener, let state):
            listener.start(from: state)
        case .action(let body):
            body()
        }
    }
}

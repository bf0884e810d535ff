public import ModalEvents

/// What one event changed, for the UI: the event, the ``ModalChange``s a host
/// carries out for it, and the state after them. A store's change feed gives
/// one per event, in seq order.
public struct ModalUpdate: Sendable, Hashable {
    /// The event; `nil` for a feed's first update, which takes a UI that
    /// shows nothing to the store's state when the feed started.
    public var entry: LoggedEvent?
    /// What the UI must do, in order.
    public var changes: [ModalChange]
    /// The state after the event.
    public var state: ModalState

    public init(entry: LoggedEvent?, changes: [ModalChange], state: ModalState) {
        self.entry = entry
        self.changes = changes
        self.state = state
    }
}

extension EventStore where State == ModalState {
    /// Calls `receive` with what each event changed (``ModalUpdate``), in
    /// seq order, from the event after the current state on; first (with
    /// `startingWithCurrent`) with the changes that build the current state
    /// from nothing, so a UI that starts empty catches up.
    ///
    /// ```swift
    /// store.subscribeToChanges { update in
    ///     for change in update.changes { log(change) }
    /// }
    /// .store(in: &subscriptions)
    /// ```
    ///
    /// `receive` is called as ``subscribe(after:filter:_:)``'s is: on the
    /// delivering thread, one call at a time. For UI code on the main actor,
    /// a ``ModalDriver`` or ``ObservableModalState`` takes the feed there.
    ///
    /// - Complexity: Per event, O(*n*) in the size of the roots it changed
    ///   (``ModalChange/changes(from:to:by:)``).
    public func subscribeToChanges(
        startingWithCurrent: Bool = true, _ receive: @escaping @Sendable (ModalUpdate) -> Void
    ) -> SubscriptionToken {
        let tracker = ChangeTracker(reportsStart: startingWithCurrent)
        return subscribeToStatesWithEvents { state, entry in
            if let update = tracker.update(to: state, after: entry) { receive(update) }
        }
    }

    /// The change feed as an `AsyncSequence`: what
    /// ``subscribeToChanges(startingWithCurrent:_:)`` gives.
    ///
    /// Every update counts (a UI that skips one shows something else), so
    /// the stream keeps them all: a consumer slower than the appends holds
    /// them in memory until it reads them.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await update in store.changeStream() { render(update.changes) }
    /// }
    /// ```
    public func changeStream(startingWithCurrent: Bool = true) -> StoreStream<ModalUpdate> {
        let tracker = ChangeTracker(reportsStart: startingWithCurrent)
        return stream { state, entry in
            tracker.update(to: state, after: entry)
        }
    }
}

/// The state a feed's subscriber saw last, from which the next update's
/// changes are computed.
private final class ChangeTracker: Sendable {
    private let seen: Lock<ModalState?> = Lock(nil)
    private let reportsStart: Bool

    init(reportsStart: Bool) {
        self.reportsStart = reportsStart
    }

    /// The update to `state`, which comes after `entry` (`nil`: the state
    /// the feed starts from, reported when asked for).
    func update(to state: ModalState, after entry: LoggedEvent?) -> ModalUpdate? {
        let last = seen.withLock { seen in
            defer { seen = state }
            return seen
        }
        guard last != nil || reportsStart else { return nil }
        let changes = ModalChange.changes(from: last ?? ModalState(), to: state, by: entry?.event)
        return ModalUpdate(entry: entry, changes: changes, state: state)
    }
}

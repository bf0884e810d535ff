public import ModalEvents
public import ModalProjection

/// One run of the projection over an event sequence: every event with the
/// state before and after it. Properties check traces.
public struct ModalTrace: Sendable {
    /// The events, numbered from 1.
    public let events: [LoggedEvent]
    /// `states[0]` is the empty state; `states[i]` the state after `events[i - 1]`.
    public let states: [ModalState]
    /// Each event's rejection, or `nil` when it applied.
    public let rejections: [Rejection?]
    /// The reducer that made it, so that a property can replay other events the same way.
    let reducer: ModalReducer

    /// Folds `events` from the empty state with `reducer`.
    init(events: [LoggedEvent], reducer: ModalReducer) {
        let step = reducer.start()
        var state = ModalState()
        var states = [state]
        var rejections: [Rejection?] = []
        states.reserveCapacity(events.count + 1)
        rejections.reserveCapacity(events.count)
        for entry in events {
            rejections.append(step(&state, entry))
            states.append(state)
        }
        self.events = events
        self.states = states
        self.rejections = rejections
        self.reducer = reducer
    }

    /// The state after the last event.
    public var finalState: ModalState { states[states.count - 1] }

    /// Every event with the states around it.
    public var steps: [ModalStep] {
        events.indices.map { index in
            ModalStep(
                before: states[index], entry: events[index], after: states[index + 1], rejection: rejections[index])
        }
    }

    /// A trace of `events` through the same projection, from the empty state.
    public func replaying(_ events: [LoggedEvent]) -> ModalTrace {
        ModalTrace(events: events, reducer: reducer)
    }
}

/// One event of a trace with the state before and after it.
public struct ModalStep: Sendable {
    /// The state before the event.
    public let before: ModalState
    /// The event and its seq.
    public let entry: LoggedEvent
    /// The state after it.
    public let after: ModalState
    /// Its rejection, or `nil` when it applied.
    public let rejection: Rejection?

    /// The event.
    public var event: ModalEvent { entry.event }
}

/// The projection a check runs: the package's reducer, or (in the package's
/// own tests) a deliberately broken one that proves the properties catch bugs.
package struct ModalReducer: Sendable {
    /// What it is, for reports.
    package var name: String
    /// Makes a fresh step function for one run; a reducer with memory of
    /// its own (a cache, say) keeps it in the closure, fresh each run.
    package var start: @Sendable () -> (inout ModalState, LoggedEvent) -> Rejection?

    package init(name: String, start: @escaping @Sendable () -> (inout ModalState, LoggedEvent) -> Rejection?) {
        self.name = name
        self.start = start
    }

    /// A reducer with no memory of its own.
    package init(name: String, reduce: @escaping @Sendable (inout ModalState, LoggedEvent) -> Rejection?) {
        self.init(name: name) { reduce }
    }

    /// `ModalState.replay(_:)`: the one implementation of the spec.
    package static let spec = ModalReducer(name: "ModalState.replay") { state, entry in
        state.replay(entry)
    }
}

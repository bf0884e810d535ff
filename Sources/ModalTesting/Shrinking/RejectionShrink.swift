package import ModalEvents
package import ModalProjection

extension Shrinker {
    /// A shrink of a log's `events`, replayed from `start`, down to the
    /// fewest on which the event at `place` is still there and still
    /// rejected with the code it had (`modal-log shrink --rejected`).
    ///
    /// The events after it are dropped first: nothing after an event can
    /// change why it was rejected. Every name stays as logged.
    ///
    /// - Returns: The events kept, each one's place in `events`, and how
    ///   many candidates were tried; `nil` when the event at `place` was not
    ///   rejected.
    package static func keepingRejection(
        at place: Int, of events: [LoggedEvent], from start: ModalState, formatVersion: Int, budget: Int
    ) -> (events: [LoggedEvent], origins: [Int], attempts: Int)? {
        guard let code = rejection(at: place, of: events, from: start, formatVersion: formatVersion)?.code else {
            return nil
        }
        var shrinker = Shrinker(budget: budget, names: .asLogged) { candidate, origins in
            guard let kept = origins.firstIndex(of: place) else { return false }
            return rejection(at: kept, of: candidate, from: start, formatVersion: formatVersion)?.code == code
        }
        let shrunk = shrinker.shrinkFollowing(Array(events[...place]))
        return (shrunk.events, shrunk.origins, shrinker.attempts)
    }

    /// The rejection of the event at `place` of `events`, replayed from `start`.
    package static func rejection(
        at place: Int, of events: [LoggedEvent], from start: ModalState, formatVersion: Int
    ) -> Rejection? {
        var state = start
        for entry in events[..<place] {
            _ = state.replay(entry, formatVersion: formatVersion)
            // Only the last rejection is asked for: the list would grow with every one before it.
            if !state.rejected.isEmpty { state.rejected.removeAll() }
        }
        return state.replay(events[place], formatVersion: formatVersion)
    }
}

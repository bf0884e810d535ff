package import ModalEvents
package import ModalProjection

/// The checks of a state that the fuzz targets which replay events make
/// (`sidecar`, `snapshot`, `batch`).
package enum StateChecks {
    /// `state` keeps every invariant of the projection (its
    /// `invariantViolations()`, which also writes its JSON and reads it back).
    package static func checkInvariants(_ state: ModalState, _ what: @autoclosure () -> String, check: FuzzCheck) {
        let violations = state.invariantViolations()
        check(violations.isEmpty, "\(what()) breaks invariants: \(violations)")
    }

    /// One event replayed: the invariants hold after it, and a rejected one
    /// changed nothing but the seq and the rejections (the state is the one
    /// before with the rejection recorded).
    package static func checkStep(
        from before: ModalState, to after: ModalState, by entry: LoggedEvent, rejection: Rejection?, check: FuzzCheck
    ) {
        if let rejection {
            var recorded = before
            recorded.record(rejection, of: entry)
            check(after == recorded, "the rejected seq \(entry.seq) (\(rejection)) changed the state")
        }
        checkInvariants(after, "the state after seq \(entry.seq)", check: check)
    }
}

import ModalEvents
import ModalProjection

/// The `batch` fuzz target's checks: any bytes as the event lines of a log
/// of format 2 (the target puts the header before them), read leniently and
/// replayed into a `ModalState` from the empty state. After each event the
/// state keeps every invariant, and a rejected one changed nothing but the
/// seq and the rejections. A batch (spec rule 13) does what its events do
/// one by one on a copy of the state: all of them, or, when one of them is
/// rejected, nothing, with that event's rejection prefixed `events[I]: `.
/// Bad input must end in an error or a rejection; a trap, a hang or a
/// failed check is a finding.
package enum BatchFuzzing {
    /// The header the target puts before each input.
    package static let header = Array(#"{"format":"modal-events","version":2}"#.utf8) + [UInt8(ascii: "\n")]

    /// Runs every check on `bytes` as the lines after the header.
    package static func exercise(_ bytes: [UInt8], check: FuzzCheck) {
        guard let reader = try? EventLogReader(bytes: header + bytes, name: "batch", options: .init(lenient: true))
        else { return }
        var state = ModalState()
        while let entry = try? reader.next() {
            let before = state
            let rejection = state.replay(entry, formatVersion: reader.fileVersion)
            if case .batch(let events) = entry.event {
                checkBatch(events, of: entry, from: before, to: state, rejection: rejection, check: check)
            }
            StateChecks.checkStep(from: before, to: state, by: entry, rejection: rejection, check: check)
            // A replay stops where the state passes its limits.
            if state.limitExceeded(after: entry) != nil { return }
        }
    }

    /// The batch `entry` (its `events`), replayed from `before` to `after`,
    /// did what its events do one by one from `before`.
    static func checkBatch(
        _ events: [ModalEvent], of entry: LoggedEvent, from before: ModalState, to after: ModalState,
        rejection: Rejection?, check: FuzzCheck
    ) {
        // The batch's own checks come first: its source and caller, and how many events it holds.
        if let problem = entry.originProblem {
            check(
                rejection?.code == .invalidValue && rejection?.message == problem,
                "seq \(entry.seq): \(String(describing: rejection))")
            return
        }
        guard (1...ModalEvent.maximumBatchCount).contains(events.count) else {
            check(rejection?.code == .invalidValue, "seq \(entry.seq): a batch of \(events.count) events")
            return
        }
        var oneByOne = before
        for (index, event) in events.enumerated() {
            // Each event with the batch's seq, and the logged numbers of its step as its own.
            let numbers = entry.loggedNumbers.filter { $0.step == index }.map {
                LoggedNumber(step: 0, field: $0.field, value: $0.value)
            }
            do throws(Rejection) {
                switch event {
                case .batch, .sessionStart:
                    // Never one by one: a batch holds neither.
                    check(rejection?.code == .invalidValue && rejection?.batchIndex == index, "seq \(entry.seq)")
                    return
                default:
                    try oneByOne.apply(
                        LoggedEvent(seq: entry.seq, event: event, loggedNumbers: numbers), formatVersion: 2)
                }
            } catch {
                check(
                    rejection?.code == error.code && rejection?.message == "events[\(index)]: \(error.message)",
                    "seq \(entry.seq): the batch's rejection \(String(describing: rejection)), its event \(index)'s \(error)"
                )
                return
            }
        }
        check(
            rejection == nil,
            "seq \(entry.seq): a batch whose events all apply was rejected: \(String(describing: rejection))")
        check(after == oneByOne, "seq \(entry.seq): the batch's state differs from its events' one by one")
    }
}

import ModalEvents
import ModalProjection

/// The `snapshot` fuzz target's checks: any bytes as a segment of a log,
/// whose header may carry the state before its first event (`from`,
/// `state`), read into a `ModalState` as a replay starts from it
/// (`LogProjection.init(startOf:)`), then its events replayed leniently.
/// A state read must keep every invariant of the projection (its JSON
/// among them: written, it reads back to it); each event replayed after
/// it, applied or rejected, must leave one that keeps them too. Bad input must end in an
/// `EventLogError`; a trap, a hang or a failed check is a finding.
package enum SnapshotFuzzing {
    /// Segments of ``FuzzLog``'s log: for each of its events but the first,
    /// the header of a segment starting there, with the state before it, and
    /// the rest of the log; as a writer cutting the log there would write it.
    package static func seeds() -> [[UInt8]] {
        let steps = FuzzLog.steps
        return steps.indices.dropFirst().map { first in
            let header = LogHeader(
                version: FuzzLog.header.version, from: first + 1, snapshot: steps[first - 1].state.json,
                fields: FuzzLog.header.fields)
            return EventLogEncoder.encode(header)
                + steps[first...].flatMap { EventLogEncoder.encode($0.entry, version: header.version) }
        }
    }

    /// Runs every check on `bytes` as a segment.
    package static func exercise(_ bytes: [UInt8], check: FuzzCheck) {
        guard let reader = try? EventLogReader(bytes: bytes, name: "segment", options: .init(lenient: true)),
            var state = try? ModalState(startOf: reader)
        else { return }
        if reader.header.snapshot != nil {
            StateChecks.checkInvariants(state, "the header's state", check: check)
        }
        while let entry = try? reader.next() {
            let before = state
            let rejection = state.replay(entry, formatVersion: reader.fileVersion)
            StateChecks.checkStep(from: before, to: state, by: entry, rejection: rejection, check: check)
            // A replay stops where the state passes its limits.
            if state.limitExceeded(after: entry) != nil { return }
        }
    }
}

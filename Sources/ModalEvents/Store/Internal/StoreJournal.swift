/// The log file a store runs on: each event the store takes is written to
/// it, under the store's lock, before subscribers hear of it.
@usableFromInline
struct StoreJournal<State: EventProjection>: Sendable {
    @usableFromInline
    let writer: EventLogWriter
    /// The state as JSON, for the header of a new segment.
    @usableFromInline
    let snapshot: @Sendable (State) -> JSONValue

    @usableFromInline
    init(writer: EventLogWriter, snapshot: @escaping @Sendable (State) -> JSONValue) {
        self.writer = writer
        self.snapshot = snapshot
    }

    /// Writes `entries`, which follow `before`; when the disk refuses, puts
    /// `state` back to `before`, so the store neither holds nor applies them.
    @inlinable
    func write(
        _ entries: [LoggedEvent], after before: State, rollingBack state: inout State
    ) throws(EventStoreError<State.Rejection>) {
        do {
            try writer.append(contentsOf: entries) { snapshot(before) }
        } catch {
            state = before
            throw error.kind == .limitExceeded ? .limitExceeded(error) : .writeFailed(error)
        }
    }
}

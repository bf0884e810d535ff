package import ModalEvents
import ModalProjection

/// The state at the end of the log `source` holds, read by a ``LogCursor``:
/// the one way to a seq.
package func replayed<State: LogProjection>(
    _ source: LogSource, as type: State.Type = ModalState.self,
    options: EventLogReader.Options = EventLogReader.Options()
) throws(EventLogError) -> State {
    let cursor = try LogCursor<State>(source, options: LogCursor<State>.Options(reading: options))
    try cursor.advance()
    return cursor.state
}

/// The state after every event `reader` has left to read, from the state
/// its log starts from: for a test that reads a part of a log (one segment
/// alone, or from a position) with a reader of its own.
package func replayed<State: LogProjection>(
    reader: EventLogReader, as type: State.Type = ModalState.self
) throws(EventLogError) -> State {
    var state = try State(startOf: reader)
    while let entry = try reader.next() { try state.replay(entry, readBy: reader) }
    return state
}

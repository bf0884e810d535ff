extension LogIndex {
    /// Replays the log from its start and holds every checkpoint to the
    /// replay: its place in the log, its time, how much history it holds,
    /// and its state. What the sidecar's hashes cannot do: they find
    /// damage, not intent, and a sidecar whose states were changed and
    /// whose hashes were made again is believed by every read that seeks
    /// from it. A proven index holds only what the log replays to, so one
    /// that came from elsewhere can be trusted.
    ///
    /// - Returns: `nil` when every checkpoint is the replay's; else what is
    ///   wrong with the first that is not (`checkpoint at seq 3000: its
    ///   state is not the state the log replays to`).
    /// - Throws: ``EventLogError`` for a fault of the log itself.
    /// - Complexity: O(*n*) in the log's length, and the size of every
    ///   checkpoint's state.
    package func disproof(options: EventLogReader.Options = EventLogReader.Options()) throws(EventLogError)
        -> String?
    {
        // The one read path, from the log's start: the cursor uses no index.
        let cursor = try LogCursor<State>(.path(logPath), options: .init(reading: options))
        for place in checkpoints.indices {
            let checkpoint = checkpoints[place]
            try cursor.advance(through: checkpoint.seq)
            let state = cursor.state
            let wrong = { (what: String) in "checkpoint at seq \(checkpoint.seq): \(what)" }
            guard state.seq == checkpoint.seq else { return wrong("the log ends at seq \(state.seq)") }
            guard cursor.reader.position == checkpoint.position else {
                return wrong("its place in the log is not the event's")
            }
            guard cursor.lastTime == checkpoint.time else { return wrong("its time is not the log's") }
            guard state.historyLength == checkpoint.historyCount else {
                return wrong("its history holds \(checkpoint.historyCount) elements, the log's \(state.historyLength)")
            }
            let recorded: State
            do throws(IndexFault) {
                recorded = try self.state(atCheckpoint: place)
            } catch {
                return error.message
            }
            guard recorded.json == state.json else { return wrong("its state is not the state the log replays to") }
        }
        return nil
    }
}

extension EventLogWriter {
    /// Opens the log at `path` to append to it: creates it with `header`
    /// when it does not exist (or is an empty file), or resumes it.
    ///
    /// Resuming reads the whole log through a ``LogCursor`` (with
    /// ``Options/indexInterval``, from the index's last checkpoint, the
    /// index kept up to date), checking every line as a reader does, and
    /// replays it into the state the caller's next event applies to. A
    /// torn last line is cut off (a warning in ``recoveryWarnings`` says what
    /// was dropped); everything fully written stays. A malformed line
    /// anywhere else is an error: appending after it would hide it.
    ///
    /// The writer holds the log's lock from the start until ``close()``:
    /// every file of the log is changed under it. When another writer holds
    /// it (another process, or another writer in this one), opening throws
    /// `writeFailed` ("another writer has the log open") and changes nothing.
    ///
    /// - Parameters:
    ///   - path: A file; or with ``Options/segments``, a folder of segments.
    ///   - header: The header of a new log, and the other fields every new
    ///     segment copies. A resumed log keeps its own.
    ///   - options: Durability, segments, and the limits for reading.
    /// - Returns: The writer, the state after the log's last event, and that
    ///   event's time.
    /// - Throws: ``EventLogError`` naming the file and line of the first fault.
    public static func open<State: LogProjection>(
        _ path: String, as _: State.Type = State.self, header: LogHeader = LogHeader(),
        options: Options = Options()
    ) throws(EventLogError) -> (writer: EventLogWriter, state: State, lastTime: Double?) {
        switch try prepare(path, header: header, options: options) {
        case .new(let writer):
            return (writer, State(), nil)
        case .existing(let lock, let lastFile, let warnings):
            // Resuming never skips a malformed line: appending after one would hide it.
            var reading = options.reading
            reading.lenient = false
            // The index only saves time: a folder that will not take it costs a full replay next time, no data.
            let policy = options.indexInterval.map { IndexPolicy.maintained(every: $0) } ?? .ignored
            let cursor = try LogCursor<State>(
                .path(path), at: nil, options: .init(reading: reading, index: policy), holding: lock)
            try cursor.advance()
            let writer = try EventLogWriter(
                appendingAfter: cursor.reader, to: path, lastFile: lastFile, lock: lock, options: options,
                warnings: warnings)
            return (writer, cursor.state, cursor.lastTime)
        }
    }
}

import Synchronization

extension EventStore where State: LogProjection {
    /// A store that runs on the log file at `path`: it resumes the log (its
    /// state is the log's, and new times follow the log's last), and writes
    /// every event it appends or replays to it, before subscribers hear of it.
    ///
    /// An event the disk refuses is neither kept nor applied: the append
    /// throws ``EventStoreError/writeFailed(_:)``. How soon an event is
    /// synced follows `logOptions.durability`; ``log`` syncs and closes.
    ///
    /// ```swift
    /// let store = try ModalStore(logAt: "session.jsonl", logOptions: .init(durability: .group()))
    /// ```
    ///
    /// - Parameters:
    ///   - path: The log: a file, or with ``EventLogWriter/Options/segments`` a folder.
    ///   - header: The header of a new log.
    ///   - options: Retention and timestamps; with a log on disk, a
    ///     retention of ``EventStoreOptions/Retention/last(_:)`` keeps memory bounded.
    ///   - logOptions: Durability, segments, limits for reading.
    /// - Throws: ``EventLogError`` when the log cannot be opened or resumed.
    public convenience init(
        logAt path: String, header: LogHeader = LogHeader(), options: EventStoreOptions = EventStoreOptions(),
        logOptions: EventLogWriter.Options = EventLogWriter.Options()
    ) throws(EventLogError) {
        let opened = try EventLogWriter.open(path, as: State.self, header: header, options: logOptions)
        self.init(state: opened.state, options: options)
        core.withLock { core in
            core.journal = StoreJournal(writer: opened.writer) { $0.json }
            if let time = opened.lastTime { core.clock.resume(from: time) }
        }
    }

    /// The log file the store runs on, if it runs on one: to sync it, close
    /// it, or read its ``EventLogWriter/durableSeq``.
    public var log: EventLogWriter? {
        core.withLock { $0.journal?.writer }
    }
}

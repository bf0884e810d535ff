/// What a store that opens a log holding events does about the session the
/// log ends in (format version 2's `session.start`, rule 12).
public struct LogSession: Sendable, Hashable {
    /// The `info` of the `session.start` to append; `nil` to append none.
    let startInfo: JSONValue??

    /// The app was launched again: nothing the last process showed is on
    /// screen, so the store appends `session.start` with `info` (a build, a
    /// device), and its state starts with no roots. The default.
    public static func new(info: JSONValue? = nil) -> LogSession { LogSession(startInfo: .some(info)) }

    /// ``new(info:)`` with no `info`.
    public static let new = LogSession.new(info: nil)

    /// The same process opens its log again: the store goes on with the
    /// state the log ends in.
    public static let continueLast = LogSession(startInfo: .none)
}

extension EventStore where State: LogProjection {
    /// A store that runs on the log file at `path`: it resumes the log (its
    /// state is the log's, and new times follow the log's last), and writes
    /// every event it appends or replays to it, before subscribers hear of it.
    ///
    /// An app that opens its log at launch gets a new session: when the log
    /// holds events, the store appends `session.start` (source `system`), so
    /// the last process's modals are gone and the app registers its roots
    /// again. A new log needs none. A version-1 log has no `session.start`:
    /// the state says in version 1's words what it means, if it can
    /// (``LogProjection/sessionStart(info:formatVersion:)``). Pass
    /// ``LogSession/continueLast`` to go on with the state the log ends in.
    ///
    /// An event the disk refuses is neither kept nor applied: the append
    /// throws ``EventStoreError/writeFailed(_:)``; one no reader could read
    /// back, ``EventStoreError/limitExceeded(_:)``, as without a log. How soon an event is
    /// synced follows `logOptions.durability`; ``log`` syncs and closes.
    ///
    /// ```swift
    /// let store = try ModalStore(logAt: "modals.jsonl", session: .new(info: ["build": "4.2"]))
    /// ```
    ///
    /// - Parameters:
    ///   - path: The log: a file, or with ``EventLogWriter/Options/segments`` a folder.
    ///   - session: Whether a log that holds events gets a new session.
    ///   - header: The header of a new log.
    ///   - options: Retention and timestamps; with a log on disk, a
    ///     retention of ``EventStoreOptions/Retention/last(_:)`` keeps memory bounded.
    ///   - logOptions: Durability, segments, limits for reading.
    /// - Throws: ``EventLogError`` when the log cannot be opened or resumed,
    ///   or (`olderVersion`) when a new session is asked of a version-1 log
    ///   and the state cannot say it there: upgrade it first
    ///   (``EventLogWriter/upgrade(_:as:options:)``).
    public convenience init(
        logAt path: String, session: LogSession = .new, header: LogHeader = LogHeader(),
        options: EventStoreOptions = EventStoreOptions(), logOptions: EventLogWriter.Options = EventLogWriter.Options(),
        fileID: String = #fileID, line: Int = #line
    ) throws(EventLogError) {
        let opened = try EventLogWriter.open(path, as: State.self, header: header, options: logOptions)
        var sessionStart: [ModalEvent] = []
        if opened.state.seq > 0, case .some(let info) = session.startInfo {
            guard let events = opened.state.sessionStart(info: info, formatVersion: opened.writer.version) else {
                try? opened.writer.close()
                throw EventLogError(
                    .olderVersion, file: path,
                    message:
                        "the log is format version \(opened.writer.version), which has no sessions: upgrade it "
                        + "('modal-log upgrade') or open it with session: .continueLast")
            }
            sessionStart = events
        }
        self.init(state: opened.state, options: options)
        core.withLock { core in
            core.journal = StoreJournal(writer: opened.writer) { $0.json }
            if let time = opened.lastTime { core.clock.resume(from: time) }
        }
        guard !sessionStart.isEmpty else { return }
        do throws(EventStoreError<State.Rejection>) {
            // One write: a crash leaves the last session whole or ended.
            try append(contentsOf: sessionStart, source: .system, fileID: fileID, line: line)
        } catch {
            try? opened.writer.close()
            switch error {
            case .writeFailed(let error): throw error
            case .limitExceeded(var error):
                error.file = path
                error.message = "cannot start a new session: \(error.message)"
                throw error
            default: break
            }
            throw EventLogError(.writeFailed, file: path, message: "cannot start a new session: \(error)")
        }
    }

    /// The log file the store runs on, if it runs on one: to sync it, close
    /// it, or read its ``EventLogWriter/durableSeq``.
    public var log: EventLogWriter? {
        core.withLock { $0.journal?.writer }
    }
}

/// What opening a log did to the index beside it (its sidecar), and the
/// one warning to show a person when there is something to say: what
/// ``LogCursor/indexReport`` tells.
public struct IndexReport: Sendable, Hashable {
    /// What was done to the sidecar.
    public enum Change: Sendable, Hashable {
        /// The sidecar was current (or behind, and left so): nothing changed.
        case unchanged
        /// The sidecar was current, but the times it kept of the log's files
        /// were not theirs (too recent to keep when it was built, or the
        /// files were touched or copied since): it keeps their times now, so
        /// the next check need not read the log.
        case refreshed
        /// There was none: one was built and written.
        case created
        /// The log had grown: checkpoints were added for the rest.
        case extended
        /// The sidecar no longer matched the log, for `reason`: it was built again.
        case rebuilt(reason: String)
    }

    /// The sidecar's path.
    public var sidecar: String
    /// What was done to it.
    public var change: Change
    /// Why it was left behind its log: it could not be written (another
    /// writer has the log open, or the disk refused).
    public var writeError: EventLogError?
    /// Why it could not be built again after it led a read astray: the
    /// log has a fault further on than the read went.
    public var buildError: EventLogError?

    /// One line for a person (without a `warning:` prefix), or `nil`
    /// when the sidecar was fine or only brought up to date.
    public var warning: String? {
        if let buildError { return "\(sidecar) cannot be built again: \(buildError)" }
        switch (change, writeError) {
        case (.rebuilt(let reason), nil): return "built \(sidecar) again: \(reason)"
        case (.rebuilt(let reason), let error?):
            return "\(sidecar) is out of date (\(reason)) and cannot be written: \(error)"
        case (_, let error?): return "\(sidecar) cannot be brought up to date: \(error)"
        case (_, nil): return nil
        }
    }
}

/// The index behind a ``LogCursor``: it reads the sidecar of a log on disk,
/// brings it up to date as the cursor's ``IndexPolicy`` says (extends,
/// creates, or builds again), writes it when that changed it, and builds
/// it again when it leads a read astray; ``report`` says what it did.
package struct IndexKeeper<State: LogProjection> {
    /// The index; `nil` after it could not be built again.
    package private(set) var index: LogIndex<State>?
    package private(set) var report: IndexReport
    private let logPath: String
    private let policy: IndexPolicy
    private let reading: EventLogReader.Options
    /// The log's lock, when the cursor's caller (a writer) holds it: the sidecar is written under it.
    private let lock: LogLock?

    /// The index of the log at `path`, brought up to date as `policy` says:
    /// a sidecar that no longer matches the log, or keeps another interval
    /// than the policy's, is built again; one behind the log is extended
    /// when the policy extends; a missing one is built when it creates.
    /// What changed is written.
    ///
    /// - Returns: `nil` when there is no sidecar and the policy creates none.
    /// - Throws: ``EventLogError`` for a fault in the log.
    package static func open(
        logAt path: String, policy: IndexPolicy, reading: EventLogReader.Options, holding lock: LogLock?
    ) throws(EventLogError) -> IndexKeeper? {
        func keeper(_ index: LogIndex<State>, _ change: IndexReport.Change) -> IndexKeeper {
            IndexKeeper(index, change, path: path, policy: policy, reading: reading, lock: lock)
        }
        let rebuild: (reason: String, interval: Int?)
        switch LogIndex<State>.verdict(
            forLogAt: path, interval: policy.interval, checkingEveryLine: policy.checksEveryLine,
            in: reading.fileSystem)
        {
        case .missing:
            guard policy.creates else { return nil }
            let interval = policy.interval ?? LogIndex<State>.defaultInterval
            return keeper(try LogIndex<State>.build(forLogAt: path, interval: interval, options: reading), .created)
        case .current(let existing):
            let refreshed = existing.withCurrentTimes()
            return keeper(refreshed ?? existing, refreshed == nil ? .unchanged : .refreshed)
        case .behind(let existing) where !policy.extends:
            return keeper(existing, .unchanged)
        case .behind(let existing):
            let last: State?
            do throws(IndexFault) {
                last = try existing.lastCheckpointState()
            } catch {
                rebuild = ("it cannot be read: \(error.message)", existing.interval)
                break
            }
            return keeper(try existing.extended(from: last, options: reading), .extended)
        case .stale(let reason, let keptInterval):
            rebuild = (reason, keptInterval)
        }
        // A sidecar built again keeps its interval unless another is asked for.
        let interval = policy.interval ?? rebuild.interval ?? LogIndex<State>.defaultInterval
        return keeper(
            try LogIndex<State>.build(forLogAt: path, interval: interval, options: reading),
            .rebuilt(reason: rebuild.reason))
    }

    /// A keeper with no index yet, for a log whose sidecar could not be
    /// opened: ``rebuild(ledAstrayBy:)`` builds one, or says why it cannot.
    package init(logAt path: String, policy: IndexPolicy, reading: EventLogReader.Options, holding lock: LogLock?) {
        self.index = nil
        self.report = IndexReport(sidecar: LogIndex<State>.path(forLog: path), change: .unchanged)
        self.logPath = path
        self.policy = policy
        self.reading = reading
        self.lock = lock
    }

    private init(
        _ index: LogIndex<State>, _ change: IndexReport.Change, path: String, policy: IndexPolicy,
        reading: EventLogReader.Options, lock: LogLock?
    ) {
        self.index = index
        self.report = IndexReport(sidecar: index.path, change: .unchanged)
        self.logPath = path
        self.policy = policy
        self.reading = reading
        self.lock = lock
        if change != .unchanged { record(change) }
    }

    /// Where a read of the state right after `seq` starts: the checkpoint
    /// at or before it, its state and a reader right after it; `nil` when
    /// `seq` comes before the first (the read starts at the log's top). A
    /// checkpoint whose state cannot be read is the sidecar's fault: the
    /// index is built again, and said so.
    ///
    /// - Throws: ``EventLogError`` for a fault in the log, or in a
    ///   checkpoint's place in it (which the caller confirms from the top).
    package mutating func start(
        atOrBefore seq: Int
    ) throws(EventLogError) -> (state: State, reader: EventLogReader, time: Double?)? {
        guard var index, var place = index.place(atOrBefore: seq) else { return nil }
        let state: State
        do throws(IndexFault) {
            state = try index.state(atCheckpoint: place)
        } catch {
            index = try rebuild(because: "it cannot be read: \(error.message)")
            guard let rebuiltPlace = index.place(atOrBefore: seq) else { return nil }
            place = rebuiltPlace
            state = try index.locatedState(atCheckpoint: place)
        }
        return (state, try index.reader(after: place, options: reading), index.checkpoints[place].time)
    }

    /// Builds the index again after `error`, found from it, was not found
    /// from the top.
    ///
    /// - Returns: The fault that kept it from being built (also in the
    ///   report): the log has one further on than the read went.
    @discardableResult
    package mutating func rebuild(ledAstrayBy error: EventLogError) -> EventLogError? {
        do {
            _ = try rebuild(because: "reading from it found a fault a read from the top does not (\(error))")
            return nil
        } catch {
            index = nil
            report = IndexReport(sidecar: LogIndex<State>.path(forLog: logPath), change: .unchanged, buildError: error)
            return error
        }
    }

    /// Builds the index of the log again, as often as the policy asks, or as
    /// the index kept its checkpoints; writes it, and says why in the report.
    private mutating func rebuild(because reason: String) throws(EventLogError) -> LogIndex<State> {
        let interval =
            policy.interval ?? index?.interval
            ?? LogIndex<State>.rebuildInterval(forLogAt: logPath, in: reading.fileSystem)
        let rebuilt = try LogIndex<State>.build(forLogAt: logPath, interval: interval, options: reading)
        index = rebuilt
        record(.rebuilt(reason: reason))
        return rebuilt
    }

    /// Writes the index, which `change` changed, and says so in the report.
    private mutating func record(_ change: IndexReport.Change) {
        guard let index else { return }
        report = IndexReport(sidecar: index.path, change: change)
        do {
            if let lock { try index.write(holding: lock) } else { try index.write() }
        } catch {
            report.writeError = error
        }
    }
}

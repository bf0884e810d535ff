/// Why an ``EventStore`` did not append: nothing was appended.
public enum EventStoreError<Rejection: Error>: Error, CustomStringConvertible {
    /// The projection rejected the event against the current state (for
    /// the modal state, a `Rejection` with the spec's code).
    case rejected(Rejection)
    /// Optimistic concurrency: the caller expected the log to end at
    /// `expected`, but another writer got there first and it ends at `actual`.
    case conflict(expected: Int, actual: Int)
    /// ``EventStore/replay(_:)`` got an entry whose `seq` does not follow the
    /// last one: the log needs `expected`, the entry has `found`.
    case seqOutOfOrder(expected: Int, found: Int)
    /// The store runs on a log file, and writing the event to it failed (a
    /// full disk, a closed log, an earlier failed sync): the event was
    /// neither written nor applied.
    case writeFailed(EventLogError)
    /// The event is more than a log can hold, with a log file or without
    /// one: the log is full (its last seq is 2^63 - 1, the last a log
    /// holds), or no reader could read the
    /// event's line back under the store's reading limits. The error,
    /// `limitExceeded`, says which. Nothing was appended.
    case limitExceeded(EventLogError)

    public var description: String {
        switch self {
        case .rejected(let rejection):
            "rejected: \(rejection)"
        case .conflict(let expected, let actual):
            "conflict: expected the log to end at seq \(expected), but it ends at seq \(actual)"
        case .seqOutOfOrder(let expected, let found):
            "seq out of order: expected seq \(expected), found seq \(found)"
        case .writeFailed(let error):
            "write failed: \(error)"
        case .limitExceeded(let error):
            "limit exceeded: \(error)"
        }
    }
}

extension EventStoreError: Equatable where Rejection: Equatable {}

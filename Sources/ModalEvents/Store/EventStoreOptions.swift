/// How an ``EventStore`` keeps its events and stamps their time.
public struct EventStoreOptions: Sendable {
    /// How many events the store keeps in memory.
    public var retention: Retention
    /// Where an appended event's `time` comes from.
    public var timestamps: Timestamps
    /// What no event the store takes may exceed, with a log file or without
    /// one: the line a log would hold it in must read back under these
    /// limits (its length, its nesting, its longest string). An event past
    /// them throws ``EventStoreError/limitExceeded(_:)``, and nothing of it
    /// is kept. The defaults are a reader's.
    public var limits: EventLogReader.Options

    public init(
        retention: Retention = .all, timestamps: Timestamps = .elapsed,
        limits: EventLogReader.Options = EventLogReader.Options()
    ) {
        self.retention = retention
        self.timestamps = timestamps
        self.limits = limits
    }

    /// How many events a store keeps in memory for ``EventStore/events``
    /// and catch-up subscriptions. The state never depends on it.
    public enum Retention: Sendable, Hashable {
        /// Every event since the store began.
        case all
        /// The last `count` events (0 keeps none), so a long-running app's
        /// memory stays bounded.
        case last(Int)
    }

    /// Where an appended event's `time` (seconds since the log began) comes from.
    public enum Timestamps: Sendable {
        /// Seconds since the store was created, on a monotonic clock, in
        /// microseconds; after ``EventStore/replay(_:)``, continuing after the
        /// last replayed time when that is later.
        case elapsed
        /// Events carry no `time`.
        case none
        /// Each call gives the next event's time (a fixed clock in tests).
        case custom(@Sendable () -> Double)
    }
}

/// Stamps appended events with `time`, seconds since the log began.
@usableFromInline
struct StoreClock {
    @usableFromInline
    let timestamps: EventStoreOptions.Timestamps
    /// The time at `start`: the last time of a replayed log, or 0.
    @usableFromInline
    var base: Double = 0
    @usableFromInline
    var start = ContinuousClock.now

    @inlinable
    init(_ timestamps: EventStoreOptions.Timestamps) {
        self.timestamps = timestamps
    }

    /// The time for the next appended event.
    @inlinable
    func now() -> Double? {
        switch timestamps {
        case .none:
            return nil
        case .custom(let next):
            return next()
        case .elapsed:
            let elapsed = start.duration(to: .now).components
            let seconds = base + Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
            return (seconds * 1e6).rounded() / 1e6
        }
    }

    /// Continues from a replayed event's time when it is later than now, so
    /// times keep increasing.
    @inlinable
    mutating func resume(from time: Double) {
        guard case .elapsed = timestamps, let now = now(), time > now else { return }
        base = time
        start = .now
    }
}

/// The events a store holds: every one, or the last `capacity` in a ring.
///
/// Events are contiguous in `seq`, so an event's place follows from its seq.
@usableFromInline
struct EventWindow {
    @usableFromInline
    var storage: ContiguousArray<LoggedEvent> = []
    /// Where the oldest held event sits in `storage` once the ring is full.
    @usableFromInline
    var head = 0
    /// `nil` keeps every event.
    @usableFromInline
    let capacity: Int?
    /// The seq of the last event appended (held or not).
    @usableFromInline
    var lastSeq: Int

    @inlinable
    init(retention: EventStoreOptions.Retention, lastSeq: Int) {
        switch retention {
        case .all:
            capacity = nil
        case .last(let count):
            precondition(count >= 0, "EventStoreOptions.Retention.last(\(count)): the count must not be negative")
            capacity = count
        }
        self.lastSeq = lastSeq
    }

    @inlinable
    var count: Int { storage.count }

    /// The seq of the oldest event held; `lastSeq + 1` when none is (and
    /// `lastSeq` at the last seq a log holds, where none can follow).
    @inlinable
    var firstSeq: Int {
        storage.isEmpty ? LoggedEvent.rejectionSeq(after: lastSeq) : lastSeq - (storage.count - 1)
    }

    /// - Complexity: O(1), amortized.
    @inlinable
    mutating func append(_ entry: LoggedEvent) {
        lastSeq = entry.seq
        guard let capacity else {
            storage.append(entry)
            return
        }
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[head] = entry
            head = (head + 1) % capacity
        }
    }

    @inlinable
    subscript(seq: Int) -> LoggedEvent {
        let offset = seq - firstSeq
        return storage[(head + offset) % storage.count]
    }

    /// The held events with `seq` in `range`, oldest first.
    ///
    /// - Complexity: O(*k*) in the number of events returned.
    @inlinable
    func events(in range: ClosedRange<Int>) -> [LoggedEvent] {
        let lower = max(range.lowerBound, firstSeq)
        let upper = min(range.upperBound, lastSeq)
        guard !storage.isEmpty, lower <= upper else { return [] }
        var result: [LoggedEvent] = []
        result.reserveCapacity(upper - lower + 1)
        for seq in lower...upper { result.append(self[seq]) }
        return result
    }
}

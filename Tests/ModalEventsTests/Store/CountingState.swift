import ModalEvents
import TestSupport

/// A projection that is not the modal state: the store's core runs any.
/// It counts events per type and refuses `dimming.tap` on the root "refuse".
struct CountingState: EventProjection, Hashable {
    struct Refused: Error, Hashable {
        var seq: Int
    }

    var seq = 0
    var counts: [EventType: Int] = [:]
    var refused: [Refused] = []

    mutating func apply(_ entry: LoggedEvent) -> Refused? {
        defer { seq = entry.seq }
        do {
            try accept(entry)
            return nil
        } catch {
            refused.append(error)
            return error
        }
    }

    mutating func accept(_ entry: LoggedEvent) throws(Refused) {
        if case .dimmingTap("refuse") = entry.event { throw Refused(seq: entry.seq) }
        counts[entry.event.type, default: 0] += 1
        seq = entry.seq
    }
}

typealias CountingStore = EventStore<CountingState>

extension EventStore where State == CountingState {
    /// A store with a fixed clock: times 1, 2, 3, ... in append order.
    static func counting(retention: EventStoreOptions.Retention = .all) -> CountingStore {
        let clock = TestClock()
        return CountingStore(
            state: CountingState(), options: EventStoreOptions(retention: retention, timestamps: .custom(clock.next)))
    }
}

/// Ticks one second per call.
final class TestClock: Sendable {
    private let ticks = Counter()
    @Sendable func next() -> Double { Double(ticks.increment()) }
}

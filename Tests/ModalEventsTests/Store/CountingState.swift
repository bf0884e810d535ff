import ModalEvents
import TestSupport

/// A projection that is not the modal state: the store's core runs any.
/// It counts events per type and rejects `dimming.tap` on the root
/// "reject", and in a log of format version 1 on the root "old" too.
struct CountingState: EventProjection, Hashable {
    struct Rejected: Error, Hashable {
        var seq: Int
    }

    var seq = 0
    var counts: [EventType: Int] = [:]
    var rejected: [Rejected] = []

    mutating func apply(_ entry: LoggedEvent) throws(Rejected) {
        if case .dimmingTap("reject") = entry.event { throw Rejected(seq: entry.seq) }
        counts[entry.event.type, default: 0] += 1
        seq = entry.seq
    }

    mutating func record(_ rejection: Rejected, of entry: LoggedEvent) {
        rejected.append(rejection)
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

/// The counting state as a log holds it: JSON for segment headers, and a
/// limit of 3 `root.register` events, so the generic limit check has a test.
extension CountingState: LogProjection {
    static let maximumRegistrations = 3

    var json: JSONValue {
        let counts = counts.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            JSONMember($0.key.rawValue, .number(JSONNumber($0.value)))
        }
        return [
            "seq": .number(JSONNumber(seq)), "counts": .object(counts),
            "rejected": .array(rejected.map { .number(JSONNumber($0.seq)) }),
        ]
    }

    init(json: JSONValue) throws(EventLogError) {
        guard case .number(let seq) = json["seq"], let seq = Int(seq.literal),
            case .object(let counts) = json["counts"], case .array(let rejected) = json["rejected"]
        else { throw EventLogError(.invalidState, message: "not a counting state") }
        self.seq = seq
        for member in counts {
            guard let type = EventType(rawValue: member.key), case .number(let count) = member.value,
                let count = Int(count.literal)
            else { throw EventLogError(.invalidState, message: "bad count \(member.key)") }
            self.counts[type] = count
        }
        self.rejected = rejected.compactMap { value in
            guard case .number(let seq) = value else { return nil }
            return Int(seq.literal).map(Rejected.init(seq:))
        }
    }

    mutating func apply(_ entry: LoggedEvent, formatVersion: Int) throws(Rejected) {
        if formatVersion < 2, case .dimmingTap("old") = entry.event { throw Rejected(seq: entry.seq) }
        try apply(entry)
    }

    func limitExceeded(after entry: LoggedEvent) -> ExceededLimit? {
        (counts[.rootRegister] ?? 0) > Self.maximumRegistrations
            ? ExceededLimit(maximum: Self.maximumRegistrations, of: "registrations") : nil
    }
}

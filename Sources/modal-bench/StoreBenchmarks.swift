import ModalEvents
import ModalProjection
import Observation

/// The store's work written for `ModalState` alone, with no generics: lock,
/// check and apply, keep the event, tell Observation, then call the
/// subscribers outside the lock. The generic store is measured against it in
/// the same run, so the ratio is what being generic (and the store's
/// bookkeeping: the delivery queue, catch-up, filters) costs.
final class HandWrittenStore: Sendable, Observable {
    private let core = Lock<(state: ModalState, events: [LoggedEvent])>((ModalState(), []))
    private let subscribers: [@Sendable (LoggedEvent) -> Void]
    private let registrar = ObservationRegistrar()

    init(subscribers: Int) {
        self.subscribers = (0..<subscribers).map { _ in { _ in } }
    }

    var state: ModalState {
        registrar.access(self, keyPath: \.state)
        return core.withLock { $0.state }
    }

    func append(_ event: ModalEvent) throws(Rejection) {
        let entry = try core.withLock { core throws(Rejection) in
            let entry = LoggedEvent(seq: core.state.seq + 1, event: event)
            try core.state.apply(entry)
            core.events.append(entry)
            return entry
        }
        registrar.willSet(self, keyPath: \.state)
        registrar.didSet(self, keyPath: \.state)
        for subscriber in subscribers { subscriber(entry) }
    }
}

/// Appends to a store with 0, 10 and 100 subscribers, against the
/// hand-written store in the same run.
func storeBenchmarks(count: Int, measure: Measure) -> [Row] {
    let events = storeCommands(count: count)
    var rows: [Row] = []
    for subscribers in [0, 10, 100] {
        let handWritten = measure.seconds(prepare: { HandWrittenStore(subscribers: subscribers) }) { store in
            for event in events { try! store.append(event) }
        }
        let generic = measure.seconds(prepare: { () -> (ModalStore, [SubscriptionToken]) in
            let store = ModalStore(options: EventStoreOptions(timestamps: .none))
            let tokens = (0..<subscribers).map { _ in store.subscribe { _ in } }
            return (store, tokens)
        }) { store, tokens in
            for event in events { try! store.append(event) }
            precondition(store.lastSeq == count)
            withExtendedLifetime(tokens) {}
        }
        let perSecond = Double(count) / generic
        let ofHandWritten = handWritten / generic
        let (target, met, shortBy) =
            switch subscribers {
            case 10:
                (
                    ">= 3 M/s, >= 0.9x", perSecond >= 3e6 && ofHandWritten >= 0.9,
                    max(1 - perSecond / 3e6, 1 - ofHandWritten / 0.9)
                )
            case 100: (">= 1 M/s", perSecond >= 1e6, 1 - perSecond / 1e6)
            default: ("", true, 0)
            }
        rows.append(
            Row(
                measure: "store appends, \(subscribers) subscribers", events: count, result: rate(count, generic),
                baseline: "hand-written store \(rate(count, handWritten))",
                ratio: "\(fixed(ofHandWritten, digits: 2))x its speed", target: target,
                verdict: target.isEmpty ? "" : verdict(met: met, shortBy: shortBy)))
    }
    let timed = measure.seconds(prepare: { ModalStore() }) { store in
        for event in events { try! store.append(event) }
    }
    rows.append(
        Row(measure: "store appends, 0 subscribers, timestamps", events: count, result: rate(count, timed)))
    return rows
}

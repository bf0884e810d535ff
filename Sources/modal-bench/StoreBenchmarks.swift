import ModalEvents
import ModalProjection
import Observation
import Synchronization

/// A realistic workload that the spec accepts throughout: one root, and
/// modals presented, presented, paged through, snapped, dragged and
/// dismissed, a few live at a time.
func storeWorkload(count: Int) -> [ModalEvent] {
    var events: [ModalEvent] = [.rootRegister(RootRegistration())]
    var round = 0
    while events.count < count {
        let link = "sheet-\(round % 4)"
        events += [
            .modalPresent(ModalPresentation(link: link, content: "Sheet", snapPoints: [0.5, 1])),
            .modalPresented(link: link),
            .cardPush(link: link, content: "Page"),
            .snapTo(link: link, index: 1),
            .dragChange(link: link, position: 0.6),
            .dragEnd(link: link, velocity: 0.4),
            .cardPop(link: link),
            .keyboardChange(height: round % 2 == 0 ? 300 : 0),
            .modalDismiss(link: link),
            .modalDismissed(link: link),
        ]
        round += 1
    }
    return Array(events.prefix(count))
}

/// The store's work written for `ModalState` alone, with no generics: lock,
/// check and apply, keep the event, tell Observation, then call the
/// subscribers outside the lock. The generic store is measured against it in
/// the same run, so the ratio is what being generic (and the store's
/// bookkeeping: the delivery queue, catch-up, filters) costs.
final class HandWrittenStore: Sendable, Observable {
    private let core = Mutex<(state: ModalState, events: [LoggedEvent])>((ModalState(), []))
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
            try core.state.accept(entry)
            core.events.append(entry)
            return entry
        }
        registrar.willSet(self, keyPath: \.state)
        registrar.didSet(self, keyPath: \.state)
        for subscriber in subscribers { subscriber(entry) }
    }
}

func storeBenchmarks(count: Int, measure: Measure) -> [Row] {
    let events = storeWorkload(count: count)
    let reducer = measure.seconds(prepare: { ModalState() }) { start in
        var state = start
        for (index, event) in events.enumerated() {
            state.apply(LoggedEvent(seq: index + 1, event: event))
        }
        precondition(state.rejected.isEmpty && state.seq == count)
    }
    var rows = [Row(name: "reducer alone (ModalState.apply)", events: count, seconds: reducer)]
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
        rows.append(Row(name: "hand-written store, \(subscribers) subscribers", events: count, seconds: handWritten))
        rows.append(
            Row(
                name: "EventStore<ModalState>, \(subscribers) subscribers", events: count, seconds: generic,
                baseline: handWritten))
    }
    let timed = measure.seconds(prepare: { ModalStore() }) { store in
        for event in events { try! store.append(event) }
    }
    rows.append(Row(name: "EventStore<ModalState>, 0 subscribers, timestamps", events: count, seconds: timed))
    return rows
}

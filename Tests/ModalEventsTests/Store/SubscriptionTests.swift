import Dispatch
import ModalEvents
import TestSupport
import Testing

@Suite struct SubscriptionTests {
    @Test func aSubscriberGetsEachLiveEventOnceInOrder() throws {
        let store = CountingStore.counting()
        try store.append(.dimmingTap())
        let received = Recorder<Int>()
        let token = store.subscribe { received.record($0.seq) }
        for _ in 0..<5 { try store.append(.dimmingTap()) }
        #expect(received.all == [2, 3, 4, 5, 6])
        withExtendedLifetime(token) {}
    }

    @Test func releasingOrCancellingTheTokenEndsTheSubscription() throws {
        let store = CountingStore.counting()
        let received = Recorder<Int>()
        var token: SubscriptionToken? = store.subscribe { received.record($0.seq) }
        try store.append(.dimmingTap())
        #expect(store.subscriberCount == 1)
        token = nil
        try store.append(.dimmingTap())
        #expect(store.subscriberCount == 0)

        let cancelled = store.subscribe { received.record($0.seq) }
        cancelled.cancel()
        cancelled.cancel()
        #expect(cancelled.isCancelled)
        try store.append(.dimmingTap())
        #expect(received.all == [1])
        _ = token
    }

    @Test func tokensStoredInASetOrAnArrayLiveAsLongAsIt() throws {
        let store = CountingStore.counting()
        let received = Recorder<Int>()
        var set: Set<SubscriptionToken> = []
        var array: [SubscriptionToken] = []
        store.subscribe { received.record($0.seq) }.store(in: &set)
        store.subscribe { received.record(-$0.seq) }.store(in: &array)
        try store.append(.dimmingTap())
        set.removeAll()
        array.removeAll()
        try store.append(.dimmingTap())
        #expect(received.all.sorted() == [-1, 1])
        #expect(store.subscriberCount == 0)
    }

    @Test func filtersByRootAndLink() throws {
        let store = CountingStore.counting()
        let byRoot = Recorder<Int>()
        let byLink = Recorder<Int>()
        let byBoth = Recorder<Int>()
        let tokens = [
            store.subscribe(filter: EventFilter(root: "sheets")) { byRoot.record($0.seq) },
            store.subscribe(filter: EventFilter(link: "compose")) { byLink.record($0.seq) },
            store.subscribe(filter: EventFilter(root: "sheets", link: "compose")) { byBoth.record($0.seq) },
        ]
        try store.append(.dimmingTap(root: "sheets"))  // 1
        try store.append(.modalPresented(root: "sheets", link: "compose"))  // 2
        try store.append(.modalPresented(root: "toasts", link: "compose"))  // 3
        try store.append(.keyboardChange(height: 300))  // 4: every root
        try store.append(.cardPop(root: "sheets", link: "other"))  // 5
        #expect(byRoot.all == [1, 2, 4, 5])
        #expect(byLink.all == [2, 3])
        #expect(byBoth.all == [2])
        withExtendedLifetime(tokens) {}
    }

    @Test func theFilterForAllPassesEveryEventWithoutLookingAtIt() {
        let events: [ModalEvent] = [
            .dimmingTap(root: "sheets"), .keyboardChange(height: 300), .batch([]),
            .batch([.modalPresented(root: "toasts", link: "compose")]),
        ]
        #expect(events.allSatisfy(EventFilter.all.matches))
        #expect(!EventFilter(root: "sheets").matches(.batch([])))
    }

    @Test func catchUpGivesTheHeldEventsAfterASeqThenTheLiveOnes() throws {
        let store = CountingStore.counting()
        for _ in 0..<10 { try store.append(.dimmingTap()) }
        let received = Recorder<Int>()
        let token = store.subscribe(after: 6) { received.record($0.seq) }
        #expect(received.all == [7, 8, 9, 10])
        try store.append(.dimmingTap())
        #expect(received.all == [7, 8, 9, 10, 11])

        let fromStart = Recorder<Int>()
        let all = store.subscribe(after: 0) { fromStart.record($0.seq) }
        #expect(fromStart.all == Array(1...11))
        let none = Recorder<Int>()
        let fromTheEnd = store.subscribe(after: 11) { none.record($0.seq) }
        #expect(none.all.isEmpty)
        withExtendedLifetime([token, all, fromTheEnd]) {}
    }

    @Test func catchUpOnALongLogComesInChunksWithoutAGap() throws {
        let store = CountingStore.counting()
        try store.append(contentsOf: Array(repeating: .dimmingTap(), count: 5000))
        let received = Recorder<Int>()
        let token = store.subscribe(after: 10) { received.record($0.seq) }
        #expect(received.all == Array(11...5000))
        withExtendedLifetime(token) {}
    }

    @Test func catchUpGivesOnlyWhatTheStoreStillHolds() throws {
        let store = CountingStore.counting(retention: .last(3))
        for _ in 0..<10 { try store.append(.dimmingTap()) }
        let received = Recorder<Int>()
        let token = store.subscribe(after: 2) { received.record($0.seq) }
        try store.append(.dimmingTap())
        #expect(received.all == [8, 9, 10, 11])
        withExtendedLifetime(token) {}
    }

    @Test func anEventAppendedFromACallbackComesAfterTheCurrentOneReachedEverySubscriber() throws {
        let store = CountingStore.counting()
        let order = Recorder<String>()
        let first = store.subscribe { entry in
            order.record("first \(entry.seq)")
            if entry.seq == 1 { _ = try? store.append(.rootRemove()) }
        }
        let second = store.subscribe { order.record("second \($0.seq)") }
        try store.append(.dimmingTap())
        #expect(order.all == ["first 1", "second 1", "first 2", "second 2"])
        withExtendedLifetime([first, second]) {}
    }

    @Test func theDeliveryQueueKeepsNoDeliveredStepsWhileItNeverEmpties() throws {
        // Each event's callback appends the next, so until the chain ends the queue always holds
        // one event: it must let go of the steps it delivered meanwhile, not wait to be empty.
        let store = CountingStore.counting()
        let longest = Locked(0)
        let token = store.subscribe { [weak store] entry in
            guard let store, entry.seq < 20_000 else { return }
            _ = try? store.append(.dimmingTap())
            let slots = store.deliveryQueueSlots
            longest.withLock { $0 = max($0, slots) }
        }
        try store.append(.dimmingTap())
        #expect(store.lastSeq == 20_000)
        let most = longest.withLock { $0 }
        #expect(most <= 2_048, "the queue held \(most) slots for at most one waiting step")
        #expect(store.deliveryQueueSlots == 0)
        withExtendedLifetime(token) {}
    }

    @Test func aCallbackMaySubscribeAndCancelWithoutDeadlock() throws {
        let store = CountingStore.counting()
        let inner = Locked<SubscriptionToken?>(nil)
        let received = Recorder<Int>()
        let outer = store.subscribe { entry in
            if entry.seq == 1 {
                let token = store.subscribe(after: 0) { received.record($0.seq) }
                inner.withLock { $0 = token }
            } else if entry.seq == 3 {
                let token = inner.withLock { $0 }
                token?.cancel()
            }
        }
        for _ in 0..<4 { try store.append(.dimmingTap()) }
        // The outer subscriber comes first, so the inner one is cancelled before it gets seq 3.
        #expect(received.all == [1, 2])
        withExtendedLifetime(outer) {}
    }

    @Test func stateSubscribersGetTheStateAfterEachEvent() throws {
        let store = CountingStore.counting()
        try store.append(.dimmingTap())
        let states = Recorder<CountingState>()
        let token = store.subscribeToStates(filter: EventFilter(root: "sheets")) { states.record($0) }
        try store.append(.dimmingTap(root: "sheets"))
        try store.append(.dimmingTap(root: "toasts"))
        try store.append(.rootRemove(root: "sheets"))
        #expect(states.all.map(\.seq) == [1, 2, 4])
        #expect(states.all.last?.counts == [.dimmingTap: 3, .rootRemove: 1])
        withExtendedLifetime(token) {}
    }

    @Test func aCatchUpAfterTheLastSeqStartsAfterIt() throws {
        let store = CountingStore.counting()
        try store.append(.dimmingTap())
        let received = Recorder<Int>()
        let token = store.subscribe(after: 3) { received.record($0.seq) }
        for _ in 0..<4 { try store.append(.dimmingTap()) }
        #expect(received.all == [4, 5])
        withExtendedLifetime(token) {}
    }

    @Test func aCancelledCatchUpIsReleasedOutsideTheLock() throws {
        // The subscriber's closure holds the last reference to an object whose deinit appends to the
        // same store; were it released under the store's lock, the append would deadlock.
        final class AppendsWhenFreed: Sendable {
            let store: CountingStore
            init(store: CountingStore) { self.store = store }
            deinit { _ = try? store.append(.rootRemove()) }
        }
        let store = CountingStore.counting()
        try store.append(.dimmingTap())
        let outer = store.subscribe { entry in
            guard entry.seq == 2 else { return }
            // Inside a delivery: the catch-up is queued, then cancelled before its turn.
            let freed = AppendsWhenFreed(store: store)
            let token = store.subscribe(after: 0) { _ in withExtendedLifetime(freed) {} }
            token.cancel()
        }
        try store.append(.dimmingTap())
        #expect(store.events.map(\.event.type) == [.dimmingTap, .dimmingTap, .rootRemove])
        #expect(store.subscriberCount == 1)
        withExtendedLifetime(outer) {}
    }

    @Test func releasingTokensLeavesNoSubscriberBehind() throws {
        let store = CountingStore.counting()
        let received = Counter()
        for round in 0..<100_000 {
            let token = store.subscribe(after: round % 3 == 0 ? 0 : nil) { _ in received.increment() }
            if round % 1000 == 0 { try store.append(.dimmingTap()) }
            if round % 2 == 0 { token.cancel() }
        }
        #expect(store.subscriberCount == 0)
        #expect(received.current > 0)
    }

    @Test func nothingTheStoreHeldOutlivesIt() throws {
        final class Box: Sendable {}
        weak var weakStore: CountingStore?
        weak var weakBox: Box?
        var token: SubscriptionToken?
        do {
            let store = CountingStore.counting()
            let box = Box()
            weakStore = store
            weakBox = box
            token = store.subscribe { _ in withExtendedLifetime(box) {} }
            try store.append(.dimmingTap())
        }
        #expect(weakStore == nil)
        #expect(weakBox == nil)
        token?.cancel()

        let store = CountingStore.counting()
        do {
            let box = Box()
            weakBox = box
            token = store.subscribe { _ in withExtendedLifetime(box) {} }
        }
        #expect(weakBox != nil)
        token = nil
        #expect(weakBox == nil)
    }
}

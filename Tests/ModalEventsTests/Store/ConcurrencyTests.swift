import Foundation
import ModalEvents
import TestSupport
import Testing

@Suite struct ConcurrencyTests {
    static let threads = 8
    static let perThread = 10_000

    @Test func eightThreadsAppendingLoseNothingAndEverySubscriberSeesOneOrder() throws {
        let store = CountingStore(state: CountingState(), options: EventStoreOptions(timestamps: .none))
        let recorders = (0..<3).map { _ in Recorder<LoggedEvent>() }
        let states = Recorder<Int>()
        var tokens = recorders.map { recorder in store.subscribe { recorder.record($0) } }
        tokens.append(store.subscribeToStates(startingWithCurrent: false) { states.record($0.seq) })
        let appended = (0..<Self.threads).map { _ in Recorder<Int>() }

        onThreads(Self.threads) { thread in
            for _ in 0..<Self.perThread {
                // Each thread writes its own root, so the order of its events shows in what subscribers get.
                let entry = try! store.append(.dimmingTap(root: "thread-\(thread)"))
                appended[thread].record(entry.seq)
            }
        }

        let total = Self.threads * Self.perThread
        #expect(store.lastSeq == total)
        #expect(store.events.map(\.seq) == Array(1...total))
        #expect(store.state.counts[.dimmingTap] == total)
        let seqs = appended.flatMap(\.all).sorted()
        #expect(seqs == Array(1...total))
        let first = recorders[0].all
        #expect(first == store.events)
        for recorder in recorders.dropFirst() { #expect(recorder.all == first) }
        #expect(states.all == Array(1...total))
        withExtendedLifetime(tokens) {}
    }

    @Test func aCatchUpSubscriptionStartedMidStreamSeesEverySeqOnce() throws {
        let store = CountingStore(state: CountingState(), options: EventStoreOptions(timestamps: .none))
        let late = (0..<4).map { _ in Recorder<Int>() }
        let tokens = Locked<[SubscriptionToken]>([])
        onThreads(Self.threads) { thread in
            for index in 0..<Self.perThread / 4 {
                try! store.append(.dimmingTap())
                // Four subscribers join while the others append, each catching up from seq 0.
                if thread < late.count, index == 500 * (thread + 1) {
                    let token = store.subscribe(after: 0) { late[thread].record($0.seq) }
                    tokens.withLock { $0.append(token) }
                }
            }
        }
        let total = Self.threads * Self.perThread / 4
        for recorder in late { #expect(recorder.all == Array(1...total)) }
        tokens.withLock { $0.removeAll() }
        #expect(store.subscriberCount == 0)
    }

    @Test func theDelivererTakesEveryEventQueuedInOneTurnOfTheLock() throws {
        // While one thread delivers, the others only queue their events. Taking them one per turn of
        // the store's lock, the deliverer got one turn in as many as there were threads appending, and
        // fell behind without bound (seven appending: 19,933 of 35,000 events waiting at once).
        let store = CountingStore(state: CountingState(), options: EventStoreOptions(timestamps: .none))
        let delivering = DispatchSemaphore(value: 0)
        let queued = DispatchSemaphore(value: 0)
        let waiting = Recorder<Int>()
        let token = store.subscribe { [weak store] entry in
            guard let store else { return }
            if entry.seq == 1 {
                delivering.signal()
                queued.wait()  // meanwhile another thread appends 100 events, which wait in the queue
            } else {
                waiting.record(store.deliveryBacklog)
            }
        }
        onThreads(2) { thread in
            if thread == 0 {
                try! store.append(.dimmingTap())
            } else {
                delivering.wait()
                for _ in 0..<100 { try! store.append(.dimmingTap()) }
                queued.signal()
            }
        }
        #expect(waiting.count == 100)
        #expect(
            waiting.all.allSatisfy { $0 == 0 }, "steps still queued while seqs 2...101 were delivered: \(waiting.all)")
        withExtendedLifetime(token) {}
    }

    @Test func subscribingAndCancellingWhileOthersAppendLeavesNoSubscriber() throws {
        let store = CountingStore(state: CountingState(), options: EventStoreOptions(timestamps: .none))
        onThreads(4) { thread in
            for _ in 0..<5_000 {
                if thread % 2 == 0 {
                    try! store.append(.dimmingTap())
                } else {
                    let token = store.subscribe(after: store.lastSeq - 3) { _ in }
                    token.cancel()
                }
            }
        }
        #expect(store.subscriberCount == 0)
        #expect(store.lastSeq == 10_000)
    }
}

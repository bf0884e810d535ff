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

    @Test func deliveryKeepsUpWithSevenThreadsAppending() throws {
        // One thread delivers while the others only queue their events. Each append takes the
        // store's lock once; a deliverer that took it once per event got one turn in eight, fell
        // further behind with every append, and held the whole backlog (and its thread) in the end.
        // Kept up, the queue holds what came while the deliverer was off the core (up to 3% of the
        // events in runs on two busy cores); fallen behind, more than half of them.
        let appended = 7 * Self.perThread / 2
        let store = CountingStore(state: CountingState(), options: EventStoreOptions(timestamps: .none))
        let seen = Counter()
        let token = store.subscribe { _ in seen.increment() }
        let backlog = (0..<7).map { _ in Locked(0) }
        onThreads(7) { thread in
            for _ in 0..<Self.perThread / 2 {
                try! store.append(.dimmingTap())
                let waiting = store.deliveryBacklog
                backlog[thread].withLock { $0 = max($0, waiting) }
            }
        }
        let largest = backlog.map { $0.withLock { $0 } }.max() ?? 0
        #expect(largest < appended / 5, "\(largest) events waited to be delivered, of \(appended) appended")
        #expect(seen.current == appended)
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

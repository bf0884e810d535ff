import ModalEvents
import Observation
import TestSupport
import Testing

@Suite struct StreamTests {
    @Test func theEventStreamCatchesUpThenFollows() async throws {
        let store = CountingStore.counting()
        try store.append(contentsOf: [.dimmingTap(), .dimmingTap()])
        let stream = store.eventStream(after: 1)
        try store.append(.dimmingTap())
        var seqs: [Int] = []
        for await entry in stream {
            seqs.append(entry.seq)
            if entry.seq == 3 { break }
        }
        #expect(seqs == [2, 3])
    }

    @Test func cancellingTheConsumerEndsTheSubscription() async throws {
        let store = CountingStore.counting()
        let stream = store.eventStream()
        let consumer = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        try store.append(.dimmingTap())
        while store.subscriberCount == 1 {
            consumer.cancel()
            await Task.yield()
        }
        #expect(store.subscriberCount == 0)
        _ = await consumer.value  // the stream finished: the loop ended
    }

    @Test func aStreamNeverIteratedEndsWhenReleased() throws {
        let store = CountingStore.counting()
        do {
            let stream = store.stateStream()
            #expect(store.subscriberCount == 1)
            _ = stream
        }
        #expect(store.subscriberCount == 0)
    }

    @Test func aSlowConsumerOfStatesGetsTheLatest() async throws {
        let store = CountingStore.counting()
        let stream = store.stateStream()
        for _ in 0..<100 { try store.append(.dimmingTap()) }
        var iterator = stream.makeAsyncIterator()
        let state = await iterator.next()
        #expect(state?.seq == 100)
        try store.append(.dimmingTap())
        #expect(await iterator.next()?.seq == 101)
    }

    @Test func aSlowConsumerOfEventsGetsWhatItsPolicyKeeps() async throws {
        let store = CountingStore.counting()
        let oldest = store.eventStream(bufferingPolicy: .bufferingOldest(10))
        let newest = store.eventStream(bufferingPolicy: .bufferingNewest(10))
        let every = store.eventStream()
        for _ in 0..<100 { try store.append(.dimmingTap()) }
        try store.append(.rootRemove())
        var fromOldest = oldest.makeAsyncIterator()
        var fromNewest = newest.makeAsyncIterator()
        var fromEvery = every.makeAsyncIterator()
        var seqs: [[Int]] = [[], [], []]
        for _ in 0..<10 {
            seqs[0].append(await fromOldest.next()!.seq)
            seqs[1].append(await fromNewest.next()!.seq)
        }
        for _ in 0..<101 { seqs[2].append(await fromEvery.next()!.seq) }
        #expect(seqs[0] == Array(1...10))
        #expect(seqs[1] == Array(92...101))
        #expect(seqs[2] == Array(1...101))
    }

    @Test func streamsFinishWhenTheStoreGoesAway() async throws {
        var store: CountingStore? = CountingStore.counting()
        let stream = store!.eventStream()
        try store!.append(.dimmingTap())
        store = nil
        var seqs: [Int] = []
        for await entry in stream { seqs.append(entry.seq) }
        #expect(seqs == [1])
    }
}

@Suite struct ObservationTests {
    /// Counts the changes Observation reports for what `read` reads.
    func changes(tracking read: () -> Void) -> Counter {
        let changes = Counter()
        withObservationTracking(read) { changes.increment() }
        return changes
    }

    @Test func readingTheStateTracksItAndAnAppendNotifies() throws {
        let store = CountingStore.counting()
        let changes = changes { _ = store.state.counts }
        #expect(changes.current == 0)
        try store.append(.dimmingTap())
        #expect(changes.current == 1)
        // onChange fires once per tracking, as SwiftUI re-tracks on redraw.
        try store.append(.dimmingTap())
        #expect(changes.current == 1)
    }

    @Test func aRejectedEventDoesNotNotify() throws {
        let store = CountingStore.counting()
        let changes = changes { _ = store.state }
        _ = try? store.append(.dimmingTap(root: "reject"))
        #expect(changes.current == 0)
        try store.append(contentsOf: [.dimmingTap(), .dimmingTap()])
        #expect(changes.current == 1)
    }

    @Test func readingOtherPropertiesDoesNotTrackTheState() throws {
        let store = CountingStore.counting()
        let changes = changes { _ = store.lastSeq }
        try store.append(.dimmingTap())
        #expect(changes.current == 0)
    }
}

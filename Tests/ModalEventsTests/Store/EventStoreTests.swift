import ModalEvents
import TestSupport
import Testing

@Suite struct EventStoreTests {
    @Test func appendingAssignsSeqAndTimeAppliesAndKeeps() throws {
        let store = CountingStore.counting()
        let (first, firstLine) = (try store.append(.dimmingTap()), #line)
        let second = try store.append(.keyboardChange(height: 300), source: .test, caller: "Keyboard.swift:7")
        // Who caused it: the usual source of its type unless given; where: the call site unless given.
        #expect(
            first
                == LoggedEvent(
                    seq: 1, time: 1, event: .dimmingTap(), source: .user,
                    caller: "ModalEventsTests/EventStoreTests.swift:\(firstLine)"))
        #expect(
            second
                == LoggedEvent(
                    seq: 2, time: 2, event: .keyboardChange(height: 300), source: .test, caller: "Keyboard.swift:7"))
        #expect(store.lastSeq == 2)
        #expect(store.state.counts == [.dimmingTap: 1, .keyboardChange: 1])
        #expect(store.events == [first, second])
        #expect(store.events(after: 1) == [second])
        #expect(store.events(after: 2).isEmpty)
    }

    @Test func aRejectedEventAppendsNothing() throws {
        let store = CountingStore.counting()
        try store.append(.dimmingTap())
        #expect(throws: EventStoreError.rejected(CountingState.Rejected(seq: 2))) {
            try store.append(.dimmingTap(root: "reject"))
        }
        #expect(store.lastSeq == 1)
        #expect(store.events.count == 1)
        #expect(store.state.rejected.isEmpty)
        #expect(try store.append(.dimmingTap()).seq == 2)
    }

    @Test func theExpectedSeqMustBeTheLast() throws {
        let store = CountingStore.counting()
        try store.append(.dimmingTap(), expectedSeq: 0)
        try store.append(.dimmingTap(), expectedSeq: 1)
        #expect(throws: EventStoreError<CountingState.Rejected>.conflict(expected: 1, actual: 2)) {
            try store.append(.dimmingTap(), expectedSeq: 1)
        }
        #expect(throws: EventStoreError<CountingState.Rejected>.conflict(expected: 0, actual: 2)) {
            try store.append(contentsOf: [.dimmingTap()], expectedSeq: 0)
        }
        #expect(throws: EventStoreError<CountingState.Rejected>.conflict(expected: 5, actual: 2)) {
            try store.append(contentsOf: [], expectedSeq: 5)
        }
        #expect(store.lastSeq == 2)
    }

    @Test func aBatchIsAppendedWholeOrNotAtAll() throws {
        let store = CountingStore.counting()
        #expect(throws: EventStoreError.rejected(CountingState.Rejected(seq: 2))) {
            try store.append(contentsOf: [.dimmingTap(), .dimmingTap(root: "reject"), .dimmingTap()])
        }
        #expect(store.lastSeq == 0)
        #expect(store.events.isEmpty)
        let entries = try store.append(contentsOf: [.dimmingTap(), .rootRemove()])
        #expect(entries.map(\.seq) == [1, 2])
        #expect(store.state.counts == [.dimmingTap: 1, .rootRemove: 1])
    }

    @Test func replayingAForeignLogRecordsItsRefusals() throws {
        let store = CountingStore(state: CountingState(), options: EventStoreOptions(timestamps: .elapsed))
        let foreign = [
            LoggedEvent(seq: 1, time: 10, event: .dimmingTap()),
            LoggedEvent(seq: 2, time: 11, event: .dimmingTap(root: "reject")),
        ]
        let refusals = try store.replay(foreign)
        #expect(refusals == [CountingState.Rejected(seq: 2)])
        #expect(store.state.rejected == refusals)
        #expect(store.events == foreign)
        let next = try store.append(.dimmingTap())
        #expect(next.seq == 3)
        #expect(try #require(next.time) >= 11)
        #expect(throws: EventStoreError<CountingState.Rejected>.seqOutOfOrder(expected: 4, found: 9)) {
            try store.replay([LoggedEvent(seq: 9, event: .dimmingTap())])
        }
    }

    @Test func aStoreCanStartFromASnapshot() throws {
        let store = CountingStore(state: CountingState(seq: 41), options: EventStoreOptions(timestamps: .none))
        let entry = try store.append(.dimmingTap(), caller: "here")
        #expect(entry == LoggedEvent(seq: 42, event: .dimmingTap(), source: .user, caller: "here"))
        #expect(store.events == [entry])
    }

    @Test func elapsedTimesIncreaseInMicroseconds() throws {
        let store = CountingStore(state: CountingState())
        var last = 0.0
        for _ in 0..<100 {
            let time = try #require(try store.append(.dimmingTap()).time)
            #expect(time >= last)
            #expect(abs((time * 1e6).rounded() - time * 1e6) < 1e-6)
            last = time
        }
    }

    @Test(arguments: [0, 1, 5, 1000])
    func retentionKeepsTheLastEvents(count: Int) throws {
        let store = CountingStore.counting(retention: .last(count))
        for _ in 0..<20 { try store.append(.dimmingTap()) }
        let kept = store.events.map(\.seq)
        #expect(kept == Array((1...20).suffix(count)))
        #expect(store.state.counts[.dimmingTap] == 20)
        #expect(store.events(after: 18).map(\.seq) == Array(19...20).suffix(count))
    }
}

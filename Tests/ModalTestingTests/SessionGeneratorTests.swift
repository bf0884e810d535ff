import ModalEvents
import ModalProjection
import ModalWorkloads
import Testing

/// The benchmark's workload is what its documentation says: the same for a
/// seed, every kind of event, rare rejections of the kinds it plans, times
/// that only go up, and states that keep every invariant.
@Suite struct SessionGeneratorTests {
    @Test func aSeedAlwaysGivesTheSameSession() {
        #expect(Array(SessionGenerator(seed: 42).prefix(2_000)) == Array(SessionGenerator(seed: 42).prefix(2_000)))
        #expect(Array(SessionGenerator(seed: 42).prefix(2_000)) != Array(SessionGenerator(seed: 43).prefix(2_000)))
    }

    @Test func aLongSessionIsRealistic() {
        var state = ModalState()
        var types: [EventType: Int] = [:]
        var lastTime = 0.0
        var seq = 0
        for entry in SessionGenerator(seed: 7).prefix(60_000) {
            seq += 1
            #expect(entry.seq == seq)
            let time = try! #require(entry.time)
            #expect(time >= lastTime, "seq \(entry.seq): time went back")
            lastTime = time
            types[entry.event.type, default: 0] += 1
            state.replay(entry)
            if entry.seq % 10_000 == 0 { #expect(state.invariantViolations() == [], "at seq \(entry.seq)") }
        }
        // Every type of version 1 but root.remove: an app keeps its modal hosts.
        #expect(Set(types.keys) == Set(EventType.allCases.filter { $0.formatVersion == 1 }).subtracting([.rootRemove]))
        #expect(types[.dragChange, default: 0] > types[.modalPresent, default: 0], "drags are many small moves")
        let share = Double(state.rejected.count) / 60_000
        // About one in 500 (the documentation's figure).
        #expect(share > 0.001 && share < 0.004, "rejected \(state.rejected.count) of 60,000")
        #expect(Set(state.rejected.map(\.code)).isSubset(of: [.duplicateLink, .lastCard, .invalidTransition]))
        // An hour or more of use.
        #expect(lastTime > 3_600)
    }
}

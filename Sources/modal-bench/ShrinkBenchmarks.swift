import ModalEvents
import ModalProjection
import ModalTesting
import ModalWorkloads

/// Shrinking each rejection of a generated session to the events that make
/// it (`modal-log shrink --rejected`), against one replay of the session.
func shrinkBenchmarks(sessions: [Int], measure: Measure) -> [Row] {
    sessions.map { count in
        let events = Array(SessionGenerator(seed: workloadSeed).prefix(count))
        var state = ModalState()
        var rejected: [Int] = []
        for (place, entry) in events.enumerated() where state.replay(entry, formatVersion: 1) != nil {
            rejected.append(place)
            state.rejected.removeAll()
        }
        let replay = measure.seconds {
            var state = ModalState()
            for entry in events { _ = state.replay(entry, formatVersion: 1) }
        }
        var times: [Double] = []
        var kept: [Int] = []
        for place in rejected {
            let start = ContinuousClock.now
            let shrunk = Shrinker.keepingRejection(
                at: place, of: events, from: ModalState(), formatVersion: 1, budget: 20_000)
            times.append(start.duration(to: .now).seconds)
            kept.append(shrunk?.events.count ?? -1)
        }
        let sorted = times.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let slowest = sorted.last ?? 0
        let largest = kept.max() ?? 0
        return Row(
            measure: "shrink each rejection (shrink --rejected)", events: count,
            result:
                "\(rejected.count) rejections, at most \(largest) events kept; median \(fixed(median * 1e3, digits: 1)) ms, "
                + "slowest \(fixed(slowest * 1e3, digits: 1)) ms",
            baseline: "one replay \(fixed(replay * 1e3, digits: 2)) ms",
            ratio: "slowest \(fixed(slowest / replay, digits: 0)) replays", target: "<= 8 events, a few s",
            verdict: largest > 8
                ? "MISSED: \(largest) events kept" : verdict(met: slowest <= 3, shortBy: 1 - 3 / max(slowest, 3)))
    }
}

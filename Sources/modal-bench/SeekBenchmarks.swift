import Foundation
import ModalEvents
import ModalProjection
import ModalTesting

/// The state at random seqs of a log: by replaying it from the top, and
/// from the checkpoints of its index.
func seekBenchmarks(log: BenchLog, measure: Measure) throws -> [Row] {
    typealias Index = LogIndex<ModalState>
    var random = PropertyRandom(seed: workloadSeed)
    let seqs = (0..<200).map { _ in random.int(in: 1...log.events) }

    let build = try measure.seconds { _ = try Index.build(forLogAt: log.path) }
    let replay = try measure.seconds { try LogCursor<ModalState>(.path(log.path)).advance() }
    let index = try Index.build(forLogAt: log.path)
    try index.write()
    let size = index.encoded.count

    // From the top: a handful, as each reads up to the whole log.
    var fromTop: [Double] = []
    for seq in seqs.prefix(10) {
        let start = ContinuousClock.now
        let reader = try EventLogReader(path: log.path)
        var state = try ModalState(startOf: reader)
        while state.seq < seq, let entry = try reader.next() { state.replay(entry) }
        fromTop.append(start.duration(to: .now).seconds)
    }
    // From a checkpoint, the index open (as the debugger and a store hold it): a cursor seeks, back and forth.
    var fromCheckpoint: [Double] = []
    let open = try LogCursor<ModalState>(.path(log.path), at: 0, options: .init(index: .used))
    for seq in seqs {
        let start = ContinuousClock.now
        try open.seek(to: seq)
        fromCheckpoint.append(start.duration(to: .now).seconds)
        precondition(open.state.seq == seq)
    }
    // From nothing: read the sidecar, check it against the log, seek (what
    // `modal-log state --at` does in its process). The log's time is set an
    // hour back, as for a log written before it is looked at: its length and
    // time then show it unchanged without reading it.
    try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: log.path)
    // Opening the index writes the log's new time in it.
    _ = try LogCursor<ModalState>(.path(log.path), at: 0, options: .init(index: .used))
    var cold: [Double] = []
    for seq in seqs {
        let start = ContinuousClock.now
        let cursor = try LogCursor<ModalState>(.path(log.path), at: seq, options: .init(index: .used))
        precondition(cursor.indexReport?.change == .unchanged)
        try cursor.advance(through: seq)
        cold.append(start.duration(to: .now).seconds)
        precondition(cursor.state.seq == seq)
    }

    func milliseconds(_ times: [Double]) -> (median: Double, worst: Double) {
        let sorted = times.sorted()
        return (sorted[sorted.count / 2] * 1e3, sorted.last! * 1e3)
    }
    let top = milliseconds(fromTop)
    let checkpoint = milliseconds(fromCheckpoint)
    let opened = milliseconds(cold)
    return [
        Row(
            measure: "index build (modal-log index), every \(index.interval)", events: log.events,
            result:
                "\(fixed(build * 1e3, digits: 0)) ms, \(size / 1000) kB (\(fixed(Double(size) / Double(log.events), digits: 2)) bytes/event)",
            baseline: "full replay \(fixed(replay * 1e3, digits: 0)) ms",
            ratio: "\(fixed(build / replay, digits: 2))x its time"),
        Row(
            measure: "seek: state at a random seq, from the top", events: log.events,
            result: "median \(fixed(top.median, digits: 1)) ms, worst \(fixed(top.worst, digits: 1)) ms"),
        Row(
            measure: "seek: state at a random seq, from a checkpoint", events: log.events,
            result: "median \(fixed(checkpoint.median, digits: 2)) ms, worst \(fixed(checkpoint.worst, digits: 2)) ms",
            baseline: "from the top, median \(fixed(top.median, digits: 1)) ms",
            ratio: "\(fixed(top.median / checkpoint.median, digits: 0))x faster", target: "<= 5 ms",
            verdict: verdict(met: checkpoint.worst <= 5, shortBy: 1 - 5 / checkpoint.worst)),
        Row(
            measure: "seek: read the index, check the log, seek", events: log.events,
            result: "median \(fixed(opened.median, digits: 2)) ms, worst \(fixed(opened.worst, digits: 2)) ms",
            target: "<= 2 ms", verdict: verdict(met: opened.worst <= 2, shortBy: 1 - 2 / opened.worst)),
    ]
}

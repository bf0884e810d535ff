import Dispatch
import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads

/// Many logs, as `modal-log scan` and `timeline --recursive` read them: each
/// log replayed whole by a cursor, `jobs` logs at a time (on 1 core and on
/// 2), against one log of the same events in all, read alone.
func fleetBenchmarks(logs count: Int, eventsPerLog: Int, in folder: String, measure: Measure) throws -> [Row] {
    let fleet = "\(folder)/fleet"
    try FileManager.default.createDirectory(atPath: fleet, withIntermediateDirectories: true)
    let paths = (0..<count).map { "\(fleet)/session-\($0).jsonl" }
    for (index, path) in paths.enumerated() {
        let events = Array(SessionGenerator(seed: UInt64(index + 1)).prefix(eventsPerLog))
        try Data(EventLogEncoder.encode(events: events)).write(to: URL(fileURLWithPath: path))
    }
    let total = count * eventsPerLog
    let one = try BenchLog.write(events: total, in: folder)

    @Sendable func replay(_ path: String) {
        let cursor = try! LogCursor<ModalState>(.path(path))
        try! cursor.advance()
    }
    /// Each of `jobs` workers replays every `jobs`th log, as the tool's workers share them out.
    func scan(jobs: Int) -> Double {
        measure.seconds {
            DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                for index in stride(from: worker, to: paths.count, by: jobs) { replay(paths[index]) }
            }
        }
    }
    let alone = measure.seconds { replay(one.path) }
    let single = scan(jobs: 1)
    let double = scan(jobs: 2)
    func logs(_ seconds: Double) -> String { "\(Int((Double(count) / seconds).rounded())) logs/s" }
    return [
        Row(
            measure: "fleet: \(count) logs of \(eventsPerLog) events, 1 core", events: total, result: logs(single),
            baseline: "one log of \(total) events \(rate(total, alone))",
            ratio: "\(fixed(single / alone, digits: 2))x its time an event"),
        Row(
            measure: "fleet: \(count) logs of \(eventsPerLog) events, 2 cores", events: total, result: logs(double),
            baseline: "1 core \(logs(single))", ratio: "\(fixed(single / double, digits: 2))x as many a second",
            target: "near-linear: >= 1.6x",
            verdict: verdict(met: single / double >= 1.6, shortBy: 1 - single / double / 1.6)),
    ]
}

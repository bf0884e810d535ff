import Foundation
import ModalTesting

/// The commands that describe every step of a log, as a user runs them: the
/// release `modal-log` built beside this program, its output thrown away,
/// against `modal-log replay` of the same log in the same run (the same
/// process start, the same read and reduce, no description).
func describeBenchmarks(log: BenchLog, measure: Measure) throws -> [Row] {
    guard let tool = Executable(builtBesideThisProgram: "modal-log") else {
        return [
            Row(
                measure: "describing commands", events: log.events, result: "not measured",
                baseline: "no modal-log beside modal-bench: `swift build -c release` builds both")
        ]
    }
    // Without the index another group may have built beside the log: a replay reads every event.
    let replay = try measure.seconds { try tool.run(["replay", log.path, "--no-index"]) }
    let commands: [(name: String, arguments: [String], unit: String, target: Double)] = [
        ("timeline --json", ["timeline", log.path, "--json"], "rows", 500e3),
        ("stats", ["stats", log.path], "events", 1e6),
        ("diff LOG 1 N", ["diff", log.path, "1", String(log.events)], "events", 1e6),
        ("export --format html", ["export", log.path, "--format", "html"], "events", 300e3),
    ]
    return try commands.map { command in
        let seconds = try measure.seconds { try tool.run(command.arguments) }
        let perSecond = Double(log.events) / seconds
        return Row(
            measure: "modal-log \(command.name)", events: log.events,
            result: rate(log.events, seconds).replacingOccurrences(of: "/s", with: " \(command.unit)/s"),
            baseline: "modal-log replay \(rate(log.events, replay))",
            ratio: "\(fixed(seconds / replay, digits: 1))x its time",
            target: ">= \(rate(Int(command.target), 1).replacingOccurrences(of: "/s", with: " \(command.unit)/s"))",
            verdict: verdict(met: perSecond >= command.target, shortBy: 1 - perSecond / command.target))
    }
}

/// Heap allocations per event of a replay once it runs steadily: heaptrack
/// counts every allocation of `modal-log replay` on two logs, and the
/// difference over the difference in events is what each further event
/// costs (opening, buffers and caches cancel out).
func allocationBenchmarks(logs: [BenchLog], folder: String) throws -> [Row] {
    let pair = logs.suffix(2)
    guard pair.count == 2, let small = pair.first, let large = pair.last else { return [] }
    guard let tool = Executable(builtBesideThisProgram: "modal-log"), let heaptrack = Executable(named: "heaptrack"),
        let heaptrackPrint = Executable(named: "heaptrack_print")
    else {
        return [
            Row(
                measure: "allocations per replayed event", events: large.events, result: "not measured",
                baseline: "needs heaptrack (apt-get install heaptrack) and a release modal-log")
        ]
    }
    func allocations(_ log: BenchLog) throws -> Int {
        let trace = "\(folder)/allocations-\(log.events)"
        try heaptrack.run(["-o", trace, tool.path, "replay", log.path, "--no-index"])
        let report = try heaptrackPrint.run(["\(trace).zst"], keepingOutput: true)
        let prefix = "calls to allocation functions: "
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
            let count = Int(line.dropFirst(prefix.count).prefix(while: \.isNumber))
        else { throw BenchError(message: "heaptrack_print \(trace).zst: no count of allocations") }
        return count
    }
    let (fewer, more) = (try allocations(small), try allocations(large))
    guard more > fewer else {
        throw BenchError(
            message: "heaptrack counted \(more) allocations for \(large.events) events, \(fewer) for \(small.events)")
    }
    let perEvent = Double(more - fewer) / Double(large.events - small.events)
    return [
        Row(
            measure: "allocations per replayed event", events: large.events, result: fixed(perEvent, digits: 3),
            baseline: "heaptrack, modal-log replay --no-index of \(grouped(small.events)) and \(grouped(large.events))",
            target: "<= 0.1", verdict: verdict(met: perEvent <= 0.1, shortBy: 1 - 0.1 / perEvent))
    ]
}

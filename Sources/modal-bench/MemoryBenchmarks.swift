import Foundation
import ModalEvents
import ModalProjection
import ModalTesting

/// The arguments that make `modal-bench` measure one thing's memory in a
/// process of its own, so that nothing the benchmark holds counts: replay
/// a log, or keep events in a store. The process prints its peak memory
/// before and after, in bytes, and how many events it handled.
let replayPeakArgument = "--replay-peak-memory"
let storePeakArgument = "--store-peak-memory"

func replayAndReportPeak(_ path: String) throws {
    let before = peakResidentBytes()
    let cursor = try LogCursor<ModalState>(.path(path))
    try cursor.advance()
    print(before, peakResidentBytes(), cursor.state.seq)
}

func fillStoreAndReportPeak(events count: Int) throws {
    let commands = storeCommands(count: count)
    let before = peakResidentBytes()
    let store = ModalStore(options: EventStoreOptions(timestamps: .none))
    for command in commands { try store.append(command) }
    print(before, peakResidentBytes(), store.lastSeq)
}

/// Runs this program with `arguments` and reads the three figures it prints.
func childPeak(_ arguments: [String]) throws -> (before: Int, after: Int, events: Int) {
    let text = try Executable.thisProgram.run(arguments, keepingOutput: true)
    let figures = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard figures.count == 3 else {
        throw BenchError(message: "modal-bench \(arguments.joined(separator: " ")) printed \(text.debugDescription)")
    }
    return (figures[0], figures[1], figures[2])
}

/// Peak memory while replaying each log, each in a child process, and the
/// memory a store holds per event it keeps.
func memoryBenchmarks(logs: [BenchLog], storeEvents: Int) throws -> [Row] {
    var rows: [Row] = []
    for log in logs {
        let peak = try childPeak([replayPeakArgument, log.path])
        precondition(peak.events == log.events)
        rows.append(
            Row(
                measure: "peak memory replaying", events: log.events, result: megabytes(peak.after),
                baseline: "the process before it read \(megabytes(peak.before))", target: "<= 32 MB",
                verdict: verdict(met: peak.after <= 32_000_000, shortBy: 1 - 32e6 / Double(peak.after))))
    }
    let store = try childPeak([storePeakArgument, String(storeEvents)])
    precondition(store.events == storeEvents)
    rows.append(
        Row(
            measure: "memory a store holds per event", events: storeEvents,
            result: "\((store.after - store.before) / storeEvents) bytes",
            baseline: "LoggedEvent inline \(MemoryLayout<LoggedEvent>.stride) bytes"))
    return rows
}

/// Heap allocations per event of a replay once it runs steadily: heaptrack
/// counts every allocation of `modal-log replay --no-index` on two logs, and the
/// difference over the difference in events is what each further event
/// costs (opening, buffers and caches cancel out).
func allocationBenchmarks(logs: [BenchLog], folder: String) -> [Row] {
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
        // Compressed with zstd, or with gzip where heaptrack was built without it.
        guard let file = ["\(trace).zst", "\(trace).gz"].first(where: FileManager.default.fileExists) else {
            throw BenchError(message: "heaptrack wrote no \(trace).zst or .gz")
        }
        let report = try heaptrackPrint.run([file], keepingOutput: true)
        let prefix = "calls to allocation functions: "
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
            let count = Int(line.dropFirst(prefix.count).prefix(while: \.isNumber))
        else { throw BenchError(message: "heaptrack_print \(file): no count of allocations") }
        return count
    }
    let perEvent: Double
    do {
        let (fewer, more) = (try allocations(small), try allocations(large))
        guard more > fewer else {
            throw BenchError(
                message:
                    "heaptrack counted \(more) allocations for \(large.events) events, \(fewer) for \(small.events)")
        }
        perEvent = Double(more - fewer) / Double(large.events - small.events)
    } catch {
        return [
            Row(
                measure: "allocations per replayed event", events: large.events, result: "not measured",
                baseline: "\(error)")
        ]
    }
    return [
        Row(
            measure: "allocations per replayed event", events: large.events, result: fixed(perEvent, digits: 3),
            baseline: "heaptrack, modal-log replay --no-index of \(grouped(small.events)) and \(grouped(large.events))",
            target: "<= 0.1", verdict: verdict(met: perEvent <= 0.1, shortBy: 1 - 0.1 / perEvent))
    ]
}

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

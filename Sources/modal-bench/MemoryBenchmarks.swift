import Foundation
import ModalEvents
import ModalProjection

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
    let this = Executable(path: URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path)
    let text = try this.run(arguments, keepingOutput: true)
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

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

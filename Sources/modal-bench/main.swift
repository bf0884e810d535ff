// Prints the package's speed and memory figures as one table:
//
//     swift run -c release modal-bench            # logs of 10^4, 10^5 and 10^6 events
//     swift run -c release modal-bench --quick    # 10^4 and 10^5, three runs: a smoke test
//
// Each figure is the median of several runs; each comparison is with a
// baseline measured in the same run (JSONDecoder, a raw read of the same
// file, a hand-written store, appends that never sync). Docs/Performance.md
// explains the figures and records them.

import Foundation
import ModalEvents
import ModalTesting

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == replayPeakArgument {
    orExit("cannot replay \(arguments[1])") { try replayAndReportPeak(arguments[1]) }
    exit(0)
}
if arguments.count == 3, arguments[0] == "--write-log", let events = Int(arguments[1]) {
    // The workload's log, for tools that look at a replay from outside (Scripts/replay-allocations).
    let log = orExit("cannot write the log") { try BenchLog.write(events: events, in: arguments[2]) }
    print(log.path)
    exit(0)
}
if arguments.count == 2, arguments[0] == "--exhaustive", let depth = Int(arguments[1]), depth >= 0 {
    // Every sequence of the standard world to <depth>: Docs/Testing.md's figures, in a release build.
    let report = ExhaustiveCheck(world: .standard, depth: depth).explore(ModalProperty.exhaustive)
    print(report)
    if let counterexample = report.counterexample { print(counterexample.violation) }
    exit(report.counterexample == nil && report.unreached.isEmpty ? 0 : 1)
}
if arguments.count == 2, arguments[0] == storePeakArgument, let count = Int(arguments[1]) {
    orExit("cannot fill the store") { try fillStoreAndReportPeak(events: count) }
    exit(0)
}
let groups = ["read", "describe", "seek", "store", "feed", "durable", "memory", "fleet", "shrink"]
if arguments.contains("-h") || arguments.contains("--help") {
    print(
        """
        usage: modal-bench [--quick] [\(groups.joined(separator: "|"))]...
               modal-bench --write-log <events> <folder>
               modal-bench --exhaustive <depth>
          Prints speed and memory figures (only the groups named, when some are); see Docs/Performance.md.
          --write-log writes the workload's first <events> events to <folder>/session-<events>.jsonl.
          --exhaustive checks every sequence of ModalTesting's standard world to <depth> (Docs/Testing.md).
        """)
    exit(0)
}
if let unknown = arguments.first(where: { $0 != "--quick" && !groups.contains($0) }) {
    FileHandle.standardError.write(Data("modal-bench: unknown argument '\(unknown)' (try --help)\n".utf8))
    exit(64)
}
let quick = arguments.contains("--quick")
let named = Set(arguments).intersection(groups)
/// Whether the run measures `group`: all of them unless some are named.
func runs(_ group: String) -> Bool { named.isEmpty || named.contains(group) }
let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
let measure = Measure(runs: quick ? 3 : 5)

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modal-bench-\(getpid())").path
orExit("cannot make \(folder)") {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
}
defer { try? FileManager.default.removeItem(atPath: folder) }

let logs = orExit("cannot write the logs") { try sizes.map { try BenchLog.write(events: $0, in: folder) } }
let bytesPerEvent = Double(logs.last!.bytes) / Double(logs.last!.events)
print(
    """
    modal-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \
    \(quick ? "quick run, " : "")median of \(measure.runs) runs
    workload: SessionGenerator(seed: 0x\(String(workloadSeed, radix: 16, uppercase: true))), \
    \(fixed(bytesPerEvent, digits: 1)) bytes/event; logs in \(folder)

    """)

var table = Table()
if runs("read") { table.append(orExit("read") { try readBenchmarks(logs: logs, measure: measure) }) }
if runs("describe") {
    table.append(describeBenchmarks(log: logs.last!, measure: measure))
}
if runs("seek") { table.append(orExit("seek") { try seekBenchmarks(log: logs.last!, measure: measure) }) }
if runs("store") { table.append(storeBenchmarks(count: quick ? 100_000 : 200_000, measure: measure)) }
if runs("feed") { table.append(feedBenchmarks(count: quick ? 100_000 : 200_000, measure: measure)) }
if runs("durable") {
    table.append(
        orExit("durable") { try durableBenchmarks(count: quick ? 50_000 : 200_000, measure: measure, folder: folder) })
}
if runs("fleet") {
    table.append(
        orExit("fleet") {
            try fleetBenchmarks(logs: quick ? 200 : 2_000, eventsPerLog: 100, in: folder, measure: measure)
        })
}
if runs("shrink") { table.append(shrinkBenchmarks(sessions: quick ? [2_000] : [2_000, 10_000], measure: measure)) }
if runs("memory") {
    table.append(orExit("memory") { try memoryBenchmarks(logs: logs, storeEvents: quick ? 100_000 : 1_000_000) })
    table.append(allocationBenchmarks(logs: logs, folder: folder))
}
print(table.text)

/// `body`'s result; when it throws, `modal-bench: <what>: <error>` on
/// standard error and exit status 74 (sysexits' EX_IOERR). An error left
/// to top-level code would trap instead, with no word of what was wrong.
func orExit<Value>(_ what: String, _ body: () throws -> Value) -> Value {
    do {
        return try body()
    } catch {
        FileHandle.standardError.write(Data("modal-bench: \(what): \(error)\n".utf8))
        exit(74)
    }
}

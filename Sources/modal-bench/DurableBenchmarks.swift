import Foundation
import ModalEvents
import ModalProjection

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends to a log file under each durability policy, on the file system
/// of the temporary folder (a sync there reaches the disk).
func durableBenchmarks(count: Int, measure: Measure, folder: String) throws -> [Row] {
    let commands = storeCommands(count: count)
    let entries = commands.enumerated().map {
        LoggedEvent(seq: $0.offset + 1, time: Double($0.offset) * 0.01, event: $0.element)
    }
    /// A sync costs a millisecond or more: each event synced gets fewer events.
    let policies: [(name: String, durability: EventLogWriter.Durability, events: Int)] = [
        ("none", .none, count), ("group", .group(), count), ("every event", .everyEvent, min(count, 2_000)),
    ]
    // The floor of appends under `none`: the same lines, made beforehand, each written with one write(2).
    let lines = entries.map { EventLogEncoder.encode($0) }
    var loopRun = 0
    let loop = try measure.seconds(prepare: { () -> Int32 in
        loopRun += 1
        let path = "\(folder)/durable-loop-\(loopRun).jsonl"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw BenchError(message: "\(path): cannot be created") }
        return descriptor
    }) { descriptor in
        defer { close(descriptor) }
        for line in lines {
            let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == line.count else {
                throw BenchError(message: "a write(2) of \(line.count) bytes wrote \(written)")
            }
        }
    }
    var seconds: [String: Double] = [:]
    var rows: [Row] = []
    for (name, durability, events) in policies {
        var run = 0
        seconds[name] = try measure.seconds(prepare: { () -> EventLogWriter in
            run += 1
            let path = "\(folder)/durable-\(name.replacingOccurrences(of: " ", with: "-"))-\(run).jsonl"
            return try EventLogWriter.open(path, as: ModalState.self, options: .init(durability: durability)).writer
        }) { writer in
            for entry in entries.prefix(events) {
                try writer.append(entry) { ModalState().json }
            }
            // Every event on disk as the policy promises: the last group synced too. Closing
            // syncs, so the baseline, appends that never sync, leaves its file to be closed
            // untimed, when the writer is released.
            if durability != .none { try writer.close() }
        }
        let perSecond = Double(events) / seconds[name]!
        let ofNone = perSecond / (Double(count) / seconds["none"]!)
        let (target, met, shortBy) =
            switch name {
            case "none": (">= 0.8x the loop", loop / seconds[name]! >= 0.8, 1 - loop / seconds[name]! / 0.8)
            case "group": (">= 0.8x no sync", ofNone >= 0.8, 1 - ofNone / 0.8)
            default: ("", true, 0)
            }
        rows.append(
            Row(
                measure: "durable appends, sync \(name)", events: events, result: rate(events, seconds[name]!),
                baseline: name == "none"
                    ? "a write(2) a line \(rate(count, loop))" : "no sync \(rate(count, seconds["none"]!))",
                ratio: "\(fixed(name == "none" ? loop / seconds[name]! : ofNone, digits: 2))x its speed",
                target: target, verdict: target.isEmpty ? "" : verdict(met: met, shortBy: shortBy)))
    }
    // What one write per event costs: the same appends in batches of 100
    // (`append(contentsOf:)`, one write each, as a store's batch is written).
    let batches = stride(from: 0, to: count, by: 100).map { Array(entries[$0..<min($0 + 100, count)]) }
    var run = 0
    let batched = try measure.seconds(prepare: { () -> EventLogWriter in
        run += 1
        let path = "\(folder)/durable-batched-\(run).jsonl"
        return try EventLogWriter.open(path, as: ModalState.self, options: .init(durability: .none)).writer
    }) { writer in
        for batch in batches { try writer.append(contentsOf: batch) { ModalState().json } }
    }
    rows.append(
        Row(
            measure: "durable appends, sync none, 100 a write", events: count, result: rate(count, batched),
            baseline: "one a write \(rate(count, seconds["none"]!))",
            ratio: "\(fixed(seconds["none"]! / batched, digits: 2))x its speed"))
    return rows
}

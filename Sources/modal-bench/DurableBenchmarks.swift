import Foundation
import ModalEvents
import ModalProjection

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
        let baseline = name == "none" ? "" : "no sync \(rate(count, seconds["none"]!))"
        rows.append(
            Row(
                measure: "durable appends, sync \(name)", events: events, result: rate(events, seconds[name]!),
                baseline: baseline,
                ratio: name == "none"
                    ? "" : "\(fixed(perSecond / (Double(count) / seconds["none"]!), digits: 2))x its speed",
                target: name == "group" ? ">= 200 k/s" : "",
                verdict: name == "group" ? verdict(met: perSecond >= 200_000, shortBy: 1 - perSecond / 200_000) : ""))
    }
    return rows
}

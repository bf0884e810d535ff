import ModalEvents
import ModalProjection
import ModalWorkloads

/// Reading and replaying a log file: the package's reader against
/// Foundation's `JSONDecoder` and against a raw read of the same file, and
/// the reducer alone.
func readBenchmarks(logs: [BenchLog], measure: Measure) throws -> [Row] {
    var rows: [Row] = []
    for log in logs {
        let raw = measure.seconds { precondition(rawRead(log.path) == log.events + 1) }
        let scan = measure.seconds { precondition(byteScan(log.path) == log.events + 1) }
        let read = try measure.seconds {
            let reader = try EventLogReader(path: log.path)
            var count = 0
            while let _ = try reader.next() { count += 1 }
            precondition(count == log.events)
        }
        let foundation = try measure.seconds {
            let count = try FoundationLogReader().countEvents(inFileAt: log.path)
            precondition(count == log.events)
        }
        // What every command and a relaunching store run: the cursor.
        let replay = try measure.seconds {
            let cursor = try LogCursor<ModalState>(.path(log.path))
            try cursor.advance()
            precondition(cursor.state.seq == log.events)
        }
        let perSecond = Double(log.events) / replay
        rows += [
            Row(
                measure: "read: package reader", events: log.events,
                result: "\(rate(log.events, read)), \(throughput(log.bytes, read))",
                baseline: "JSONDecoder \(rate(log.events, foundation)), \(throughput(log.bytes, foundation))",
                ratio: "\(fixed(foundation / read, digits: 1))x faster"),
            Row(
                measure: "full replay (read, decode, reduce)", events: log.events, result: rate(log.events, replay),
                baseline: "JSONDecoder read alone \(rate(log.events, foundation))",
                ratio: "\(fixed(foundation / replay, digits: 1))x faster", target: ">= 5 M/s",
                verdict: verdict(met: perSecond >= 5e6, shortBy: 1 - perSecond / 5e6)),
            Row(
                measure: "full replay against a byte scan", events: log.events, result: rate(log.events, replay),
                baseline: "a byte at a time \(throughput(log.bytes, scan)) (memchr \(throughput(log.bytes, raw)))",
                ratio: "\(fixed(replay / scan, digits: 1))x the time", target: "<= 3x",
                verdict: verdict(met: replay / scan <= 3, shortBy: 1 - 3 / (replay / scan))),
        ]
    }
    if let largest = logs.last {
        let entries = try largest.entries()
        let reducer = measure.seconds(prepare: { ModalState() }) { start in
            var state = start
            // Through `pointee`, which lends each event: a for-in loop, or a
            // subscript, would copy it out of the array first.
            entries.withUnsafeBufferPointer { buffer in
                for index in buffer.indices { state.replay(buffer.baseAddress![index]) }
            }
            precondition(state.seq == largest.events)
        }
        let perSecond = Double(largest.events) / reducer
        rows.append(
            Row(
                measure: "reducer alone (ModalState.replay)", events: largest.events,
                result:
                    "\(rate(largest.events, reducer)), \(fixed(reducer * 1e9 / Double(largest.events), digits: 1)) ns",
                target: ">= 10 M/s", verdict: verdict(met: perSecond >= 10e6, shortBy: 1 - perSecond / 10e6)))
    }
    return rows
}

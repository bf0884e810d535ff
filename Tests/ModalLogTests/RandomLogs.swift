import Foundation
import ModalEvents
import ModalTesting
import TestSupport

/// Random logs for the tool's property tests, each a file of its own.
enum RandomLogs {
    /// A log of `lengths` events from ``EventGenerator`` (any flow), written
    /// in `folder` as `log-INDEX.jsonl`: its events and its path.
    static func write(
        _ index: Int, in folder: TemporaryFolder, lengths: ClosedRange<Int>, random: inout PropertyRandom
    ) throws -> (events: [LoggedEvent], path: String) {
        let events = EventGenerator(flow: .anything).sequence(length: random.int(in: lengths), random: &random)
        let path = folder.file("log-\(index).jsonl")
        try Data(EventLogEncoder.encode(events: events)).write(to: URL(fileURLWithPath: path))
        return (events, path)
    }
}

// Shared by the tests and the fuzz targets: Scripts/fuzz compiles this file
// into each target's module.
package import ModalEvents

/// Everything a reader gave for one input.
package struct LogReadOutcome: Equatable, CustomStringConvertible {
    package var header: LogHeader?
    package var events: [LoggedEvent] = []
    package var warnings: [EventLogWarning] = []
    package var error: EventLogError?

    package init() {}

    package var description: String {
        "\(events.count) events, \(warnings.count) warnings, error: \(error.map(String.init(describing:)) ?? "none")"
    }
}

/// Reads `bytes` as a log until its end or its first error.
package func readLog(_ bytes: [UInt8], options: EventLogReader.Options = EventLogReader.Options()) -> LogReadOutcome {
    var outcome = LogReadOutcome()
    var opened: EventLogReader?
    do {
        let reader = try EventLogReader(bytes: bytes, name: "fuzz", options: options)
        opened = reader
        outcome.header = reader.header
        while let entry = try reader.next() { outcome.events.append(entry) }
    } catch {
        outcome.error = error
    }
    outcome.warnings = opened?.warnings ?? []
    return outcome
}

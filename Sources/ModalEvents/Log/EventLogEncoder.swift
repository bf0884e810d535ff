/// Writes logs in format v1, deterministically: the same header and events
/// always give the same bytes.
///
/// Each line is compact JSON ended by `\n`. An event's keys come as `seq`,
/// `time`, `type`, then its fields in the spec's order; fields equal to their
/// default are left out, so reading the line back gives an equal event.
///
/// Numbers must not be NaN, which JSON cannot spell (an infinity is written
/// `1e999`), and object keys in payloads must be unique, as the reader
/// refuses duplicates: both are a caller's mistake, and encoding a NaN traps.
public enum EventLogEncoder {
    /// The header line, `\n` included.
    public static func encode(_ header: LogHeader) -> [UInt8] {
        line(header.json)
    }

    /// One event's line, `\n` included.
    public static func encode(_ entry: LoggedEvent) -> [UInt8] {
        line(entry.json)
    }

    /// A whole log: the header line, then one line per event.
    ///
    /// - Precondition: the events' seqs run 1, 2, 3, ..., as a reader
    ///   requires. Traps otherwise.
    public static func encode(header: LogHeader = LogHeader(), events: [LoggedEvent]) -> [UInt8] {
        for (index, entry) in events.enumerated() {
            precondition(entry.seq == index + 1, "event \(index) has seq \(entry.seq), expected \(index + 1)")
        }
        var writer = JSONWriter()
        writer.write(header.json)
        writer.bytes.append(UInt8(ascii: "\n"))
        for entry in events {
            writer.write(entry.json)
            writer.bytes.append(UInt8(ascii: "\n"))
        }
        return writer.bytes
    }

    /// One line of `value`'s compact JSON, `\n` included.
    package static func line(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }
}

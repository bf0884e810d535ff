/// Writes logs in format v1, deterministically: the same header and events
/// always give the same bytes.
///
/// Each line is compact JSON ended by `\n`. An event's keys come as `seq`,
/// `time`, `type`, then its fields in the spec's order; fields equal to their
/// default are left out, so reading the line back gives an equal event.
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
    public static func encode(header: LogHeader = LogHeader(), events: [LoggedEvent]) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(header.json)
        writer.bytes.append(UInt8(ascii: "\n"))
        for entry in events {
            writer.write(entry.json)
            writer.bytes.append(UInt8(ascii: "\n"))
        }
        return writer.bytes
    }

    private static func line(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }
}

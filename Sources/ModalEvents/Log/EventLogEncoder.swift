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

    /// One event's line, `\n` included: the bytes of `line(entry.json)`,
    /// written straight from the event.
    public static func encode(_ entry: LoggedEvent) -> [UInt8] {
        var line = EventLineWriter()
        entry.write(to: &line)
        return line.finish()
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
        for entry in events { writer.bytes += encode(entry) }
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

/// Writes one event's line straight into bytes, exactly as ``JSONWriter``
/// writes the event's JSON object, and notes what a reader's limits look at,
/// so a writer can check the line without building or walking the event's JSON.
struct EventLineWriter: EventFieldWriter {
    private var writer = JSONWriter()
    private var hasMembers = false
    /// The longest string or key written, in UTF-8 bytes.
    private(set) var longestString = 0
    /// How deeply arrays and objects nest: 1 for the line's object alone.
    private(set) var depth = 1

    init() {
        writer.bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: String) {
        if hasMembers { writer.bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
        writer.writeString(key)
        writer.bytes.append(UInt8(ascii: ":"))
        longestString = max(longestString, key.utf8.count)
    }

    mutating func add(_ key: String, _ value: JSONValue) {
        self.key(key)
        writer.write(value)
        note(value, depth: 2)
    }

    mutating func string(_ key: String, _ value: String) {
        self.key(key)
        writer.writeString(value)
        longestString = max(longestString, value.utf8.count)
    }

    mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        writer.bytes += JSONNumber(value).literal.utf8
    }

    mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        writer.bytes += String(value).utf8
    }

    /// Notes the strings and the nesting of a value at `depth` (a container there is that deep).
    private mutating func note(_ value: JSONValue, depth: Int) {
        switch value {
        case .null, .bool, .number:
            break
        case .string(let string):
            longestString = max(longestString, string.utf8.count)
        case .array(let elements):
            self.depth = max(self.depth, depth)
            for element in elements { note(element, depth: depth + 1) }
        case .object(let members):
            self.depth = max(self.depth, depth)
            for member in members {
                longestString = max(longestString, member.key.utf8.count)
                note(member.value, depth: depth + 1)
            }
        }
    }

    /// The line, closed and ended by `\n`.
    func finish() -> [UInt8] {
        writer.bytes + [UInt8(ascii: "}"), UInt8(ascii: "\n")]
    }
}

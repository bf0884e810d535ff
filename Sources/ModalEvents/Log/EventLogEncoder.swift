/// Writes logs, deterministically: the same header and events always give
/// the same bytes.
///
/// Each line is compact JSON ended by `\n`. An event's keys come as `seq`,
/// `time`, `type`, then its fields in the spec's order, then (from format
/// version 2) `source` and `caller`; fields equal to their default are left
/// out, so reading the line back gives an equal event.
///
/// Numbers must not be NaN, which JSON cannot spell (an infinity is written
/// `1e999`), and object keys in payloads must be unique, as the reader
/// refuses duplicates: both are a caller's mistake, and encoding a NaN traps.
public enum EventLogEncoder {
    /// The header line, `\n` included.
    public static func encode(_ header: LogHeader) -> [UInt8] {
        line(header.json)
    }

    /// One event's line in a log of format `version`, `\n` included: the
    /// bytes of `line(entry.json(version:))`, written straight from the event.
    /// Version 1 leaves out `source` and `caller`; it has no place for the
    /// rest of version 2 (``ModalEvent/formatVersion``), which a writer refuses.
    public static func encode(_ entry: LoggedEvent, version: Int = LogHeader.currentVersion) -> [UInt8] {
        var line = EventLineWriter()
        entry.write(to: &line, version: version)
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
        for entry in events { writer.bytes += encode(entry, version: header.version) }
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
    /// What a reader's limits look at in what was written.
    private(set) var measure = LimitMeasure()

    init() {
        writer.bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: String) {
        if hasMembers { writer.bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
        writer.writeString(key)
        writer.bytes.append(UInt8(ascii: ":"))
        measure.note(key)
    }

    mutating func add(_ key: String, _ value: JSONValue) {
        self.key(key)
        writer.write(value)
        measure.note(value, depth: 2)
    }

    mutating func string(_ key: String, _ value: String) {
        self.key(key)
        writer.writeString(value)
        measure.note(value)
    }

    mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        writer.bytes += JSONNumber(value).literal.utf8
    }

    mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        writer.bytes += String(value).utf8
    }

    /// The line, closed and ended by `\n`.
    func finish() -> [UInt8] {
        writer.bytes + [UInt8(ascii: "}"), UInt8(ascii: "\n")]
    }
}

/// The first line of a log: `{"format":"modal-events","version":2}`, plus any
/// other fields the writer added (`created`, `app`, `device`, ...), which are kept.
///
/// A segment of a longer log (the spec's last section) also says where it
/// starts: `from`, the seq of its first event, and `state`, the state after
/// event `from - 1` in the spec's JSON shape, so the segment replays on its own.
public struct LogHeader: Sendable, Hashable {
    /// The value of the header's `format` field.
    public static let format = "modal-events"
    /// The newest format version this package reads and writes: new logs
    /// are written in it.
    ///
    /// A log with a newer version is refused (``EventLogError/Kind/newerVersion``).
    /// Version 2 is version 1 plus sessions, batches, queue roots, card
    /// heights and `canDismiss`, `source` and `caller`. An event line is read
    /// as its file's header's version says (`LoggedEvent.init(json:version:)`,
    /// the one place it switches on it).
    public static let currentVersion = 2

    /// The format version: 1 or 2.
    public var version: Int
    /// The seq of the first event in this file: 1, unless the file is a
    /// segment that continues a log.
    public var from: Int
    /// The state after event `from - 1`, as JSON (the projection reads it):
    /// a segment's snapshot. `nil` when the log starts at seq 1.
    public var snapshot: JSONValue?
    /// Every other header field, in the order written. Members named
    /// `format`, `version`, `from` or `state` are dropped, as the header
    /// writes its own.
    public var fields: [JSONMember] {
        didSet { fields = Self.withoutOwnKeys(fields) }
    }

    /// A header; `format`, `version`, `from` and `state` members in `fields`
    /// are dropped, as the header writes its own.
    ///
    /// - Precondition: `from` is 1 or more, and a header with `from` above 1
    ///   has a snapshot. Traps otherwise.
    public init(
        version: Int = LogHeader.currentVersion, from: Int = 1, snapshot: JSONValue? = nil, fields: [JSONMember] = []
    ) {
        precondition(from >= 1, "a log's first seq is 1 or more")
        precondition(from == 1 || snapshot != nil, "a segment that starts after seq 1 carries the state before it")
        self.version = version
        self.from = from
        self.snapshot = snapshot
        self.fields = Self.withoutOwnKeys(fields)
    }

    /// The header line's JSON object.
    public var json: JSONValue {
        var members = [JSONMember("format", .string(Self.format)), JSONMember("version", .number(JSONNumber(version)))]
        if from != 1 { members.append(JSONMember("from", .number(JSONNumber(from)))) }
        if let snapshot { members.append(JSONMember("state", snapshot)) }
        return .object(members + fields)
    }

    /// Reads a header from line 1's JSON.
    ///
    /// - Throws: ``EventLogError`` (`missingHeader`, `missingField`, `wrongType`,
    ///   `newerVersion`) with no file or line; the log reader adds them.
    public init(json: JSONValue) throws(EventLogError) {
        let expected = #"a log starts with the header {"format":"modal-events","version":2}"#
        guard case .object(let members) = json else {
            throw EventLogError(.missingHeader, message: "no header: line 1 is \(json.typeDescription); \(expected)")
        }
        guard json["format"] == .string(Self.format) else {
            let found = json["type"] != nil ? "line 1 is an event" : "line 1 has no \"format\":\"modal-events\""
            throw EventLogError(.missingHeader, message: "no header: \(found); \(expected)")
        }
        let reader = JSONFields(members: members)
        let version = try reader.requiredInteger("version")
        guard version >= 1 else {
            throw EventLogError(.wrongType, message: "field \"version\" must be a positive integer, found \(version)")
        }
        guard version <= Self.currentVersion else {
            throw EventLogError(
                .newerVersion,
                message:
                    "log format version \(version) is newer than this reader, which reads versions 1 to \(Self.currentVersion)"
            )
        }
        let from = reader.any("from") == nil ? 1 : try reader.requiredInteger("from")
        guard from >= 1 else {
            throw EventLogError(.wrongType, message: "field \"from\" must be a seq, 1 or more, found \(from)")
        }
        let snapshot = reader.any("state")
        if let snapshot {
            guard case .object = snapshot else {
                throw reader.wrongType("state", expected: "an object", found: snapshot)
            }
        }
        guard from == 1 || snapshot != nil else {
            throw EventLogError(
                .missingField,
                message: "missing field \"state\": a segment that starts at seq \(from) carries the state before it")
        }
        self.init(version: version, from: from, snapshot: snapshot, fields: members)
    }

    private static func withoutOwnKeys(_ fields: [JSONMember]) -> [JSONMember] {
        fields.filter { !["format", "version", "from", "state"].contains($0.key) }
    }
}

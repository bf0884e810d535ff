/// The first line of a log: `{"format":"modal-events","version":1}`, plus any
/// other fields the writer added (`created`, `app`, `device`, ...), which are kept.
public struct LogHeader: Sendable, Hashable {
    /// The value of the header's `format` field.
    public static let format = "modal-events"
    /// The newest format version this package reads and writes.
    public static let currentVersion = 1

    /// The format version; this package reads and writes 1.
    public var version: Int
    /// Every header field but `format` and `version`, in the order written.
    /// Members named `format` or `version` are dropped, as the header writes its own.
    public var fields: [JSONMember] {
        didSet { fields = Self.withoutOwnKeys(fields) }
    }

    /// A header; `format` and `version` members in `fields` are dropped, as
    /// the header writes its own.
    public init(version: Int = LogHeader.currentVersion, fields: [JSONMember] = []) {
        self.version = version
        self.fields = Self.withoutOwnKeys(fields)
    }

    /// The header line's JSON object.
    public var json: JSONValue {
        .object(
            [JSONMember("format", .string(Self.format)), JSONMember("version", .number(JSONNumber(version)))] + fields)
    }

    /// Reads a header from line 1's JSON.
    ///
    /// - Throws: ``EventLogError`` (`missingHeader`, `missingField`, `wrongType`,
    ///   `newerVersion`) with no file or line; the log reader adds them.
    public init(json: JSONValue) throws(EventLogError) {
        let expected = #"a log starts with the header {"format":"modal-events","version":1}"#
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
                    "log format version \(version) is newer than this reader, which reads version \(Self.currentVersion)"
            )
        }
        self.init(version: version, fields: members)
    }

    private static func withoutOwnKeys(_ fields: [JSONMember]) -> [JSONMember] {
        fields.filter { $0.key != "format" && $0.key != "version" }
    }
}

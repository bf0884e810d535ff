/// Why a log could not be read, and where: the file, the line, what was wrong.
///
/// Its description is the form compilers use, so editors can jump to it:
///
///     session.jsonl:17: unknown event type "modal.presnt"
public struct EventLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of fault. New kinds may be added without breaking callers.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A line that is not JSON.
        public static let invalidJSON = Kind(rawValue: "invalidJSON")
        /// Bytes that are not UTF-8.
        public static let invalidUTF8 = Kind(rawValue: "invalidUTF8")
        /// A line that is JSON but not an object.
        public static let notAnObject = Kind(rawValue: "notAnObject")
        /// A `type` the format does not define.
        public static let unknownType = Kind(rawValue: "unknownType")
        /// A required field left out.
        public static let missingField = Kind(rawValue: "missingField")
        /// A field of the wrong JSON type, or an integer field (`seq`, `version`) that is not one.
        public static let wrongType = Kind(rawValue: "wrongType")
        /// A `batch` line that breaks rule 13: no events or more than 1,000,
        /// an event with a `seq`, `time`, `source` or `caller` of its own,
        /// or a `batch` or `session.start` inside.
        public static let invalidBatch = Kind(rawValue: "invalidBatch")
        /// A `seq` that is not the one before plus 1.
        public static let seqOutOfOrder = Kind(rawValue: "seqOutOfOrder")
        /// The first line is not a modal-events header.
        public static let missingHeader = Kind(rawValue: "missingHeader")
        /// A header whose `version` this reader does not know.
        public static let newerVersion = Kind(rawValue: "newerVersion")
        /// A log of a format version too old for what is asked of it: an
        /// event its version cannot hold (a version-2 event appended to a
        /// version-1 log; upgrade the log first), a segment of version 1
        /// after one of version 2, an upgrade that would change what the log
        /// replays to.
        public static let olderVersion = Kind(rawValue: "olderVersion")
        /// A file with no complete line at all.
        public static let emptyFile = Kind(rawValue: "emptyFile")
        /// A line longer than the reader's limit.
        public static let lineTooLong = Kind(rawValue: "lineTooLong")
        /// Input beyond one of the reader's other limits: JSON nested too
        /// deep, a string too long, more roots, modals or cards than a
        /// replay allows (see ``EventLogReader/Options``).
        public static let limitExceeded = Kind(rawValue: "limitExceeded")
        /// A segment that later segments follow ends with a torn line: the
        /// folder was damaged, as a writer only starts a segment after the
        /// last one's lines are whole.
        public static let tornSegment = Kind(rawValue: "tornSegment")
        /// The file does not exist.
        public static let fileNotFound = Kind(rawValue: "fileNotFound")
        /// The file exists but could not be read.
        public static let readFailed = Kind(rawValue: "readFailed")
        /// A write, a sync or a rename failed (a full disk, a read-only
        /// folder), another writer holds the log, or the log is closed. What
        /// was written before stays; an append that throws it wrote nothing.
        public static let writeFailed = Kind(rawValue: "writeFailed")
        /// A state (a snapshot) that is well-formed JSON but breaks the
        /// projection's invariants: no reducer could have produced it.
        public static let invalidState = Kind(rawValue: "invalidState")
    }

    /// What kind of fault it is.
    public var kind: Kind
    /// The path as the caller gave it; `-` for standard input.
    public var file: String
    /// The 1-based line of the fault; `nil` for faults of the whole file.
    public var line: Int?
    /// What was wrong, as a sentence fragment: `missing field "content"`.
    public var message: String

    public init(_ kind: Kind, file: String = "", line: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = [file.isEmpty ? nil : file, line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

/// Something a reader noticed and stepped over without failing.
public struct EventLogWarning: Sendable, Hashable, CustomStringConvertible {
    /// The path as the caller gave it; `-` for standard input.
    public var file: String
    /// The 1-based line it is about.
    public var line: Int
    /// What was stepped over: `skipped a torn last line (46 bytes, ...)`.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

import ModalEvents
import ModalProjection

/// Exit codes, from sysexits(3).
enum ExitCode {
    static let success: Int32 = 0
    /// A check failed: events were rejected.
    static let checkFailed: Int32 = 1
    /// Bad usage: an unknown option, a missing argument, a seq past the end.
    static let usage: Int32 = 64
    /// Bad data: a malformed log.
    static let dataError: Int32 = 65
    /// Missing input: the log does not exist.
    static let noInput: Int32 = 66
    /// An I/O error while reading or writing.
    static let ioError: Int32 = 74

    /// The exit code for a log that could not be read.
    static func `for`(_ error: EventLogError) -> Int32 {
        switch error.kind {
        case .fileNotFound: noInput
        case .readFailed, .writeFailed: ioError
        default: dataError
        }
    }
}

extension EventLogError {
    /// Whether a lenient read would have skipped the line this fault is in:
    /// an event line (not a header) that is not an event the format reads.
    var isMalformedEventLine: Bool {
        let kinds: Set<Kind> = [
            .invalidJSON, .invalidUTF8, .notAnObject, .unknownType, .missingField, .wrongType, .invalidBatch,
            .lineTooLong,
        ]
        return kinds.contains(kind) && (line ?? 0) > 1
    }
}

/// What a ``LogCursor`` does with the index beside its log (``LogIndex``):
/// whether it seeks from it, and whether it extends, creates or rebuilds it.
///
/// Whatever the policy, an index never changes what a read gives: a
/// sidecar that no longer matches its log, or that cannot be read, is built
/// again (and said so, once, in ``LogIndex/Report``), and a fault found
/// after a checkpoint is blamed on the log only when a read from the top
/// finds it too.
public struct IndexPolicy: Sendable, Hashable {
    /// Whether the sidecar is read at all.
    public var isUsed: Bool
    /// Whether an index behind its log (the log has grown since) is
    /// extended to the log's end and written back.
    public var extends: Bool
    /// Whether a log without an index gets one.
    public var creates: Bool
    /// The checkpoints' interval wanted; `nil` keeps the sidecar's (or
    /// ``LogIndex/defaultInterval`` for a new one).
    public var interval: Int?
    /// Whether all of the sidecar's lines are checked against their hashes
    /// on opening, not only its header (``LogIndex/checkLines()``).
    public var checksEveryLine: Bool

    /// The log is read from the top; its sidecar is neither read nor written.
    public static let ignored = IndexPolicy(isUsed: false, extends: false, creates: false)
    /// A sidecar is used as it is: one behind its log is not extended (what
    /// it covers is enough to seek before its end); none is created. What
    /// `modal-log state` does: it reads nothing past the seq it wants.
    public static let used = IndexPolicy(isUsed: true, extends: false, creates: false)
    /// A sidecar is used, and extended when it is behind its log: what a
    /// read to the log's end (`modal-log replay`) does.
    public static let extended = IndexPolicy(isUsed: true, extends: true, creates: false)

    /// The index is kept up to date: created when missing, extended, and
    /// built again with `interval` when it keeps another. What a writer
    /// that keeps an index does on opening, and `modal-log index`.
    public static func maintained(every interval: Int? = nil, checkingEveryLine: Bool = false) -> IndexPolicy {
        IndexPolicy(
            isUsed: true, extends: true, creates: true, interval: interval, checksEveryLine: checkingEveryLine)
    }

    public init(
        isUsed: Bool, extends: Bool, creates: Bool, interval: Int? = nil, checksEveryLine: Bool = false
    ) {
        self.isUsed = isUsed
        self.extends = extends
        self.creates = creates
        self.interval = interval
        self.checksEveryLine = checksEveryLine
    }
}

extension LogIndex {
    /// What opening a log did to its sidecar, and the one warning to show
    /// a person when there is something to say.
    public struct Report: Sendable, Hashable {
        /// The sidecar's path.
        public var sidecar: String
        /// What was done to it.
        public var update: Update
        /// Why it was left behind its log: it could not be written (another
        /// writer has the log open, or the disk refused).
        public var writeError: EventLogError?
        /// Why it could not be built again after it led a read astray: the
        /// log has a fault further on than the read went.
        public var buildError: EventLogError?

        /// One line for a person (without a `warning:` prefix), or `nil`
        /// when the sidecar was fine or only brought up to date.
        public var warning: String? {
            if let buildError { return "\(sidecar) cannot be built again: \(buildError)" }
            switch (update, writeError) {
            case (.rebuilt(let reason), nil): return "built \(sidecar) again: \(reason)"
            case (.rebuilt(let reason), let error?):
                return "\(sidecar) is out of date (\(reason)) and cannot be written: \(error)"
            case (_, let error?): return "\(sidecar) cannot be brought up to date: \(error)"
            case (_, nil): return nil
            }
        }
    }
}

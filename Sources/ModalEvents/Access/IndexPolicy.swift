/// What a ``LogCursor`` does with the index beside its log (its sidecar, `LOG.index`):
/// whether it seeks from it, and whether it extends, creates or rebuilds it.
///
/// Whatever the policy, an index never changes what a read gives: a
/// sidecar that no longer matches its log, or that cannot be read, is built
/// again (and said so, once, in ``IndexReport``), and a fault found
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
    /// 1,000 events for a new one).
    public var interval: Int?
    /// Whether all of the sidecar's checkpoints (their states and history)
    /// are checked against their hashes on opening, not only its header and
    /// table.
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

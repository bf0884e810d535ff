public import ModalEvents
public import ModalProjection

/// A log replayed one event at a time, as `modal-log` replays it, noting
/// each event whose outcome is not the one expected: what a test that
/// `modal-log export LOG --format swift-test` writes checks.
///
/// ```swift
/// var log = LogReplay(formatVersion: 1)
/// log.step(1, 0, .rootRegister(RootRegistration()))
/// log.step(2, 0.5, .cardPop(link: "checkout"), rejected: .unknownLink, "no live modal \"checkout\" in root \"default\"")
/// #expect(log.mismatches == [])
/// ```
public struct LogReplay: Sendable {
    /// The format version of the log's file being replayed: version 1 knows
    /// no `queue` policy and no version-2 fields.
    public var formatVersion: Int
    /// The state after the events so far (with the log's rejections in `rejected`).
    public var state: ModalState
    /// Each event that went otherwise than expected, a line each:
    /// `seq 10: expected to be rejected lastCard: ..., but it applied`.
    public private(set) var mismatches: [String] = []

    public init(formatVersion: Int = LogHeader.currentVersion, state: ModalState = ModalState()) {
        self.formatVersion = formatVersion
        self.state = state
    }

    /// Replays the event at `seq`, expected to apply, or to be rejected with `code` and `message`.
    public mutating func step(
        _ seq: Int, _ time: Double?, _ event: ModalEvent, source: EventSource? = nil, caller: String? = nil,
        rejected code: RejectionCode? = nil, _ message: String? = nil
    ) {
        step(LoggedEvent(seq: seq, time: time, event: event, source: source, caller: caller), rejected: code, message)
    }

    /// Replays `entry` (one read from its line), expected to apply, or to be
    /// rejected with `code` and `message`.
    public mutating func step(_ entry: LoggedEvent, rejected code: RejectionCode? = nil, _ message: String? = nil) {
        let rejection = state.replay(entry, formatVersion: formatVersion)
        guard rejection?.code != code || rejection?.message != message else { return }
        let expected = code.map { "to be rejected \($0.rawValue): \(message ?? "")" } ?? "to apply"
        let found = rejection.map { "it was rejected \($0.code.rawValue): \($0.message)" } ?? "it applied"
        mismatches.append("seq \(entry.seq): expected \(expected), but \(found)")
    }
}

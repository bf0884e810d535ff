public import ModalEvents

/// How much a replayed log may make the state hold.
///
/// The reducer finds a root, a modal or a card by walking a list, so a state
/// with a million modals in one root would make every later event slow: a
/// hostile log could hang a replay. Memory is not the issue (each modal
/// costs a line of the log); time is. These bounds keep every event's cost
/// small, and are far above what an app shows: a few roots, a few modals,
/// a few cards.
public struct ModalLimits: Sendable, Hashable {
    /// The most roots registered at once.
    public var roots: Int
    /// The most live modals in one root.
    public var modalsPerRoot: Int
    /// The most cards in one modal's stack.
    public var cardsPerModal: Int

    public init(roots: Int = 1_000, modalsPerRoot: Int = 1_000, cardsPerModal: Int = 1_000) {
        self.roots = roots
        self.modalsPerRoot = modalsPerRoot
        self.cardsPerModal = cardsPerModal
    }

    /// What a state past each limit is told, for a snapshot and a replay.
    var tooManyRoots: ExceededLimit { ExceededLimit(maximum: roots, of: "roots registered at once") }

    func tooManyModals(inRoot root: String) -> ExceededLimit {
        ExceededLimit(maximum: modalsPerRoot, of: "modals", in: "root \"\(root)\"")
    }

    func tooManyCards(inModal link: String) -> ExceededLimit {
        ExceededLimit(maximum: cardsPerModal, of: "cards", in: "modal \"\(link)\"")
    }
}

extension ModalState {
    /// The limits a replay of a log applies (``LogProjection/limitExceeded(after:)``).
    public static let limits = ModalLimits()

    /// The state before any event: no roots, keyboard down.
    public init() {
        self.init(seq: 0)
    }

    /// Checks only what `entry` can have grown, so the check is O(1) per event.
    public func limitExceeded(after entry: LoggedEvent) -> ExceededLimit? {
        limitExceeded(after: entry, limits: Self.limits)
    }

    /// A relaunch: a `session.start` from version 2; in version 1, which
    /// has none, what it does in version 1's words: a `root.remove` for each
    /// root and the keyboard down (nothing, when nothing is left), so the
    /// app can register its roots again. The session count stays, as a
    /// version-1 log has none.
    public func sessionStart(info: JSONValue?, formatVersion: Int) -> [ModalEvent]? {
        guard formatVersion < 2 else { return [.sessionStart(info: info)] }
        let keyboardDown = keyboard == KeyboardState() ? [] : [ModalEvent.keyboardChange(height: 0)]
        return roots.map { .rootRemove(root: $0.id) } + keyboardDown
    }

    /// What the state holds past ``limits``, or `nil`: for a snapshot.
    public func limitExceeded() -> ExceededLimit? {
        let limits = Self.limits
        if roots.count > limits.roots { return limits.tooManyRoots }
        for root in roots {
            if root.modals.count > limits.modalsPerRoot { return limits.tooManyModals(inRoot: root.id) }
            if let modal = root.modals.first(where: { $0.cards.count > limits.cardsPerModal }) {
                return limits.tooManyCards(inModal: modal.link)
            }
        }
        return nil
    }

    /// What `entry` grew past `limits`, or `nil`.
    public func limitExceeded(after entry: LoggedEvent, limits: ModalLimits) -> ExceededLimit? {
        limitExceeded(after: entry.event, limits: limits)
    }

    /// What `event` (a batch: each of its events) grew past `limits`, or `nil`.
    private func limitExceeded(after event: ModalEvent, limits: ModalLimits) -> ExceededLimit? {
        switch event {
        case .batch(let events):
            for event in events {
                if let exceeded = limitExceeded(after: event, limits: limits) { return exceeded }
            }
            return nil
        case .rootRegister:
            return _roots.count > limits.roots ? limits.tooManyRoots : nil
        case .modalPresent(let presentation):
            guard let root = rootIndex(presentation.root), _roots[root]._modals.count > limits.modalsPerRoot else {
                return nil
            }
            return limits.tooManyModals(inRoot: _roots[root].id)
        case .cardPush(let rootID, let link, _, _, _, _):
            guard let root = rootIndex(rootID), let modal = modalIndex(link: link, inRootAt: root),
                _roots[root]._modals[modal].cards.count > limits.cardsPerModal
            else {
                return nil
            }
            return limits.tooManyCards(inModal: link)
        default:
            return nil
        }
    }
}

/// The rejections: a log index stores and reads each once.
extension ModalState: LogHistory {
    package var history: RejectionHistory { rejected }

    /// A state from its JSON, with `rejected` empty, and its rejections.
    package init(json: JSONValue, history: RejectionHistory) throws(EventLogError) {
        try self.init(json: json)
        rejected = history
        if let violation = rejectionViolations().first {
            throw EventLogError(.invalidState, message: "invalid state: \(violation)")
        }
    }
}

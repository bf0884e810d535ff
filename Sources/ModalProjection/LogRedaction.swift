public import ModalEvents

/// Takes the personal data out of a log so it can be shared: payloads and a
/// session's `info`, and optionally content, sticky and link names, become
/// stable hashes. An event's `source` and `caller` stay: who caused it and
/// where in the app's code, not the user's data.
///
/// The same text always gives the same hash (with the same salt), so the
/// redacted log replays to the same structure: the same roots, modals,
/// phases, card stacks and snap state, and the same rejections (seq and
/// code) at the same places. Root names, numbers and words such as styles
/// stay as they are, and so do the header's own fields.
///
/// A hash of a short name can be found by hashing guesses; with a `salt`
/// kept secret it cannot. The hash is FNV-1a (64 bits): stable across
/// machines and releases, and not a cryptographic hash.
///
/// ```swift
/// let redaction = LogRedaction(names: true)
/// let shared = events.map(redaction.redact)
/// ```
public struct LogRedaction: Sendable, Hashable {
    /// Whether content, sticky and link names (and parents, which are links)
    /// are hashed too; payloads always are.
    public var names: Bool
    /// Text mixed into every hash.
    public var salt: String

    public init(names: Bool = false, salt: String = "") {
        self.names = names
        self.salt = salt
    }

    /// The hash that stands for `text`: `h` and 16 hex digits.
    public func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in salt.utf8 + [0] + text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return "h" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A payload's stand-in: the hash of its compact JSON.
    public func redact(payload: JSONValue) -> JSONValue {
        .string(hash(payload.serialized()))
    }

    /// The event with its payload, and with ``names`` its names, hashed.
    public func redact(_ entry: LoggedEvent) -> LoggedEvent {
        var entry = entry
        entry.event = redact(entry.event)
        return entry
    }

    /// The event with its payload (a session's `info` too), and with
    /// ``names`` its names, hashed; a batch's events each so.
    public func redact(_ event: ModalEvent) -> ModalEvent {
        switch event {
        case .modalPresent(var presentation):
            presentation.payload = presentation.payload.map(redact(payload:))
            presentation.link = name(presentation.link)
            presentation.content = name(presentation.content)
            presentation.parent = presentation.parent.map(name)
            presentation.sticky = presentation.sticky.map(name)
            return .modalPresent(presentation)
        case .modalPresented(let root, let link): return .modalPresented(root: root, link: name(link))
        case .modalDismiss(let root, let link, let reason):
            return .modalDismiss(root: root, link: name(link), reason: reason)
        case .modalDismissed(let root, let link): return .modalDismissed(root: root, link: name(link))
        case .cardPush(let root, let link, let content, let sticky, let height, let canDismiss):
            return .cardPush(
                root: root, link: name(link), content: name(content), sticky: sticky.map(name), height: height,
                canDismiss: canDismiss)
        case .cardPop(let root, let link): return .cardPop(root: root, link: name(link))
        case .cardReplace(let root, let link, let content, let direction, let animation, let height, let canDismiss):
            return .cardReplace(
                root: root, link: name(link), content: name(content), direction: direction, animation: animation,
                height: height, canDismiss: canDismiss)
        case .cardUpdate(let root, let link, let height, let canDismiss):
            return .cardUpdate(root: root, link: name(link), height: height, canDismiss: canDismiss)
        case .snapTo(let root, let link, let index): return .snapTo(root: root, link: name(link), index: index)
        case .dragChange(let root, let link, let position):
            return .dragChange(root: root, link: name(link), position: position)
        case .dragEnd(let root, let link, let position, let velocity):
            return .dragEnd(root: root, link: name(link), position: position, velocity: velocity)
        case .sessionStart(let info):
            return .sessionStart(info: info.map(redact(payload:)))
        case .batch(let events):
            return .batch(events.map(redact))
        case .rootRegister, .rootResize, .rootRemove, .dimmingTap, .keyboardChange:
            return event
        }
    }

    /// The state as a redacted log would have built it: for a segment's
    /// snapshot. Rejection messages, which quote names, keep their seq and
    /// code and read "redacted".
    public func redact(_ state: ModalState) -> ModalState {
        var state = state
        // Each root's list set once: a modal changed through it would note every place again.
        state.roots = state.roots.map { root in
            var root = root
            root.modals = root.modals.map(redact)
            return root
        }
        state.rejected = RejectionHistory(
            state.rejected.lazy.map { Rejection(seq: $0.seq, code: $0.code, message: "redacted") })
        return state
    }

    private func redact(_ modal: Modal) -> Modal {
        var modal = modal
        modal.payload = modal.payload.map(redact(payload:))
        modal.link = name(modal.link)
        modal.parent = modal.parent.map(name)
        for index in modal.cards.indices {
            modal.cards[index].content = name(modal.cards[index].content)
            modal.cards[index].sticky = modal.cards[index].sticky.map(name)
        }
        return modal
    }

    private func name(_ text: String) -> String {
        names ? hash(text) : text
    }
}

public import ModalEvents

/// What changed between two states, field by field, in the state's JSON
/// shape: the session, the keyboard, each root's own fields, the modals that
/// came, went or changed, and the rejections added or gone.
///
/// ```swift
/// let diff = StateDiff(from: before, to: after)
/// for change in diff.changes { print(change) }
/// // "checkout" phase: presenting -> presented
/// ```
///
/// It is the UI's changes (``ModalChange/changes(from:to:by:)``) told field
/// by field: each root and modal that a ``ModalChange`` is about is
/// described once, where its first change stands, so the two never
/// disagree on what changed. A root registered again with other settings
/// went and came back. A modal is matched by its root and link: one the
/// UI removes and presents again (presented again between the two states,
/// or a diff that goes back in time) shows its fields that changed, and
/// its root the new order of its modals (field `modals`) when that is not
/// the old order with new modals on top. Changes come in that order: the
/// session; the keyboard; each root that went (its modals first); then each
/// root of `new` bottom to top, with its own fields, the modals that went,
/// and its modals bottom to top; last the rejections. Derived values
/// (`dimming.visible`, `keyboardOffset`, `visibleCards`, a modal's
/// `canDismiss`) are compared too: they are part of what a person sees.
public struct StateDiff: Sendable, Hashable {
    /// The seq of the state compared from.
    public var fromSeq: Int
    /// The seq of the state compared to.
    public var toSeq: Int
    /// Every difference, in the order above; empty when the states show the same.
    public var changes: [StateChange]

    /// The differences from `old` to `new`.
    ///
    /// - Parameter event: The event between them, when there is one (see
    ///   ``ModalChange/changes(from:to:by:)``).
    /// - Complexity: O(*n*) in the size of the roots that differ and of the
    ///   two rejection lists; roots that are equal cost a comparison, which
    ///   is quick for roots that share storage (two states of one replay).
    public init(from old: ModalState, to new: ModalState, by event: ModalEvent? = nil) {
        fromSeq = old.seq
        toSeq = new.seq
        var teller = Teller(old: old, new: new)
        // One event (not a batch) never reorders a root's modals: it adds one on top or takes some out.
        if let event, event.type != .batch { teller.ordersKeep = true }
        for change in ModalChange.changes(from: old, to: new, by: event) { teller.tell(change) }
        Self.appendRejectionChanges(from: old.rejected, to: new.rejected, into: &teller.changes)
        changes = teller.changes
    }

    /// Whether the two states show the same.
    public var isEmpty: Bool { changes.isEmpty }

    /// The diff in JSON: `{"from": A, "to": B, "changes": [...]}`, each
    /// change as ``StateChange/json``.
    public var json: JSONValue {
        [
            "from": .number(JSONNumber(fromSeq)), "to": .number(JSONNumber(toSeq)),
            "changes": .array(changes.map(\.json)),
        ]
    }

    /// Tells each ``ModalChange`` field by field, each subject once.
    private struct Teller {
        let old: ModalState
        let new: ModalState
        var changes: [StateChange] = []
        /// The roots and modals whose fields are told.
        var told: Set<StateChange.Subject> = []
        /// Roots that came whole: their modals came with them.
        var addedRoots: Set<String> = []
        /// Modals that came whole (or went and came back), by root and link.
        var addedModals: Set<StateChange.Subject> = []
        /// Whether every root is known to keep its modals' order, with new ones on top.
        var ordersKeep = false

        init(old: ModalState, new: ModalState) {
            self.old = old
            self.new = new
        }

        mutating func tell(_ change: ModalChange) {
            switch change {
            case .startSession:
                changes.append(
                    StateChange(
                        subject: .session, kind: .changed, field: "session", old: .number(JSONNumber(old.session)),
                        new: .number(JSONNumber(new.session))))
            case .changeKeyboard:
                StateDiff.appendChanges(
                    of: KeyboardState.diffFields, from: old.keyboard, to: new.keyboard, subject: .keyboard,
                    into: &changes)
            case .removeRoot(let id):
                guard let root = old.root(id) else { return }
                changes += root.modals.map { StateChange(removed: $0, from: id) }
                changes.append(StateChange(subject: .root(id), kind: .removed, old: root.ownJSON, new: nil))
            case .registerRoot(let bare):
                guard let root = new.root(bare.id) else { return }
                addedRoots.insert(root.id)
                changes.append(StateChange(subject: .root(root.id), kind: .added, old: nil, new: root.ownJSON))
                changes += root.modals.map { StateChange(added: $0, to: root.id) }
            case .dismissed(let link, let root):
                tellRoot(root)
                if new.modal(link: link, in: root) != nil { return tellModal(link, in: root) }
                guard let modal = old.modal(link: link, in: root) else { return }
                changes.append(StateChange(removed: modal, from: root))
            case .queue(let modal, let root), .present(let modal, let root):
                guard !addedRoots.contains(root) else { return }
                tellRoot(root)
                if old.modal(link: modal.link, in: root) != nil { return tellModal(modal.link, in: root) }
                addedModals.insert(.modal(root: root, link: modal.link))
                changes.append(StateChange(added: new.modal(link: modal.link, in: root) ?? modal, to: root))
            case .resizeRoot(let root, _), .setKeyboardOffset(_, let root), .setDimming(_, let root):
                tellRoot(root)
            default:
                guard let root = change.root, let link = change.link else { return }
                tellModal(link, in: root)
            }
        }

        /// A kept root's own fields, and the order of its modals when it is
        /// not the old order with new ones on top, once.
        mutating func tellRoot(_ id: String) {
            guard !addedRoots.contains(id), told.insert(.root(id)).inserted,
                let before = old.root(id), let after = new.root(id)
            else { return }
            StateDiff.appendChanges(
                of: RootState.diffFields, from: before, to: after, subject: .root(id), into: &changes)
            guard !ordersKeep, !StateDiff.keepsOrder(from: before, to: after) else { return }
            changes.append(
                StateChange(
                    subject: .root(id), kind: .changed, field: "modals",
                    old: .array(before.modals.map { .string($0.link) }),
                    new: .array(after.modals.map { .string($0.link) })
                ))
        }

        /// A kept modal's fields, once, after its root's.
        mutating func tellModal(_ link: String, in root: String) {
            let subject = StateChange.Subject.modal(root: root, link: link)
            guard !addedRoots.contains(root), !addedModals.contains(subject) else { return }
            tellRoot(root)
            guard told.insert(subject).inserted, let before = old.modal(link: link, in: root),
                let after = new.modal(link: link, in: root)
            else { return }
            StateDiff.appendChanges(of: Modal.diffFields, from: before, to: after, subject: subject, into: &changes)
        }
    }

    /// Whether `after` lists the modals of `before` that it keeps in the
    /// same order, and its new ones on top of them.
    ///
    /// - Complexity: O(*n*) in the modals of the two roots: one walk of
    ///   both lists, finding each link in the other root's directory.
    fileprivate static func keepsOrder(from before: RootState, to after: RootState) -> Bool {
        let (old, new) = (before.modals, after.modals)
        var (oldIndex, newIndex) = (0, 0)
        while oldIndex < old.count, newIndex < new.count {
            if old[oldIndex].link == new[newIndex].link {
                oldIndex += 1
                newIndex += 1
            } else if after.modalIndex(link: old[oldIndex].link) == nil {
                oldIndex += 1  // it went
            } else {
                break
            }
        }
        // What is left of the old list went; what is left of the new one is new.
        return old[oldIndex...].allSatisfy { after.modalIndex(link: $0.link) == nil }
            && new[newIndex...].allSatisfy { before.modalIndex(link: $0.link) == nil }
    }

    /// Rejections are kept in seq order, so one walk of both lists finds
    /// those only one of them has. Where one history is the other read
    /// further (a state and a later one of the same replay), the walk starts
    /// where the shorter ends: the cost is what changed, not the history.
    private static func appendRejectionChanges(
        from old: RejectionHistory, to new: RejectionHistory, into changes: inout [StateChange]
    ) {
        let shared = new.surelyExtends(old) ? old.count : old.surelyExtends(new) ? new.count : 0
        var oldIndex = shared
        var newIndex = shared
        while oldIndex < old.count || newIndex < new.count {
            let before = oldIndex < old.count ? old[oldIndex] : nil
            let after = newIndex < new.count ? new[newIndex] : nil
            if let before, let after, before.seq == after.seq {
                if before != after {
                    changes.append(
                        StateChange(
                            subject: .rejection(seq: after.seq), kind: .changed, old: before.json, new: after.json)
                    )
                }
                oldIndex += 1
                newIndex += 1
            } else if let before, after.map({ before.seq < $0.seq }) ?? true {
                changes.append(
                    StateChange(subject: .rejection(seq: before.seq), kind: .removed, old: before.json, new: nil))
                oldIndex += 1
            } else if let after {
                changes.append(
                    StateChange(subject: .rejection(seq: after.seq), kind: .added, old: nil, new: after.json))
                newIndex += 1
            }
        }
    }
}

extension StateChange {
    fileprivate init(added modal: Modal, to root: String) {
        self.init(subject: .modal(root: root, link: modal.link), kind: .added, old: nil, new: modal.json)
    }

    fileprivate init(removed modal: Modal, from root: String) {
        self.init(subject: .modal(root: root, link: modal.link), kind: .removed, old: modal.json, new: nil)
    }
}

extension KeyboardState {
    /// The keyboard in the spec's JSON shape: the state's `keyboard`.
    public var json: JSONValue {
        [
            "height": .number(JSONNumber(height)),
            "responderBottom": responderBottom.map { .number(JSONNumber($0)) } ?? .null,
        ]
    }
}

extension RootState {
    /// The root's JSON without its modals: what a root that came or went shows.
    var ownJSON: JSONValue {
        .object(ownMembers)
    }
}

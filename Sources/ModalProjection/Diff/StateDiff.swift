public import ModalEvents

/// What changed between two states: the session, the keyboard, each root's
/// own fields, the modals that came, went or changed, and the rejections
/// added or gone.
///
/// ```swift
/// let diff = StateDiff(from: before, to: after)
/// for change in diff.changes { print(change) }
/// // "checkout" phase: presenting -> presented
/// ```
///
/// Roots are matched by id and modals by root and link, so a modal that was
/// dismissed and presented again between the two states shows as changed.
/// Changes come in a fixed order: the session; the keyboard; each root that went (its
/// modals first); then each root of `new` bottom to top, with its own fields,
/// the order of its modals (field `modals`, their links bottom to top) when
/// it is not the old order with new modals on top, the modals that went,
/// and its modals bottom to top; last the rejections.
/// Derived values (`dimming.visible`, `keyboardOffset`, `visibleCards`) are
/// compared too: they are part of what a person sees.
public struct StateDiff: Sendable, Hashable {
    /// The seq of the state compared from.
    public var fromSeq: Int
    /// The seq of the state compared to.
    public var toSeq: Int
    /// Every difference, in the order above; empty when the states show the same.
    public var changes: [StateChange]

    /// The differences from `old` to `new`.
    ///
    /// - Complexity: O(*n*) in the size of the roots that differ and of the
    ///   two rejection lists; roots that are equal cost a comparison, which
    ///   is quick for roots that share storage (two states of one replay).
    public init(from old: ModalState, to new: ModalState) {
        fromSeq = old.seq
        toSeq = new.seq
        var changes: [StateChange] = []
        if old.session != new.session {
            changes.append(
                StateChange(
                    subject: .session, kind: .changed, field: "session", old: .number(JSONNumber(old.session)),
                    new: .number(JSONNumber(new.session))))
        }
        Self.appendFieldChanges(
            from: old.keyboard.json, to: new.keyboard.json, subject: .keyboard, path: "", into: &changes)
        for root in old.roots where new.rootIndex(root.id) == nil {
            changes += root.modals.map { StateChange(removed: $0, from: root.id) }
            changes.append(StateChange(subject: .root(root.id), kind: .removed, old: root.ownJSON, new: nil))
        }
        for root in new.roots {
            guard let index = old.rootIndex(root.id) else {
                changes.append(StateChange(subject: .root(root.id), kind: .added, old: nil, new: root.ownJSON))
                changes += root.modals.map { StateChange(added: $0, to: root.id) }
                continue
            }
            let before = old.roots[index]
            guard before != root else { continue }
            Self.appendRootChanges(from: before, to: root, into: &changes)
        }
        Self.appendRejectionChanges(from: old.rejected, to: new.rejected, into: &changes)
        self.changes = changes
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

    private static func appendRootChanges(from old: RootState, to new: RootState, into changes: inout [StateChange]) {
        let subject = StateChange.Subject.root(new.id)
        appendFieldChanges(from: old.ownJSON, to: new.ownJSON, subject: subject, path: "", into: &changes)
        // The order is a change of its own only when it is not the old
        // order, less the modals that went, with the new ones on top.
        let links = new.modals.map(\.link)
        let linksBefore = old.modals.map(\.link)
        let kept = linksBefore.filter { new.modalIndex(link: $0) != nil }
        if links != kept + links.filter({ old.modalIndex(link: $0) == nil }) {
            changes.append(
                StateChange(
                    subject: subject, kind: .changed, field: "modals",
                    old: .array(linksBefore.map(JSONValue.string)), new: .array(links.map(JSONValue.string))))
        }
        for modal in old.modals where new.modalIndex(link: modal.link) == nil {
            changes.append(StateChange(removed: modal, from: new.id))
        }
        for modal in new.modals {
            guard let index = old.modalIndex(link: modal.link) else {
                changes.append(StateChange(added: modal, to: new.id))
                continue
            }
            let before = old.modals[index]
            guard before != modal else { continue }
            appendFieldChanges(
                from: before.json, to: modal.json, subject: .modal(root: new.id, link: modal.link), path: "",
                into: &changes)
        }
    }

    /// One change per leaf that differs. Objects of the state's shape are
    /// walked into (`snap.index`); arrays and a modal's payload are leaves.
    private static func appendFieldChanges(
        from old: JSONValue, to new: JSONValue, subject: StateChange.Subject, path: String,
        into changes: inout [StateChange]
    ) {
        guard old != new else { return }
        guard path != "payload", case .object(let oldMembers) = old, case .object(let newMembers) = new else {
            changes.append(StateChange(subject: subject, kind: .changed, field: path, old: old, new: new))
            return
        }
        func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        for member in newMembers {
            appendFieldChanges(
                from: old[member.key] ?? .null, to: member.value, subject: subject, path: field(member.key),
                into: &changes)
        }
        for member in oldMembers where new[member.key] == nil {
            changes.append(
                StateChange(subject: subject, kind: .changed, field: field(member.key), old: member.value, new: .null))
        }
    }

    /// Rejections are kept in seq order, so one walk of both lists finds
    /// those only one of them has.
    private static func appendRejectionChanges(
        from old: [Rejection], to new: [Rejection], into changes: inout [StateChange]
    ) {
        var oldIndex = 0
        var newIndex = 0
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
    var json: JSONValue {
        [
            "height": .number(JSONNumber(height)),
            "responderBottom": responderBottom.map { .number(JSONNumber($0)) } ?? .null,
        ]
    }
}

extension RootState {
    /// The root's JSON without its modals: what a root's own changes compare.
    var ownJSON: JSONValue {
        guard case .object(let members) = json else { return json }
        return .object(members.filter { $0.key != "modals" })
    }
}

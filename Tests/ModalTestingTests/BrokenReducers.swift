import ModalEvents
import ModalTesting

@testable import ModalProjection

/// Reducers with one deliberate bug each, the kind a hand-written modal
/// coordinator gets wrong. They live here, in the tests, and wrap the
/// package's one reducer: the harness must catch every one of them.
enum BrokenReducers {
    static let all: [ModalReducer] = [
        tapDismissesTheBottomModal, popEmptiesTheStack, dismissalDoesNotCascade, keyboardOffsetWithAFlippedSign,
        singlePolicyIgnored, payloadKeptAfterDismissal, dismissedOnlyWhenDismissing, popNeedsThreeCards,
        snapWhilePresenting, halvesRoundToEven, seqStandsStill,
    ]

    /// A dimming tap dismisses the bottom modal instead of the topmost.
    static let tapDismissesTheBottomModal = ModalReducer(name: "a tap that dismisses the bottom modal") {
        state, entry in
        guard case .dimmingTap(let root) = entry.event, let rootState = state.root(root),
            rootState.dimming.tap == .dismissTopmost,
            let bottom = rootState.modals.first(where: { $0.phase != .dismissing && $0.canDismiss })
        else { return ModalState.reduce(into: &state, event: entry) }
        let dismissal = ModalEvent.modalDismiss(root: root, link: bottom.link, reason: .dimmingTap)
        return ModalState.reduce(into: &state, event: LoggedEvent(seq: entry.seq, time: entry.time, event: dismissal))
    }

    /// `card.pop` takes the last card too, leaving an empty stack.
    static let popEmptiesTheStack = ModalReducer(name: "a pop that empties the stack") { state, entry in
        guard case .cardPop(let root, let link) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase != .dismissing, state.roots[r].modals[m].cards.count == 1
        else { return ModalState.reduce(into: &state, event: entry) }
        state.roots[r].modals[m].cards.removeAll()
        state.seq = entry.seq
        state.refreshDerivedValues()
        return nil
    }

    /// `modal.dismiss` starts dismissing the modal but not its descendants.
    static let dismissalDoesNotCascade = ModalReducer(name: "a dismissal that does not cascade") { state, entry in
        guard case .modalDismiss(let root, let link, let reason) = entry.event,
            let (r, m) = state.locate(link, in: root), state.roots[r].modals[m].phase != .dismissing
        else { return ModalState.reduce(into: &state, event: entry) }
        state.roots[r].modals[m].phase = .dismissing
        state.roots[r].modals[m].dismissReason = reason
        state.seq = entry.seq
        state.refreshDerivedValues()
        return nil
    }

    /// Rule 9's obscured-height formula with the keyboard's height added
    /// instead of subtracted: `responderBottom + additional - (height + H)`.
    static let keyboardOffsetWithAFlippedSign = ModalReducer(name: "a keyboard formula with a flipped sign") {
        state, entry in
        let rejection = ModalState.reduce(into: &state, event: entry)
        let keyboard = state.keyboard
        for index in state.roots.indices where keyboard.height > 0 {
            let root = state.roots[index]
            guard root.keyboard.strategy == .offsetByObscuredHeight else { continue }
            let bottom = keyboard.responderBottom ?? root.size.height
            state.roots[index].keyboardOffset = max(
                0, bottom + root.keyboard.additional - (root.size.height + keyboard.height))
        }
        return rejection
    }

    /// A root's `single` policy is ignored: presenting stacks as in any root.
    static let singlePolicyIgnored = ModalReducer(name: "a single policy that is ignored") { state, entry in
        guard case .modalPresent(let presentation) = entry.event,
            let index = state.roots.firstIndex(where: { $0.id == presentation.root }),
            state.roots[index].policy == .single
        else { return ModalState.reduce(into: &state, event: entry) }
        state.roots[index].policy = .stack
        defer { state.roots[index].policy = .single }
        return ModalState.reduce(into: &state, event: entry)
    }

    /// ModalPresenter's data source cache without its cleanup: a payload is
    /// cached by link and never evicted, so presenting the link again without
    /// a payload shows the old one.
    static let payloadKeptAfterDismissal = ModalReducer(name: "a payload kept after dismissal") {
        var cache: [String: JSONValue] = [:]
        return { state, entry in
            guard case .modalPresent(var presentation) = entry.event else {
                return ModalState.reduce(into: &state, event: entry)
            }
            let key = presentation.root + "/" + presentation.link
            if let payload = presentation.payload { cache[key] = payload } else { presentation.payload = cache[key] }
            return ModalState.reduce(
                into: &state, event: LoggedEvent(seq: entry.seq, time: entry.time, event: .modalPresent(presentation)))
        }
    }
}

extension BrokenReducers {
    /// `modal.dismissed` is refused unless the modal is dismissing (the spec: in any phase).
    static let dismissedOnlyWhenDismissing = ModalReducer(name: "a dismissed refused before dismiss") { state, entry in
        guard case .modalDismissed(let root, let link) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase != .dismissing
        else { return ModalState.reduce(into: &state, event: entry) }
        return state.reject(entry, .invalidTransition, "not dismissing")
    }

    /// `card.pop` keeps two cards, not one: a pop of the second-to-last card is `lastCard`.
    static let popNeedsThreeCards = ModalReducer(name: "a pop refused with two cards") { state, entry in
        guard case .cardPop(let root, let link) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase != .dismissing, state.roots[r].modals[m].cards.count == 2
        else { return ModalState.reduce(into: &state, event: entry) }
        return state.reject(entry, .lastCard, "two cards left")
    }

    /// `snap.to` applies to a modal still presenting.
    static let snapWhilePresenting = ModalReducer(name: "a snap while presenting") { state, entry in
        guard case .snapTo(let root, let link, let index) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase == .presenting,
            state.roots[r].modals[m].snap.points.indices.contains(Int(exactly: index) ?? -1)
        else { return ModalState.reduce(into: &state, event: entry) }
        state.roots[r].modals[m].snap.index = Int(index)
        state.roots[r].modals[m].snap.position = index
        state.seq = entry.seq
        return nil
    }

    /// `drag.end` rounds halves to even (2.5 is 2), not away from zero.
    static let halvesRoundToEven = ModalReducer(name: "a drag that rounds halves to even") { state, entry in
        guard case .dragEnd(let root, let link, let position, let velocity) = entry.event,
            let (r, m) = state.locate(link, in: root), state.roots[r].modals[m].phase == .presented,
            velocity.isFinite, position?.isFinite ?? true
        else { return ModalState.reduce(into: &state, event: entry) }
        let released = (position ?? state.roots[r].modals[m].snap.position) + 0.2 * velocity
        let even = released.rounded(.toNearestOrEven)
        guard even != released.rounded(.toNearestOrAwayFromZero), even >= 0,
            even < Double(state.roots[r].modals[m].snap.points.count)
        else { return ModalState.reduce(into: &state, event: entry) }
        state.roots[r].modals[m].snap = SnapState(
            points: state.roots[r].modals[m].snap.points, index: Int(even), position: even)
        state.seq = entry.seq
        return nil
    }

    /// An applied event leaves `seq` where it was.
    static let seqStandsStill = ModalReducer(name: "a seq that stands still") { state, entry in
        let seq = state.seq
        let rejection = ModalState.reduce(into: &state, event: entry)
        if rejection == nil { state.seq = seq }
        return rejection
    }
}

extension ModalState {
    /// Rejects `entry` with `code`, as the reducer records a rejection.
    fileprivate mutating func reject(_ entry: LoggedEvent, _ code: RejectionCode, _ message: String) -> Rejection {
        let rejection = Rejection(seq: entry.seq, code: code, message: message)
        rejected.append(rejection)
        seq = entry.seq
        return rejection
    }

    /// The indexes of the live modal `link` of `root`.
    fileprivate func locate(_ link: String, in root: String) -> (Int, Int)? {
        guard let r = roots.firstIndex(where: { $0.id == root }),
            let m = roots[r].modals.firstIndex(where: { $0.link == link })
        else { return nil }
        return (r, m)
    }
}

import ModalEvents
import ModalTesting

@testable import ModalProjection

/// Reducers with one deliberate bug each, the kind a hand-written modal
/// coordinator gets wrong. They live here, in the tests, and wrap the
/// package's one reducer: the harness must catch every one of them. Each
/// bug shows on events whose `source` and `caller` are valid; the others
/// go to the package's reducer, which rejects them.
enum BrokenReducers {
    static let all: [ModalReducer] = [
        tapDismissesTheBottomModal, popEmptiesTheStack, dismissalDoesNotCascade, keyboardOffsetWithAFlippedSign,
        singlePolicyIgnored, payloadKeptAfterDismissal, dismissedOnlyWhenDismissing, popNeedsThreeCards,
        snapWhilePresenting, halvesRoundToEven, seqStandsStill, batchKeepsItsFirstEvents, queuePromotesTheNewest,
        canDismissFromTheFirstCard, sessionKeepsTheKeyboard,
    ]

    /// A reducer with the bug `reduce`, which sees only entries with a valid `source` and `caller`.
    static func bug(
        _ name: String, _ reduce: @escaping @Sendable (inout ModalState, LoggedEvent) -> Rejection?
    ) -> ModalReducer {
        ModalReducer(name: name) { state, entry in
            let validEnvelope = (entry.source?.isKnown ?? true) && (entry.caller?.utf8.count ?? 0) <= 256
            return validEnvelope ? reduce(&state, entry) : state.replay(entry)
        }
    }

    /// A dimming tap dismisses the bottom modal instead of the topmost.
    static let tapDismissesTheBottomModal = bug("a tap that dismisses the bottom modal") {
        state, entry in
        guard case .dimmingTap(let root) = entry.event, let rootState = state.root(root),
            rootState.dimming.tap == .dismissTopmost,
            let bottom = rootState.modals.first(where: { $0.phase.isShowing && $0.canDismiss })
        else { return state.replay(entry) }
        var dismissal = entry
        dismissal.event = .modalDismiss(root: root, link: bottom.link, reason: .dimmingTap)
        return state.replay(dismissal)
    }

    /// `card.pop` takes the last card too, leaving an empty stack.
    static let popEmptiesTheStack = bug("a pop that empties the stack") { state, entry in
        guard case .cardPop(let root, let link) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase != .dismissing, state.roots[r].modals[m].cards.count == 1
        else { return state.replay(entry) }
        state.roots[r].modals[m].cards.removeAll()
        state.seq = entry.seq
        state.refreshDerivedValues()
        return nil
    }

    /// `modal.dismiss` starts dismissing the modal but not its descendants.
    static let dismissalDoesNotCascade = bug("a dismissal that does not cascade") { state, entry in
        guard case .modalDismiss(let root, let link, let reason) = entry.event,
            let (r, m) = state.locate(link, in: root), state.roots[r].modals[m].phase.isShowing
        else { return state.replay(entry) }
        state.roots[r].modals[m].phase = .dismissing
        state.roots[r].modals[m].dismissReason = reason
        state.seq = entry.seq
        state.refreshDerivedValues()
        return nil
    }

    /// Rule 9's obscured-height formula with the keyboard's height added
    /// instead of subtracted: `responderBottom + additional - (height + H)`.
    static let keyboardOffsetWithAFlippedSign = bug("a keyboard formula with a flipped sign") {
        state, entry in
        let rejection = state.replay(entry)
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
    static let singlePolicyIgnored = bug("a single policy that is ignored") { state, entry in
        guard case .modalPresent(let presentation) = entry.event,
            let index = state.roots.firstIndex(where: { $0.id == presentation.root }),
            state.roots[index].policy == .single
        else { return state.replay(entry) }
        state.roots[index].policy = .stack
        defer { state.roots[index].policy = .single }
        return state.replay(entry)
    }

    /// ModalPresenter's data source cache without its cleanup: a payload is
    /// cached by link and never evicted, so presenting the link again without
    /// a payload shows the old one.
    static let payloadKeptAfterDismissal = ModalReducer(name: "a payload kept after dismissal") {
        var cache: [String: JSONValue] = [:]
        return { state, entry in
            guard case .modalPresent(var presentation) = entry.event else {
                return state.replay(entry)
            }
            let key = presentation.root + "/" + presentation.link
            if let payload = presentation.payload { cache[key] = payload } else { presentation.payload = cache[key] }
            var cached = entry
            cached.event = .modalPresent(presentation)
            return state.replay(cached)
        }
    }
}

extension BrokenReducers {
    /// `modal.dismissed` is refused unless the modal is dismissing (the spec: in any phase).
    static let dismissedOnlyWhenDismissing = bug("a dismissed refused before dismiss") { state, entry in
        guard case .modalDismissed(let root, let link) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase != .dismissing
        else { return state.replay(entry) }
        return state.reject(entry, .invalidTransition, "not dismissing")
    }

    /// `card.pop` keeps two cards, not one: a pop of the second-to-last card is `lastCard`.
    static let popNeedsThreeCards = bug("a pop refused with two cards") { state, entry in
        guard case .cardPop(let root, let link) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase != .dismissing, state.roots[r].modals[m].cards.count == 2
        else { return state.replay(entry) }
        return state.reject(entry, .lastCard, "two cards left")
    }

    /// `snap.to` applies to a modal still presenting.
    static let snapWhilePresenting = bug("a snap while presenting") { state, entry in
        guard case .snapTo(let root, let link, let index) = entry.event, let (r, m) = state.locate(link, in: root),
            state.roots[r].modals[m].phase == .presenting,
            entry.loggedNumbers.isEmpty, state.roots[r].modals[m].snap.points.indices.contains(index)
        else { return state.replay(entry) }
        state.roots[r].modals[m].snap.index = index
        state.roots[r].modals[m].snap.position = Double(index)
        state.seq = entry.seq
        return nil
    }

    /// `drag.end` rounds halves to even (2.5 is 2), not away from zero.
    static let halvesRoundToEven = bug("a drag that rounds halves to even") { state, entry in
        guard case .dragEnd(let root, let link, let position, let velocity) = entry.event,
            let (r, m) = state.locate(link, in: root), state.roots[r].modals[m].phase == .presented,
            velocity.isFinite, position?.isFinite ?? true
        else { return state.replay(entry) }
        let released = (position ?? state.roots[r].modals[m].snap.position) + 0.2 * velocity
        let even = released.rounded(.toNearestOrEven)
        guard even != released.rounded(.toNearestOrAwayFromZero), even >= 0,
            even < Double(state.roots[r].modals[m].snap.points.count)
        else { return state.replay(entry) }
        state.roots[r].modals[m].snap = SnapState(
            points: state.roots[r].modals[m].snap.points, index: Int(even), position: even)
        state.seq = entry.seq
        return nil
    }

    /// An applied event leaves `seq` where it was.
    static let seqStandsStill = bug("a seq that stands still") { state, entry in
        let seq = state.seq
        let rejection = state.replay(entry)
        if rejection == nil { state.seq = seq }
        return rejection
    }
}

extension BrokenReducers {
    /// A batch applies its events one by one and keeps those before the one
    /// that is refused (rule 13: none of them).
    static let batchKeepsItsFirstEvents = bug("a batch that keeps its first events") { state, entry in
        guard case .batch(let events) = entry.event else { return state.replay(entry) }
        for (index, event) in events.enumerated() {
            var single = entry
            single.event = event
            if let refused = state.replay(single) {
                state.rejected = RejectionHistory(state.rejected.dropLast())
                return state.reject(entry, refused.code, "events[\(index)]: \(refused.message)")
            }
        }
        return nil
    }

    /// A queue root presents its newest waiting modal, not its oldest (rule 14).
    static let queuePromotesTheNewest = bug("a queue that promotes the newest") { state, entry in
        let before = state
        let rejection = state.replay(entry)
        guard rejection == nil, let root = entry.event.root, let r = state.rootIndex(root),
            state.roots[r].policy == .queue, state.roots[r].modals.count > 1,
            state.roots[r].modals[0].phase == .presenting,
            before.root(root)?.modal(link: state.roots[r].modals[0].link)?.phase == .queued
        else { return rejection }
        state.roots[r].modals[0].phase = .queued
        state.roots[r].modals[state.roots[r].modals.count - 1].phase = .presenting
        state.refreshDerivedValues()
        return nil
    }

    /// A dimming tap and a drag read `canDismiss` from the modal's first
    /// card, as if it were the modal's (rule 15: its top card's).
    static let canDismissFromTheFirstCard = bug("a canDismiss read from the first card") { state, entry in
        let root: String
        switch entry.event {
        case .dimmingTap(let id), .dragEnd(let id, _, _, _): root = id
        default: return state.replay(entry)
        }
        guard let r = state.rootIndex(root) else { return state.replay(entry) }
        let tops = state.roots[r].modals.map(\.canDismiss)
        for m in state.roots[r].modals.indices {
            state.roots[r].modals[m].canDismiss = state.roots[r].modals[m].cards.first?.canDismiss ?? true
        }
        let rejection = state.replay(entry)
        // Put the top cards' own values back; the event removes no modal, so the indexes hold.
        for (m, top) in tops.enumerated() where state.roots[r].modals.indices.contains(m) {
            state.roots[r].modals[m].canDismiss = top
        }
        return rejection
    }

    /// A new session takes every root away but leaves the keyboard up (rule 12: it goes down).
    static let sessionKeepsTheKeyboard = bug("a session that keeps the keyboard") { state, entry in
        guard case .sessionStart = entry.event else { return state.replay(entry) }
        let keyboard = state.keyboard
        let rejection = state.replay(entry)
        state.keyboard = keyboard
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

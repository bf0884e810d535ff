import ModalEvents
import ModalProjection

extension ModalProperty {
    /// Every event does what its rule says, and nothing more.
    ///
    /// The spec's rules restated from its text, apart from the reducer: for
    /// each event, whether it applies or which code rejects it (the checks in
    /// the spec's order: root, link, values, phase, the rest); for an applied
    /// event, the state after it is the state before it with that event's
    /// change made, field by field; and after every event, the derived values
    /// (rules 7, 8 and 9) follow from the stored ones. Among them: a root goes
    /// in after every root of its level or lower; a dimming tap dismisses the
    /// topmost modal that is not dismissing; a dismissal cascades to
    /// descendants; a pop takes exactly one card; a drag ends at
    /// `round(position + 0.2 * velocity)`, halves away from zero; a new
    /// modal's payload is its event's, so no payload outlives its modal.
    public static let rules = ModalProperty.everyStep("every event does what its rule says") { step in
        try require(step.after.seq == step.entry.seq, "seq is \(step.after.seq) after event \(step.entry.seq)")
        let verdict = SpecVerdict.rejection(of: step.event, in: step.before)
        switch (verdict, step.rejection) {
        case (nil, let rejection?):
            throw PropertyViolation("rejected as \(rejection.code.rawValue), but the spec applies it")
        case (let code?, nil):
            throw PropertyViolation("applied, but the spec rejects it as \(code.rawValue)")
        case (let code?, let rejection?):
            try require(
                rejection.code == code, "rejected as \(rejection.code.rawValue), but the spec says \(code.rawValue)")
        case (nil, nil):
            try RuleCheck(before: step.before, after: step.after, event: step.event).check()
        }
        try DerivedRules.check(step.after)
    }
}

/// Rules 7, 8 and 9, restated from the spec.
private enum DerivedRules {
    static func check(_ state: ModalState) throws(PropertyViolation) {
        let height = state.keyboard.height
        for root in state.roots {
            let showing = root.modals.contains { $0.phase != .dismissing }
            try require(
                root.isDimmingVisible == (!root.dimming.hidden && showing),
                "root \"\(root.id)\": dimming.visible is \(root.isDimmingVisible) (rule 7)")
            for modal in root.modals {
                try require(
                    modal.visibleCards == min(modal.cards.count, root.maxVisibleCards),
                    "modal \"\(modal.link)\": visibleCards is \(modal.visibleCards) of \(modal.cards.count) cards (rule 8)"
                )
            }
            var offset = 0.0
            if height > 0 {
                let additional = root.keyboard.additional
                switch root.keyboard.strategy {
                case .offsetByKeyboardHeight:
                    offset = max(0, height + additional)
                case .offsetByObscuredHeight:
                    let bottom = state.keyboard.responderBottom ?? root.size.height
                    offset = max(0, bottom + additional - (root.size.height - height))
                default:
                    offset = 0
                }
            }
            try require(
                root.keyboardOffset == offset,
                "root \"\(root.id)\": keyboardOffset is \(root.keyboardOffset), rule 9 gives \(offset)")
        }
    }
}

/// Whether the spec applies an event to a state, or the code that rejects it:
/// the checks of the spec's rules, in its order (root, link, values, phase,
/// the rest).
enum SpecVerdict {
    static func rejection(of event: ModalEvent, in state: ModalState) -> RejectionCode? {
        if case .rootRegister(let registration) = event {
            if state.root(registration.root) != nil { return .duplicateRoot }
            let valid =
                registration.presentation.isKnown && isInteger(registration.level) && registration.policy.isKnown
                && registration.dimming.tap.isKnown && registration.keyboard.strategy.isKnown
                && registration.keyboard.additional.isFinite && isSize(registration.size)
                && isInteger(registration.maxVisibleCards) && registration.maxVisibleCards >= 1
            return valid ? nil : .invalidValue
        }
        if case .keyboardChange(let height, let responderBottom) = event {
            return height.isFinite && height >= 0 && (responderBottom?.isFinite ?? true) ? nil : .invalidValue
        }
        guard let rootID = event.root, let root = state.root(rootID) else { return .unknownRoot }
        switch event {
        case .rootRegister, .keyboardChange, .rootRemove, .dimmingTap:
            return nil
        case .rootResize(_, let size):
            return isSize(size) ? nil : .invalidValue
        case .modalPresent(let presentation):
            if root.modal(link: presentation.link) != nil { return .duplicateLink }
            if let parent = presentation.parent {
                guard let parentModal = root.modal(link: parent), parentModal.phase != .dismissing else {
                    return .unknownLink
                }
                if root.policy == .single { return .invalidValue }
            }
            guard presentation.style.isKnown, areSnapPoints(presentation.snapPoints) else { return .invalidValue }
            return snapIndexProblem(presentation.initialSnap, count: presentation.snapPoints.count)
        default:
            break
        }
        guard let link = event.link, let modal = root.modal(link: link) else { return .unknownLink }
        switch event {
        case .modalPresented:
            return modal.phase == .presenting ? nil : .invalidTransition
        case .modalDismiss, .modalDismissed:
            return nil
        case .cardPush, .cardPop, .cardReplace:
            if case .cardReplace(_, _, _, let direction, let animation) = event,
                !(direction.isKnown && animation.isKnown)
            {
                return .invalidValue
            }
            if modal.phase == .dismissing { return .invalidTransition }
            if case .cardPop = event, modal.cards.count == 1 { return .lastCard }
            return nil
        case .snapTo(_, _, let index):
            if let problem = snapIndexProblem(index, count: modal.snap.points.count) { return problem }
            return modal.phase == .presented ? nil : .invalidTransition
        case .dragChange(_, _, let position):
            guard position.isFinite else { return .invalidValue }
            return modal.phase == .presented ? nil : .invalidTransition
        case .dragEnd(_, _, let position, let velocity):
            guard position?.isFinite ?? true, velocity.isFinite else { return .invalidValue }
            return modal.phase == .presented ? nil : .invalidTransition
        default:
            return nil
        }
    }

    /// A whole number that an `Int` holds exactly (at most 2^53 in size).
    private static func isInteger(_ value: Double) -> Bool {
        value.isFinite && value == value.rounded() && abs(value) <= 9_007_199_254_740_992
    }

    private static func isSize(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
    }

    private static func areSnapPoints(_ points: [Double]) -> Bool {
        !points.isEmpty && points.allSatisfy { $0 > 0 && $0 <= 1 }
            && zip(points, points.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// A fractional index is a bad value; one outside the points is out of range.
    private static func snapIndexProblem(_ index: Double, count: Int) -> RejectionCode? {
        guard index.isFinite, index == index.rounded() else { return .invalidValue }
        return index >= 0 && index < Double(count) ? nil : .snapOutOfRange
    }
}

/// The postconditions of one applied event.
private struct RuleCheck {
    let before: ModalState
    let after: ModalState
    let event: ModalEvent

    func check() throws(PropertyViolation) {
        try require(after.rejected == before.rejected, "an applied event changed the rejected list")
        switch event {
        case .keyboardChange(let height, let responderBottom):
            try require(
                after.keyboard == KeyboardState(height: height, responderBottom: responderBottom),
                "the keyboard is not the event's")
            try require(
                after.roots.map(StoredRoot.init) == before.roots.map(StoredRoot.init),
                "a keyboard change changed a root")
            return
        case .rootRegister(let registration):
            try require(after.keyboard == before.keyboard, "the keyboard changed")
            try register(registration)
        case .rootRemove(let id):
            try require(after.keyboard == before.keyboard, "the keyboard changed")
            try require(after.roots == before.roots.filter { $0.id != id }, "root \"\(id)\" was not removed alone")
        default:
            try require(after.keyboard == before.keyboard, "the keyboard changed")
            try rootEvent()
        }
    }

    /// Rule 1 and the root order: after every root of the same or a lower level.
    private func register(_ registration: RootRegistration) throws(PropertyViolation) {
        let position = before.roots.filter { Double($0.level) <= registration.level }.count
        try require(
            after.roots.count == before.roots.count + 1 && after.roots.indices.contains(position)
                && after.roots[position].id == registration.root,
            "root \"\(registration.root)\" of level \(registration.level) should be at index \(position) of \(after.roots.map(\.id))"
        )
        let root = after.roots[position]
        let expected = StoredRoot(
            id: registration.root, presentation: registration.presentation, level: Double(root.level),
            policy: registration.policy, size: registration.size, maxVisibleCards: Double(root.maxVisibleCards),
            dimming: registration.dimming, keyboard: registration.keyboard, modals: [])
        try require(
            StoredRoot(root) == expected && Double(root.level) == registration.level
                && Double(root.maxVisibleCards) == registration.maxVisibleCards,
            "root \"\(registration.root)\" does not have its registration's settings")
        var others = after.roots
        others.remove(at: position)
        try require(others == before.roots, "registering root \"\(registration.root)\" changed another root")
    }

    /// An event on one root: only that root changes, and as its rule says.
    private func rootEvent() throws(PropertyViolation) {
        guard let id = event.root, let index = before.roots.firstIndex(where: { $0.id == id }) else {
            throw PropertyViolation("applied, yet its root \"\(event.root ?? "")\" is not registered")
        }
        try require(after.roots.map(\.id) == before.roots.map(\.id), "the roots changed")
        for (old, new) in zip(before.roots, after.roots) where old.id != id {
            try require(old == new, "root \"\(old.id)\" changed, but the event names root \"\(id)\"")
        }
        let old = before.roots[index]
        var expected = StoredRoot(old)
        expected.modals = try expectedModals(old)
        if case .rootResize(_, let size) = event { expected.size = size }
        try expected.compare(to: StoredRoot(after.roots[index]))
    }

    /// The root's modals after the event, from the rules.
    private func expectedModals(_ root: RootState) throws(PropertyViolation) -> [StoredModal] {
        var modals = root.modals.map(StoredModal.init)
        func target(_ link: String) throws(PropertyViolation) -> Int {
            guard let index = modals.firstIndex(where: { $0.link == link }) else {
                throw PropertyViolation("applied, yet \"\(link)\" is not live in root \"\(root.id)\"")
            }
            return index
        }
        switch event {
        case .rootResize, .rootRegister, .rootRemove, .keyboardChange:
            break
        case .modalPresent(let presentation):
            if root.policy == .single {  // rule 3: every modal not dismissing is replaced
                for index in modals.indices where modals[index].phase != .dismissing {
                    modals[index].phase = .dismissing
                    modals[index].dismissReason = .replaced
                }
            }
            modals.append(
                StoredModal(
                    link: presentation.link, phase: .presenting, dismissReason: nil, style: presentation.style,
                    parent: presentation.parent, canDismiss: presentation.canDismiss, payload: presentation.payload,
                    cards: [Card(content: presentation.content, sticky: presentation.sticky)],
                    snap: SnapState(
                        points: presentation.snapPoints, index: Int(exactly: presentation.initialSnap) ?? -1,
                        position: presentation.initialSnap)))
        case .modalPresented(_, let link):
            modals[try target(link)].phase = .presented
        case .modalDismiss(_, let link, let reason):
            dismiss(try target(link), reason: reason, in: &modals)
        case .modalDismissed(_, let link):
            let leaving = family(of: link, in: modals)
            modals.removeAll { leaving.contains($0.link) }
        case .cardPush(_, let link, let content, let sticky):
            modals[try target(link)].cards.append(Card(content: content, sticky: sticky))
        case .cardPop(_, let link):
            let index = try target(link)
            try require(
                modals[index].cards.count > 1, "applied, yet \"\(link)\" had \(modals[index].cards.count) cards")
            modals[index].cards.removeLast()
        case .cardReplace(_, let link, let content, _, _):
            let index = try target(link)
            try require(!modals[index].cards.isEmpty, "applied, yet \"\(link)\" had no card")
            modals[index].cards[modals[index].cards.count - 1].content = content
        case .dimmingTap:
            if root.dimming.tap == .dismissTopmost, let topmost = modals.lastIndex(where: { $0.phase != .dismissing }),
                modals[topmost].canDismiss
            {
                dismiss(topmost, reason: .dimmingTap, in: &modals)
            }
        case .snapTo(_, let link, let index):
            let target = try target(link)
            modals[target].snap = SnapState(
                points: modals[target].snap.points, index: Int(exactly: index) ?? -1, position: index)
        case .dragChange(_, let link, let position):
            let target = try target(link)
            modals[target].snap.position = position
            modals[target].snap.dragging = true
        case .dragEnd(_, let link, let position, let velocity):
            let index = try target(link)
            let released = position ?? modals[index].snap.position
            let last = Double(modals[index].snap.points.count - 1)
            let aim = min(max((released + 0.2 * velocity).rounded(.toNearestOrAwayFromZero), -1), last)
            modals[index].snap.dragging = false
            if aim == -1 && modals[index].canDismiss {
                modals[index].snap.position = -1
                dismiss(index, reason: .drag, in: &modals)
            } else {
                modals[index].snap.index = Int(max(aim, 0))
                modals[index].snap.position = max(aim, 0)
            }
        }
        return modals
    }

    /// Rule 5: the modal starts dismissing, and so does every live descendant
    /// not already dismissing; a dismissing modal stays as it is.
    private func dismiss(_ index: Int, reason: DismissReason, in modals: inout [StoredModal]) {
        guard modals[index].phase != .dismissing else { return }
        let descendants = family(of: modals[index].link, in: modals).subtracting([modals[index].link])
        modals[index].phase = .dismissing
        modals[index].dismissReason = reason
        for other in modals.indices where descendants.contains(modals[other].link) && modals[other].phase != .dismissing
        {
            modals[other].phase = .dismissing
            modals[other].dismissReason = .parentDismissed
        }
    }

    /// `link` and every modal nested in it at any depth: the ones whose chain
    /// of parents reaches it.
    private func family(of link: String, in modals: [StoredModal]) -> Set<String> {
        let parents = Dictionary(modals.map { ($0.link, $0.parent) }, uniquingKeysWith: { first, _ in first })
        return Set(
            modals.map(\.link).filter { candidate in
                var current: String? = candidate
                var steps = 0
                while let name = current, steps <= modals.count {
                    if name == link { return true }
                    current = parents[name] ?? nil
                    steps += 1
                }
                return false
            })
    }
}

/// A root's stored values: what the rules set (the derived ones are the invariants' business).
private struct StoredRoot: Equatable {
    var id: String
    var presentation: RootPresentation
    var level: Double
    var policy: RootPolicy
    var size: Size
    var maxVisibleCards: Double
    var dimming: DimmingConfiguration
    var keyboard: KeyboardConfiguration
    var modals: [StoredModal]

    /// Throws naming the first difference from `actual`.
    func compare(to actual: StoredRoot) throws(PropertyViolation) {
        var settings = self
        settings.modals = actual.modals
        try require(settings == actual, "root \"\(id)\": its settings changed")
        try require(
            modals.map(\.link) == actual.modals.map(\.link),
            "root \"\(id)\": modals should be \(modals.map(\.link)), found \(actual.modals.map(\.link))")
        for (expected, found) in zip(modals, actual.modals) where expected != found {
            throw PropertyViolation("modal \"\(expected.link)\": \(expected.difference(from: found))")
        }
    }
}

/// A modal's stored values.
private struct StoredModal: Equatable {
    var link: String
    var phase: ModalPhase
    var dismissReason: DismissReason?
    var style: ModalStyle
    var parent: String?
    var canDismiss: Bool
    var payload: JSONValue?
    var cards: [Card]
    var snap: SnapState

    /// The first field that differs: `phase should be dismissing (dimmingTap), found presented`.
    func difference(from found: StoredModal) -> String {
        if phase != found.phase || dismissReason != found.dismissReason {
            return
                "phase should be \(describe(phase, dismissReason)), found \(describe(found.phase, found.dismissReason))"
        }
        if payload != found.payload {
            return
                "payload should be \(payload.map { $0.serialized(style: .compact) } ?? "none"), found \(found.payload.map { $0.serialized(style: .compact) } ?? "none")"
        }
        if cards != found.cards {
            return "cards should be \(cards.map(\.content)), found \(found.cards.map(\.content))"
        }
        if snap != found.snap {
            return "snap should be \(snap), found \(found.snap)"
        }
        return "should be \(self), found \(found)"
    }

    private func describe(_ phase: ModalPhase, _ reason: DismissReason?) -> String {
        reason.map { "\(phase.rawValue) (\($0))" } ?? phase.rawValue
    }
}

extension StoredRoot {
    /// The stored values of `root`.
    init(_ root: RootState) {
        self.init(
            id: root.id, presentation: root.presentation, level: Double(root.level), policy: root.policy,
            size: root.size, maxVisibleCards: Double(root.maxVisibleCards), dimming: root.dimming,
            keyboard: root.keyboard, modals: root.modals.map(StoredModal.init))
    }
}

extension StoredModal {
    /// The stored values of `modal`.
    init(_ modal: Modal) {
        self.init(
            link: modal.link, phase: modal.phase, dismissReason: modal.dismissReason, style: modal.style,
            parent: modal.parent, canDismiss: modal.canDismiss, payload: modal.payload, cards: modal.cards,
            snap: modal.snap)
    }
}

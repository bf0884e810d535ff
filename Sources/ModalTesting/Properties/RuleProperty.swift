import ModalEvents
import ModalProjection

extension ModalProperty {
    /// Every event does what its rule says, and nothing more.
    ///
    /// The spec's rules restated from its text, apart from the reducer, as a
    /// model of the state's stored values (``SpecModel``): for each event,
    /// whether it applies or which code rejects it (its `source` and
    /// `caller` first, then the checks in the spec's order: root, link,
    /// values, phase, the rest); for an applied event, the state after it is
    /// the model's, field by field; and after every event, the derived values
    /// (rules 7, 8 and 9) follow from the stored ones. Among them: a root goes
    /// in after every root of its level or lower; a dimming tap dismisses the
    /// topmost modal that is presenting or presented; a dismissal cascades to
    /// descendants; a pop takes exactly one card; a drag ends at
    /// `round(position + 0.2 * velocity)`, halves away from zero; a new
    /// modal's payload is its event's, so no payload outlives its modal.
    /// Version 2's rules too: a session starts with nothing on screen and
    /// the keyboard down (12); a batch applies its events in order or none,
    /// rejected with the first one's code and `events[I]: ` (13); a queue
    /// root queues behind a live modal and presents its oldest waiting one
    /// once nothing else is live (14); each card keeps its own height and
    /// `canDismiss`, and the modal's is its top card's (15).
    public static let rules = ModalProperty.everyStep("every event does what its rule says") { step in
        try require(step.after.seq == step.entry.seq, "seq is \(step.after.seq) after event \(step.entry.seq)")
        let before = SpecState(step.before)
        switch (SpecModel.apply(step.entry, to: before), step.rejection) {
        case (.applied, let rejection?):
            throw PropertyViolation("rejected as \(rejection.code.rawValue), but the spec applies it")
        case (.rejected(let code, _), nil):
            throw PropertyViolation("applied, but the spec rejects it as \(code.rawValue)")
        case (.rejected(let code, let index), let rejection?):
            try require(
                rejection.code == code, "rejected as \(rejection.code.rawValue), but the spec says \(code.rawValue)")
            if let index {
                try require(
                    rejection.message.hasPrefix("events[\(index)]: "),
                    "a batch refused at its event \(index) says \"\(rejection.message)\"")
            }
        case (.applied(let expected), nil):
            try require(step.after.rejected == step.before.rejected, "an applied event changed the rejected list")
            try expected.compare(to: SpecState(step.after))
        }
        try DerivedRules.check(step.after)
    }
}

/// Rules 7, 8 and 9, restated from the spec.
private enum DerivedRules {
    static func check(_ state: ModalState) throws(PropertyViolation) {
        let height = state.keyboard.height
        for root in state.roots {
            let showing = root.modals.contains { $0.phase == .presenting || $0.phase == .presented }
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

/// The spec's rules as a model of the state's stored values, written from
/// the spec's text and not from the reducer: whether an event applies, and
/// the state it leaves.
enum SpecModel {
    enum Outcome {
        /// The state after the event.
        case applied(SpecState)
        /// The code that rejects it, and for a batch, the index of the event that did.
        case rejected(RejectionCode, index: Int?)
    }

    static func apply(_ entry: LoggedEvent, to state: SpecState) -> Outcome {
        if let source = entry.source, !source.isKnown { return .rejected(.invalidValue, index: nil) }
        if let caller = entry.caller, caller.utf8.count > 256 { return .rejected(.invalidValue, index: nil) }
        let numbers = entry.loggedNumbers
        guard case .batch(let events) = entry.event else {
            if let code = verdict(entry.event, logged: { numbers.value(of: $0) }, in: state) {
                return .rejected(code, index: nil)
            }
            return .applied(next(entry.event, from: state))
        }
        // Rule 13: in order, on a copy; the first that would be rejected rejects them all.
        guard (1...1000).contains(events.count) else { return .rejected(.invalidValue, index: nil) }
        var current = state
        let numbersByStep = numbers.byStep(count: events.count)
        for (index, event) in events.enumerated() {
            switch event {
            case .batch, .sessionStart:
                return .rejected(.invalidValue, index: index)
            default:
                if let code = verdict(event, logged: { numbersByStep[index].value(of: $0) }, in: current) {
                    return .rejected(code, index: index)
                }
                current = next(event, from: current)
            }
        }
        return .applied(current)
    }

    /// Rule 11's target of a drag let go at `position` with `velocity`:
    /// `round(position + 0.2 * velocity)`, halves away from zero, clamped
    /// to `-1 ... points - 1`.
    static func dragTarget(from position: Double, velocity: Double, points: Int) -> Double {
        min(max((position + 0.2 * velocity).rounded(.toNearestOrAwayFromZero), -1), Double(points - 1))
    }

    // MARK: Whether it applies

    /// The code that rejects `event` (not a batch), or `nil`: the checks of
    /// the spec's rules in its order (root, link, values, phase, the rest).
    /// An integer field's number is `logged`'s when the log gave it one its
    /// `Int` does not hold.
    static func verdict(
        _ event: ModalEvent, logged: (IntegerField) -> Double?, in state: SpecState
    ) -> RejectionCode? {
        func number(_ field: IntegerField, _ value: Int) -> Double { logged(field) ?? Double(value) }
        switch event {
        case .sessionStart:
            return nil
        case .rootRegister(let registration):
            if state.root(registration.root) != nil { return .duplicateRoot }
            let valid =
                registration.presentation.isKnown && isInteger(number(.level, registration.level))
                && registration.policy.isKnown
                && registration.dimming.tap.isKnown && registration.keyboard.strategy.isKnown
                && registration.keyboard.additional.isFinite && isSize(registration.size)
                && isInteger(number(.maxVisibleCards, registration.maxVisibleCards))
                && number(.maxVisibleCards, registration.maxVisibleCards) >= 1
            return valid ? nil : .invalidValue
        case .keyboardChange(let height, let responderBottom):
            return height.isFinite && height >= 0 && (responderBottom?.isFinite ?? true) ? nil : .invalidValue
        default:
            break
        }
        guard let rootID = event.root, let root = state.root(rootID) else { return .unknownRoot }
        switch event {
        case .rootRemove, .dimmingTap:
            return nil
        case .rootResize(_, let size):
            return isSize(size) ? nil : .invalidValue
        case .modalPresent(let presentation):
            if root.modal(presentation.link) != nil { return .duplicateLink }
            if let parent = presentation.parent {
                guard let parentModal = root.modal(parent), parentModal.phase != .dismissing else {
                    return .unknownLink
                }
                if root.policy == .single || root.policy == .queue { return .invalidValue }
            }
            guard presentation.style.isKnown, areSnapPoints(presentation.snapPoints), isHeight(presentation.height)
            else { return .invalidValue }
            return snapIndexProblem(
                number(.initialSnap, presentation.initialSnap), count: presentation.snapPoints.count)
        default:
            break
        }
        guard let link = event.link, let modal = root.modal(link) else { return .unknownLink }
        switch event {
        case .modalPresented:
            return modal.phase == .presenting ? nil : .invalidTransition
        case .modalDismiss, .modalDismissed:
            return nil
        case .cardPush(_, _, _, _, let height, _):
            guard isHeight(height) else { return .invalidValue }
            return modal.phase == .dismissing ? .invalidTransition : nil
        case .cardReplace(_, _, _, let direction, let animation, let height, _):
            guard direction.isKnown, animation.isKnown, isHeight(height) else { return .invalidValue }
            return modal.phase == .dismissing ? .invalidTransition : nil
        case .cardUpdate(_, _, let height, let canDismiss):
            guard height != nil || canDismiss != nil else { return .invalidValue }
            if case .points(let points) = height, !isHeight(points) { return .invalidValue }
            return modal.phase == .dismissing ? .invalidTransition : nil
        case .cardPop:
            if modal.phase == .dismissing { return .invalidTransition }
            return modal.cards.count == 1 ? .lastCard : nil
        case .snapTo(_, _, let index):
            if let problem = snapIndexProblem(number(.index, index), count: modal.snap.points.count) {
                return problem
            }
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

    /// A whole number that an `Int` holds exactly: within 64 bits.
    private static func isInteger(_ value: Double) -> Bool {
        value.isFinite && value == value.rounded() && value >= -0x1p63 && value < 0x1p63
    }

    private static func isSize(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
    }

    /// No height, or a finite one above 0.
    private static func isHeight(_ height: Double?) -> Bool {
        height.map { $0.isFinite && $0 > 0 } ?? true
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

    // MARK: What it does

    /// The state after `event` (not a batch), which applies to `state`.
    static func next(_ event: ModalEvent, from state: SpecState) -> SpecState {
        var state = state
        switch event {
        case .sessionStart:  // rule 12
            state.roots = []
            state.keyboard = KeyboardState()
            state.session += 1
            return state
        case .keyboardChange(let height, let responderBottom):
            state.keyboard = KeyboardState(height: height, responderBottom: responderBottom)
            return state
        case .rootRegister(let registration):
            // After every root of the same or a lower level.
            let position = state.roots.filter { $0.level <= registration.level }.count
            state.roots.insert(
                StoredRoot(
                    id: registration.root, presentation: registration.presentation, level: registration.level,
                    policy: registration.policy, size: registration.size,
                    maxVisibleCards: registration.maxVisibleCards, dimming: registration.dimming,
                    keyboard: registration.keyboard, modals: []),
                at: position)
            return state
        case .rootRemove(let id):
            state.roots.removeAll { $0.id == id }
            return state
        default:
            break
        }
        guard let index = state.roots.firstIndex(where: { $0.id == event.root }) else { return state }
        state.roots[index].apply(event)
        state.roots[index].moveQueueOn()
        return state
    }
}

extension StoredRoot {
    /// What `event`, which names this root and applies, does to it.
    fileprivate mutating func apply(_ event: ModalEvent) {
        func target(_ link: String) -> Int { modals.firstIndex { $0.link == link }! }
        switch event {
        case .rootResize(_, let size):
            self.size = size
        case .modalPresent(let presentation):
            var phase = ModalPhase.presenting
            if policy == .single {  // rule 3: every modal not dismissing is replaced
                for index in modals.indices where modals[index].phase != .dismissing {
                    modals[index].phase = .dismissing
                    modals[index].dismissReason = .replaced
                }
            } else if policy == .queue, !modals.isEmpty {  // rule 14: it waits behind the live ones
                phase = .queued
            }
            modals.append(
                StoredModal(
                    link: presentation.link, phase: phase, dismissReason: nil, style: presentation.style,
                    parent: presentation.parent, payload: presentation.payload,
                    cards: [
                        Card(
                            content: presentation.content, sticky: presentation.sticky, height: presentation.height,
                            canDismiss: presentation.canDismiss)
                    ],
                    snap: SnapState(
                        points: presentation.snapPoints, index: presentation.initialSnap,
                        position: Double(presentation.initialSnap))))
        case .modalPresented(_, let link):
            modals[target(link)].phase = .presented
        case .modalDismiss(_, let link, let reason):
            let index = target(link)
            if modals[index].phase == .queued {
                modals.remove(at: index)  // rule 14: never shown, it leaves at once
            } else {
                dismiss(index, reason: reason)
            }
        case .modalDismissed(_, let link):
            let leaving = family(of: link)
            modals.removeAll { leaving.contains($0.link) }
        case .cardPush(_, let link, let content, let sticky, let height, let canDismiss):
            let index = target(link)
            let below = modals[index].cards.last!
            modals[index].cards.append(
                Card(content: content, sticky: sticky, height: height, canDismiss: canDismiss ?? below.canDismiss))
        case .cardPop(_, let link):
            modals[target(link)].cards.removeLast()
        case .cardReplace(_, let link, let content, _, _, let height, let canDismiss):
            let index = target(link)
            let top = modals[index].cards.removeLast()
            modals[index].cards.append(
                Card(content: content, sticky: top.sticky, height: height, canDismiss: canDismiss ?? top.canDismiss))
        case .cardUpdate(_, let link, let height, let canDismiss):
            let index = target(link)
            let top = modals[index].cards.count - 1
            switch height {
            case .points(let points)?: modals[index].cards[top].height = points
            case .automatic?: modals[index].cards[top].height = nil
            case nil: break
            }
            if let canDismiss { modals[index].cards[top].canDismiss = canDismiss }
        case .dimmingTap:
            if dimming.tap == .dismissTopmost,
                let topmost = modals.lastIndex(where: { $0.phase == .presenting || $0.phase == .presented }),
                modals[topmost].canDismiss
            {
                dismiss(topmost, reason: .dimmingTap)
            }
        case .snapTo(_, let link, let index):
            let target = target(link)
            modals[target].snap = SnapState(
                points: modals[target].snap.points, index: index, position: Double(index))
        case .dragChange(_, let link, let position):
            let target = target(link)
            modals[target].snap.position = position
            modals[target].snap.dragging = true
        case .dragEnd(_, let link, let position, let velocity):
            let index = target(link)
            let aim = SpecModel.dragTarget(
                from: position ?? modals[index].snap.position, velocity: velocity,
                points: modals[index].snap.points.count)
            modals[index].snap.dragging = false
            if aim == -1 && modals[index].canDismiss {
                modals[index].snap.position = -1
                dismiss(index, reason: .drag)
            } else {
                modals[index].snap.index = Int(max(aim, 0))
                modals[index].snap.position = max(aim, 0)
            }
        case .rootRegister, .rootRemove, .keyboardChange, .sessionStart, .batch:
            break
        }
    }

    /// Rule 14: a queue root whose live modals all wait presents the oldest.
    fileprivate mutating func moveQueueOn() {
        if policy == .queue, !modals.isEmpty, modals.allSatisfy({ $0.phase == .queued }) {
            modals[0].phase = .presenting
        }
    }

    /// Rule 5: the modal starts dismissing, and so does every live descendant
    /// not already dismissing; a dismissing modal stays as it is.
    private mutating func dismiss(_ index: Int, reason: DismissReason) {
        guard modals[index].phase != .dismissing else { return }
        let descendants = family(of: modals[index].link).subtracting([modals[index].link])
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
    private func family(of link: String) -> Set<String> {
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

/// A state's stored values: what the rules set (the derived ones are the
/// invariants' business), with the integers as the events give them.
struct SpecState: Equatable {
    var session: Int
    var keyboard: KeyboardState
    var roots: [StoredRoot]

    init(_ state: ModalState) {
        session = state.session
        keyboard = state.keyboard
        roots = state.roots.map(StoredRoot.init)
    }

    func root(_ id: String) -> StoredRoot? {
        roots.first { $0.id == id }
    }

    /// Throws naming the first difference from `actual`.
    func compare(to actual: SpecState) throws(PropertyViolation) {
        try require(session == actual.session, "session should be \(session), found \(actual.session)")
        try require(keyboard == actual.keyboard, "the keyboard should be \(keyboard), found \(actual.keyboard)")
        try require(
            roots.map(\.id) == actual.roots.map(\.id),
            "roots should be \(roots.map(\.id)), found \(actual.roots.map(\.id))")
        for (expected, found) in zip(roots, actual.roots) { try expected.compare(to: found) }
    }
}

/// A root's stored values.
struct StoredRoot: Equatable {
    var id: String
    var presentation: RootPresentation
    var level: Int
    var policy: RootPolicy
    var size: Size
    var maxVisibleCards: Int
    var dimming: DimmingConfiguration
    var keyboard: KeyboardConfiguration
    var modals: [StoredModal]

    func modal(_ link: String) -> StoredModal? {
        modals.first { $0.link == link }
    }

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

/// A modal's stored values; its `canDismiss` is its top card's.
struct StoredModal: Equatable {
    var link: String
    var phase: ModalPhase
    var dismissReason: DismissReason?
    var style: ModalStyle
    var parent: String?
    var payload: JSONValue?
    var cards: [Card]
    var snap: SnapState

    var canDismiss: Bool { cards.last?.canDismiss ?? true }

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
        if cards.map(\.content) != found.cards.map(\.content) {
            return "cards should be \(cards.map(\.content)), found \(found.cards.map(\.content))"
        }
        if cards != found.cards {
            return "cards should be \(cards), found \(found.cards)"
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
            id: root.id, presentation: root.presentation, level: root.level, policy: root.policy,
            size: root.size, maxVisibleCards: root.maxVisibleCards, dimming: root.dimming,
            keyboard: root.keyboard, modals: root.modals.map(StoredModal.init))
    }
}

extension StoredModal {
    /// The stored values of `modal`.
    init(_ modal: Modal) {
        self.init(
            link: modal.link, phase: modal.phase, dismissReason: modal.dismissReason, style: modal.style,
            parent: modal.parent, payload: modal.payload, cards: modal.cards, snap: modal.snap)
    }
}

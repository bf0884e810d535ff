import ModalEvents
public import ModalProjection

/// One thing the spec's rules can make an event do: the branches of the
/// rules, which a check of a world should reach to test them all.
public enum SpecOutcome: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case rootRegistered, rootPlacedBelowAnother, rootRemovedWithModals
    case modalPresented, modalPresentedNested, singleRootReplaced
    case presentFinished
    case dismissStarted, dismissCascaded, dismissOfDismissing
    case dismissedLeft, dismissedTookDescendants
    case dimmingVisible, tapDismissed, tapChangedNothing
    case cardPushed, cardPopped, cardReplaced, cardsBeyondVisible
    case keyboardOffsetByHeight, keyboardOffsetByObscured, resizeMovedOffset
    case snapped
    case dragMoved, dragSnapped, dragDismissed, dragHeldByCanDismiss
    case sessionStarted
    case batchApplied, batchRefused
    case queued, queuePromoted, queuedDismissLeft
    case cardUpdated, popBroughtBackCardValues

    /// The rule of the spec it is part of (1 to 15).
    public var rule: Int {
        switch self {
        case .rootRegistered, .rootPlacedBelowAnother: 1
        case .rootRemovedWithModals: 2
        case .modalPresented, .modalPresentedNested, .singleRootReplaced: 3
        case .presentFinished: 4
        case .dismissStarted, .dismissCascaded, .dismissOfDismissing: 5
        case .dismissedLeft, .dismissedTookDescendants: 6
        case .dimmingVisible, .tapDismissed, .tapChangedNothing: 7
        case .cardPushed, .cardPopped, .cardReplaced, .cardsBeyondVisible: 8
        case .keyboardOffsetByHeight, .keyboardOffsetByObscured, .resizeMovedOffset: 9
        case .snapped: 10
        case .dragMoved, .dragSnapped, .dragDismissed, .dragHeldByCanDismiss: 11
        case .sessionStarted: 12
        case .batchApplied, .batchRefused: 13
        case .queued, .queuePromoted, .queuedDismissLeft: 14
        case .cardUpdated, .popBroughtBackCardValues: 15
        }
    }

    /// The outcome in a few words, with its rule: `5 a dismissal cascaded`.
    public var description: String {
        let words =
            switch self {
            case .rootRegistered: "a root registered"
            case .rootPlacedBelowAnother: "a new root placed below one of a higher level"
            case .rootRemovedWithModals: "a root removed with its modals"
            case .modalPresented: "a modal presented"
            case .modalPresentedNested: "a modal presented in a parent"
            case .singleRootReplaced: "a single root replaced its modal"
            case .presentFinished: "a present finished"
            case .dismissStarted: "a dismissal started"
            case .dismissCascaded: "a dismissal cascaded"
            case .dismissOfDismissing: "a dismiss of a dismissing modal changed nothing"
            case .dismissedLeft: "a modal left"
            case .dismissedTookDescendants: "a modal left with its descendants"
            case .dimmingVisible: "dimming visible"
            case .tapDismissed: "a tap dismissed the topmost modal"
            case .tapChangedNothing: "a tap changed nothing"
            case .cardPushed: "a card pushed"
            case .cardPopped: "a card popped"
            case .cardReplaced: "a card replaced"
            case .cardsBeyondVisible: "more cards than show"
            case .keyboardOffsetByHeight: "a root offset by the keyboard's height"
            case .keyboardOffsetByObscured: "a root offset by the obscured height"
            case .resizeMovedOffset: "a resize moved a keyboard offset"
            case .snapped: "a snap"
            case .dragMoved: "a drag moved"
            case .dragSnapped: "a drag ended at a snap point"
            case .dragDismissed: "a drag dismissed"
            case .dragHeldByCanDismiss: "a drag held back by canDismiss"
            case .sessionStarted: "a session started"
            case .batchApplied: "a batch of several applied"
            case .batchRefused: "a batch refused"
            case .queued: "a modal queued"
            case .queuePromoted: "a queued modal promoted"
            case .queuedDismissLeft: "a queued modal dismissed left at once"
            case .cardUpdated: "a card updated"
            case .popBroughtBackCardValues: "a pop brought back the card's own values"
            }
        return "\(rule) \(words)"
    }
}

/// Which of the spec's outcomes and rejection codes a check reached.
public struct SpecCoverage: Sendable, Hashable, CustomStringConvertible {
    public var outcomes: Set<SpecOutcome>
    public var codes: Set<RejectionCode>

    public init(outcomes: Set<SpecOutcome> = [], codes: Set<RejectionCode> = []) {
        self.outcomes = outcomes
        self.codes = codes
    }

    /// Every outcome and every code.
    public static let everything = SpecCoverage(
        outcomes: Set(SpecOutcome.allCases), codes: Set(RejectionCode.allCases))

    /// What `self` has that `reached` does not.
    public func subtracting(_ reached: SpecCoverage) -> SpecCoverage {
        SpecCoverage(outcomes: outcomes.subtracting(reached.outcomes), codes: codes.subtracting(reached.codes))
    }

    public mutating func formUnion(_ other: SpecCoverage) {
        outcomes.formUnion(other.outcomes)
        codes.formUnion(other.codes)
    }

    public var isEmpty: Bool { outcomes.isEmpty && codes.isEmpty }

    /// `rules 1 2 3 ... 15 (35 of 35 outcomes); codes: all 8`, with what
    /// is missing named when it is little.
    public var description: String {
        let rules = Set(outcomes.map(\.rule)).sorted()
        var text =
            "rules \(rules.map(String.init).joined(separator: " ")) (\(outcomes.count) of \(SpecOutcome.allCases.count) outcomes)"
        let missingOutcomes = SpecOutcome.allCases.filter { !outcomes.contains($0) }
        if !missingOutcomes.isEmpty, missingOutcomes.count <= 6 {
            text += ", not: " + missingOutcomes.map(\.description).joined(separator: "; ")
        }
        let missingCodes = RejectionCode.allCases.filter { !codes.contains($0) }
        text +=
            missingCodes.isEmpty
            ? "; codes: all \(RejectionCode.allCases.count)"
            : "; codes: \(codes.count) of \(RejectionCode.allCases.count), not: "
                + missingCodes.map(\.rawValue).joined(separator: ", ")
        return text
    }

    /// Notes what `step` did: its rejection's code, or the outcomes of the
    /// event that applied. A batch counts for rule 13 alone: what its events
    /// did one by one is not seen, only the state after all of them.
    mutating func record(_ step: ModalStep) {
        if let rejection = step.rejection {
            codes.insert(rejection.code)
            if case .batch = step.event { outcomes.insert(.batchRefused) }
            return
        }
        let (before, after) = (step.before, step.after)
        switch step.event {
        case .batch(let events):
            if events.count > 1 { outcomes.insert(.batchApplied) }
        case .rootRegister(let registration):
            outcomes.insert(.rootRegistered)
            if let index = after.rootIndex(registration.root), index < after.roots.count - 1 {
                outcomes.insert(.rootPlacedBelowAnother)
            }
        case .rootRemove(let root):
            if before.root(root)?.modals.isEmpty == false { outcomes.insert(.rootRemovedWithModals) }
        case .rootResize(let root, _):
            if before.keyboardOffset(of: root) != after.keyboardOffset(of: root) {
                outcomes.insert(.resizeMovedOffset)
            }
        case .modalPresent(let presentation):
            let modals = after.root(presentation.root)?.modals ?? []
            if modals.last?.phase == .queued {
                outcomes.insert(.queued)
            } else {
                outcomes.insert(presentation.parent == nil ? .modalPresented : .modalPresentedNested)
            }
            if modals.contains(where: { $0.dismissReason == .replaced })
                && modals.count(where: { $0.phase == .dismissing })
                    > (before.root(presentation.root)?.modals.count { $0.phase == .dismissing } ?? 0)
            {
                outcomes.insert(.singleRootReplaced)
            }
        case .modalPresented:
            outcomes.insert(.presentFinished)
        case .modalDismiss(let root, let link, _):
            switch before.modal(link: link, in: root)?.phase {
            case .dismissing:
                if before.root(root) == after.root(root) { outcomes.insert(.dismissOfDismissing) }
            case .queued: outcomes.insert(.queuedDismissLeft)
            default: outcomes.insert(.dismissStarted)
            }
            if Self.dismissing(in: after, root) > Self.dismissing(in: before, root) + 1 {
                outcomes.insert(.dismissCascaded)
            }
        case .modalDismissed(let root, _):
            outcomes.insert(.dismissedLeft)
            if (before.root(root)?.modals.count ?? 0) > (after.root(root)?.modals.count ?? 0) + 1 {
                outcomes.insert(.dismissedTookDescendants)
            }
        case .dimmingTap(let root):
            let dismissed = Self.dismissing(in: after, root) > Self.dismissing(in: before, root)
            outcomes.insert(dismissed ? .tapDismissed : .tapChangedNothing)
        case .cardPush(let root, let link, _, _, _, _):
            outcomes.insert(.cardPushed)
            if let modal = after.modal(link: link, in: root), modal.cards.count > modal.visibleCards {
                outcomes.insert(.cardsBeyondVisible)
            }
        case .cardPop(let root, let link):
            outcomes.insert(.cardPopped)
            let (old, new) = (before.modal(link: link, in: root)?.cards, after.modal(link: link, in: root)?.cards)
            if old?.last?.canDismiss != new?.last?.canDismiss || old?.last?.height != new?.last?.height {
                outcomes.insert(.popBroughtBackCardValues)
            }
        case .cardReplace:
            outcomes.insert(.cardReplaced)
        case .cardUpdate:
            outcomes.insert(.cardUpdated)
        case .keyboardChange:
            for root in after.roots where root.keyboardOffset > 0 {
                switch root.keyboard.strategy {
                case .offsetByKeyboardHeight: outcomes.insert(.keyboardOffsetByHeight)
                case .offsetByObscuredHeight: outcomes.insert(.keyboardOffsetByObscured)
                default: break
                }
            }
        case .snapTo:
            outcomes.insert(.snapped)
        case .dragChange:
            outcomes.insert(.dragMoved)
        case .dragEnd(let root, let link, let position, let velocity):
            guard let modal = before.modal(link: link, in: root) else { break }
            if after.modal(link: link, in: root)?.dismissReason == .drag {
                outcomes.insert(.dragDismissed)
            } else {
                let target = SpecModel.dragTarget(
                    from: position ?? modal.snap.position, velocity: velocity, points: modal.snap.points.count)
                outcomes.insert(target == -1 ? .dragHeldByCanDismiss : .dragSnapped)
            }
        case .sessionStart:
            outcomes.insert(.sessionStarted)
        }
        for root in after.roots {
            if root.isDimmingVisible { outcomes.insert(.dimmingVisible) }
            if root.policy == .queue, let first = root.modals.first, first.phase == .presenting,
                before.modal(link: first.link, in: root.id)?.phase == .queued
            {
                outcomes.insert(.queuePromoted)
            }
        }
    }

    private static func dismissing(in state: ModalState, _ root: String) -> Int {
        state.root(root)?.modals.count { $0.phase == .dismissing } ?? 0
    }
}

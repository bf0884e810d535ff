import ModalEvents
import ModalProjection
import Testing

/// Rules 5, 6 and 7: dismissals, their cascade, leaving, and the dimming view.
@Suite("Rule 5-7: dismiss, dismissed, dimming") struct DismissRuleTests {
    /// a > b > c nested, and d beside them; all presented.
    static let family = replay([
        register(), present("a"), .modalPresented(link: "a"), present("b", parent: "a"), .modalPresented(link: "b"),
        present("d"), .modalPresented(link: "d"), present("c", parent: "b"), .modalPresented(link: "c"),
    ])

    @Test(arguments: [false, true])
    func dismissStartsDismissingWithTheReason(presented: Bool) {
        let old = replay([register(), present("a")] + (presented ? [.modalPresented(link: "a")] : []))
        expectReduce(old, .modalDismiss(link: "a", reason: "closeTapped")) { state in
            state["a"].phase = .dismissing
            state["a"].dismissReason = "closeTapped"
        }
    }

    @Test func dismissCascadesToEveryLiveDescendant() {
        expectReduce(Self.family, .modalDismiss(link: "a")) { state in
            state["a"].phase = .dismissing
            state["a"].dismissReason = "programmatic"
            for link in ["b", "c"] {
                state[link].phase = .dismissing
                state[link].dismissReason = "parentDismissed"
            }
        }
    }

    @Test func aDescendantAlreadyDismissingKeepsItsReason() {
        let old = replay([.modalDismiss(link: "c", reason: "done")], from: Self.family)
        expectReduce(old, .modalDismiss(link: "a")) { state in
            state["a"].phase = .dismissing
            state["a"].dismissReason = "programmatic"
            state["b"].phase = .dismissing
            state["b"].dismissReason = "parentDismissed"
        }
    }

    @Test func dismissOnADismissingModalDoesNothingAndIsNotRejected() {
        let old = replay([register(), present("a"), .modalDismiss(link: "a", reason: "first")])
        expectReduce(old, .modalDismiss(link: "a", reason: "second"))
    }

    @Test func canDismissFalseDoesNotStopAProgrammaticDismissal() {
        let old = replay([register(), present("a", canDismiss: false)])
        expectReduce(old, .modalDismiss(link: "a")) { state in
            state["a"].phase = .dismissing
            state["a"].dismissReason = "programmatic"
        }
    }

    @Test func dismissOfAnUnknownLinkIsUnknownLink() {
        expectRejected(Self.family, .modalDismiss(link: "zz"), .unknownLink)
    }

    @Test(arguments: [ModalPhase.presenting, .presented, .dismissing])
    func dismissedRemovesTheModalInAnyPhase(phase: ModalPhase) {
        var events = [register(), present("a", payload: ["id": 1])]
        if phase != .presenting { events.append(.modalPresented(link: "a")) }
        if phase == .dismissing { events.append(.modalDismiss(link: "a")) }
        expectReduce(replay(events), .modalDismissed(link: "a")) { state in
            state.roots[0].modals = []
        }
    }

    @Test func dismissedTakesEveryDescendantWithIt() {
        expectReduce(Self.family, .modalDismissed(link: "b")) { state in
            state.roots[0].modals.removeAll { $0.link == "b" || $0.link == "c" }
        }
    }

    @Test func thePayloadStaysReadableWhileDismissing() {
        let state = replay([register(), present("a", payload: ["item": 42]), .modalDismiss(link: "a")])
        #expect(state["a"].payload == ["item": 42])
    }

    @Test func dimmingIsVisibleWhenNotHiddenAndAModalIsNotDismissing() {
        var state = replay([register()])
        #expect(!state.roots[0].isDimmingVisible)
        state = replay([present("a")], from: state)
        #expect(state.roots[0].isDimmingVisible)
        state = replay([.modalDismiss(link: "a")], from: state)
        #expect(!state.roots[0].isDimmingVisible)
        let hidden = replay([
            .rootRegister(RootRegistration(dimming: DimmingConfiguration(hidden: true))), present("a"),
        ])
        #expect(!hidden.roots[0].isDimmingVisible)
    }

    @Test func aTapDismissesTheTopmostModalThatIsNotDismissing() {
        let old = replay([.modalDismiss(link: "c")], from: Self.family)
        // Topmost is "c" (dismissing); the next not dismissing is "d".
        expectReduce(old, .dimmingTap()) { state in
            state["d"].phase = .dismissing
            state["d"].dismissReason = "dimmingTap"
        }
    }

    @Test func aTapPassesOverADismissingChildToItsParent() {
        // Children sit above their parent, so the topmost modal that is not
        // dismissing never has a child that is not dismissing; the child keeps its reason.
        let nested = replay([register(), present("a"), present("b", parent: "a"), .modalDismiss(link: "b")])
        expectReduce(nested, .dimmingTap()) { state in
            state["a"].phase = .dismissing
            state["a"].dismissReason = "dimmingTap"
        }
    }

    @Test func aTapOnATopmostModalThatCannotDismissChangesNothing() {
        let old = replay([register(), present("below"), present("top", canDismiss: false)])
        expectReduce(old, .dimmingTap())
    }

    @Test func aHiddenDimmingViewStillTakesTaps() {
        let old = replay([.rootRegister(RootRegistration(dimming: DimmingConfiguration(hidden: true))), present("a")])
        expectReduce(old, .dimmingTap()) { state in
            state["a"].phase = .dismissing
            state["a"].dismissReason = .dimmingTap
        }
    }

    @Test(arguments: [DimmingTapAction.passThrough, .absorb])
    func passThroughAndAbsorbChangeNothing(action: DimmingTapAction) {
        let old = replay([.rootRegister(RootRegistration(dimming: DimmingConfiguration(tap: action))), present("a")])
        expectReduce(old, .dimmingTap())
    }

    @Test func aTapOnARootWithNoModalChangesNothing() {
        expectReduce(replay([register()]), .dimmingTap())
        expectReduce(replay([register(), present("a"), .modalDismiss(link: "a")]), .dimmingTap())
    }
}

import ModalEvents
import ModalProjection
import Testing

/// Rules 3 and 4: a link presents, then its animation finishes.
@Suite("Rule 3-4: present, presented") struct PresentRuleTests {
    @Test func presentAddsAPresentingModalOnTopWithOneCard() {
        let old = replay([register(), present("below")])
        let event = ModalEvent.modalPresent(
            ModalPresentation(
                link: "compose", content: "ComposeView", style: .alert, payload: ["draft": 1], canDismiss: false,
                snapPoints: [0.5, 1], initialSnap: 1, sticky: "Chrome"))
        expectReduce(old, event) { state in
            state.roots[0].modals.append(
                Modal(
                    link: "compose", phase: .presenting, style: .alert, canDismiss: false, payload: ["draft": 1],
                    cards: [Card(content: "ComposeView", sticky: "Chrome")],
                    snap: SnapState(points: [0.5, 1], index: 1, position: 1, dragging: false)))
        }
    }

    @Test func aNullPayloadIsNoPayload() {
        let state = replay([register(), present("a", payload: .null)])
        #expect(state["a"].payload == nil)
    }

    @Test(arguments: [ModalPhase.presenting, .presented, .dismissing])
    func aLinkLiveInAnyPhaseIsDuplicateLink(phase: ModalPhase) {
        var events = [register(), present("a")]
        if phase != .presenting { events.append(.modalPresented(link: "a")) }
        if phase == .dismissing { events.append(.modalDismiss(link: "a")) }
        expectRejected(replay(events), present("a"), .duplicateLink)
    }

    @Test func theSameLinkMayPresentInAnotherRootOrAfterItLeft() {
        let state = replay([
            register(), register("other"), present("a"), present("a", root: "other"),
            .modalDismissed(link: "a"), present("a"),
        ])
        #expect(state.rejected.isEmpty)
    }

    @Test func aParentMustBeLiveAndNotDismissing() {
        expectRejected(replay([register()]), present("child", parent: "nobody"), .unknownLink)
        let dismissing = replay([register(), present("p"), .modalDismiss(link: "p")])
        expectRejected(dismissing, present("child", parent: "p"), .unknownLink)
        let otherRoot = replay([register(), register("other"), present("p", root: "other")])
        expectRejected(otherRoot, present("child", parent: "p"), .unknownLink)
    }

    @Test func aNestedModalRecordsItsParent() {
        let old = replay([register(), present("p")])
        expectReduce(old, present("child", parent: "p")) { state in
            state.roots[0].modals.append(Modal(link: "child", parent: "p", cards: [Card(content: "ChildView")]))
        }
    }

    @Test func aParentInASingleRootIsInvalidValueAfterTheParentCheck() {
        let single = replay([register(policy: .single), present("p")])
        expectRejected(single, present("child", parent: "p"), .invalidValue)
        expectRejected(single, present("child", parent: "nobody"), .unknownLink)
    }

    static let badSnapPoints: [[Double]] = [[], [0], [1.5], [-0.5, 1], [0.5, 0.5], [0.75, 0.5]]

    @Test(arguments: badSnapPoints)
    func badSnapPointsAreInvalidValue(points: [Double]) {
        expectRejected(replay([register()]), present("a", snapPoints: points), .invalidValue)
    }

    @Test func anUnknownStyleIsInvalidValue() {
        let event = ModalEvent.modalPresent(
            ModalPresentation(link: "a", content: "A", style: ModalStyle(rawValue: "popover")))
        expectRejected(replay([register()]), event, .invalidValue)
    }

    @Test func initialSnapMustBeAnIndexOfTheSnapPoints() {
        expectRejected(replay([register()]), present("a", snapPoints: [0.5, 1], initialSnap: 2), .snapOutOfRange)
        expectRejected(replay([register()]), present("a", snapPoints: [0.5, 1], initialSnap: -1), .snapOutOfRange)
        expectRejected(
            replay([register()]), present("a", snapPoints: [0.5, 1]), logged: [.initialSnap: 0.5], .invalidValue)
    }

    @Test func aSingleRootStartsDismissingEveryModalThatIsNotAlreadyDismissing() {
        let old = replay([
            register(policy: .single), present("first"), .modalPresented(link: "first"),
            // "first" is already dismissing (replaced): this dismiss does nothing.
            present("second"), .modalDismiss(link: "first", reason: "closeTapped"),
        ])
        // "first" already dismisses (reason kept); "second" is replaced.
        expectReduce(old, present("third")) { state in
            state["second"].phase = .dismissing
            state["second"].dismissReason = "replaced"
            state.roots[0].modals.append(Modal(link: "third", cards: [Card(content: "ThirdView")]))
        }
        #expect(old["first"].dismissReason == "replaced")
    }

    @Test func theLinkIsCheckedBeforeTheParent() {
        let old = replay([register(), present("a")])
        expectRejected(old, present("a", parent: "nobody"), .duplicateLink)
    }

    @Test func valuesAreCheckedInFieldOrder() {
        // A bad style and bad snap points: the style is named.
        let styleAndPoints = ModalEvent.modalPresent(
            ModalPresentation(link: "a", content: "A", style: ModalStyle(rawValue: "popover"), snapPoints: [2]))
        #expect(replay([register()]).rejection(of: styleAndPoints)?.message.hasPrefix("style") == true)
        // Bad snap points and an initialSnap outside them: invalidValue, not snapOutOfRange.
        expectRejected(replay([register()]), present("a", snapPoints: [0.5, 0.2], initialSnap: 5), .invalidValue)
        // A fractional initialSnap that is also out of range: invalidValue first.
        expectRejected(replay([register()]), present("a"), logged: [.initialSnap: 7.5], .invalidValue)
    }

    @Test func notANumberIsInvalidValueAndNeverTraps() {
        let state = replay([register()])
        expectRejected(state, present("a", snapPoints: [.nan]), .invalidValue)
        // A log's number is never NaN (a LoggedNumber holds its literal): an infinity is the nearest it comes.
        expectRejected(state, present("a"), logged: [.initialSnap: -.infinity], .invalidValue)
        expectRejected(state, .keyboardChange(height: .nan), .invalidValue)
        expectRejected(state, .rootResize(size: Size(width: .nan, height: 1)), .invalidValue)
        #expect(state.rejection(of: .keyboardChange(height: .nan))?.message.contains("NaN") == true)
    }

    @Test func presentedEndsThePresentAnimation() {
        expectReduce(replay([register(), present("a")]), .modalPresented(link: "a")) { state in
            state["a"].phase = .presented
        }
    }

    @Test func presentedInAnyOtherPhaseIsInvalidTransition() {
        expectRejected(
            replay([register(), present("a"), .modalPresented(link: "a")]), .modalPresented(link: "a"),
            .invalidTransition)
        expectRejected(
            replay([register(), present("a"), .modalDismiss(link: "a")]), .modalPresented(link: "a"), .invalidTransition
        )
    }

    @Test func rejectionOfAnEventAsksWithoutChangingTheState() {
        let state = replay([register(), present("a")])
        #expect(state.rejection(of: .modalPresented(link: "a")) == nil)
        let rejection = state.rejection(of: present("a"))
        #expect(rejection?.seq == 3 && rejection?.code == .duplicateLink)
    }

    @Test func presentedOfAnUnknownLinkIsUnknownLink() {
        expectRejected(replay([register()]), .modalPresented(link: "a"), .unknownLink)
    }
}

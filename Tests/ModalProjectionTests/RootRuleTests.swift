import ModalEvents
import ModalProjection
import Testing

/// Rules 1 and 2: roots register, resize and leave; every other event needs a registered root.
@Suite("Rule 1-2: roots") struct RootRuleTests {
    @Test func registerAddsARootWithTheSpecDefaults() {
        expectReduce(ModalState(), .rootRegister(RootRegistration())) { state in
            state.roots = [
                RootState(
                    id: "default", presentation: .window, level: 0, policy: .stack, size: Size(width: 390, height: 844),
                    maxVisibleCards: 2, dimming: DimmingConfiguration(tap: .dismissTopmost, hidden: false),
                    keyboard: KeyboardConfiguration(strategy: .offsetByObscuredHeight, additional: 0))
            ]
        }
    }

    @Test func registerKeepsEveryField() {
        let registration = RootRegistration(
            root: "alerts", presentation: .overlay, level: 3, policy: .single,
            dimming: DimmingConfiguration(tap: .absorb, hidden: true),
            keyboard: KeyboardConfiguration(strategy: .offsetByKeyboardHeight, additional: 12),
            size: Size(width: 1024, height: 768), maxVisibleCards: 4)
        expectReduce(ModalState(), .rootRegister(registration)) { state in
            state.roots = [
                RootState(
                    id: "alerts", presentation: .overlay, level: 3, policy: .single,
                    size: Size(width: 1024, height: 768),
                    maxVisibleCards: 4, dimming: registration.dimming, keyboard: registration.keyboard)
            ]
        }
    }

    @Test func registeringAnIdTwiceIsDuplicateRoot() {
        expectRejected(replay([register()]), register(), .duplicateRoot)
    }

    @Test func rootsAreOrderedByLevelThenRegistration() {
        let state = replay([
            register("toasts", level: 10), register("sheets", level: 0), register("alerts", level: 5),
            register("more-sheets", level: 0), register("below", level: -1),
        ])
        #expect(state.roots.map(\.id) == ["below", "sheets", "more-sheets", "alerts", "toasts"])
    }

    @Test func aRootRegisteredAgainAfterRemovalGoesAfterItsLevel() {
        let state = replay([register("a"), register("b"), .rootRemove(root: "a"), register("a")])
        #expect(state.roots.map(\.id) == ["b", "a"])
    }

    static let eventsNamingAMissingRoot: [ModalEvent] = [
        .rootResize(root: "ghost", size: Size(width: 1, height: 1)),
        .rootRemove(root: "ghost"),
        present("a", root: "ghost"),
        .modalPresented(root: "ghost", link: "a"),
        .modalDismiss(root: "ghost", link: "a"),
        .modalDismissed(root: "ghost", link: "a"),
        .cardPush(root: "ghost", link: "a", content: "X"),
        .cardPop(root: "ghost", link: "a"),
        .cardReplace(root: "ghost", link: "a", content: "X"),
        .dimmingTap(root: "ghost"),
        .snapTo(root: "ghost", link: "a", index: 0),
        .dragChange(root: "ghost", link: "a", position: 0),
        .dragEnd(root: "ghost", link: "a"),
    ]

    @Test(arguments: eventsNamingAMissingRoot)
    func anyEventNamingAnUnregisteredRootIsUnknownRoot(event: ModalEvent) {
        expectRejected(replay([register()]), event, .unknownRoot)
    }

    @Test func theRootCheckComesFirst() {
        // A bad value on an unregistered root: the root is named first.
        expectRejected(ModalState(), .rootResize(root: "ghost", size: Size(width: 0, height: 0)), .unknownRoot)
        expectRejected(
            replay([register()]), .rootRegister(RootRegistration(size: Size(width: 0, height: 1))), .duplicateRoot)
    }

    static let invalidRegistrations: [RootRegistration] = [
        RootRegistration(presentation: RootPresentation(rawValue: "popup")),
        RootRegistration(policy: RootPolicy(rawValue: "line")),
        RootRegistration(dimming: DimmingConfiguration(tap: DimmingTapAction(rawValue: "close"))),
        RootRegistration(keyboard: KeyboardConfiguration(strategy: KeyboardStrategy(rawValue: "avoid"))),
        RootRegistration(keyboard: KeyboardConfiguration(additional: .infinity)),
        RootRegistration(size: Size(width: .infinity, height: 844)),
        RootRegistration(size: Size(width: 0, height: 844)),
        RootRegistration(size: Size(width: 390, height: -1)),
        RootRegistration(maxVisibleCards: 0),
        // Past 2^53: an app's Int holds it, but a log's number would not read back as written.
        RootRegistration(level: 1 << 60), RootRegistration(level: -(1 << 53) - 1),
        RootRegistration(maxVisibleCards: 1 << 53 + 1),
    ]

    @Test func anIntegerFieldHoldsEveryWholeNumberUpTo2To53() {
        let edge = 1 << 53
        let state = replay([.rootRegister(RootRegistration(level: -edge, maxVisibleCards: edge))])
        #expect(state.rejected.isEmpty && state.root("default")?.level == -edge)
        #expect(state.root("default")?.maxVisibleCards == edge)
    }

    @Test(arguments: invalidRegistrations)
    func registerRefusesValuesOutOfRange(registration: RootRegistration) {
        expectRejected(ModalState(), .rootRegister(registration), .invalidValue)
    }

    /// A foreign log's number that an integer field's `Int` does not hold.
    static let loggedNumbers: [(IntegerField, Double)] = [
        (.level, 1.5), (.level, .infinity), (.level, 1e20),  // an integer, but past 2^53
        (.maxVisibleCards, 2.5), (.maxVisibleCards, -1e300),
    ]

    @Test(arguments: loggedNumbers)
    func registerRefusesANumberItsIntegerFieldDoesNotHold(field: IntegerField, value: Double) {
        expectRejected(ModalState(), .rootRegister(RootRegistration()), logged: [field: value], .invalidValue)
    }

    @Test func resizeChangesTheSize() {
        expectReduce(replay([register()]), .rootResize(size: Size(width: 844, height: 390))) { state in
            state.roots[0].size = Size(width: 844, height: 390)
        }
    }

    @Test func resizeToANonPositiveSizeIsInvalidValue() {
        expectRejected(replay([register()]), .rootResize(size: Size(width: 844, height: 0)), .invalidValue)
    }

    @Test func removeTakesTheRootAndAllItsModalsAtOnce() {
        let old = replay([
            register("keep"), register(), present("a"), present("b", parent: "a"), .modalPresented(link: "a"),
        ])
        expectReduce(old, .rootRemove()) { state in
            state.roots.removeAll { $0.id == "default" }
        }
    }
}

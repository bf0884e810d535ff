import ModalEvents
import ModalProjection
import Testing

/// Rules 1 and 2: roots register, resize and leave; every other event needs a registered root.
@Suite("Rule 1-2: roots") struct RootRuleTests {
    @Test func registerAddsARootWithTheSpecDefaults() {
        expectReduce(ModalState(), .rootRegister(RootRegistration())) { state in
            state.roots = [
                RootState(
                    id: "default",
                    settings: RootSettings(
                        RootRegistration(
                            presentation: .window, level: 0, policy: .stack,
                            dimming: DimmingConfiguration(tap: .dismissTopmost, hidden: false),
                            keyboard: KeyboardConfiguration(strategy: .offsetByObscuredHeight, additional: 0),
                            maxVisibleCards: 2)),
                    size: Size(width: 390, height: 844))
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
                    id: "alerts",
                    settings: RootSettings(
                        RootRegistration(
                            presentation: .overlay, level: 3, policy: .single, dimming: registration.dimming,
                            keyboard: registration.keyboard, maxVisibleCards: 4)),
                    size: Size(width: 1024, height: 768))
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
    ]

    /// Semantics decision 3: a log holds every whole number within 64 bits
    /// exactly, and so does an `Int`.
    @Test(arguments: [(Int.min, Int.max), (-(1 << 53) - 1, (1 << 53) + 1), (1 << 60, 1)])
    func anIntegerFieldHoldsEveryWholeNumberWithin64Bits(level: Int, maxVisibleCards: Int) {
        let state = replay([.rootRegister(RootRegistration(level: level, maxVisibleCards: maxVisibleCards))])
        #expect(state.rejected.isEmpty && state.root("default")?.level == level)
        #expect(state.root("default")?.maxVisibleCards == maxVisibleCards)
    }

    @Test(arguments: invalidRegistrations)
    func registerRefusesValuesOutOfRange(registration: RootRegistration) {
        expectRejected(ModalState(), .rootRegister(registration), .invalidValue)
    }

    /// A foreign log's number that an integer field's `Int` does not hold.
    static let loggedNumbers: [(IntegerField, Double)] = [
        (.level, 1.5), (.level, .infinity), (.level, 1e20),  // an integer, but past 64 bits
        (.maxVisibleCards, 2.5), (.maxVisibleCards, -1e300),
    ]

    @Test(arguments: loggedNumbers)
    func registerRefusesANumberItsIntegerFieldDoesNotHold(field: IntegerField, value: Double) {
        expectRejected(ModalState(), .rootRegister(RootRegistration()), logged: [field: value], .invalidValue)
    }

    /// A log's number that no `Int` holds is rejected with what is wrong
    /// with it, as the log writes it (never through a `Double`).
    @Test(arguments: [
        (
            "9223372036854775808",
            "level 9223372036854775808 is out of range: a log holds whole numbers from -9223372036854775808 to "
                + "9223372036854775807 exactly"
        ),
        ("4503599627370496.5", "level must be an integer, found 4503599627370496.5"),
        ("1e999", "level must be a finite number, found 1e999"),
    ])
    func aLevelALogCannotHoldExactlyIsRejectedSayingWhy(literal: String, message: String) throws {
        let line = #"{"seq":1,"type":"root.register","level":\#(literal)}"#
        let entry = try LoggedEvent(json: JSONReader.read(Array(line.utf8)))
        var state = ModalState()
        state.replay(entry)
        #expect(state.rejected == [Rejection(seq: 1, code: .invalidValue, message: message)])
        #expect(String(decoding: EventLogEncoder.encode(entry).dropLast(), as: UTF8.self) == line)
    }

    @Test func aStatePast2To53ReadsBackExactly() throws {
        let big = 9_007_199_254_740_993
        var state = replay([.rootRegister(RootRegistration(level: big, maxVisibleCards: big + 2))])
        state.seq = big
        let text = state.json.serialized()
        #expect(text.contains(#""seq":9007199254740993"#) && text.contains(#""level":9007199254740993"#))
        #expect(try ModalState(json: JSONReader.read(Array(text.utf8))) == state)
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

import ModalEvents
import ModalProjection
import Testing

/// Each invariant of `invariantViolations()` can fail: a state broken in one
/// way is reported, naming the place, and the state it was made from is not.
@Suite struct InvariantTests {
    /// Two roots (one `single`), a nested modal, a two-card stack, the keyboard up.
    static let base = replay([
        register(), register("solo", level: 1, policy: .single),
        present("menu", snapPoints: [0.5, 1]), .modalPresented(link: "menu"), present("share", parent: "menu"),
        .cardPush(link: "menu", content: "Details"), present("toast", root: "solo"),
        .keyboardChange(height: 300),
    ])

    typealias Breakage = (name: String, expected: String, breaking: @Sendable (inout ModalState) -> Void)

    static let breakages: [Breakage] = [
        ("seq", "seq: must be 0 or more", { $0.seq = -1 }),
        ("keyboard height", "keyboard.height: must be finite", { $0.keyboard.height = -1 }),
        ("responder bottom", "keyboard.responderBottom: must be finite", { $0.keyboard.responderBottom = .infinity }),
        (
            "rejections in order", "rejected[1]: seq 2 must be in 1...8",
            {
                $0.rejected = [
                    Rejection(seq: 3, code: .lastCard, message: "m"), Rejection(seq: 2, code: .lastCard, message: "m"),
                ]
            }
        ),
        ("a root listed twice", "roots[1]: root \"default\" is listed twice", { $0.roots[1].id = "default" }),
        ("roots by level", "roots[1]: roots must be ordered by level", { $0.roots[1].level = -1 }),
        (
            "known policy", "roots[0]: presentation and policy must be known",
            { $0.roots[0].policy = RootPolicy(rawValue: "heap") }
        ),
        (
            "known dimming tap", "roots[0]: dimming.tap and keyboard.strategy",
            { $0.roots[0].dimming.tap = DimmingTapAction(rawValue: "wave") }
        ),
        (
            "finite additional", "roots[0]: keyboard.additional must be finite",
            { $0.roots[0].keyboard.additional = .infinity }
        ),
        ("positive size", "roots[0]: size must be positive", { $0.roots[0].size = Size(width: 0, height: 844) }),
        (
            "visible cards at least 1", "roots[0]: maxVisibleCards must be 1 or more",
            { $0.roots[0].maxVisibleCards = 0 }
        ),
        (
            "a link unique in its root", "roots[0].modals[1]: link \"menu\" is live twice",
            { $0.roots[0].modals[1].link = "menu" }
        ),
        (
            "a card at least", "roots[0].modals[0]: a live modal has at least one card",
            { $0.roots[0].modals[0].cards = [] }
        ),
        (
            "known style", "roots[0].modals[0]: style \"blob\"",
            { $0.roots[0].modals[0].style = ModalStyle(rawValue: "blob") }
        ),
        (
            "a reason only while dismissing", "roots[0].modals[0]: a dismissReason goes with the dismissing phase",
            { $0.roots[0].modals[0].dismissReason = .drag }
        ),
        (
            "no nesting in a single root", "roots[1].modals[0]: a single root has no nested modals",
            { $0.roots[1].modals[0].parent = "toast" }
        ),
        (
            "no live modal whose parent left",
            "roots[0].modals[0]: parent \"menu\" is not a live modal listed before it",
            { $0.roots[0].modals.removeFirst() }
        ),
        (
            "dismissing under a dismissing parent",
            "roots[0].modals[1]: a modal under a dismissing parent is dismissing too",
            {
                $0.roots[0].modals[0].phase = .dismissing; $0.roots[0].modals[0].dismissReason = .programmatic
            }
        ),
        (
            "snap points", "roots[0].modals[0].snap: points must be in (0, 1]",
            { $0.roots[0].modals[0].snap.points = [1, 0.5] }
        ),
        (
            "snap index in the points", "roots[0].modals[0].snap: index 2 is outside",
            { $0.roots[0].modals[0].snap.index = 2 }
        ),
        (
            "finite position", "roots[0].modals[0].snap: position must be finite",
            { $0.roots[0].modals[0].snap.position = .nan }
        ),
        (
            "at rest, position is the index", "roots[0].modals[0].snap: at rest",
            { $0.roots[0].modals[0].snap.position = 0.5 }
        ),
        (
            "one modal showing in a single root", "roots[1]: a single root shows at most one modal",
            { $0.roots[1].modals.append(Modal(link: "second", cards: [Card(content: "C")])) }
        ),
        (
            "dimming follows rule 7", "roots[0].dimming.visible: is true, rule 7 gives false",
            { $0.roots[0].dimming.hidden = true }
        ),
        (
            "keyboard offset follows rule 9", "roots[0].keyboardOffset: is 300, rule 9 gives 400",
            {
                $0.keyboard.responderBottom = 944
            }
        ),
        (
            "visible cards follow rule 8", "roots[0].modals[0].visibleCards: is 2, rule 8 gives 1",
            { $0.roots[0].maxVisibleCards = 1 }
        ),
        (
            "the JSON reads back", "json: the state's JSON does not read back",
            { $0.roots[0].modals[0].payload = .object([JSONMember("a", 1), JSONMember("a", 2)]) }
        ),
    ]

    @Test func theBaseStateBreaksNone() {
        #expect(Self.base.invariantViolations() == [])
        #expect(Self.base.roots[0].keyboardOffset == 300 && Self.base.roots[0].isDimmingVisible)
    }

    @Test(arguments: Self.breakages.indices)
    func eachInvariantIsReported(index: Int) {
        let breakage = Self.breakages[index]
        var state = Self.base
        breakage.breaking(&state)
        let violations = state.invariantViolations()
        #expect(
            violations.contains { $0.description.hasPrefix(breakage.expected) },
            "\(breakage.name): expected \"\(breakage.expected)...\", found \(violations)")
    }

    @Test func everyInvariantHasABreakageThatNamesIt() {
        var named: Set<InvariantViolation.Invariant> = []
        for breakage in Self.breakages {
            var state = Self.base
            breakage.breaking(&state)
            named.formUnion(
                state.invariantViolations().filter { $0.description.hasPrefix(breakage.expected) }.map(\.invariant))
        }
        #expect(named == Set(InvariantViolation.Invariant.allCases))
    }

    @Test func thereAreAtLeastTwelve() {
        #expect(Set(Self.breakages.map(\.expected)).count >= 12)
    }

    @Test func refreshingMendsTheDerivedValues() {
        var state = Self.base
        state.roots[0].dimming.hidden = true
        state.roots[0].maxVisibleCards = 1
        state.roots[0].size.height = 944
        #expect(state.invariantViolations().count == 2)
        state.refreshDerivedValues()
        #expect(state.invariantViolations() == [])
    }
}

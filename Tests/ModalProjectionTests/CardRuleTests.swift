import ModalEvents
import ModalProjection
import Testing

/// Rule 8: card stacks (MorphModalKit).
@Suite("Rule 8: cards") struct CardRuleTests {
    static let stack = replay([register(), present("menu", sticky: "Chrome"), .modalPresented(link: "menu")])

    @Test func pushAddsACardOnTop() {
        expectReduce(Self.stack, .cardPush(link: "menu", content: "Detail", sticky: "Back")) { state in
            state["menu"].cards.append(Card(content: "Detail", sticky: "Back"))
        }
    }

    @Test func pushWorksWhilePresenting() {
        let presenting = replay([register(), present("menu")])
        expectReduce(presenting, .cardPush(link: "menu", content: "Detail")) { state in
            state["menu"].cards.append(Card(content: "Detail"))
        }
    }

    @Test func popGoesBackToThePreviousCard() {
        let old = replay([.cardPush(link: "menu", content: "Detail")], from: Self.stack)
        expectReduce(old, .cardPop(link: "menu")) { state in
            state["menu"].cards.removeLast()
        }
    }

    @Test func popWithOneCardLeftIsLastCard() {
        expectRejected(Self.stack, .cardPop(link: "menu"), .lastCard)
    }

    @Test func replaceChangesTheTopCardAndKeepsItsSticky() {
        let old = replay([.cardPush(link: "menu", content: "Step1", sticky: "Stepper")], from: Self.stack)
        expectReduce(old, .cardReplace(link: "menu", content: "Step2", direction: .backward, animation: .slide)) {
            state in
            state["menu"].cards[1] = Card(content: "Step2", sticky: "Stepper")
        }
    }

    static let cardEvents: [ModalEvent] = [
        .cardPush(link: "menu", content: "X"), .cardPop(link: "menu"), .cardReplace(link: "menu", content: "X"),
    ]

    @Test(arguments: cardEvents)
    func cardEventsOnADismissingModalAreInvalidTransition(event: ModalEvent) {
        let dismissing = replay(
            [.cardPush(link: "menu", content: "Detail"), .modalDismiss(link: "menu")], from: Self.stack)
        expectRejected(dismissing, event, .invalidTransition)
    }

    @Test(arguments: cardEvents)
    func cardEventsOnAnUnknownLinkAreUnknownLink(event: ModalEvent) {
        expectRejected(replay([register()]), event, .unknownLink)
    }

    @Test func replaceWithAnUnknownDirectionOrAnimationIsInvalidValue() {
        expectRejected(
            Self.stack, .cardReplace(link: "menu", content: "X", direction: ReplaceDirection(rawValue: "sideways")),
            .invalidValue)
        expectRejected(
            Self.stack, .cardReplace(link: "menu", content: "X", animation: ReplaceAnimation(rawValue: "fade")),
            .invalidValue)
    }

    @Test func valuesAreCheckedBeforeThePhase() {
        let dismissing = replay([.modalDismiss(link: "menu")], from: Self.stack)
        let event = ModalEvent.cardReplace(link: "menu", content: "X", direction: ReplaceDirection(rawValue: "up"))
        expectRejected(dismissing, event, .invalidValue)
    }

    @Test func theVisibleCardsAreTheTopMaxVisibleCards() {
        var state = Self.stack
        #expect(state["menu"].visibleCards == 1)
        state = replay([.cardPush(link: "menu", content: "B"), .cardPush(link: "menu", content: "C")], from: state)
        #expect(state["menu"].visibleCards == 2)
        let wide = replay([
            .rootRegister(RootRegistration(maxVisibleCards: 5)), present("m"), .cardPush(link: "m", content: "B"),
            .cardPush(link: "m", content: "C"),
        ])
        #expect(wide["m"].visibleCards == 3)
    }
}

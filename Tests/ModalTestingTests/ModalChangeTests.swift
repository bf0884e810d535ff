import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// `ModalChange.changes(from:to:by:)`: a screen that shows the first state
/// and carries out the changes shows the second, on random logs.
@Suite struct ModalChangeTests {
    /// Carries out the changes from `old` to `new` on a screen of `old`.
    func screen(from old: ModalState, to new: ModalState, by event: ModalEvent? = nil) throws -> ModalScreen {
        var screen = ModalScreen(old)
        for change in ModalChange.changes(from: old, to: new, by: event) { try screen.apply(change) }
        return screen
    }

    @Test func eachEventsChangesTakeTheScreenToTheStateAfterIt() throws {
        var random = PropertyRandom(seed: 0xC4A9_6E)
        let generator = EventGenerator(flow: .anything)
        var changed = 0
        for _ in 0..<400 {
            var state = ModalState()
            for entry in generator.sequence(length: random.int(in: 1...80), random: &random) {
                let before = state
                state.replay(entry)
                let after = try screen(from: before, to: state, by: entry.event)
                #expect(after == ModalScreen(state), "seq \(entry.seq): \(entry.event)")
                if after != ModalScreen(before) { changed += 1 }
            }
        }
        #expect(changed > 8_000)
    }

    @Test func anyTwoStatesAndTheStartFromNothing() throws {
        var random = PropertyRandom(seed: 0x2_57A7E5)
        let generator = EventGenerator(flow: .anything)
        for _ in 0..<300 {
            let states = StateDiffPropertyTests.states(
                of: generator.sequence(length: random.int(in: 0...80), random: &random))
            for _ in 0..<6 {
                let old = random.element(of: states)!
                let new = random.element(of: states)!
                let shown = try screen(from: old, to: new)
                #expect(
                    shown == ModalScreen(new),
                    "\(old.seq) -> \(new.seq): \(ModalChange.changes(from: old, to: new))\nshows \(shown)\nnot \(ModalScreen(new))"
                )
            }
            let last = states[states.count - 1]
            var fromNothing = ModalScreen()
            for change in ModalChange.changes(from: ModalState(), to: last) { try fromNothing.apply(change) }
            #expect(fromNothing == ModalScreen(last))
        }
    }

    @Test func whatEachEventAsksOfTheUI() throws {
        var state = ModalState()
        func step(_ event: ModalEvent) -> [ModalChange] {
            let before = state
            state.replay(LoggedEvent(seq: state.seq + 1, event: event))
            return ModalChange.changes(from: before, to: state, by: event)
        }
        let registered = step(.rootRegister(RootRegistration(root: "sheets")))
        #expect(registered == [.registerRoot(state.root("sheets")!)])
        let presented = step(
            .modalPresent(ModalPresentation(root: "sheets", link: "cart", content: "Cart", snapPoints: [0.5, 1])))
        let cart = try #require(state.modal(link: "cart", in: "sheets"))
        #expect(presented == [.present(cart, root: "sheets"), .setDimming(visible: true, root: "sheets")])
        #expect(
            step(.modalPresented(root: "sheets", link: "cart")) == [.presented(link: "cart", root: "sheets")])
        #expect(
            step(.cardPush(root: "sheets", link: "cart", content: "Pay", height: 400))
                == [.push(Card(content: "Pay", height: 400), link: "cart", root: "sheets")])
        #expect(
            step(.cardReplace(root: "sheets", link: "cart", content: "Ship", direction: .backward, animation: .slide))
                == [
                    .replaceTopCard(
                        with: Card(content: "Ship"), direction: .backward, animation: .slide, link: "cart",
                        root: "sheets")
                ])
        #expect(
            step(.cardUpdate(root: "sheets", link: "cart", canDismiss: false))
                == [.updateTopCard(to: Card(content: "Ship", canDismiss: false), link: "cart", root: "sheets")])
        #expect(
            step(.cardPop(root: "sheets", link: "cart")) == [
                .pop(to: Card(content: "Cart"), link: "cart", root: "sheets")
            ])
        #expect(
            step(.dragChange(root: "sheets", link: "cart", position: 0.6)) == [
                .drag(to: 0.6, link: "cart", root: "sheets")
            ])
        #expect(
            step(.dragEnd(root: "sheets", link: "cart"))
                == [.endDrag(SnapState(points: [0.5, 1], index: 1, position: 1), link: "cart", root: "sheets")])
        #expect(
            step(.keyboardChange(height: 300))
                == [.changeKeyboard(KeyboardState(height: 300)), .setKeyboardOffset(300, root: "sheets")])
        #expect(
            step(.dimmingTap(root: "sheets"))
                == [
                    .dismiss(link: "cart", root: "sheets", reason: .dimmingTap),
                    .setDimming(visible: false, root: "sheets"),
                ])
        #expect(step(.modalDismissed(root: "sheets", link: "cart")) == [.dismissed(link: "cart", root: "sheets")])
        #expect(
            step(.sessionStart())
                == [.startSession(1), .changeKeyboard(KeyboardState()), .removeRoot("sheets")])
    }

    /// A relaunch's roots, a root registered again and a modal presented
    /// again as they were, are new to the UI: what showed them before is gone. An event that was rejected
    /// changes nothing.
    @Test func aRelaunchOrARegistrationOrPresentationAgainRemovesWhatWasThere() throws {
        var state = ModalState()
        func replay(_ events: ModalEvent...) {
            for event in events { state.replay(LoggedEvent(seq: state.seq + 1, event: event)) }
        }
        let sheets = RootRegistration(root: "sheets")
        let cart = ModalPresentation(root: "sheets", link: "cart", content: "Cart")
        replay(.rootRegister(sheets), .modalPresent(cart), .modalPresented(root: "sheets", link: "cart"))
        var before = state
        replay(.sessionStart(), .rootRegister(sheets), .modalPresent(cart))
        #expect(
            state.root("sheets")
                == before.root("sheets").map { root in
                    var presenting = root
                    presenting.modals[0].phase = .presenting
                    return presenting
                })
        let relaunched = ModalChange.changes(from: before, to: state)
        #expect(relaunched.prefix(2) == [.startSession(1), .removeRoot("sheets")])
        #expect(relaunched.contains { if case .registerRoot = $0 { true } else { false } })
        #expect(try screen(from: before, to: state) == ModalScreen(state))

        before = state
        let again = ModalEvent.batch([
            .modalDismiss(root: "sheets", link: "cart"), .modalDismissed(root: "sheets", link: "cart"),
            .modalPresent(cart),
        ])
        replay(again)
        #expect(state.root("sheets") == before.root("sheets"))
        let presented = try #require(state.modal(link: "cart", in: "sheets"))
        #expect(
            ModalChange.changes(from: before, to: state, by: again)
                == [.dismissed(link: "cart", root: "sheets"), .present(presented, root: "sheets")])
        #expect(try screen(from: before, to: state, by: again) == ModalScreen(state))

        let alerts = RootRegistration(root: "alerts", level: 5)
        replay(.rootRegister(alerts))
        before = state
        let registeredAgain = ModalEvent.batch([.rootRemove(root: "alerts"), .rootRegister(alerts)])
        replay(registeredAgain)
        #expect(state.root("alerts") == before.root("alerts"))
        #expect(
            ModalChange.changes(from: before, to: state, by: registeredAgain)
                == [.removeRoot("alerts"), .registerRoot(try #require(state.root("alerts")))])

        before = state
        let refused = ModalEvent.batch([.rootRegister(RootRegistration(root: "toasts")), .modalPresent(cart)])
        replay(refused)
        #expect(state.rejected.last?.code == .duplicateLink)
        #expect(ModalChange.changes(from: before, to: state, by: refused) == [])
    }

    @Test func aQueuedModalWaitsThenIsPromotedAsItIsNow() throws {
        var state = ModalState()
        for event: ModalEvent in [
            .rootRegister(RootRegistration(root: "toasts", policy: .queue)),
            .modalPresent(ModalPresentation(root: "toasts", link: "saved", content: "Saved")),
            .modalPresent(ModalPresentation(root: "toasts", link: "sent", content: "Sent")),
        ] {
            state.replay(LoggedEvent(seq: state.seq + 1, event: event))
        }
        var before = state
        state.replay(LoggedEvent(seq: 4, event: .cardPush(root: "toasts", link: "sent", content: "Undo")))
        #expect(
            ModalChange.changes(from: before, to: state)
                == [.push(Card(content: "Undo"), link: "sent", root: "toasts")])
        before = state
        state.replay(LoggedEvent(seq: 5, event: .modalDismissed(root: "toasts", link: "saved")))
        let sent = try #require(state.modal(link: "sent", in: "toasts"))
        #expect(
            ModalChange.changes(from: before, to: state)
                == [.dismissed(link: "saved", root: "toasts"), .promote(sent, root: "toasts")])
        #expect(sent.cards.count == 2)
    }
}

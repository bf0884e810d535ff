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
            step(.modalPresented(root: "sheets", link: "cart")) == [.finishPresenting(link: "cart", root: "sheets")])
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
        #expect(step(.modalDismissed(root: "sheets", link: "cart")) == [.remove(link: "cart", root: "sheets")])
        #expect(
            step(.sessionStart())
                == [.startSession(1), .changeKeyboard(KeyboardState()), .removeRoot("sheets")])
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
                == [.remove(link: "saved", root: "toasts"), .promote(sent, root: "toasts")])
        #expect(sent.cards.count == 2)
    }
}

import Foundation
import ModalEvents
import ModalProjection
import Testing

/// Rules 12 to 15 of `event-log-v2.md`, and `source` and `caller`.
@Suite struct Version2RuleTests {
    // MARK: Source and caller

    @Test func aSourceOutsideTheListOrALongCallerIsRejectedFirst() {
        let state = replay([register()])
        for entry in [
            LoggedEvent(seq: 2, event: .dimmingTap(), source: EventSource(rawValue: "robot")),
            LoggedEvent(seq: 2, event: .dimmingTap(), caller: String(repeating: "é", count: 129)),
            // Checked before the root: not unknownRoot.
            LoggedEvent(seq: 2, event: .dimmingTap(root: "ghost"), source: EventSource(rawValue: "robot")),
            // A batch's: its message has no events[I]: prefix.
            LoggedEvent(seq: 2, event: .batch([.dimmingTap()]), source: EventSource(rawValue: "")),
        ] {
            var after = state
            let rejection = after.replay(entry)
            #expect(rejection?.code == .invalidValue, "\(entry)")
            #expect(rejection?.message.hasPrefix("events[") == false)
            #expect(after.roots == state.roots)
        }
        var after = state
        #expect(
            after.replay(
                LoggedEvent(seq: 2, event: .dimmingTap(), source: .user, caller: String(repeating: "a", count: 256)))
                == nil)
    }

    // MARK: Rule 12: session.start

    @Test func aSessionStartsWithNothingOnScreenAndTheKeyboardDown() {
        let before = replay([
            register("sheets"), present("compose", root: "sheets"), .keyboardChange(height: 336, responderBottom: 700),
            present("compose", root: "sheets"),  // rejected: the rejection stays
        ])
        expectReduce(before, .sessionStart(info: ["build": "4.2"])) { state in
            state.roots = []
            state.keyboard = KeyboardState()
            state.session = 1
        }
        let relaunched = replay([.sessionStart(), .sessionStart(), register("sheets")], from: before)
        #expect(relaunched.session == 2 && relaunched.roots.map(\.id) == ["sheets"] && relaunched.rejected.count == 1)
    }

    // MARK: Rule 13: batch

    @Test func aBatchAppliesItsEventsInOrderAsOneStep() {
        let before = replay([register(), present("cart"), .modalPresented(link: "cart"), present("help")])
        expectReduce(
            before,
            .batch([
                .modalDismiss(link: "help"), .modalDismissed(link: "help"), present("receipt"),
                .cardPush(link: "receipt", content: "Details"),
            ])
        ) { state in
            state.roots[0].modals.removeLast()
            state.roots[0].modals.append(
                Modal(link: "receipt", cards: [Card(content: "ReceiptView"), Card(content: "Details")]))
        }
    }

    @Test func aBatchWithARefusedEventIsRefusedWholeWithItsCodeAndIndex() {
        let before = replay([register(), present("cart")])
        var after = before
        let rejection = after.replay(
            LoggedEvent(
                seq: 3, event: .batch([.modalDismiss(link: "cart"), .cardPop(link: "cart"), .dimmingTap()])))
        #expect(rejection?.code == .invalidTransition)
        #expect(rejection?.message.hasPrefix("events[1]: cannot pop a card on modal \"cart\"") == true)
        expectRejected(
            before, .batch([.modalDismiss(link: "cart"), .cardPop(link: "cart"), .dimmingTap()]), .invalidTransition)
        expectRejected(before, .batch([.dimmingTap(), .modalPresented(link: "ghost")]), .unknownLink)
    }

    @Test func aBatchBuiltInCodeThatNoLogCouldHoldIsRejected() {
        let state = replay([register()])
        expectRejected(state, .batch([]), .invalidValue)
        expectRejected(state, .batch(Array(repeating: .dimmingTap(), count: 1001)), .invalidValue)
        expectRejected(state, .batch([.dimmingTap(), .batch([.dimmingTap()])]), .invalidValue)
        expectRejected(state, .batch([.sessionStart()]), .invalidValue)
    }

    // MARK: Rule 14: queue roots

    static let toasts = replay([
        register("toasts", policy: .queue), present("saved", root: "toasts"), present("synced", root: "toasts"),
        present("offline", root: "toasts"),
    ])

    @Test func aQueueRootShowsOneModalAndQueuesTheRest() {
        let toasts = Self.toasts.root("toasts")!
        #expect(toasts.modals.map(\.phase) == [.presenting, .queued, .queued])
        #expect(toasts.isDimmingVisible)
        // The first leaves: the oldest waiting one comes.
        expectReduce(Self.toasts, .modalDismissed(root: "toasts", link: "saved")) { state in
            state.roots[0].modals.removeFirst()
            state.roots[0].modals[0].phase = .presenting
        }
    }

    @Test func aQueuedModalDismissedLeavesAtOnceAndTheQueueWaitsForTheShownOne() {
        expectReduce(Self.toasts, .modalDismiss(root: "toasts", link: "synced", reason: "timeout")) { state in
            state.roots[0].modals.remove(at: 1)
        }
        // The shown one dismissing: the queue waits for it to leave.
        expectReduce(Self.toasts, .modalDismiss(root: "toasts", link: "saved")) { state in
            state["saved", "toasts"].phase = .dismissing
            state["saved", "toasts"].dismissReason = .programmatic
        }
    }

    @Test func aQueuedModalIsNotShowing() {
        for event in [
            ModalEvent.modalPresented(root: "toasts", link: "synced"),
            .snapTo(root: "toasts", link: "synced", index: 0),
            .dragChange(root: "toasts", link: "synced", position: 0.5), .dragEnd(root: "toasts", link: "synced"),
        ] {
            expectRejected(Self.toasts, event, .invalidTransition)
        }
        // A tap looks for the topmost modal presenting or presented: the first toast, not the last.
        let dismissing = replay([.dimmingTap(root: "toasts")], from: Self.toasts)
        #expect(dismissing.root("toasts")!.modals.map(\.phase) == [.dismissing, .queued, .queued])
        #expect(!dismissing.root("toasts")!.isDimmingVisible)
        // Card events apply to it.
        let pushed = replay([.cardPush(root: "toasts", link: "synced", content: "More")], from: Self.toasts)
        #expect(pushed.modal(link: "synced", in: "toasts")?.cards.count == 2)
    }

    @Test func aQueueRootTakesNoParent() {
        expectRejected(Self.toasts, present("nested", root: "toasts", parent: "saved"), .invalidValue)
        expectRejected(Self.toasts, present("nested", root: "toasts", parent: "ghost"), .unknownLink)
    }

    @Test func whatARefusedBatchPromotedIsUndoneWithIt() {
        expectRejected(
            Self.toasts,
            .batch([.modalDismissed(root: "toasts", link: "saved"), .modalPresented(root: "toasts", link: "offline")]),
            .invalidTransition)
        let promoted = replay(
            [
                .batch([
                    .modalDismissed(root: "toasts", link: "saved"), .modalPresented(root: "toasts", link: "synced"),
                ])
            ],
            from: Self.toasts)
        #expect(promoted.root("toasts")!.modals.map(\.phase) == [.presented, .queued])
    }

    @Test func aVersion1LogHasNoQueuePolicy() {
        var state = ModalState()
        let rejection = state.replay(LoggedEvent(seq: 1, event: register("toasts", policy: .queue)), formatVersion: 1)
        // As version 1 always said of a word it does not list.
        #expect(
            rejection?.code == .invalidValue && rejection?.message == #"policy "queue" is not one of stack, single"#)
        var other = ModalState()
        let word = other.replay(
            LoggedEvent(seq: 1, event: register("toasts", policy: RootPolicy(rawValue: "line"))), formatVersion: 1)
        #expect(word?.message == #"policy "line" is not one of stack, single"#)
        #expect(state.roots.isEmpty)
    }

    // MARK: Rule 15: cards' height and canDismiss

    @Test func eachCardHasItsOwnHeightAndCanDismissAndTheModalHasItsTopCards() {
        let payment = replay([
            register(),
            .modalPresent(ModalPresentation(link: "pay", content: "Cart", canDismiss: true, height: 320)),
            .modalPresented(link: "pay"),
            .cardPush(link: "pay", content: "Card", height: 480),  // canDismiss as the card below
            .cardPush(link: "pay", content: "Confirm", canDismiss: false),  // height none
        ])
        #expect(
            payment.modal(link: "pay")?.cards == [
                Card(content: "Cart", height: 320), Card(content: "Card", height: 480),
                Card(content: "Confirm", canDismiss: false),
            ])
        #expect(payment.modal(link: "pay")?.canDismiss == false)
        // It cannot be swiped or tapped away now; a pop brings back the card below and its values.
        #expect(replay([.dimmingTap()], from: payment).modal(link: "pay")?.phase == .presented)
        #expect(replay([.dragEnd(link: "pay", position: -1)], from: payment).modal(link: "pay")?.phase == .presented)
        let popped = replay([.cardPop(link: "pay"), .dimmingTap()], from: payment)
        #expect(popped.modal(link: "pay")?.dismissReason == .dimmingTap)
    }

    @Test func aReplaceKeepsCanDismissUnlessGivenAndTakesTheEventsHeight() {
        let start = replay([
            register(), .modalPresent(ModalPresentation(link: "pay", content: "A", canDismiss: false, height: 300)),
        ])
        expectReduce(start, .cardReplace(link: "pay", content: "B")) { state in
            state["pay"].cards = [Card(content: "B", canDismiss: false)]
        }
        expectReduce(start, .cardReplace(link: "pay", content: "B", height: 500, canDismiss: true)) { state in
            state["pay"].cards = [Card(content: "B", height: 500)]
        }
    }

    @Test func anUpdateChangesTheTopCardInPlace() {
        let start = replay([
            register(), .modalPresent(ModalPresentation(link: "pay", content: "A", height: 300)),
            .cardPush(link: "pay", content: "B", height: 400),
        ])
        expectReduce(start, .cardUpdate(link: "pay", height: .points(520), canDismiss: false)) { state in
            state["pay"].cards[1] = Card(content: "B", height: 520, canDismiss: false)
        }
        expectReduce(start, .cardUpdate(link: "pay", height: .automatic)) { state in
            state["pay"].cards[1].height = nil
        }
    }

    @Test func heightsAndUpdatesAreCheckedValuesFirst() {
        let start = replay([register(), present("pay"), .modalDismiss(link: "pay")])
        for height in [0, -1, Double.infinity, .nan] {
            expectRejected(start, .cardPush(link: "pay", content: "B", height: height), .invalidValue)
            expectRejected(start, .cardReplace(link: "pay", content: "B", height: height), .invalidValue)
            expectRejected(start, .cardUpdate(link: "pay", height: .points(height)), .invalidValue)
            expectRejected(
                replay([register()]),
                .modalPresent(ModalPresentation(link: "b", content: "B", initialSnap: 3, height: height)),
                .invalidValue)
        }
        expectRejected(start, .cardUpdate(link: "pay"), .invalidValue)
        expectRejected(start, .cardUpdate(link: "pay", canDismiss: true), .invalidTransition)
        expectRejected(start, .cardUpdate(link: "ghost", canDismiss: true), .unknownLink)
    }

    // MARK: The state's JSON

    @Test func aVersion1SnapshotReadsWithDefaults() throws {
        let json = #"""
            {"seq":3,"keyboard":{"height":0,"responderBottom":null},"roots":[{"root":"default","presentation":"window","level":0,"policy":"stack","size":{"width":390,"height":844},"maxVisibleCards":2,"dimming":{"tap":"dismissTopmost","hidden":false,"visible":true},"keyboard":{"strategy":"offsetByObscuredHeight","additional":0},"keyboardOffset":0,"modals":[{"link":"pay","phase":"presented","dismissReason":null,"style":"card","parent":null,"canDismiss":false,"payload":null,"cards":[{"content":"A","sticky":null},{"content":"B","sticky":"S"}],"visibleCards":2,"snap":{"points":[1],"index":0,"position":0,"dragging":false}}]}],"rejected":[]}
            """#
        let state = try ModalState(json: JSONReader.read(Array(json.utf8)))
        #expect(state.session == 0)
        #expect(
            state.modal(link: "pay")?.cards == [
                Card(content: "A", canDismiss: false), Card(content: "B", sticky: "S", canDismiss: false),
            ])
    }

    @Test func aVersion2SnapshotDerivesTheModalsCanDismissFromItsTopCard() throws {
        let state = replay([
            register(), present("pay", canDismiss: true), .cardPush(link: "pay", content: "B", canDismiss: false),
            .sessionStart(), register(), present("pay"),
        ])
        let text = state.jsonText(style: .compact)
        #expect(text.contains(#""rejected":[],"session":1}"#))
        #expect(text.contains(#""cards":[{"content":"PayView","sticky":null,"height":null,"canDismiss":true}]"#))
        let tampered = text.replacingOccurrences(
            of: #""parent":null,"canDismiss":true"#, with: #""parent":null,"canDismiss":false"#)
        #expect(try ModalState(json: JSONReader.read(Array(tampered.utf8))) == state)
    }
}

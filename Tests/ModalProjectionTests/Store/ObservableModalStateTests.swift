import ModalEvents
import ModalProjection
import Observation
import TestSupport
import Testing

/// Counts the changes Observation reports of what `read` reads, tracking
/// again after each one, as a SwiftUI view that is redrawn would.
@MainActor
final class NotificationCounter {
    private(set) var count = 0
    private let read: @MainActor () -> Void

    init(_ read: @escaping @MainActor () -> Void) {
        self.read = read
        track()
    }

    private func track() {
        withObservationTracking(read) {
            MainActor.assumeIsolated {
                self.count += 1
                self.track()
            }
        }
    }
}

@MainActor
@Suite struct ObservableModalStateTests {
    /// Two roots, two modals in the first and one in the second, all presented.
    static func store() throws -> ModalStore {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        try store.registerRoot(RootRegistration(root: "sheets"))
        try store.registerRoot(RootRegistration(root: "toasts", level: 10))
        for (root, link) in [("sheets", "cart"), ("sheets", "help"), ("toasts", "saved")] {
            try store.append(
                .modalPresent(ModalPresentation(root: root, link: link, content: link, snapPoints: [0.5, 1])))
            try store.presented(link, in: root)
        }
        return store
    }

    @Test func aThousandDragsOfOneModalNotifyNoObserverOfAnotherModalOrRoot() throws {
        let store = try Self.store()
        let modals = ObservableModalState(store: store)
        modals.catchUp()
        let sheets = try #require(modals.root("sheets"))
        let toasts = try #require(modals.root("toasts"))
        let cart = try #require(sheets.modal(link: "cart"))
        let help = try #require(sheets.modal(link: "help"))
        let saved = try #require(toasts.modal(link: "saved"))
        func readAll(of modal: ObservableModal) {
            _ = (modal.phase, modal.dismissReason, modal.cards, modal.visibleCards, modal.snap)
        }
        let otherModal = NotificationCounter { readAll(of: help) }
        let otherRoot = NotificationCounter {
            _ = (toasts.size, toasts.isDimmingVisible, toasts.keyboardOffset, toasts.modals)
            readAll(of: saved)
        }
        let sameRoot = NotificationCounter { _ = (sheets.size, sheets.isDimmingVisible, sheets.modals) }
        let rootList = NotificationCounter { _ = (modals.roots, modals.keyboard, modals.session) }
        let dragged = NotificationCounter { _ = cart.snap }
        for index in 0..<1_000 {
            try store.drag("cart", to: Double(index % 100) / 100, in: "sheets")
            modals.catchUp()
        }
        #expect(otherModal.count == 0)
        #expect(otherRoot.count == 0)
        #expect(sameRoot.count == 0 && rootList.count == 0)
        #expect(dragged.count == 1_000)
        #expect(cart.snap == store.state.modal(link: "cart", in: "sheets")?.snap)
        // The store's own state is one value: every drag notified its observers.
        let whole = NotificationCounter { _ = store.state }
        for _ in 0..<10 { try store.drag("help", to: 0.3, in: "sheets") }
        #expect(whole.count == 10)
    }

    @Test func aModalPresentedAgainIsANewObjectAndTheOthersStay() throws {
        let store = try Self.store()
        let modals = ObservableModalState(store: store)
        modals.catchUp()
        let sheets = try #require(modals.root("sheets"))
        let cart = try #require(sheets.modal(link: "cart"))
        let help = try #require(sheets.modal(link: "help"))
        try store.dismiss("cart", in: "sheets")
        try store.dismissed("cart", in: "sheets")
        try store.append(.modalPresent(ModalPresentation(root: "sheets", link: "cart", content: "cart")))
        modals.catchUp()
        #expect(sheets.modal(link: "help") === help)
        #expect(sheets.modal(link: "cart") !== cart && sheets.modal(link: "cart")?.phase == .presenting)
        #expect(cart.phase == .dismissing)  // the old object keeps what it last was
        #expect(modals.root("sheets") === sheets)
    }

    @Test func itShowsTheStoresStateAfterEveryEventOfRandomLogs() throws {
        var random = SplitMixRandom(seed: 31)
        for _ in 0..<100 {
            let store = ModalStore(options: EventStoreOptions(timestamps: .none))
            let modals = ObservableModalState(store: store)
            for entry in randomEntries(count: 60, random: &random) {
                try store.replay([entry])
                modals.catchUp()
                try expect(modals, shows: store.state)
            }
        }
    }

    func expect(_ modals: ObservableModalState, shows state: ModalState) throws {
        #expect(modals.seq == state.seq && modals.session == state.session && modals.keyboard == state.keyboard)
        #expect(modals.roots.map(\.id) == state.roots.map(\.id))
        for (root, expected) in zip(modals.roots, state.roots) {
            #expect(root.presentation == expected.presentation && root.level == expected.level)
            #expect(root.policy == expected.policy && root.maxVisibleCards == expected.maxVisibleCards)
            #expect(root.dimming == expected.dimming && root.keyboard == expected.keyboard)
            #expect(root.size == expected.size && root.isDimmingVisible == expected.isDimmingVisible)
            #expect(root.keyboardOffset == expected.keyboardOffset)
            #expect(root.modals.map(\.link) == expected.modals.map(\.link))
            for (modal, expectedModal) in zip(root.modals, expected.modals) {
                #expect(modal.phase == expectedModal.phase && modal.dismissReason == expectedModal.dismissReason)
                #expect(modal.cards == expectedModal.cards && modal.snap == expectedModal.snap)
                #expect(modal.visibleCards == expectedModal.visibleCards && modal.payload == expectedModal.payload)
            }
        }
    }

    /// Events of a small app, many of which apply.
    func randomEntries(count: Int, random: inout SplitMixRandom) -> [LoggedEvent] {
        let roots = ["sheets", "toasts"]
        let links = ["cart", "help", "saved"]
        var entries: [LoggedEvent] = []
        for seq in 1...count {
            let root = roots[Int(random.next() % 2)]
            let link = links[Int(random.next() % 3)]
            let events: [ModalEvent] = [
                .rootRegister(RootRegistration(root: root, policy: root == "toasts" ? .queue : .stack)),
                .modalPresent(ModalPresentation(root: root, link: link, content: link, snapPoints: [0.5, 1])),
                .modalPresented(root: root, link: link), .modalDismiss(root: root, link: link),
                .modalDismissed(root: root, link: link), .cardPush(root: root, link: link, content: "next"),
                .cardPop(root: root, link: link), .dragChange(root: root, link: link, position: 0.7),
                .dragEnd(root: root, link: link), .keyboardChange(height: Double(random.next() % 2) * 300),
                .dimmingTap(root: root), .rootResize(root: root, size: Size(width: 800, height: 600)),
                .sessionStart(), .rootRemove(root: root),
            ]
            let weights = [3, 6, 5, 3, 3, 2, 2, 3, 2, 1, 1, 1, 1, 1]
            var pick = Int(random.next() % UInt64(weights.reduce(0, +)))
            var index = 0
            while pick >= weights[index] {
                pick -= weights[index]
                index += 1
            }
            entries.append(LoggedEvent(seq: seq, event: events[index]))
        }
        return entries
    }
}

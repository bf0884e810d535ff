import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// The examples of Docs/Store.md that build on Linux, as written there.
@Suite struct StoreDocumentationTests {
    @Test func theTour() throws {
        let store = ModalStore()
        try store.registerRoot(RootRegistration(root: "sheets"))

        let compose = try store.present(
            ModalPresentation(root: "sheets", link: "compose", content: "ComposeView", payload: ["draft": 1]))
        try store.didPresent("compose", in: "sheets")  // the present animation finished
        try store.push("AttachmentsCard", onto: "compose", in: "sheets")

        #expect(store.state.modal(link: "compose", in: "sheets")?.cards.count == 2)
        #expect(store.payload(of: "compose", in: "sheets")?.serialized() == #"{"draft":1}"#)
        #expect(store.events.count == 4)
        withExtendedLifetime(compose) {}
    }

    @Test func theReadmeExample() throws {
        let seen = Recorder<String>()
        let store = ModalStore()
        try store.registerRoot()
        var compose: ModalLifetime? = try store.present(ModalPresentation(link: "compose", content: "ComposeView"))
        let token = store.subscribe(after: 0) { entry in seen.record("\(entry.seq) \(entry.event.type.rawValue)") }
        try store.didPresent("compose")
        compose = nil  // appends modal.dismiss (lifetimeEnded)
        try store.reconcile(to: [ModalPresentation(link: "cart", content: "CartView")])  // presents cart
        #expect(
            seen.all == [
                "1 root.register", "2 modal.present", "3 modal.presented", "4 modal.dismiss", "5 modal.present",
            ])
        #expect(store.state.modal(link: "compose")?.dismissReason == .lifetimeEnded)
        #expect(compose == nil)
        withExtendedLifetime(token) {}
    }

    @Test func aRefusedCommand() throws {
        let store = ModalStore()
        try store.registerRoot(RootRegistration(root: "sheets"))
        let compose = try store.present(ModalPresentation(root: "sheets", link: "compose", content: "ComposeView"))
        try store.didPresent("compose", in: "sheets")
        try store.push("AttachmentsCard", onto: "compose", in: "sheets")
        try store.pop(from: "compose", in: "sheets")
        do {
            try store.pop(from: "compose", in: "sheets")
            Issue.record("the last card popped")
        } catch .rejected(let rejection) {
            #expect(
                "\(rejection)"
                    == #"seq 6: lastCard: modal "compose" has one card left: dismiss the modal to close the stack"#)
        } catch {
            Issue.record("\(error)")
        }
        withExtendedLifetime(compose) {}
    }

    @Test func optimisticConcurrency() throws {
        let store = try ModalStore.withRoot()
        func decide(_ state: ModalState) -> ModalEvent? {
            state.modal(link: "toast") == nil ? .modalPresent(presentation("toast")) : nil
        }
        for _ in 0..<2 {
            while true {
                let state = store.state
                guard let event = decide(state) else { break }
                do {
                    try store.append(event, expectedSeq: state.seq)
                    break
                } catch .conflict {
                    continue  // another writer got there first
                }
            }
        }
        #expect(store.lastSeq == 2)
    }
}

// swift-format-ignore-file
// (The examples are copies of the docs, as written there.)
import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

/// The examples of the README, as written there.
@Suite struct ReadmeExamples {
    @Test func theLibrary() throws {
        // Example: README.md
        enum Sheet: ModalRoute {
            case cart(items: Int)
            case address(id: Int)

            var link: String {
                switch self {
                case .cart: "cart"
                case .address: "address"
                }
            }
            var content: String {
                switch self {
                case .cart: "CartView"
                case .address: "AddressForm"
                }
            }
        }

        let store = ModalStore()
        try store.registerRoot(RootRegistration(root: "sheets"))
        let feed = store.subscribeToChanges { update in print(update.changes) }  // what the UI must do, event by event
        let cart = try store.present(ModalPresentation(Sheet.cart(items: 3), root: "sheets", snapPoints: [0.5, 1]))
        do {
            try store.snap("cart", to: 1, in: "sheets")
        } catch {
            print(error)  // rejected: seq 3: invalidTransition: cannot snap modal "cart": it is presenting, not presented
        }
        try store.presented("cart", in: "sheets")  // the present animation ended (a ModalDriver does this for a host)
        try store.snap("cart", to: 1, in: "sheets")
        let shown = try store.state.route(of: "cart", in: "sheets", as: Sheet.self)  // .cart(items: 3)
        // End of example
        guard case .cart(let items)? = shown else { return #expect(Bool(false), "\(String(describing: shown))") }
        #expect(items == 3 && store.state.modal(link: "cart", in: "sheets")?.snap.index == 1)
        #expect(store.lastSeq == 4)  // the rejected snap appended nothing
        // What the catch printed, as the same command says it of another sheet still presenting.
        let address = try store.present(Sheet.address(id: 7), in: "sheets")
        #expect {
            try store.snap("address", to: 0, in: "sheets")
        } throws: { error in
            "\(error)" == #"rejected: seq 6: invalidTransition: cannot snap modal "address": it is presenting, not presented"#
        }
        withExtendedLifetime(address) {}
        withExtendedLifetime((feed, cart)) {}
    }

    @Test func aLogReplays() throws {
        // The README's paths are the package's: run from its root.
        #expect(FileManager.default.changeCurrentDirectoryPath(Fixtures.packageRoot.path))
        // Example: README.md
        let reader = try EventLogReader(path: "EventLogs/tour.jsonl")  // streams, a chunk at a time
        var state = ModalState()
        while let entry = try reader.next() {
            state.replay(entry)  // applied, or rejected and recorded in state.rejected
        }
        let snap = state.modal(link: "address", in: "sheets")?.snap.index  // 1
        let rejected = state.rejected  // []: events that could not apply
        print(state.jsonText())  // the spec's JSON, keys in order
        // End of example
        #expect(snap == 1 && rejected.isEmpty)
    }

    @Test func aPropertyOfYourOwn() throws {
        var shopFlow = ModalFlow(
            roots: [RootRegistration()],
            links: [
                ModalFlow.Link("cart", contents: ["CartView"], snapPoints: [0.5, 1]),
                ModalFlow.Link("checkout", contents: ["Address", "Payment"], parents: ["cart"], canDismiss: false),
            ])
        shopFlow.invalidShare = 0
        // Example: README.md
        let checkoutStaysUp = ModalProperty.everyStep("no drag dismisses checkout") { step in
            guard case .dragEnd = step.event, step.before.modal(link: "checkout")?.phase != .dismissing else { return }
            try require(step.after.modal(link: "checkout")?.dismissReason != .drag, "a drag took checkout away")
        }
        try PropertyCheck(flow: shopFlow, count: 1_000).check(checkoutStaysUp)  // shopFlow: a ModalFlow (Docs/Testing.md)
        // End of example
    }
}

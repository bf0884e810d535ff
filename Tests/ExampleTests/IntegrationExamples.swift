// swift-format-ignore-file
// (The examples are copies of the docs, as written there.)
import ModalEvents
import ModalProjection
import ModalTesting
import Observation
import Testing

/// The examples of Docs/Integration.md that build on Linux, as written there.
@MainActor
@Suite struct IntegrationExamples {
    @Test func theLoop() throws {
        // Example: Docs/Integration.md
        let store = ModalStore()
        let host = SimulatedHost(store: store, random: PropertyRandom(seed: 1))
        let driver = ModalDriver(store: store, host: host)

        try store.registerRoot(RootRegistration(root: "sheets"))
        let cart = try store.present(ModalPresentation(root: "sheets", link: "cart", content: "CartView"))
        driver.catchUp()                  // the host registers the root, presents the cart, shows the dimming
        host.settle(with: driver)         // its animation ends: the driver appends modal.presented

        let phase = store.state.modal(link: "cart", in: "sheets")?.phase   // .presented
        let source = store.events.last?.source                              // .system: the platform ended the animation
        let same = host.screen == ModalScreen(store.state)                  // true: it shows what the store says
        // End of example
        #expect(phase == .presented && source == .system && same)
        withExtendedLifetime(cart) {}
    }

    @Test func observationAt60Hertz() throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        try store.registerRoot(RootRegistration(root: "sheets"))
        let lifetimes = try ["cart", "help"].map { link in
            let lifetime = try store.present(ModalPresentation(root: "sheets", link: link, content: link))
            try store.presented(link, in: "sheets")
            return lifetime
        }
        // Example: Docs/Integration.md
        @MainActor final class Redraws { var count = 0 }

        let modals = ObservableModalState(store: store)
        modals.catchUp()
        let help = modals.root("sheets")?.modal(link: "help")
        let redraws = Redraws()
        withObservationTracking {
            _ = (help?.snap, help?.cards, help?.phase)
        } onChange: {
            MainActor.assumeIsolated { redraws.count += 1 }
        }
        for step in 0..<1_000 {
            try store.drag("cart", to: Double(step % 100) / 100, in: "sheets")   // another modal
            modals.catchUp()
        }
        print(redraws.count)   // 0
        // End of example
        #expect(redraws.count == 0 && help != nil)
        withExtendedLifetime(lifetimes) {}
    }

    @Test func theFeedAsASequence() async throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        try store.registerRoot(RootRegistration(root: "sheets"))
        try store.tapDimming(in: "sheets")
        // Example: Docs/Integration.md
        let updates = store.changeStream()
        try store.changeKeyboard(height: 336)
        for await update in updates {
            print(update.entry?.seq ?? 0, update.changes)   // 0 (the state so far), then 3 [.changeKeyboard, .setKeyboardOffset]
            if update.entry != nil { break }
        }
        // End of example
        #expect(store.lastSeq == 3)
    }
}

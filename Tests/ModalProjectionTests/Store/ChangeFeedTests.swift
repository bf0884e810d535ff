import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// The store's change feed: as a subscription, as a stream, and through a
/// `ModalDriver` to a host on the main actor.
@Suite struct ChangeFeedTests {
    @Test func aSubscriberGetsTheCurrentStateFromNothingThenEachEventsChanges() throws {
        let store = try ModalStore.withRoot(RootRegistration(root: "sheets"))
        let updates = Recorder<ModalUpdate>()
        let token = store.subscribeToChanges { updates.record($0) }
        let lifetime = try store.present(ModalPresentation(root: "sheets", link: "cart", content: "CartView"))
        try store.presented("cart", in: "sheets")
        let all = updates.all
        #expect(all.map(\.entry?.seq) == [nil, 2, 3])
        #expect(all[0].changes == [.registerRoot(try #require(all[0].state.root("sheets")))])
        #expect(
            all[1].changes.first
                == .present(try #require(all[1].state.modal(link: "cart", in: "sheets")), root: "sheets"))
        #expect(all[2].changes == [.presented(link: "cart", root: "sheets")])
        #expect(all.last?.state == store.state)
        withExtendedLifetime((token, lifetime)) {}
    }

    @Test func withoutTheStartTheFirstUpdateIsTheNextEvent() throws {
        let store = try ModalStore.withRoot()
        let updates = Recorder<ModalUpdate>()
        let token = store.subscribeToChanges(startingWithCurrent: false) { updates.record($0) }
        try store.changeKeyboard(height: 300)
        #expect(updates.all.map(\.entry?.seq) == [2])
        #expect(updates.all.first?.changes.first == .changeKeyboard(KeyboardState(height: 300)))
        withExtendedLifetime(token) {}
    }

    @Test func theStreamGivesTheSameUpdates() async throws {
        let store = try ModalStore.withRoot()
        let stream = store.changeStream()
        try store.tapDimming()
        let lifetime = try store.present(ModalPresentation(link: "cart", content: "CartView"))
        var seqs: [Int?] = []
        for await update in stream {
            seqs.append(update.entry?.seq)
            if seqs.count == 3 { break }
        }
        #expect(seqs == [nil, 2, 3])
        withExtendedLifetime(lifetime) {}
    }

    @Test func updatesFromManyThreadsComeInSeqOrder() throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        let seqs = Recorder<Int>()
        let token = store.subscribeToChanges(startingWithCurrent: false) { update in
            seqs.record(update.entry?.seq ?? 0)
        }
        onThreads(4) { _ in
            for _ in 0..<500 { _ = try? store.changeKeyboard(height: 300) }
        }
        #expect(seqs.all == Array(1...2_000))
        withExtendedLifetime(token) {}
    }
}

/// A host that writes down what it is asked, and completes its animations
/// when told to.
@MainActor
final class RecordingHost: ModalHost {
    var calls: [String] = []
    var completions: [String: @MainActor () -> Void] = [:]

    func registerRoot(_ root: RootState) { calls.append("register \(root.id)") }
    func resizeRoot(_ root: String, to size: Size) { calls.append("resize \(root) \(size)") }
    func removeRoot(_ root: String) { calls.append("remove root \(root)") }
    func setKeyboardOffset(_ offset: Double, in root: String) { calls.append("offset \(root) \(offset)") }
    func setDimming(visible: Bool, in root: String) { calls.append("dimming \(root) \(visible)") }
    func present(_ modal: Modal, in root: String, completion: @escaping @MainActor () -> Void) {
        MainActor.assertIsolated()
        calls.append("present \(root)/\(modal.link)")
        completions["present \(root)/\(modal.link)"] = completion
    }
    func presented(_ link: String, in root: String) { calls.append("presented \(root)/\(link)") }
    func dismiss(
        _ link: String, in root: String, reason: DismissReason, completion: @escaping @MainActor () -> Void
    ) {
        calls.append("dismiss \(root)/\(link) \(reason)")
        completions["dismiss \(root)/\(link)"] = completion
    }
    func dismissed(_ link: String, in root: String) { calls.append("dismissed \(root)/\(link)") }
    func push(_ card: Card, onto link: String, in root: String) { calls.append("push \(card.content)") }
    func pop(to card: Card, of link: String, in root: String) { calls.append("pop to \(card.content)") }
    func replaceTopCard(
        of link: String, with card: Card, direction: ReplaceDirection, animation: ReplaceAnimation, in root: String
    ) { calls.append("morph \(card.content) \(direction) \(animation)") }
    func updateTopCard(of link: String, to card: Card, in root: String) { calls.append("update \(card.content)") }
    func drag(_ link: String, to position: Double, in root: String) { calls.append("drag \(position)") }
    func snap(_ link: String, to snap: SnapState, in root: String) { calls.append("snap \(snap.index)") }

    /// Ends the animation named `name`.
    func complete(_ name: String) {
        completions.removeValue(forKey: name)?()
    }
}

@MainActor
@Suite struct ModalDriverTests {
    /// A store with `root` registered, and a driver of a recording host on it.
    func driving(
        _ root: RootRegistration = RootRegistration()
    ) throws -> (store: ModalStore, host: RecordingHost, driver: ModalDriver) {
        let store = try ModalStore.withRoot(root)
        let host = RecordingHost()
        return (store, host, ModalDriver(store: store, host: host))
    }

    @Test func theHostGetsTheChangesOnTheMainActorWithoutBeingAsked() async throws {
        let (store, host, driver) = try driving(RootRegistration(root: "sheets"))
        let lifetime = try await Task.detached {
            try store.present(ModalPresentation(root: "sheets", link: "cart", content: "CartView"))
        }.value
        // No catchUp(): the driver's own turn on the main actor hands the changes over.
        for _ in 0..<1_000 where host.calls.count < 3 { await Task.yield() }
        #expect(host.calls == ["register sheets", "present sheets/cart", "dimming sheets true"])
        withExtendedLifetime((driver, lifetime)) {}
    }

    @Test func completionsAppendWhatTheAnimationsEndedIn() throws {
        let (store, host, driver) = try driving(RootRegistration(root: "sheets"))
        let lifetime = try store.present(ModalPresentation(root: "sheets", link: "cart", content: "CartView"))
        driver.catchUp()
        host.complete("present sheets/cart")
        #expect(store.state.modal(link: "cart", in: "sheets")?.phase == .presented)
        #expect(store.events.last?.source == .system)
        driver.catchUp()
        #expect(host.calls.last == "presented sheets/cart")
        try store.dismiss("cart", in: "sheets")
        driver.catchUp()
        host.complete("dismiss sheets/cart")
        #expect(store.state.modal(link: "cart", in: "sheets") == nil)
        driver.catchUp()
        #expect(
            host.calls.suffix(3) == [
                "dismiss sheets/cart programmatic", "dimming sheets false", "dismissed sheets/cart",
            ])
        #expect(driver.rejections.isEmpty && driver.state == store.state)
        withExtendedLifetime(lifetime) {}
    }

    @Test func aCompletionForAModalThatMovedOnAppendsNothing() throws {
        let (store, host, driver) = try driving()
        let lifetime = try store.present(ModalPresentation(link: "cart", content: "CartView"))
        driver.catchUp()
        try store.dismiss("cart")  // while its present animation runs
        driver.catchUp()
        host.complete("present default/cart")
        #expect(store.lastSeq == 3)
        try store.dismissed("cart")
        let again = try store.present(ModalPresentation(link: "cart", content: "CartView"))
        driver.catchUp()
        host.complete("dismiss default/cart")  // the first presentation's: the second is presenting
        #expect(store.lastSeq == 5 && store.state.modal(link: "cart")?.phase == .presenting)
        #expect(driver.rejections.isEmpty)
        withExtendedLifetime((lifetime, again)) {}
    }

    @Test func theFirstPresentationsCompletionDoesNotEndTheOneAfterIt() throws {
        let (store, host, driver) = try driving()
        let cart = ModalPresentation(link: "cart", content: "CartView")
        try store.append(.modalPresent(cart))
        driver.catchUp()
        let first = try #require(host.completions["present default/cart"])
        // Dismissed and presented again in one step: the state is as it was.
        try store.append(.batch([.modalDismiss(link: "cart"), .modalDismissed(link: "cart"), .modalPresent(cart)]))
        driver.catchUp()
        #expect(host.calls.suffix(2) == ["dismissed default/cart", "present default/cart"])
        first()  // the platform ends the first present animation late
        #expect(store.lastSeq == 3 && store.state.modal(link: "cart")?.phase == .presenting)
        host.complete("present default/cart")
        #expect(store.lastSeq == 4 && store.state.modal(link: "cart")?.phase == .presented)
        #expect(driver.rejections.isEmpty)
    }

    @Test func aCompletionThatMeetsAnotherWritersEventDecidesOnItsChanges() throws {
        let (store, host, driver) = try driving()
        let lifetime = try store.present(ModalPresentation(link: "cart", content: "CartView"))
        driver.catchUp()
        try store.changeKeyboard(height: 300)  // not yet carried out when the animation ends
        host.complete("present default/cart")
        #expect(store.lastSeq == 3)
        driver.catchUp()
        #expect(store.lastSeq == 4 && store.state.modal(link: "cart")?.phase == .presented)
        withExtendedLifetime(lifetime) {}
    }

    @Test func aStoppedOrReleasedDriverHandsNothingOver() throws {
        let store = try ModalStore.withRoot()
        let host = RecordingHost()
        var driver: ModalDriver? = ModalDriver(store: store, host: host)
        driver?.catchUp()
        driver?.stop()
        try store.changeKeyboard(height: 300)
        driver?.catchUp()
        #expect(host.calls == ["register default"])
        weak var released: ModalDriver?
        do {
            let other = ModalDriver(store: store, host: RecordingHost())
            released = other
            driver = nil
        }
        #expect(released == nil && store.subscriberCount == 0)
    }
}

import ModalEvents
import ModalProjection
import TestSupport
import Testing

@Suite struct ModalLifetimeTests {
    @Test func releasingTheLifetimeOfALiveModalDismissesIt() throws {
        let store = try ModalStore.withRoot()
        var lifetime: ModalLifetime? = try store.present(presentation("compose"))
        #expect(lifetime?.seq == 2)
        #expect(lifetime?.phase == .presenting)
        #expect(store.subscriberCount == 1)
        lifetime = nil
        #expect(store.events.last?.event == .modalDismiss(link: "compose", reason: .lifetimeEnded))
        #expect(store.state.modal(link: "compose")?.phase == .dismissing)
        #expect(store.subscriberCount == 0)
        _ = lifetime
    }

    @Test func releasingItWhileTheModalIsDismissingAppendsNothing() throws {
        let store = try ModalStore.withRoot()
        var lifetime: ModalLifetime? = try store.present(presentation("compose"))
        try store.dismiss("compose", reason: .dimmingTap)
        #expect(lifetime?.phase == .dismissing)
        lifetime = nil
        #expect(store.lastSeq == 3)
        #expect(store.subscriberCount == 0)
    }

    @Test func aLifetimeWhoseModalLeftIsInertAndKeepsNothingAlive() throws {
        weak var weakStore: ModalStore?
        let lifetime: ModalLifetime
        do {
            let store = try ModalStore.withRoot()
            weakStore = store
            lifetime = try store.present(presentation("compose"))
            try store.presented("compose")
            try store.dismiss("compose")
            #expect(weakStore != nil)
            try store.dismissed("compose")
            #expect(store.subscriberCount == 0)
            #expect(lifetime.phase == nil)
            #expect(!lifetime.isLive)
        }
        #expect(weakStore == nil)
        lifetime.end()
    }

    @Test(arguments: ["parent dismissed", "root removed", "dismissed while presenting"])
    func theModalLeavesByAnyPath(path: String) async throws {
        let store = try ModalStore.withRoot()
        let parent = try store.present(presentation("parent"))
        let child = try store.present(presentation("child", parent: "parent"))
        switch path {
        case "parent dismissed": try store.dismissed("parent")
        case "root removed": try store.removeRoot()
        default: try store.dismissed("child")
        }
        #expect(child.phase == nil)
        #expect(try await child.presented() == false)
        #expect(try await child.dismissed() == nil)
        let seq = store.lastSeq
        _ = consume child
        #expect(store.lastSeq == seq)
        withExtendedLifetime(parent) {}
    }

    @Test func aLifetimeNeverDismissesALaterModalWithTheSameLink() throws {
        let store = try ModalStore.withRoot()
        var first: ModalLifetime? = try store.present(presentation("compose"))
        try store.dismissed("compose")
        let second = try store.present(presentation("compose"))
        first = nil
        #expect(store.state.modal(link: "compose")?.phase == .presenting)
        #expect(second.isLive)
        _ = first
    }

    @Test func aLifetimeReleasedBeforeItSawItsModalLeaveDoesNotDismissTheNextOne() throws {
        // An earlier subscriber presents the link again and releases the first lifetime
        // while the event that removed its modal has not reached the lifetime yet.
        let store = try ModalStore.withRoot()
        let held = Locked<ModalLifetime?>(nil)
        let next = Locked<ModalLifetime?>(nil)
        let token = store.subscribe(filter: EventFilter(link: "compose")) { entry in
            guard case .modalDismissed = entry.event else { return }
            let lifetime = try? store.present(presentation("compose"))
            next.withLock { $0 = lifetime }
            held.withLock { $0 = nil }
        }
        held.withLock { $0 = try? store.present(presentation("compose")) }
        try store.dismissed("compose")
        #expect(held.withLock { $0 } == nil)
        #expect(store.state.modal(link: "compose")?.phase == .presenting)
        #expect(!store.events.contains { $0.event == .modalDismiss(link: "compose", reason: .lifetimeEnded) })
        #expect(next.withLock { $0?.isLive } == true)
        withExtendedLifetime(token) {}
    }

    @Test func aLifetimeReleasedWhileAppendsGoOnDismissesItsModalWithoutWaitingForThemToStop() throws {
        // Each event's callback appends the next, as threads that keep appending do. A dismissal
        // that needed the log to end where it was planned conflicted with each of them, and came
        // only once they stopped (in the soak, 7 of 10,163 released lifetimes dismissed their modal).
        let store = try ModalStore.withRoot()
        let held = Locked<ModalLifetime?>(try store.present(presentation("compose")))
        let token = store.subscribe { [weak store] entry in
            guard let store, entry.seq < 1_000 else { return }
            if entry.seq == 100 {
                let lifetime = held.withLock { held in
                    defer { held = nil }
                    return held
                }
                _ = consume lifetime  // released here, while the next event waits to be delivered
            }
            _ = try? store.changeKeyboard(height: Double(entry.seq % 300))
        }
        try store.changeKeyboard(height: 0)
        #expect(store.lastSeq > 1_000)
        let dismissal = store.events.first { $0.event == .modalDismiss(link: "compose", reason: .lifetimeEnded) }
        #expect(dismissal.map { $0.seq < 110 } == true, "dismissed at seq \(dismissal?.seq ?? 0), released at 100")
        #expect(store.subscriberCount == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aLifetimeNeverDismissesAModalPresentedAgainBeforeItsDismissalIsDecided() throws {
        // Released at seq 3 while seq 4 (dismissed) and 5 (presented again) wait to be delivered:
        // the modal at the link is another one by then, and stays.
        let store = try ModalStore.withRoot()
        let held = Locked<ModalLifetime?>(try store.present(presentation("compose")))
        let next = Locked<ModalLifetime?>(nil)
        let token = store.subscribe { [weak store] entry in
            guard let store, entry.seq == 3 else { return }
            _ = try? store.dismissed("compose")
            next.withLock { $0 = try? store.present(presentation("compose")) }
            let lifetime = held.withLock { held in
                defer { held = nil }
                return held
            }
            _ = consume lifetime
        }
        try store.tapDimming()
        #expect(store.lastSeq == 5)
        #expect(store.state.modal(link: "compose")?.phase == .presenting)
        #expect(next.withLock { $0?.isLive } == true)
        withExtendedLifetime(token) {}
    }

    @Test func aLifetimeEndedThenReleasedKeepsNothingAlive() throws {
        weak var weakStore: ModalStore?
        var lifetime: ModalLifetime?
        do {
            let store = try ModalStore.withRoot()
            weakStore = store
            lifetime = try store.present(presentation("compose"))
            lifetime?.end()
            #expect(store.state.modal(link: "compose")?.phase == .dismissing)
            #expect(store.subscriberCount == 1, "an ended lifetime still follows its modal")
            lifetime = nil
            #expect(store.subscriberCount == 0)
            #expect(store.lastSeq == 3)
        }
        #expect(weakStore == nil)
    }

    @Test func aLifetimeAwaitsPresentationAndDismissal() async throws {
        let store = try ModalStore.withRoot()
        let lifetime = try store.present(presentation("compose"))
        async let presented = lifetime.presented()
        async let dismissed = lifetime.dismissed()
        try await Task.sleep(for: .milliseconds(10))
        try store.presented("compose")
        #expect(try await presented)
        #expect(try await lifetime.presented())
        try store.dismiss("compose", reason: .drag)
        try store.dismissed("compose")
        #expect(try await dismissed == .drag)
    }

    @Test func aModalDismissedBeforeItWasPresentedWasNeverPresented() async throws {
        let store = try ModalStore.withRoot()
        let lifetime = try store.present(presentation("compose"))
        try store.dismiss("compose")
        #expect(try await lifetime.presented() == false)
    }

    @Test func endingTheLifetimeDismissesAndStillFollowsTheModal() async throws {
        let store = try ModalStore.withRoot()
        let lifetime = try store.present(presentation("compose"))
        try store.presented("compose")
        lifetime.end()
        lifetime.end()
        #expect(store.events.filter { $0.event == .modalDismiss(link: "compose", reason: .lifetimeEnded) }.count == 1)
        #expect(lifetime.phase == .dismissing)
        try store.dismissed("compose")
        #expect(try await lifetime.dismissed() == .lifetimeEnded)
        #expect(store.subscriberCount == 0)
    }

    @Test func waitingIsCancellable() async throws {
        let store = try ModalStore.withRoot()
        let lifetime = try store.present(presentation("compose"))
        let waiter = Task { try await lifetime.dismissed() }
        try await Task.sleep(for: .milliseconds(10))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lifetime.presented()
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        #expect(lifetime.isLive)
    }

    @Test func manyLifetimesReleasedFromManyThreadsEachDismissTheirOwnModal() throws {
        let store = try ModalStore.withRoot()
        let links = (0..<100).map { "modal-\($0)" }
        let lifetimes = Locked<[String: ModalLifetime]>([:])
        for link in links {
            let lifetime = try store.present(presentation(link))
            lifetimes.withLock { $0[link] = lifetime }
        }
        onThreads(4) { thread in
            for (index, link) in links.enumerated() where index % 4 == thread {
                _ = lifetimes.withLock { $0.removeValue(forKey: link) }
            }
        }
        let dismissals = store.events.filter { entry in
            if case .modalDismiss(_, _, .lifetimeEnded) = entry.event { return true }
            return false
        }
        #expect(dismissals.count == links.count)
        #expect(store.state.root("default")?.modals.allSatisfy { $0.phase == .dismissing } == true)
        #expect(store.subscriberCount == 0)
    }
}

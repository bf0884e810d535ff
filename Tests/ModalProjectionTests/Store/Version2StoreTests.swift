import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// The store's side of format 2: sessions on relaunch, compound commands as
/// one step, queue roots, card updates, and who did it and where.
@Suite struct Version2StoreTests {
    // MARK: Relaunch

    @Test func aStoreOnALogThatHoldsEventsStartsANewSession() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("modals.jsonl")
        var store: ModalStore? = try ModalStore(logAt: log)
        // A new log: no session event.
        #expect(store!.lastSeq == 0)
        try store!.registerRoot(RootRegistration(root: "sheets"))
        let checkout = try store!.present(ModalPresentation(root: "sheets", link: "checkout", content: "Cart"))
        try store!.log?.close()
        store = nil
        withExtendedLifetime(checkout) {}

        // The next launch: the last one's modals are gone, and its roots register again.
        store = try ModalStore(logAt: log, session: .new(info: ["build": "43"]))
        #expect(store!.lastSeq == 3)
        #expect(store!.events.last?.event == .sessionStart(info: ["build": "43"]))
        #expect(store!.events.last?.source == .system)
        #expect(store!.state.roots.isEmpty && store!.state.session == 1)
        try store!.registerRoot(RootRegistration(root: "sheets"))
        try store!.log?.close()

        // The same process reopening its log goes on with its state.
        store = try ModalStore(logAt: log, session: .continueLast)
        #expect(store!.lastSeq == 4 && store!.state.root("sheets") != nil)
        try store!.log?.close()
    }

    @Test func aVersion1LogEndsTheLastSessionInVersion1sWords() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("old.jsonl")
        try folder.write(
            [
                #"{"format":"modal-events","version":1}"#, #"{"seq":1,"type":"root.register"}"#,
                #"{"seq":2,"type":"modal.present","link":"x","content":"X"}"#,
                #"{"seq":3,"type":"keyboard.change","height":300}"#,
            ].map { $0 + "\n" }.joined(), to: "old.jsonl")
        // An app that updated the package opens its old log: the last session ends as version 1 can say it.
        var relaunched: ModalStore? = try ModalStore(logAt: log)
        #expect(relaunched!.events.map(\.event) == [.rootRemove(), .keyboardChange(height: 0)])
        #expect(relaunched!.state.roots.isEmpty && relaunched!.state.session == 0)
        try relaunched!.registerRoot()
        try relaunched!.log?.close()
        relaunched = nil
        // Told to go on, it does.
        let store = try ModalStore(logAt: log, session: .continueLast)
        #expect(store.log?.version == 1 && store.lastSeq == 6)
        #expect(throws: ModalStoreError.self) { try store.append(.sessionStart()) }
        // Compound commands still happen in one write; the log shows each event.
        try store.append(contentsOf: [.modalPresent(presentation("a")), .modalPresent(presentation("b"))])
        #expect(try store.dismissAll().count == 2)
        try store.log?.close()
        try EventLogWriter.upgrade(log, as: ModalState.self)
        let upgraded = try ModalStore(logAt: log)
        #expect(upgraded.state.session == 1)
        try upgraded.log?.close()
    }

    // MARK: Source and caller

    @Test func everyCommandSaysWhoAndWhere() throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        let line = #line + 1
        try store.registerRoot()
        try store.resizeRoot(to: Size(width: 844, height: 390))
        try store.changeKeyboard(height: 300)
        try store.tapDimming()
        try store.tapDimming(source: .test)
        let compose = try store.present(presentation("compose"))
        try store.presented("compose")
        try store.drag("compose", to: 0.4)
        try store.endDrag("compose")
        try store.dismiss("compose", reason: "closed")
        #expect(
            store.events.map(\.source) == [.app, .system, .system, .user, .test, .app, .app, .user, .user, .app])
        #expect(
            store.events.map(\.caller)
                == (0..<10).map { "ModalProjectionTests/Version2StoreTests.swift:\(line + $0)" })
        withExtendedLifetime(compose) {}
    }

    @Test func callSitesThatShareASlotOfTheStoresTableKeepTheirOwnCallers() throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        // The store boxes each recent call site once, in a table of 64 slots
        // a line and a file ID's length pick: these all land on one slot.
        let sites = [("A/File.swift", 1), ("A/File.swift", 65), ("B/File.swift", 1), ("A/File.swift", 129)]
        var expected: [(EventSource?, String?)] = []
        for round in 0..<3 {
            for (fileID, line) in sites {
                let source: EventSource = round == 1 ? .test : .app
                try store.append(.keyboardChange(height: 0), source: source, fileID: fileID, line: line)
                expected.append((source, "\(fileID):\(line)"))
            }
        }
        try store.append(.keyboardChange(height: 0), caller: "Given.swift:7", fileID: "A/File.swift", line: 1)
        expected.append((.system, "Given.swift:7"))
        #expect(store.events.map(\.source) == expected.map(\.0))
        #expect(store.events.map(\.caller) == expected.map(\.1))
    }

    @Test func aCallerKeepsItsEndWithinTheLimit() {
        let caller = LoggedEvent.caller(fileID: String(repeating: "Folder/", count: 50) + "File.swift", line: 42)
        #expect(caller.utf8.count <= LoggedEvent.maximumCallerLength)
        #expect(caller.hasPrefix("...") && caller.hasSuffix("Folder/File.swift:42"))
    }

    // MARK: Compound commands

    @Test func dismissAllIsOneStepThatCascades() throws {
        let store = try ModalStore.withRoot()
        try store.append(contentsOf: [
            .modalPresent(presentation("cart")), .modalPresent(presentation("address", parent: "cart")),
            .modalPresent(presentation("help")),
        ])
        let seen = Recorder<Int>()
        let subscription = store.subscribe { seen.record($0.seq) }
        let appended = try store.dismissAll(reason: "closeAll")
        #expect(appended.count == 1 && seen.all == [appended[0].seq])
        #expect(
            appended[0].event
                == .batch([
                    .modalDismiss(link: "help", reason: "closeAll"), .modalDismiss(link: "cart", reason: "closeAll"),
                ]))
        #expect(
            store.state.root("default")!.modals.map(\.dismissReason) == ["closeAll", "parentDismissed", "closeAll"])
        // Nothing left to dismiss: nothing appended.
        #expect(try store.dismissAll().isEmpty)
        withExtendedLifetime(subscription) {}
    }

    @Test func dismissAllAboveLeavesTheModalOnTop() throws {
        let store = try ModalStore.withRoot()
        try store.append(contentsOf: ["cart", "shipping", "payment"].map { .modalPresent(presentation($0)) })
        try store.dismissAll(above: "cart")
        #expect(store.state.root("default")!.modals.map(\.phase) == [.presenting, .dismissing, .dismissing])
        #expect(try store.dismissAll(above: "payment").isEmpty)
        #expect(throws: ModalStoreError.self) { try store.dismissAll(above: "ghost") }
        #expect(throws: ModalStoreError.self) { try store.dismissAll(in: "ghost") }
    }

    @Test func replaceStackIsOneStepWithALifetimePerModal() throws {
        let store = try ModalStore.withRoot()
        let old = try store.present(presentation("old"))
        let lifetimes = try store.replaceStack(with: [presentation("list"), presentation("detail")])
        #expect(store.lastSeq == 3 && lifetimes.map(\.seq) == [3, 3])
        #expect(old.phase == .dismissing && store.state.modal(link: "old")?.dismissReason == .replaced)
        #expect(lifetimes.map(\.phase) == [.presenting, .presenting])
        // A link still live (dismissing) cannot present again: the whole step is refused.
        let error = #expect(throws: ModalStoreError.self) { try store.replaceStack(with: [presentation("old")]) }
        guard case .rejected(let rejection) = error else { return }
        // Named as the app passed it, not by its place among the dismissals the store planned first.
        #expect(rejection.code == .duplicateLink && rejection.message.hasPrefix(#"presentations[0], link "old": "#))
        #expect(store.lastSeq == 3)
    }

    @Test func aRejectedStepIsToldInTheCallersTerms() throws {
        let store = try ModalStore.withRoot()
        let kept = try ["a", "b", "c"].map { try store.present(presentation($0)) }
        try store.dismiss("c")
        let replaced = #expect(throws: ModalStoreError.self) {
            try store.replaceStack(with: [presentation("x"), presentation("c")])
        }
        guard case .rejected(let rejection) = replaced else { return }
        #expect(
            rejection.message == #"presentations[1], link "c": link "c" is already live in root "default" (dismissing)"#
        )
        let reconciled = #expect(throws: ModalStoreError.self) {
            try store.reconcile(to: [presentation("a"), presentation("c")])
        }
        guard case .rejected(let rejection) = reconciled else { return }
        #expect(rejection.message.hasPrefix(#"desired[1], link "c": "#), "\(rejection.message)")
        // What the app built itself keeps its own index.
        let batched = #expect(throws: ModalStoreError.self) {
            try store.batch { batch in
                batch.present(presentation("y"))
                batch.present(presentation("a"))
            }
        }
        guard case .rejected(let rejection) = batched else { return }
        #expect(rejection.message.hasPrefix("events[1]: "))
        withExtendedLifetime(kept) {}
    }

    @Test func aBatchIsOneStepAndRefusedWhole() throws {
        let store = try ModalStore.withRoot()
        let appended = try store.batch { batch in
            batch.present(presentation("a"))
            batch.push("Page2", height: 300, onto: "a")
            batch.updateTopCard(of: "a", canDismiss: false)
        }
        #expect(appended.count == 1 && store.state.modal(link: "a")?.canDismiss == false)
        #expect(throws: ModalStoreError.self) {
            try store.batch { batch in
                batch.presented("a")
                batch.pop(from: "ghost")
            }
        }
        #expect(store.state.modal(link: "a")?.phase == .presenting && store.lastSeq == 2)
        #expect(try store.batch { _ in }.isEmpty)
    }

    // MARK: Queue roots

    @Test func aQueuedModalsLifetimeWaitsItsTurn() async throws {
        let store = try ModalStore.withRoot(RootRegistration(root: "toasts", policy: .queue))
        let first = try store.present(ModalPresentation(root: "toasts", link: "saved", content: "Saved"))
        let second = try store.present(ModalPresentation(root: "toasts", link: "synced", content: "Synced"))
        #expect(first.phase == .presenting && second.phase == .queued)
        async let secondShows = second.presented()
        try store.presented("saved", in: "toasts")
        try store.dismiss("saved", in: "toasts", reason: "timeout")
        try store.dismissed("saved", in: "toasts")
        #expect(second.phase == .presenting)
        try store.presented("synced", in: "toasts")
        #expect(try await secondShows)
    }

    @Test func releasingAQueuedModalsLifetimeTakesItOutOfTheQueue() async throws {
        let store = try ModalStore.withRoot(RootRegistration(root: "toasts", policy: .queue))
        let first = try store.present(ModalPresentation(root: "toasts", link: "saved", content: "Saved"))
        let second = try store.present(ModalPresentation(root: "toasts", link: "synced", content: "Synced"))
        second.end()
        #expect(store.state.modal(link: "synced", in: "toasts") == nil)
        #expect(try await second.dismissed() == .lifetimeEnded)
        #expect(try await second.presented() == false)
        withExtendedLifetime(first) {}
    }

    // MARK: Cards

    @Test func cardsTakeAHeightAndCanDismissAndUpdateInPlace() throws {
        let store = try ModalStore.withRoot()
        let pay = try store.present(ModalPresentation(link: "pay", content: "Cart", style: .card, height: 320))
        try store.push("Card", height: 480, canDismiss: false, onto: "pay")
        try store.updateTopCard(of: "pay", height: .points(560))
        try store.replaceTopCard(of: "pay", with: "Confirm")
        let modal = try #require(store.state.modal(link: "pay"))
        #expect(modal.cards == [Card(content: "Cart", height: 320), Card(content: "Confirm", canDismiss: false)])
        #expect(throws: ModalStoreError.self) { try store.updateTopCard(of: "pay") }
        withExtendedLifetime(pay) {}
    }
}

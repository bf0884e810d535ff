import ModalEvents
import ModalProjection
import TestSupport
import Testing

@Suite struct ReconcileTests {
    /// The links a root shows: live and not dismissing, bottom to top.
    func shown(_ store: ModalStore, in root: String = ModalEvent.defaultRoot) -> [String] {
        store.state.root(root)?.modals.filter { $0.phase != .dismissing }.map(\.link) ?? []
    }

    @Test func presentsTheMissingDismissesTheExtraAndLeavesTheRest() throws {
        let store = try ModalStore.withRoot()
        try store.append(contentsOf: ["a", "b", "c"].map { .modalPresent(presentation($0)) })
        let events = try store.reconcile(to: [presentation("a"), presentation("c"), presentation("d")])
        // One step: the two events in one batch.
        #expect(events.map(\.event) == [.batch([.modalDismiss(link: "b"), .modalPresent(presentation("d"))])])
        #expect(shown(store) == ["a", "c", "d"])
        #expect(try store.reconcile(to: [presentation("a"), presentation("c"), presentation("d")]).isEmpty)
        #expect(store.lastSeq == 5)
    }

    @Test func aDismissedParentTakesItsExtraChildrenWithIt() throws {
        let store = try ModalStore.withRoot()
        try store.append(contentsOf: [
            .modalPresent(presentation("keep")),
            .modalPresent(presentation("parent")),
            .modalPresent(presentation("child", parent: "parent")),
            .modalPresent(presentation("grandchild", parent: "child")),
        ])
        let events = try store.reconcile(to: [presentation("keep")])
        #expect(events.map(\.event) == [.modalDismiss(link: "parent")])
        #expect(shown(store) == ["keep"])
    }

    @Test func nestedModalsArePresentedParentFirst() throws {
        let store = try ModalStore.withRoot()
        let desired = [presentation("parent"), presentation("child", parent: "parent")]
        #expect(try store.reconcile(to: desired).map(\.event) == [.batch(desired.map { .modalPresent($0) })])
        #expect(store.state.modal(link: "child")?.parent == "parent")
        #expect(try store.reconcile(to: desired).isEmpty)
        #expect(try store.reconcile(to: []).map(\.event) == [.modalDismiss(link: "parent")])
        #expect(shown(store).isEmpty)
    }

    @Test func inASingleRootThePresentReplacesTheOther() throws {
        let store = try ModalStore.withRoot(RootRegistration(policy: .single))
        try store.reconcile(to: [presentation("a")])
        let events = try store.reconcile(to: [presentation("b")])
        #expect(events.map(\.event) == [.modalPresent(presentation("b"))])
        #expect(store.state.modal(link: "a")?.dismissReason == .replaced)
        #expect(try store.reconcile(to: []).map(\.event) == [.modalDismiss(link: "b")])
    }

    @Test func whatCannotBeShownIsRefusedAndNothingIsAppended() throws {
        let store = try ModalStore.withRoot()
        try store.append(contentsOf: [
            .modalPresent(presentation("leaving")), .modalDismiss(link: "leaving"),
            .modalPresent(presentation("parent")), .modalPresent(presentation("child", parent: "parent")),
        ])
        let single = try ModalStore.withRoot(RootRegistration(policy: .single))
        let cases: [(ModalStore, [ModalPresentation], RejectionCode)] = [
            (store, [presentation("leaving")], .duplicateLink),
            (store, [presentation("child", parent: "nowhere")], .invalidValue),
            (store, [presentation("b", parent: "a"), presentation("a")], .invalidValue),
            (store, [presentation("a"), presentation("a")], .invalidValue),
            (store, [presentation("child")], .invalidValue),
            (single, [presentation("a"), presentation("b")], .invalidValue),
            (
                store,
                [presentation("x", parent: nil)].map {
                    var p = $0; p.snapPoints = []; return p
                }, .invalidValue
            ),
        ]
        for (store, desired, code) in cases {
            let seq = store.lastSeq
            #expect {
                try store.reconcile(to: desired)
            } throws: { error in
                guard case .rejected(let rejection) = error as? ModalStoreError else { return false }
                // The seq is the refused event's place in the batch.
                return rejection.code == code && rejection.seq > seq
            }
            #expect(store.lastSeq == seq)
        }
        #expect(
            try ModalStore.withRoot().reconcile("missing", to: []).isEmpty,
            "nothing to show in an unknown root is nothing to do")
    }

    @Test func concurrentReconcilesAndWritersEndWhereTheLastReconcileSaid() throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        for thread in 0..<4 {
            try store.registerRoot(
                RootRegistration(root: "root-\(thread)", dimming: DimmingConfiguration(tap: .absorb)))
        }
        onThreads(4) { thread in
            let root = "root-\(thread)"
            for round in 0..<200 {
                let desired = (0..<(round % 5)).map { presentation("m\(($0 + round) % 7)") }
                try! store.reconcile(root, to: desired)
                // The views finish their animations.
                for modal in store.state.root(root)!.modals {
                    switch modal.phase {
                    case .presenting: try! store.presented(modal.link, in: root)
                    case .dismissing: try! store.dismissed(modal.link, in: root)
                    case .presented, .queued: break
                    }
                }
                // Another writer of the same store, between two reconciles.
                _ = try? store.tapDimming(in: "root-\((thread + 1) % 4)")
            }
        }
        for thread in 0..<4 {
            let desired = (0..<(199 % 5)).map { "m\(($0 + 199) % 7)" }
            #expect(Set(shown(store, in: "root-\(thread)")) == Set(desired))
        }
    }
}

import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// Reconcile on random states (the generator's) toward random lists of
/// modals: it gets there, with the fewest events, touching nothing it keeps,
/// and a second reconcile does nothing.
@Suite struct ReconcilePropertyTests {
    static let roots = [
        RootRegistration(root: "stack"),
        RootRegistration(root: "single", policy: .single),
    ]

    @Test func reconcileIsMinimalAndIdempotent() throws {
        var random = PropertyRandom(seed: 0x5EED_2026)
        let generator = EventGenerator(flow: ModalFlow(roots: Self.roots, invalidShare: 0, length: 0...60))
        var checked = 0
        var refused = 0
        for _ in 0..<1500 {
            let events = generator.sequence(length: random.int(in: 0...60), random: &random)
            let store = try ModalStore(replaying: events, options: EventStoreOptions(timestamps: .none))
            let root = random.element(of: ["stack", "single"])!
            guard let before = store.state.root(root) else { continue }
            let desired = desired(from: before, random: &random)
            let seq = store.lastSeq
            let result = Result { () throws(ModalStoreError) in try store.reconcile(root, to: desired) }
            switch result {
            case .success(let appended):
                check(before: before, after: store.state.root(root)!, desired: desired, appended: appended)
                #expect(try store.reconcile(root, to: desired).isEmpty, "not idempotent on \(desired.map(\.link))")
                checked += 1
            case .failure(let error):
                // Only a desired link still animating out cannot show again yet.
                guard case .rejected(let rejection) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(rejection.code == .duplicateLink, "\(rejection)")
                #expect(before.modals.contains { $0.phase == .dismissing && desired.map(\.link).contains($0.link) })
                #expect(store.lastSeq == seq)
                refused += 1
            }
        }
        #expect(checked > 1000)
        #expect(refused > 0)
    }

    /// Some of the shown modals (a parent with each child kept) and some new
    /// ones, parents listed first.
    func desired(from root: RootState, random: inout PropertyRandom) -> [ModalPresentation] {
        var desired: [ModalPresentation] = []
        let limit = root.policy == .single ? 1 : 6
        for modal in root.modals where modal.phase != .dismissing && random.chance(0.6) {
            guard desired.count < limit else { break }
            if let parent = modal.parent, !desired.contains(where: { $0.link == parent }) { continue }
            desired.append(ModalPresentation(link: modal.link, content: "Kept", parent: modal.parent))
        }
        let links = ["a", "b", "c", "d"] + root.modals.filter { $0.phase == .dismissing }.map(\.link)
        while desired.count < limit, random.chance(0.5), let link = random.element(of: links) {
            guard !desired.contains(where: { $0.link == link }),
                !root.modals.contains(where: { $0.link == link && $0.phase != .dismissing })
            else { continue }
            let parent = root.policy == .single ? nil : random.element(of: [nil] + desired.map(\.link)) ?? nil
            desired.append(ModalPresentation(link: link, content: "New", parent: parent))
        }
        return desired
    }

    func check(before: RootState, after: RootState, desired: [ModalPresentation], appended: [LoggedEvent]) {
        let desiredLinks = desired.map(\.link)
        let shownBefore = before.modals.filter { $0.phase != .dismissing }
        let shownAfter = after.modals.filter { $0.phase != .dismissing }
        #expect(Set(shownAfter.map(\.link)) == Set(desiredLinks))
        // Every modal kept is untouched.
        for modal in shownBefore where desiredLinks.contains(modal.link) {
            #expect(after.modal(link: modal.link) == modal)
        }
        // The fewest events: one present per missing modal (nothing else adds one), and one dismissal per
        // extra modal whose parent is not extra too (a dismissal covers a subtree), none when a present
        // in a single root replaces it.
        let missing = desired.filter { link in !shownBefore.contains { $0.link == link.link } }
        let extra = shownBefore.filter { !desiredLinks.contains($0.link) }
        let extraLinks = Set(extra.map(\.link))
        let subtrees = extra.filter { !($0.parent.map(extraLinks.contains) ?? false) }
        let dismissals = before.policy == .single && !missing.isEmpty ? 0 : subtrees.count
        // One step: the event alone, or a batch of them.
        #expect(appended.count <= 1)
        let events = appended.flatMap(\.event.steps)
        #expect(events.count == missing.count + dismissals)
        let presented = events.compactMap { event -> String? in
            if case .modalPresent(let presentation) = event { return presentation.link }
            return nil
        }
        #expect(presented == missing.map(\.link))
    }
}

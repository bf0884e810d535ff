import ModalEvents
import ModalProjection

/// What the change feed costs: appends with a change subscriber, against
/// appends with a state subscriber (what the feed is made from) in the same
/// run; and 60 Hz drags of one modal through an `ObservableModalState` and
/// a `ModalDriver`, each change carried out on the main actor, against the
/// same drags with no UI following.
@MainActor
func feedBenchmarks(count: Int, measure: Measure) -> [Row] {
    let events = storeCommands(count: count)
    func appending(_ subscribe: @escaping (ModalStore) -> SubscriptionToken) -> Double {
        measure.seconds(prepare: { () -> (ModalStore, SubscriptionToken) in
            let store = ModalStore(options: EventStoreOptions(timestamps: .none))
            return (store, subscribe(store))
        }) { store, token in
            for event in events { try! store.append(event) }
            withExtendedLifetime(token) {}
        }
    }
    let states = appending { $0.subscribeToStates { _ in } }
    let changes = appending { $0.subscribeToChanges(startingWithCurrent: false) { _ in } }
    var rows = [
        Row(
            measure: "store appends, change feed", events: count, result: rate(count, changes),
            baseline: "a state subscriber \(rate(count, states))",
            ratio: "\(fixed((changes - states) / Double(count) * 1e9, digits: 0)) ns an event for the changes")
    ]

    // A session's two sheets and a toast; the user drags one sheet, once a frame.
    let drags = count / 10
    /// Seconds for the drags, with the UI `following` sets up (its catch-up, which holds it).
    func dragging(following: (ModalStore) -> (@MainActor () -> Void)?) -> Double {
        measure.seconds(prepare: { () -> (ModalStore, (@MainActor () -> Void)?) in
            let store = ModalStore(options: EventStoreOptions(timestamps: .none))
            try! store.registerRoot(RootRegistration(root: "sheets"))
            try! store.registerRoot(RootRegistration(root: "toasts", level: 10))
            for (root, link) in [("sheets", "cart"), ("sheets", "help"), ("toasts", "saved")] {
                try! store.append(.modalPresent(ModalPresentation(root: root, link: link, content: link)))
                try! store.presented(link, in: root)
            }
            return (store, following(store))
        }) { store, catchUp in
            for index in 0..<drags {
                try! store.drag("cart", to: Double(index % 100) / 100, in: "sheets")
                catchUp?()
            }
        }
    }
    let alone = dragging { _ in nil }
    let observed = dragging { store in
        let modals = ObservableModalState(store: store)
        modals.catchUp()
        return modals.catchUp
    }
    let driven = dragging { store in
        let driver = ModalDriver(store: store, host: DraggingHost())
        driver.catchUp()
        return driver.catchUp
    }
    for (name, seconds) in [("ObservableModalState", observed), ("ModalDriver", driven)] {
        let perDrag = seconds / Double(drags)
        rows.append(
            Row(
                measure: "drags through \(name)", events: drags, result: "\(fixed(perDrag * 1e6, digits: 2)) µs a drag",
                baseline: "no UI \(fixed(alone / Double(drags) * 1e6, digits: 2)) µs",
                ratio: "\(fixed(1 / 60 / perDrag, digits: 0))x a 60 Hz frame"))
    }
    return rows
}

/// A host that does nothing but take the changes.
@MainActor
private final class DraggingHost: ModalHost {
    func registerRoot(_ root: RootState) {}
    func resizeRoot(_ root: String, to size: Size) {}
    func removeRoot(_ root: String) {}
    func setKeyboardOffset(_ offset: Double, in root: String) {}
    func setDimming(visible: Bool, in root: String) {}
    func present(_ modal: Modal, in root: String, completion: @escaping @MainActor () -> Void) {}
    func dismiss(_ link: String, in root: String, reason: DismissReason, completion: @escaping @MainActor () -> Void) {}
    func dismissed(_ link: String, in root: String) {}
    func push(_ card: Card, onto link: String, in root: String) {}
    func pop(to card: Card, of link: String, in root: String) {}
    func replaceTopCard(
        of link: String, with card: Card, direction: ReplaceDirection, animation: ReplaceAnimation, in root: String
    ) {}
    func updateTopCard(of link: String, to card: Card, in root: String) {}
    func drag(_ link: String, to position: Double, in root: String) {}
    func snap(_ link: String, to snap: SnapState, in root: String) {}
}

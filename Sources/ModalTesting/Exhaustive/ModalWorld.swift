public import ModalEvents
public import ModalProjection

/// A small world for ``ExhaustiveCheck``: every move that can happen at any
/// point, so that the check tries every sequence of them up to a depth.
///
/// ``standard`` is the package's own: a root of each policy, three links,
/// every event type with values on each side of the rules' edges. An app
/// describes its own world with its commands, as the store would turn them
/// into events:
///
/// ```swift
/// let shop = ModalWorld("shop", moves: [
///     .register(RootRegistration(root: "sheets")),
///     .register(RootRegistration(root: "alerts", level: 1, policy: .single)),
///     .present(ModalPresentation(root: "sheets", link: "cart", content: "CartView")),
///     .present(ModalPresentation(root: "alerts", link: "error", content: "ErrorAlert")),
///     .dismissAll(in: "sheets"),
///     .hostFinishesAnimations,
///     .relaunch(registering: [RootRegistration(root: "sheets")]),
/// ])
/// ```
public struct ModalWorld: Sendable {
    /// What the world is, as a report names it.
    public var name: String
    /// What can happen at any point, tried in this order.
    public var moves: [ModalMove]
    /// The spec's outcomes and rejection codes every check of the world
    /// must reach: one left out fails the check, as a world too small to
    /// test them. ``standard`` requires them all; a world of your own,
    /// none (each check still reports what it reached).
    public var mustReach: SpecCoverage

    public init(_ name: String, moves: [ModalMove], mustReach: SpecCoverage = SpecCoverage()) {
        self.name = name
        self.moves = moves
        self.mustReach = mustReach
    }
}

/// Something that can happen in a ``ModalWorld``: an app's command, the
/// host's completion of an animation, a user's gesture, a relaunch. It
/// turns into the events the pure reducer applies (no store is run), each
/// one step of the log, a `batch` being one step.
public struct ModalMove: Sendable {
    /// What it is, as a failure's report names it.
    public var name: String
    /// Each way it can happen from a state, as the steps it takes; none
    /// when it cannot happen there.
    let alternatives: @Sendable (ModalState) -> [[ModalEvent]]

    /// A move of your own: `steps` gives the events it appends from a state,
    /// one step each, or `nil` when it cannot happen there (a completion
    /// with no animation running, a command with nothing to do).
    public init(_ name: String, steps: @escaping @Sendable (ModalState) -> [ModalEvent]?) {
        self.name = name
        self.alternatives = { state in steps(state).map { [$0] } ?? [] }
    }

    private init(_ name: String, alternatives: @escaping @Sendable (ModalState) -> [[ModalEvent]]) {
        self.name = name
        self.alternatives = alternatives
    }

    /// A move that can happen in any one of several ways from a state (the
    /// host ends one of the animations running): `ways` gives the steps of
    /// each, and the check tries them all. No way: it cannot happen there.
    public static func oneOf(
        _ name: String, _ ways: @escaping @Sendable (ModalState) -> [[ModalEvent]]
    ) -> ModalMove {
        ModalMove(name, alternatives: ways)
    }

    /// One event, at any point.
    public static func event(_ event: ModalEvent) -> ModalMove {
        // Its line without the envelope: {"type":"modal.present","link":"a",...}
        let line = String(decoding: EventLogEncoder.encode(LoggedEvent(seq: 0, event: event)).dropLast(), as: UTF8.self)
        return ModalMove("{" + line.dropFirst(#"{"seq":0,"#.count)) { _ in [event] }
    }

    /// `events` as one `batch`, at any point.
    public static func batch(_ events: [ModalEvent]) -> ModalMove {
        event(.batch(events))
    }

    /// `root.register`: a root appears.
    public static func register(_ registration: RootRegistration) -> ModalMove {
        event(.rootRegister(registration))
    }

    /// `modal.present`, as the store's `present` appends it (for a route,
    /// its presentation: `try ModalPresentation(Sheet.cart(cart), root: "sheets")`).
    public static func present(_ presentation: ModalPresentation) -> ModalMove {
        event(.modalPresent(presentation))
    }

    /// `modal.dismiss` of `link`, as the store's `dismiss` appends it.
    public static func dismiss(
        _ link: String, in root: String = ModalEvent.defaultRoot, reason: DismissReason = .programmatic
    ) -> ModalMove {
        event(.modalDismiss(root: root, link: link, reason: reason))
    }

    /// The store's `dismissAll(in:)`: one step that dismisses every modal of
    /// `root`; it cannot happen when the root has nothing to dismiss.
    public static func dismissAll(in root: String = ModalEvent.defaultRoot) -> ModalMove {
        ModalMove("dismissAll(in: \"\(root)\")") { state in
            oneStep(try? state.dismissals(in: root, above: nil))
        }
    }

    /// The store's `reconcile(_:to:)`: the fewest events that make `root`
    /// show exactly `desired`, as one step; it cannot happen when the root
    /// shows them already or cannot get there.
    public static func reconcile(_ root: String, to desired: [ModalPresentation]) -> ModalMove {
        ModalMove("reconcile(\"\(root)\", to: \(desired.map(\.link)))") { state in
            oneStep(try? state.reconciliation(of: root, to: desired))
        }
    }

    /// A relaunch: `session.start`, then the app registers `roots` again,
    /// one step each.
    public static func relaunch(registering roots: [RootRegistration]) -> ModalMove {
        let steps = [ModalEvent.sessionStart()] + roots.map(ModalEvent.rootRegister)
        return ModalMove("relaunch") { _ in steps }
    }

    /// The host ends one running animation: `modal.presented` of a
    /// presenting modal or `modal.dismissed` of a dismissing one, one way
    /// for each animation running, so every order of completions is tried;
    /// put it in a world once.
    public static var hostFinishesAnimations: ModalMove {
        oneOf("the host finishes an animation") { state in
            state.roots.flatMap { root in
                root.modals.compactMap { modal -> [ModalEvent]? in
                    switch modal.phase {
                    case .presenting: [.modalPresented(root: root.id, link: modal.link)]
                    case .dismissing: [.modalDismissed(root: root.id, link: modal.link)]
                    case .queued, .presented: nil
                    }
                }
            }
        }
    }

    /// The events of a planned command as one step: a batch when there are
    /// several; `nil` when there is nothing to do.
    private static func oneStep(_ events: [ModalEvent]?) -> [ModalEvent]? {
        guard let events, let first = events.first else { return nil }
        return events.count == 1 ? [first] : [.batch(events)]
    }
}

public import ModalEvents
public import Observation

/// A store's state on the main actor as objects that SwiftUI (or
/// `withObservationTracking`) observes one by one: a root, a modal, each
/// field of them. A view that reads one modal is not redrawn when another
/// modal, or another root, changes, even at 60 drags a second.
///
/// ```swift
/// @State private var modals: ObservableModalState
///
/// init(store: ModalStore) {
///     _modals = State(initialValue: ObservableModalState(store: store))
/// }
///
/// var body: some View {
///     let cart = modals.root("sheets")?.modal(link: "cart")
///     CartSheet(cards: cart?.cards ?? [], snap: cart?.snap)   // redrawn for the cart alone
/// }
/// ```
///
/// It follows the store's change feed (``EventStore/subscribeToChanges(startingWithCurrent:_:)``)
/// on the main actor: a change reaches it on the main actor's next turn, or
/// at once with ``catchUp()``. Each ``ModalChange`` updates the object it is
/// about, and a property only when its value changed. A root registered
/// again, or a modal presented again, is a new object. The store's own
/// `state` stays observable too, as one value: every event changes it.
@MainActor
@Observable
public final class ObservableModalState {
    /// How many `session.start` events have applied.
    public private(set) var session = 0
    /// The keyboard.
    public private(set) var keyboard = KeyboardState()
    /// The roots, bottom to top.
    public private(set) var roots: [ObservableRoot] = []
    /// The seq of the state shown.
    @ObservationIgnored public private(set) var seq = 0

    @ObservationIgnored private var inbox: MainActorInbox?
    @ObservationIgnored private var subscription: SubscriptionToken?

    /// Follows `store`, starting from its state now (shown after the first
    /// ``catchUp()``, or on the main actor's next turn).
    public init(store: ModalStore) {
        let inbox = MainActorInbox { [weak self] update in self?.apply(update) }
        self.inbox = inbox
        subscription = store.subscribeToChanges { update in inbox.post(update) }
    }

    /// The root registered as `id`.
    public func root(_ id: String) -> ObservableRoot? {
        roots.first { $0.id == id }
    }

    /// Shows every change appended so far, now.
    public func catchUp() {
        inbox?.deliverPending()
    }

    private func apply(_ update: ModalUpdate) {
        let state = update.state
        seq = state.seq
        var rootsChanged = false
        var registered: Set<String> = []
        var arrived: Set<ModalKey> = []
        for change in update.changes {
            switch change {
            case .startSession(let session):
                self.session = session
            case .changeKeyboard(let keyboard):
                self.keyboard = keyboard
            case .registerRoot(let root):
                registered.insert(root.id)
                rootsChanged = true
            case .removeRoot:
                rootsChanged = true
            case .queue(let modal, let root), .present(let modal, let root):
                arrived.insert(ModalKey(root: root, link: modal.link))
            default:
                break
            }
        }
        if rootsChanged {
            // A root registered (again) is a new object, with its values; the others stay.
            let kept = Dictionary(roots.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            roots = state.roots.map { root in
                registered.contains(root.id) ? ObservableRoot(root) : kept[root.id] ?? ObservableRoot(root)
            }
        }
        var updatedLists: Set<String> = []  // a root's list of modals is taken once, whatever came and went
        for change in update.changes {
            guard let id = change.root, !registered.contains(id), let root = self.root(id),
                let rootState = state.root(id)
            else { continue }  // the session and the keyboard; a root that went or came
            switch change {
            case .resizeRoot, .setDimming, .setKeyboardOffset:
                root.updateValues(from: rootState)
            case .queue, .present, .dismissed:
                if updatedLists.insert(id).inserted { root.updateModals(from: rootState, arrived: arrived) }
            default:
                if let link = change.link { root.modal(link: link)?.update(from: rootState, link: link) }
            }
        }
    }
}

/// A root of an ``ObservableModalState``: its settings, size, dimming,
/// keyboard offset and modals, each observed on its own. Its settings are
/// those it registered with: they do not change while it is registered,
/// and read as its own (`root.level`), as a ``RootState``'s do.
@MainActor
@Observable
@dynamicMemberLookup
public final class ObservableRoot: Identifiable {
    /// The root's id.
    public let id: String
    /// What it registered with.
    public let settings: RootSettings
    /// Its size.
    public private(set) var size: Size
    /// Whether its shared dimming view shows (rule 7).
    public private(set) var isDimmingVisible: Bool
    /// How far it moves up for the keyboard (rule 9).
    public private(set) var keyboardOffset: Double
    /// Its live modals, bottom to top.
    public private(set) var modals: [ObservableModal]

    init(_ root: RootState) {
        id = root.id
        settings = root.settings
        size = root.size
        isDimmingVisible = root.isDimmingVisible
        keyboardOffset = root.keyboardOffset
        modals = root.modals.map { ObservableModal($0) }
    }

    /// A setting, read as the root's own: `root.level`.
    public subscript<Value>(dynamicMember setting: KeyPath<RootSettings, Value>) -> Value {
        settings[keyPath: setting]
    }

    /// The live modal presented by `link`.
    public func modal(link: String) -> ObservableModal? {
        modals.first { $0.link == link }
    }

    /// Takes `root`'s size, dimming and keyboard offset where they differ.
    func updateValues(from root: RootState) {
        if size != root.size { size = root.size }
        if isDimmingVisible != root.isDimmingVisible { isDimmingVisible = root.isDimmingVisible }
        if keyboardOffset != root.keyboardOffset { keyboardOffset = root.keyboardOffset }
    }

    /// Takes `root`'s list of modals: a modal of `arrived` is a new object,
    /// the others stay.
    func updateModals(from root: RootState, arrived: Set<ModalKey>) {
        let kept = Dictionary(modals.map { ($0.link, $0) }, uniquingKeysWith: { first, _ in first })
        let next = root.modals.map { modal in
            arrived.contains(ModalKey(root: id, link: modal.link))
                ? ObservableModal(modal) : kept[modal.link] ?? ObservableModal(modal)
        }
        if next.map(ObjectIdentifier.init) != modals.map(ObjectIdentifier.init) { modals = next }
    }
}

/// A live modal of an ``ObservableRoot``: its phase, cards and snap, each
/// observed on its own.
@MainActor
@Observable
public final class ObservableModal: Identifiable {
    /// The presenting link: its id within its root.
    public let link: String
    /// How it is drawn.
    public let style: ModalStyle
    /// The modal it is nested in.
    public let parent: String?
    /// The app's data for it.
    public let payload: JSONValue?
    /// Where it is in its life.
    public private(set) var phase: ModalPhase
    /// Why it is dismissing.
    public private(set) var dismissReason: DismissReason?
    /// Its card stack, bottom to top.
    public private(set) var cards: [Card]
    /// How many of its cards show (rule 8).
    public private(set) var visibleCards: Int
    /// Its snap points and where it is among them.
    public private(set) var snap: SnapState

    /// Its link.
    public nonisolated var id: String { link }

    /// Whether a dimming tap or a drag may dismiss it: its top card's.
    public var canDismiss: Bool { cards.last?.canDismiss ?? true }

    init(_ modal: Modal) {
        link = modal.link
        style = modal.style
        parent = modal.parent
        payload = modal.payload
        phase = modal.phase
        dismissReason = modal.dismissReason
        cards = modal.cards
        visibleCards = modal.visibleCards
        snap = modal.snap
    }

    /// The route it was presented with (``Modal/route(as:)``).
    public func route<Route: ModalRoute>(as type: Route.Type = Route.self) throws(DecodingError) -> Route {
        try Route(payload: payload)
    }

    /// Takes the values of modal `link` of `root` where they differ.
    func update(from root: RootState, link: String) {
        guard let modal = root.modal(link: link) else { return }
        if phase != modal.phase { phase = modal.phase }
        if dismissReason != modal.dismissReason { dismissReason = modal.dismissReason }
        if cards != modal.cards { cards = modal.cards }
        if visibleCards != modal.visibleCards { visibleCards = modal.visibleCards }
        if snap != modal.snap { snap = modal.snap }
    }
}

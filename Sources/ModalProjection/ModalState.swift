public import ModalEvents

/// The modals of an app at one point of its log: the projection of the events
/// up to ``seq``.
///
/// Roots are kept bottom to top (by level, then registration), and in each
/// root its live modals bottom to top (by presentation). Build one by
/// replaying logged events in order with ``replay(_:)``:
///
/// ```swift
/// var state = ModalState()
/// for entry in entries { state.replay(entry) }
/// state.modal(link: "compose", in: "default")?.phase  // .presented
/// ```
public struct ModalState: Sendable, Hashable {
    /// The seq of the last event applied; 0 before any.
    public var seq: Int
    /// The keyboard, shared by every root.
    public var keyboard: KeyboardState
    /// The registered roots, bottom to top.
    ///
    /// - Complexity: Setting them (or changing one through them) is O(*n*)
    ///   in the number of roots: where each one is is noted again. The
    ///   reducer changes a root in place, in O(1).
    public var roots: [RootState] {
        get { _roots }
        set {
            _roots = newValue
            rootDirectory = RootDirectory(newValue)
        }
    }
    /// The roots, as the reducer changes them, keeping ``rootDirectory`` up to date itself.
    var _roots: [RootState]
    /// Where each root is in ``_roots``.
    var rootDirectory: RootDirectory
    /// Every event that could not apply, in log order: history, kept once
    /// however often the state is copied (``RejectionHistory``).
    public var rejected: RejectionHistory
    /// How many `session.start` events have applied: 0 before the first.
    /// Each one starts with nothing on screen (rule 12).
    public var session: Int

    /// The state before any event: no roots, keyboard down.
    public init(
        seq: Int = 0, keyboard: KeyboardState = KeyboardState(), roots: [RootState] = [],
        rejected: RejectionHistory = [],
        session: Int = 0
    ) {
        self.seq = seq
        self.keyboard = keyboard
        self._roots = roots
        self.rootDirectory = RootDirectory(roots)
        self.rejected = rejected
        self.session = session
        refreshDerivedValues()
    }

    /// The root registered as `id`.
    ///
    /// - Complexity: O(log *n*) in the number of roots.
    public func root(_ id: String) -> RootState? {
        rootIndex(id).map { _roots[$0] }
    }

    /// The place of root `id` in ``roots``.
    ///
    /// - Complexity: O(log *n*) in the number of roots.
    public func rootIndex(_ id: String) -> Int? {
        rootDirectory.place(of: id, in: _roots)
    }

    /// The place of the live modal `link` in ``roots``[`root`], found
    /// without copying a root or a modal.
    func modalIndex(link: String, inRootAt root: Int) -> Int? {
        _roots.withUnsafeBufferPointer { $0[root].modalIndex(link: link) }
    }

    /// The live modal presented by `link` in root `root`.
    public func modal(link: String, in root: String = ModalEvent.defaultRoot) -> Modal? {
        self.root(root)?.modal(link: link)
    }

    /// The keyboard offset of root `id` (rule 9); `nil` when it is not registered.
    public func keyboardOffset(of id: String) -> Double? {
        root(id)?.keyboardOffset
    }

    /// Recomputes every derived value (rules 7, 8 and 9) from the stored
    /// ones. The reducer keeps them up to date; call this after building or
    /// editing a state by hand, or ``invariantViolations()`` reports them stale.
    public mutating func refreshDerivedValues() {
        for index in _roots.indices { _roots[index].refreshDerivedValues(keyboard: keyboard) }
    }
}

/// The keyboard as the last `keyboard.change` left it.
public struct KeyboardState: Sendable, Hashable {
    /// The keyboard's height; 0 when it is down.
    public var height: Double
    /// The first responder's bottom edge; `nil` means the bottom edge of each root.
    public var responderBottom: Double?

    public init(height: Double = 0, responderBottom: Double? = nil) {
        self.height = height
        self.responderBottom = responderBottom
    }
}

/// A modal host and its live modals.
///
/// Its settings (``RootSettings``: presentation, level, policy, visible
/// cards, dimming, keyboard) read as its own: `root.level` is
/// `root.settings.level`.
@dynamicMemberLookup
public struct RootState: Sendable, Hashable, Identifiable {
    /// The root's id (`"root"` in the JSON).
    public var id: String
    /// What it registered with and keeps while it is registered.
    public var settings: RootSettings
    /// Its size in points; a `root.resize` changes it.
    public var size: Size
    /// Live modals, bottom to top.
    ///
    /// - Complexity: Setting them (or changing one through them) is O(*n*)
    ///   in the number of the root's modals: where each one is is noted
    ///   again. The reducer changes a modal in place, in O(1).
    public var modals: [Modal] {
        get { _modals }
        set {
            _modals = newValue
            directory = ModalDirectory(newValue)
        }
    }
    /// The modals, as the reducer changes them, keeping ``directory`` up to date itself.
    var _modals: [Modal]
    /// Where each modal is in ``_modals``, and how many are in each phase.
    var directory: ModalDirectory
    /// Whether the shared dimming view shows (rule 7): it is not hidden and a
    /// modal is presenting or presented. Derived: the reducer keeps it up to date.
    public internal(set) var isDimmingVisible: Bool
    /// How far the root moves up for the keyboard (rule 9): never negative.
    /// Derived from the keyboard, the strategy and the root's current height,
    /// so it follows a later `root.resize` too. The reducer keeps it up to date.
    public internal(set) var keyboardOffset: Double

    public init(
        id: String = ModalEvent.defaultRoot, settings: RootSettings = RootSettings(), size: Size = .defaultRoot,
        modals: [Modal] = []
    ) {
        self.id = id
        self.settings = settings
        self.size = size
        self._modals = modals
        self.directory = ModalDirectory(modals)
        self.isDimmingVisible = false
        self.keyboardOffset = 0
        refreshDerivedValues(keyboard: KeyboardState())
    }

    /// A setting, read or written as the root's own: `root.level`.
    public subscript<Value>(dynamicMember setting: WritableKeyPath<RootSettings, Value>) -> Value {
        get { settings[keyPath: setting] }
        set { settings[keyPath: setting] = newValue }
    }

    /// The live modal presented by `link`.
    public func modal(link: String) -> Modal? {
        modalIndex(link: link).map { _modals[$0] }
    }

    /// The place in ``modals`` of the live modal presented by `link`.
    ///
    /// - Complexity: O(log *n*) in the number of the root's modals.
    public func modalIndex(link: String) -> Int? {
        directory.place(of: link, in: _modals)
    }

    /// Recomputes the derived values under `keyboard`: the dimming, the
    /// keyboard offset and every modal's visible cards.
    mutating func refreshDerivedValues(keyboard: KeyboardState) {
        refreshDimming()
        refreshKeyboardOffset(keyboard)
        for index in _modals.indices { refreshVisibleCards(at: index) }
    }

    /// Recomputes ``isDimmingVisible`` (rule 7) from the count of modals
    /// showing: ``dimmingRule`` without a walk of the list.
    mutating func refreshDimming() {
        isDimmingVisible = !settings.dimming.hidden && directory.showing > 0
    }

    /// Recomputes ``keyboardOffset`` under `keyboard` (rule 9).
    mutating func refreshKeyboardOffset(_ keyboard: KeyboardState) {
        keyboardOffset = keyboardOffsetRule(keyboard)
    }

    /// Recomputes the visible cards of the modal at `index` (rule 8).
    mutating func refreshVisibleCards(at index: Int) {
        _modals[index].visibleCards = visibleCardsRule(_modals[index].cards.count)
    }

    /// Rule 7, from the stored values, as the spec says it (a walk of the
    /// list): what the invariants hold the reducer's dimming to.
    var dimmingRule: Bool {
        !settings.dimming.hidden && _modals.contains { $0.phase.isShowing }
    }

    /// The place of the topmost modal that is presenting or presented.
    ///
    /// - Complexity: O(1) when none is, or one at the bottom alone (a queue
    ///   root's); else O(*k*) in the modals above it.
    var topmostShowing: Int? {
        let showing = directory.showing
        guard showing > 0 else { return nil }
        return _modals.withUnsafeBufferPointer { modals in
            if showing == 1, modals[0].phase.isShowing { return 0 }
            for index in modals.indices.reversed() where modals[index].phase.isShowing { return index }
            return nil
        }
    }

    /// Rule 9, from the stored values. Never negative: a root does not move
    /// down for the keyboard, even with a negative `additional`.
    func keyboardOffsetRule(_ state: KeyboardState) -> Double {
        let keyboardHeight = state.height
        guard keyboardHeight > 0 else { return 0 }
        switch settings.keyboard.strategy {
        case .offsetByKeyboardHeight:
            return max(0, keyboardHeight + settings.keyboard.additional)
        case .offsetByObscuredHeight:
            let responderBottom = state.responderBottom ?? size.height
            return max(0, responderBottom + settings.keyboard.additional - (size.height - keyboardHeight))
        default:
            return 0
        }
    }

    /// Rule 8: the top `maxVisibleCards` of a stack of `cardCount` show.
    func visibleCardsRule(_ cardCount: Int) -> Int {
        min(cardCount, settings.maxVisibleCards)
    }
}

/// Where a modal is in its life.
public enum ModalPhase: String, Sendable, Hashable, CaseIterable {
    /// In a `queue` root, waiting for the modal before it to leave: not on
    /// screen yet (rule 14).
    case queued
    /// Asked to present; its present animation runs.
    case presenting
    /// On screen.
    case presented
    /// Its dismiss animation runs; it leaves at `modal.dismissed`.
    case dismissing

    /// Presenting or presented: what dimming and a dimming tap look at (rule 7).
    public var isShowing: Bool { self == .presenting || self == .presented }
}

/// A live modal: its phase, its card stack, its snap state and its payload.
public struct Modal: Sendable, Hashable, Identifiable {
    /// The presenting link's id, unique among the live modals of its root.
    public var link: String
    /// Where it is in its life.
    public var phase: ModalPhase
    /// Why it is dismissing: the `modal.dismiss` reason, or `replaced`,
    /// `parentDismissed`, `dimmingTap`, `drag`. `nil` until it dismisses.
    public var dismissReason: DismissReason?
    /// How it is drawn.
    public var style: ModalStyle
    /// The link of the modal it is nested in.
    public var parent: String?
    /// The app's data for it, readable until `modal.dismissed`.
    public var payload: JSONValue?
    /// Its card stack, bottom to top; never empty.
    public var cards: [Card]
    /// Its snap points and where it rests among them.
    public var snap: SnapState
    /// How many of its cards show (rule 8): the top `maxVisibleCards` of its
    /// root. Derived: its root keeps it up to date.
    public internal(set) var visibleCards: Int

    /// Its link: a modal is identified by its link within its root.
    public var id: String { link }

    /// Whether a dimming tap or a drag may dismiss it: its top card's
    /// (rule 15). Setting it sets the top card's.
    public var canDismiss: Bool {
        get { cards.last?.canDismiss ?? true }
        set {
            guard !cards.isEmpty else { return }
            cards[cards.count - 1].canDismiss = newValue
        }
    }

    /// - Parameter canDismiss: When given, every card's `canDismiss`, as
    ///   in a version-1 log; `nil` keeps each card's own.
    public init(
        link: String, phase: ModalPhase = .presenting, dismissReason: DismissReason? = nil, style: ModalStyle = .sheet,
        parent: String? = nil, canDismiss: Bool? = nil, payload: JSONValue? = nil, cards: [Card],
        snap: SnapState = SnapState()
    ) {
        self.link = link
        self.phase = phase
        self.dismissReason = dismissReason
        self.style = style
        self.parent = parent
        self.payload = payload
        self.cards = cards
        self.snap = snap
        self.visibleCards = cards.count
        if let canDismiss {
            for index in self.cards.indices { self.cards[index].canDismiss = canDismiss }
        }
    }
}

/// One card of a modal's stack.
public struct Card: Sendable, Hashable {
    /// What the card shows (a view, a route).
    public var content: String
    /// Sticky elements over the card; they survive `card.replace`.
    public var sticky: String?
    /// Its preferred height in points; `nil`: the content sizes itself.
    public var height: Double?
    /// Whether a dimming tap or a drag may dismiss the modal while this card
    /// is on top (rule 15).
    public var canDismiss: Bool

    public init(content: String, sticky: String? = nil, height: Double? = nil, canDismiss: Bool = true) {
        self.content = content
        self.sticky = sticky
        self.height = height
        self.canDismiss = canDismiss
    }
}

/// Where a modal rests among its snap points, and whether it is being dragged.
public struct SnapState: Sendable, Hashable {
    /// Heights as fractions of the root's height, strictly increasing.
    public var points: [Double]
    /// The snap point it rests at (or last rested at, while dismissing by drag).
    public var index: Int
    /// A fractional snap index: where it is drawn; -1 is off-screen.
    public var position: Double
    /// Whether a drag is in progress (from `drag.change` to `drag.end` or `snap.to`).
    public var dragging: Bool

    public init(points: [Double] = [1.0], index: Int = 0, position: Double = 0, dragging: Bool = false) {
        self.points = points
        self.index = index
        self.position = position
        self.dragging = dragging
    }
}

/// An event that could not apply, and why.
public struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rejected event's seq.
    public var seq: Int
    /// Why, as one of the spec's codes.
    public var code: RejectionCode
    /// One sentence for a person: `no live modal "compose" in root "default"`.
    public var message: String

    public init(seq: Int, code: RejectionCode, message: String) {
        self.seq = seq
        self.code = code
        self.message = message
    }

    public var description: String { "seq \(seq): \(code.rawValue): \(message)" }
}

/// The spec's rejection codes.
public enum RejectionCode: String, Sendable, Hashable, CaseIterable {
    /// No modal host for that root.
    case unknownRoot
    /// A `root.register` of a registered id.
    case duplicateRoot
    /// A `modal.present` of a link live in its root.
    case duplicateLink
    /// No live modal with that link (or the parent is missing or dismissing).
    case unknownLink
    /// The modal's phase does not allow the event.
    case invalidTransition
    /// A snap index outside the modal's snap points.
    case snapOutOfRange
    /// A `card.pop` with one card left.
    case lastCard
    /// A value out of its range.
    case invalidValue
}

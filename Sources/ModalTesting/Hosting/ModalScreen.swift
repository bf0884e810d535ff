public import ModalEvents
public import ModalProjection

/// What a UI shows of a modal state: its roots, bottom to top, each with its
/// size, dimming, keyboard offset and modals (their phase, cards and snap),
/// as a host builds it by carrying out ``ModalChange``s.
///
/// `ModalScreen(state)` is what a host that shows `state` shows; a host
/// that starts from ``init()`` and carries out every change the store's
/// feed gives must end up there. The tests of ``ModalChange`` and of
/// ``SimulatedHost`` compare the two.
///
/// ```swift
/// var screen = ModalScreen(before)
/// for change in ModalChange.changes(from: before, to: after) { try screen.apply(change) }
/// screen == ModalScreen(after)  // true
/// ```
public struct ModalScreen: Sendable, Hashable, CustomStringConvertible {
    /// A root as it shows: its settings, size, dimming, keyboard offset and
    /// modals. Its settings read as its own (`root.level`), as a
    /// ``RootState``'s do.
    @dynamicMemberLookup
    public struct Root: Sendable, Hashable {
        public var id: String
        /// What it registered with.
        public var settings: RootSettings
        public var size: Size
        /// Whether its dimming view shows.
        public var isDimmingVisible: Bool
        /// How far it moves up for the keyboard.
        public var keyboardOffset: Double
        /// Its modals, bottom to top, queued ones too.
        public var modals: [Shown]

        /// `root` as it shows, with `modals`.
        public init(_ root: RootState, modals: [Shown]) {
            id = root.id
            settings = root.settings
            size = root.size
            isDimmingVisible = root.isDimmingVisible
            keyboardOffset = root.keyboardOffset
            self.modals = modals
        }

        /// A setting, read or written as the root's own: `root.level`.
        public subscript<Value>(dynamicMember setting: WritableKeyPath<RootSettings, Value>) -> Value {
            get { settings[keyPath: setting] }
            set { settings[keyPath: setting] = newValue }
        }
    }

    /// A modal as it shows: what presented it, its phase, cards and snap.
    public struct Shown: Sendable, Hashable {
        public var link: String
        public var phase: ModalPhase
        public var dismissReason: DismissReason?
        public var style: ModalStyle
        public var parent: String?
        public var payload: JSONValue?
        public var cards: [Card]
        public var snap: SnapState

        public init(_ modal: Modal) {
            link = modal.link
            phase = modal.phase
            dismissReason = modal.dismissReason
            style = modal.style
            parent = modal.parent
            payload = modal.payload
            cards = modal.cards
            snap = modal.snap
        }

        /// `modal` as it arrives: queued if it is, else presenting (a
        /// promoted modal too); the phases after come as changes of their own.
        init(arriving modal: Modal) {
            self.init(modal)
            phase = modal.phase == .queued ? .queued : .presenting
            dismissReason = nil
        }
    }

    /// A change that names what the screen does not show, or would show twice.
    public struct Mismatch: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// How many sessions have started.
    public var session = 0
    /// The keyboard.
    public var keyboard = KeyboardState()
    /// The roots, bottom to top: by level, then registration.
    public var roots: [Root] = []

    /// Nothing on screen.
    public init() {}

    /// What a host that shows `state` shows.
    public init(_ state: ModalState) {
        session = state.session
        keyboard = state.keyboard
        roots = state.roots.map { Root($0, modals: $0.modals.map(Shown.init(_:))) }
    }

    /// Carries out `change` as a host does.
    ///
    /// - Throws: ``Mismatch`` when the change names a root or a modal that
    ///   is not shown, registers one that is, or goes against a modal's
    ///   phase or stack (a pop to another card than the one below).
    public mutating func apply(_ change: ModalChange) throws(Mismatch) {
        switch change {
        case .startSession(let session):
            self.session = session
        case .changeKeyboard(let keyboard):
            self.keyboard = keyboard
        case .registerRoot(let root):
            guard index(of: root.id) == nil else { throw Mismatch(description: "root \(root.id) shows already") }
            // As a root registers: after every root of its level or lower.
            let position = roots.firstIndex { $0.level > root.level } ?? roots.endIndex
            roots.insert(Root(root, modals: []), at: position)
        case .resizeRoot(let id, let size):
            roots[try rootIndex(id)].size = size
        case .removeRoot(let id):
            roots.remove(at: try rootIndex(id))
        case .setKeyboardOffset(let offset, let id):
            roots[try rootIndex(id)].keyboardOffset = offset
        case .setDimming(let visible, let id):
            roots[try rootIndex(id)].isDimmingVisible = visible
        case .queue(let modal, let id), .present(let modal, let id):
            let root = try rootIndex(id)
            guard !roots[root].modals.contains(where: { $0.link == modal.link }) else {
                throw Mismatch(description: "\(id)/\(modal.link) shows already")
            }
            roots[root].modals.append(Shown(arriving: modal))
        case .promote(let modal, let id):
            try update(modal.link, in: id, from: [.queued]) { $0 = Shown(arriving: modal) }
        case .presented(let link, let id):
            try update(link, in: id, from: [.presenting]) { $0.phase = .presented }
        case .dismiss(let link, let id, let reason):
            try update(link, in: id, from: [.presenting, .presented]) { shown in
                shown.phase = .dismissing
                shown.dismissReason = reason
            }
        case .dismissed(let link, let id):
            let root = try rootIndex(id)
            roots[root].modals.remove(at: try modalIndex(link, in: root))
        case .push(let card, let link, let id):
            try update(link, in: id) { $0.cards.append(card) }
        case .pop(let card, let link, let id):
            try update(link, in: id) { shown throws(Mismatch) in
                guard shown.cards.count > 1, shown.cards[shown.cards.count - 2] == card else {
                    throw Mismatch(description: "\(id)/\(link): no card \(card.content) under the top one")
                }
                shown.cards.removeLast()
            }
        case .replaceTopCard(let card, _, _, let link, let id), .updateTopCard(let card, let link, let id):
            try update(link, in: id) { $0.cards[$0.cards.count - 1] = card }
        case .drag(let position, let link, let id):
            try update(link, in: id) { shown in
                shown.snap.position = position
                shown.snap.dragging = true
            }
        case .endDrag(let snap, let link, let id), .snap(let snap, let link, let id):
            try update(link, in: id) { $0.snap = snap }
        }
    }

    /// The modal `link` of root `id`, as shown.
    public func modal(link: String, in id: String) -> Shown? {
        roots.first { $0.id == id }?.modals.first { $0.link == link }
    }

    public var description: String {
        let lines = roots.map { root in
            let modals = root.modals.map { "\($0.link) \($0.phase) \($0.cards.map(\.content)) \($0.snap.position)" }
            return
                "\(root.id) \(root.size) dimming \(root.isDimmingVisible) offset \(root.keyboardOffset): \(modals)"
        }
        return "session \(session), keyboard \(keyboard.height)\n" + lines.joined(separator: "\n")
    }

    private func index(of id: String) -> Int? {
        roots.firstIndex { $0.id == id }
    }

    private func rootIndex(_ id: String) throws(Mismatch) -> Int {
        guard let index = index(of: id) else { throw Mismatch(description: "root \(id) does not show") }
        return index
    }

    private func modalIndex(_ link: String, in root: Int) throws(Mismatch) -> Int {
        guard let index = roots[root].modals.firstIndex(where: { $0.link == link }) else {
            throw Mismatch(description: "\(roots[root].id)/\(link) does not show")
        }
        return index
    }

    /// Changes modal `link` of root `id`, which must be in one of `phases`.
    private mutating func update(
        _ link: String, in id: String, from phases: Set<ModalPhase> = Set(ModalPhase.allCases),
        _ body: (inout Shown) throws(Mismatch) -> Void
    ) throws(Mismatch) {
        let root = try rootIndex(id)
        let modal = try modalIndex(link, in: root)
        guard phases.contains(roots[root].modals[modal].phase) else {
            throw Mismatch(description: "\(id)/\(link) is \(roots[root].modals[modal].phase), not \(phases)")
        }
        try body(&roots[root].modals[modal])
    }
}

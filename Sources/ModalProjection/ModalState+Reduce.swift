public import ModalEvents

extension ModalState {
    /// Applies one event: the projection of the spec's numbered rules.
    ///
    /// Pure: the result depends only on `state` and `entry`, with no clock,
    /// randomness or I/O, so a log replays to the same state on any machine.
    /// An event that cannot apply leaves the state as it was but for
    /// ``seq`` and a new entry in ``rejected``. Checks run in a fixed order
    /// (root, link, values, phase, the rest) and the first that fails names
    /// the code; `Docs/Semantics.md` lists them event by event.
    ///
    /// - Complexity: O(*r* + *m*) in the number of roots and of the root's modals.
    public static func reduce(into state: inout ModalState, event entry: LoggedEvent) {
        do {
            try state.apply(entry.event)
        } catch {
            state.rejected.append(Rejection(seq: entry.seq, code: error.code, message: error.message))
        }
        state.seq = entry.seq
    }

    /// Applies `entry`; see ``reduce(into:event:)``.
    public mutating func apply(_ entry: LoggedEvent) {
        Self.reduce(into: &self, event: entry)
    }

    /// Why `event` would be rejected by this state, or `nil` when it would apply.
    ///
    /// - Complexity: O(size of the state): it applies the event to a copy.
    public func rejection(of event: ModalEvent) -> (code: RejectionCode, message: String)? {
        var copy = self
        do {
            try copy.apply(event)
            return nil
        } catch {
            return (error.code, error.message)
        }
    }
}

/// Why an event was refused, before it is tied to a seq.
struct Refusal: Error {
    var code: RejectionCode
    var message: String

    init(_ code: RejectionCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ModalState {
    mutating func apply(_ event: ModalEvent) throws(Refusal) {
        switch event {
        case .rootRegister(let registration):
            try register(registration)
        case .rootResize(let root, let size):
            let index = try rootIndex(root)
            try Check.size(size)
            roots[index].size = size
        case .rootRemove(let root):
            roots.remove(at: try rootIndex(root))
        case .modalPresent(let presentation):
            try present(presentation)
        case .modalPresented(let root, let link):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            let modal = roots[rootIndex].modals[modalIndex]
            guard modal.phase == .presenting else {
                throw Refusal(.invalidTransition, "modal \"\(link)\" is \(modal.phase.rawValue), not presenting")
            }
            roots[rootIndex].modals[modalIndex].phase = .presented
        case .modalDismiss(let root, let link, let reason):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            roots[rootIndex].startDismissing(at: modalIndex, reason: reason)
        case .modalDismissed(let root, let link):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            roots[rootIndex].remove(at: modalIndex)
        case .cardPush(let root, let link, let content, let sticky):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            try roots[rootIndex].modals[modalIndex].checkNotDismissing("push a card")
            roots[rootIndex].modals[modalIndex].cards.append(Card(content: content, sticky: sticky))
        case .cardPop(let root, let link):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            let modal = roots[rootIndex].modals[modalIndex]
            try modal.checkNotDismissing("pop a card")
            guard modal.cards.count > 1 else {
                throw Refusal(.lastCard, "modal \"\(link)\" has one card left: dismiss the modal to close the stack")
            }
            roots[rootIndex].modals[modalIndex].cards.removeLast()
        case .cardReplace(let root, let link, let content, let direction, let animation):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            try Check.known(direction, field: "direction")
            try Check.known(animation, field: "animation")
            try roots[rootIndex].modals[modalIndex].checkNotDismissing("replace a card")
            let top = roots[rootIndex].modals[modalIndex].cards.count - 1
            roots[rootIndex].modals[modalIndex].cards[top].content = content
        case .dimmingTap(let root):
            let rootIndex = try rootIndex(root)
            roots[rootIndex].tapDimming()
        case .keyboardChange(let height, let responderBottom):
            guard height >= 0 else {
                throw Refusal(.invalidValue, "keyboard height must be 0 or more, found \(JSONNumber(height))")
            }
            keyboard = KeyboardState(height: height, responderBottom: responderBottom)
        case .snapTo(let root, let link, let index):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            let modal = roots[rootIndex].modals[modalIndex]
            let snapIndex = try Check.integer(index, field: "index")
            try Check.snapIndex(snapIndex, of: modal)
            try modal.checkPresented("snap")
            roots[rootIndex].modals[modalIndex].snap.index = snapIndex
            roots[rootIndex].modals[modalIndex].snap.position = Double(snapIndex)
            roots[rootIndex].modals[modalIndex].snap.dragging = false
        case .dragChange(let root, let link, let position):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            try roots[rootIndex].modals[modalIndex].checkPresented("drag")
            roots[rootIndex].modals[modalIndex].snap.position = position
            roots[rootIndex].modals[modalIndex].snap.dragging = true
        case .dragEnd(let root, let link, let position, let velocity):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            try roots[rootIndex].modals[modalIndex].checkPresented("end a drag of")
            roots[rootIndex].endDrag(at: modalIndex, position: position, velocity: velocity)
        }
    }

    private mutating func register(_ registration: RootRegistration) throws(Refusal) {
        guard root(registration.root) == nil else {
            throw Refusal(.duplicateRoot, "root \"\(registration.root)\" is already registered")
        }
        try Check.known(registration.presentation, field: "presentation")
        let level = try Check.integer(registration.level, field: "level")
        try Check.known(registration.policy, field: "policy")
        try Check.known(registration.dimming.tap, field: "dimming.tap")
        try Check.known(registration.keyboard.strategy, field: "keyboard.strategy")
        guard registration.keyboard.additional >= 0 else {
            throw Refusal(
                .invalidValue,
                "keyboard.additional must be 0 or more, found \(JSONNumber(registration.keyboard.additional))")
        }
        try Check.size(registration.size)
        let maxVisibleCards = try Check.integer(registration.maxVisibleCards, field: "maxVisibleCards")
        guard maxVisibleCards >= 1 else {
            throw Refusal(.invalidValue, "maxVisibleCards must be 1 or more, found \(maxVisibleCards)")
        }
        let root = RootState(
            id: registration.root, presentation: registration.presentation, level: level, policy: registration.policy,
            size: registration.size, maxVisibleCards: maxVisibleCards, dimming: registration.dimming,
            keyboard: registration.keyboard)
        // Bottom to top by level, then registration: after every root of the same or a lower level.
        let position = roots.firstIndex { $0.level > level } ?? roots.endIndex
        roots.insert(root, at: position)
    }

    private mutating func present(_ presentation: ModalPresentation) throws(Refusal) {
        let rootIndex = try rootIndex(presentation.root)
        let root = roots[rootIndex]
        if let existing = root.modal(link: presentation.link) {
            throw Refusal(
                .duplicateLink,
                "link \"\(presentation.link)\" is already live in root \"\(root.id)\" (\(existing.phase.rawValue))")
        }
        if let parent = presentation.parent {
            guard let parentModal = root.modal(link: parent) else {
                throw Refusal(.unknownLink, "parent \"\(parent)\" is not a live modal of root \"\(root.id)\"")
            }
            guard parentModal.phase != .dismissing else {
                throw Refusal(.unknownLink, "parent \"\(parent)\" is dismissing")
            }
            guard root.policy != .single else {
                throw Refusal(.invalidValue, "root \"\(root.id)\" shows one modal at a time: a parent is not allowed")
            }
        }
        try Check.known(presentation.style, field: "style")
        try Check.snapPoints(presentation.snapPoints)
        let initialSnap = try Check.integer(presentation.initialSnap, field: "initialSnap")
        guard presentation.snapPoints.indices.contains(initialSnap) else {
            throw Refusal(
                .snapOutOfRange,
                "initialSnap \(initialSnap) is outside 0..<\(presentation.snapPoints.count) of modal \"\(presentation.link)\""
            )
        }
        if root.policy == .single {
            for index in roots[rootIndex].modals.indices where roots[rootIndex].modals[index].phase != .dismissing {
                roots[rootIndex].startDismissing(at: index, reason: DismissReason.replaced)
            }
        }
        let payload = presentation.payload == .null ? nil : presentation.payload
        roots[rootIndex].modals.append(
            Modal(
                link: presentation.link, style: presentation.style, parent: presentation.parent,
                canDismiss: presentation.canDismiss, payload: payload,
                cards: [Card(content: presentation.content, sticky: presentation.sticky)],
                snap: SnapState(points: presentation.snapPoints, index: initialSnap, position: Double(initialSnap))))
    }

    private func rootIndex(_ id: String) throws(Refusal) -> Int {
        guard let index = roots.firstIndex(where: { $0.id == id }) else {
            throw Refusal(.unknownRoot, "no modal host for root \"\(id)\": register it with root.register first")
        }
        return index
    }

    private func locate(_ link: String, in root: String) throws(Refusal) -> (root: Int, modal: Int) {
        let rootIndex = try rootIndex(root)
        guard let modalIndex = roots[rootIndex].modals.firstIndex(where: { $0.link == link }) else {
            throw Refusal(.unknownLink, "no live modal \"\(link)\" in root \"\(root)\"")
        }
        return (rootIndex, modalIndex)
    }
}

/// The reasons the projection itself gives a dismissal.
public enum DismissReason {
    /// A `single` root presented another modal.
    public static let replaced = "replaced"
    /// Its parent started dismissing.
    public static let parentDismissed = "parentDismissed"
    /// A tap on the dimming view.
    public static let dimmingTap = "dimmingTap"
    /// A drag released past the first snap point.
    public static let drag = "drag"
}

extension RootState {
    /// Starts dismissing the modal at `index` and every live descendant that
    /// is not already dismissing (rule 5). Does nothing to a dismissing modal.
    mutating func startDismissing(at index: Int, reason: String) {
        guard modals[index].phase != .dismissing else { return }
        modals[index].phase = .dismissing
        modals[index].dismissReason = reason
        for descendant in descendants(of: index) where modals[descendant].phase != .dismissing {
            modals[descendant].phase = .dismissing
            modals[descendant].dismissReason = DismissReason.parentDismissed
        }
    }

    /// Removes the modal at `index` with every descendant (rule 6).
    mutating func remove(at index: Int) {
        let leaving = Set([index] + descendants(of: index))
        modals = modals.indices.filter { !leaving.contains($0) }.map { modals[$0] }
    }

    /// The indexes of the modals nested, at any depth, in the modal at `index`.
    /// A child is always presented after its parent, so one pass forward finds them all.
    func descendants(of index: Int) -> [Int] {
        var family: Set<String> = [modals[index].link]
        var found: [Int] = []
        for candidate in modals.indices.dropFirst(index + 1) {
            if let parent = modals[candidate].parent, family.contains(parent) {
                family.insert(modals[candidate].link)
                found.append(candidate)
            }
        }
        return found
    }

    /// A tap on the dimming view (rule 7).
    mutating func tapDimming() {
        guard dimming.tap == .dismissTopmost,
            let topmost = modals.lastIndex(where: { $0.phase != .dismissing }),
            modals[topmost].canDismiss
        else { return }
        startDismissing(at: topmost, reason: DismissReason.dimmingTap)
    }

    /// Releases a drag (rule 11).
    mutating func endDrag(at index: Int, position: Double?, velocity: Double) {
        let snap = modals[index].snap
        let released = position ?? snap.position
        let lastPoint = Double(snap.points.count - 1)
        let projected = (released + 0.2 * velocity).rounded(.toNearestOrAwayFromZero)
        var target = Int(min(max(projected, -1), lastPoint))
        if target == -1 {
            if modals[index].canDismiss {
                modals[index].snap.position = -1
                modals[index].snap.dragging = false
                startDismissing(at: index, reason: DismissReason.drag)
                return
            }
            target = 0
        }
        modals[index].snap.index = target
        modals[index].snap.position = Double(target)
        modals[index].snap.dragging = false
    }
}

extension Modal {
    func checkNotDismissing(_ action: String) throws(Refusal) {
        guard phase != .dismissing else {
            throw Refusal(.invalidTransition, "cannot \(action) on modal \"\(link)\": it is dismissing")
        }
    }

    func checkPresented(_ action: String) throws(Refusal) {
        guard phase == .presented else {
            throw Refusal(
                .invalidTransition, "cannot \(action) modal \"\(link)\": it is \(phase.rawValue), not presented")
        }
    }
}

/// Value checks: a value out of its range is `invalidValue`.
enum Check {
    /// Integers exactly representable as both `Double` and `Int`.
    static let integerRange = -9_007_199_254_740_992.0...9_007_199_254_740_992.0

    static func integer(_ value: Double, field: String) throws(Refusal) -> Int {
        guard value == value.rounded(), integerRange.contains(value) else {
            throw Refusal(.invalidValue, "\(field) must be an integer, found \(JSONNumber(value))")
        }
        return Int(value)
    }

    static func known<Word: SpecWord>(_ word: Word, field: String) throws(Refusal) {
        guard word.isKnown else {
            throw Refusal(.invalidValue, "\(field) \"\(word.rawValue)\" is not one of \(Word.knownList)")
        }
    }

    static func size(_ size: Size) throws(Refusal) {
        guard size.width > 0, size.height > 0 else {
            throw Refusal(.invalidValue, "size must be positive, found \(size)")
        }
    }

    static func snapPoints(_ points: [Double]) throws(Refusal) {
        guard !points.isEmpty else { throw Refusal(.invalidValue, "snapPoints must not be empty") }
        for (index, point) in points.enumerated() {
            guard point > 0, point <= 1 else {
                throw Refusal(.invalidValue, "snapPoints[\(index)] must be in (0, 1], found \(JSONNumber(point))")
            }
            guard index == 0 || points[index - 1] < point else {
                throw Refusal(
                    .invalidValue,
                    "snapPoints must be strictly increasing, found \(JSONNumber(point)) after \(JSONNumber(points[index - 1]))"
                )
            }
        }
    }

    static func snapIndex(_ index: Int, of modal: Modal) throws(Refusal) {
        guard modal.snap.points.indices.contains(index) else {
            throw Refusal(
                .snapOutOfRange,
                "snap index \(index) is outside 0..<\(modal.snap.points.count) of modal \"\(modal.link)\"")
        }
    }
}

public import ModalEvents

extension ModalChange {
    /// What the UI must do to go from showing `old` to showing `new`: the
    /// changes a host carries out, in order, after which it shows `new`.
    ///
    /// `new` is usually the state right after `old` and `event`; any two
    /// states work (a host that starts from nothing gets the changes from
    /// `ModalState()`). A root is known by its id and settings, a modal by
    /// its root, link and presentation (style, parent, payload, snap
    /// points), in the order it came: a root registered again, or a modal
    /// presented again, is removed and comes back, and after a new session
    /// every root is. Between states far apart, a modal presented again just
    /// as it was, and no further in its life, cannot be told from the one
    /// before; `event`, when given, tells it (its `root.register` and
    /// `modal.present` steps are new roots and modals). The
    /// order: a session start, the keyboard, the roots that went, then each
    /// root bottom to top: its size, its modals that went, its modals, its
    /// dimming and its keyboard offset; roots and modals bottom to top.
    ///
    /// - Parameter event: The event between the two states, when there is
    ///   one: a morph's direction and animation come from its
    ///   `card.replace`; without one, `forward` and `scale`. An event that
    ///   `new` rejected (its last rejection has `new`'s seq) tells nothing.
    /// - Complexity: O(*n*) in the size of the roots and modals that differ,
    ///   and one comparison for each that is equal (quick for two states of
    ///   one replay, which share their storage).
    public static func changes(from old: ModalState, to new: ModalState, by event: ModalEvent? = nil) -> [ModalChange] {
        let wasRejected = new.rejected.last.map { $0.seq == new.seq } ?? false
        var changes = Planner(event: wasRejected ? nil : event)
        let isNewSession = old.session != new.session
        if isNewSession { changes.all.append(.startSession(new.session)) }
        if old.keyboard != new.keyboard { changes.all.append(.changeKeyboard(new.keyboard)) }
        // Most steps keep every root where it was, with the same settings: each one that differs
        // changes in place, as the matching below would find, with nothing matched.
        if !isNewSession, old.roots.count == new.roots.count,
            zip(old.roots, new.roots).allSatisfy({ $0.id == $1.id && $0.hasSameSettings(as: $1) }),
            !new.roots.contains(where: { changes.registered.contains($0.id) })
        {
            for (before, after) in zip(old.roots, new.roots) where before != after || changes.presents(in: after.id) {
                changes.appendChanges(from: before, to: after)
            }
            return changes.all
        }
        // A root goes in after the others of its level, so one that comes leaves the higher levels alone.
        let roots = Window(
            old.roots, new.roots, keptStaysAbove: { $1.level > $0.level },
            mayStayAsItIs: { after in
                !isNewSession && !changes.registered.contains(after.pointee.id)
                    && !changes.presents(in: after.pointee.id)
            }
        ) { before, after in
            !isNewSession && !changes.registered.contains(after.id) && before.hasSameSettings(as: after)
        }
        for index in roots.oldMiddle where !roots.isKept(oldAt: index) {
            changes.all.append(.removeRoot(old.roots[index].id))
        }
        for index in roots.newMiddle {
            let root = new.roots[index]
            if let before = roots.old(forNewAt: index) {
                if before != root || changes.presents(in: root.id) { changes.appendChanges(from: before, to: root) }
            } else {
                changes.appendArrival(of: root)
            }
        }
        return changes.all
    }
}

/// ``Matching`` of two lists where they differ: the equal elements both
/// lists start and end with, where `mayStayAsItIs` accepts the new one, are
/// kept as they are, each for one comparison (through pointers, so that no
/// element is copied), and only the elements between are matched. When an element that comes
/// between would make a kept end go and come back (see `keptStaysAbove`),
/// everything after the start is matched instead, so the result is always
/// the matching of the whole lists.
///
/// - Complexity: O(*k*) comparisons for the *k* equal ends, and O(*m*) for
///   the *m* elements between: a step that changes one root or modal
///   matches that one, not the whole list.
private struct Window<Element: Identifiable & Equatable> where Element.ID == String {
    /// The elements of each list between the equal ends.
    let oldMiddle: Range<Int>
    let newMiddle: Range<Int>
    private let matching: Matching<Element>

    init(
        _ old: [Element], _ new: [Element], keptStaysAbove: (_ arrival: Element, _ kept: Element) -> Bool,
        mayStayAsItIs: (_ after: UnsafePointer<Element>) -> Bool,
        _ same: (Element, Element) -> Bool
    ) {
        // Through pointers: reading an element through a subscript would copy it first.
        let (start, end) = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let (oldBase, newBase) = (old.baseAddress!, new.baseAddress!)
                func keptAsItIs(_ before: UnsafePointer<Element>, _ after: UnsafePointer<Element>) -> Bool {
                    mayStayAsItIs(after) && before.pointee == after.pointee
                }
                let count = min(old.count, new.count)
                var start = 0
                while start < count, keptAsItIs(oldBase + start, newBase + start) { start += 1 }
                var end = 0
                while end < count - start, keptAsItIs(oldBase + old.count - 1 - end, newBase + new.count - 1 - end) {
                    end += 1
                }
                return (start, end)
            }
        }
        // Slices share the lists' storage: nothing is copied to match the middles.
        var matching = Matching(
            old[start..<old.count - end], new[start..<new.count - end], keptStaysAbove: keptStaysAbove, same)
        let arrivals = new[start..<new.count - end].indices.filter { matching.old(forNewAt: $0 - start) == nil }
        let ends = new[(new.count - end)...]
        if !arrivals.isEmpty, !ends.allSatisfy({ kept in arrivals.allSatisfy { keptStaysAbove(new[$0], kept) } }) {
            matching = Matching(old[start...], new[start...], keptStaysAbove: keptStaysAbove, same)
            oldMiddle = start..<old.count
            newMiddle = start..<new.count
        } else {
            oldMiddle = start..<old.count - end
            newMiddle = start..<new.count - end
        }
        self.matching = matching
    }

    /// The element of `old` that the element of `new` at `index`, in its middle, keeps, if any.
    func old(forNewAt index: Int) -> Element? {
        matching.old(forNewAt: index - newMiddle.lowerBound)
    }

    /// Whether the element of `old` at `index`, in its middle, is kept.
    func isKept(oldAt index: Int) -> Bool {
        matching.isKept(oldAt: index - oldMiddle.lowerBound)
    }
}

/// Which elements of `new` are those of `old` (same id, and `same`) in the
/// same order; the others go and come back. An element that comes goes in
/// after every kept one but those for which `keptStaysAbove(arrival, kept)`
/// (a modal, after all of its root's; a root, after those of its level up
/// to its own), so a kept one that `new` lists after it comes back too.
private struct Matching<Element: Identifiable> where Element.ID == String {
    private let old: ArraySlice<Element>
    /// How many elements both start with: kept, each in its place.
    private let shared: Int
    /// For each element of `new` after those, the index in `old` of the one it keeps.
    private var oldIndexes: [Int?] = []
    /// For each element of `old` after those, whether it is kept.
    private var keptOld: [Bool] = []

    /// Matches `old` and `new`, whose elements are then known by their
    /// offsets from each slice's start.
    init(
        _ old: ArraySlice<Element>, _ new: ArraySlice<Element>,
        keptStaysAbove: (_ arrival: Element, _ kept: Element) -> Bool, _ same: (Element, Element) -> Bool
    ) {
        self.old = old
        let (oldStart, newStart) = (old.startIndex, new.startIndex)
        // Most often both list the same elements in the same order: nothing more is needed.
        var shared = 0
        while shared < min(old.count, new.count), old[oldStart + shared].id == new[newStart + shared].id,
            same(old[oldStart + shared], new[newStart + shared])
        {
            shared += 1
        }
        self.shared = shared
        guard shared < max(old.count, new.count) else { return }
        var indexByID: [String: Int] = [:]
        for index in shared..<old.count { indexByID[old[oldStart + index].id] = index }
        keptOld = Array(repeating: false, count: old.count - shared)
        var lastKept = shared - 1
        var arrivals: [Element] = []
        for element in new.dropFirst(shared) {
            guard let index = indexByID[element.id], index > lastKept, same(old[oldStart + index], element),
                arrivals.allSatisfy({ keptStaysAbove($0, element) })
            else {
                arrivals.append(element)
                oldIndexes.append(nil)
                continue
            }
            oldIndexes.append(index)
            keptOld[index - shared] = true
            lastKept = index
        }
    }

    /// The element of `old` that the element of `new` at offset `index` keeps, if any.
    func old(forNewAt index: Int) -> Element? {
        if index < shared { return old[old.startIndex + index] }
        return oldIndexes[index - shared].map { old[old.startIndex + $0] }
    }

    /// Whether the element of `old` at offset `index` is kept.
    func isKept(oldAt index: Int) -> Bool {
        index < shared || keptOld[index - shared]
    }
}

/// The changes being planned, with the event that made them.
private struct Planner {
    let event: ModalEvent?
    /// The roots the event registers, and the modals it presents (and
    /// their roots): new ones, whatever was there before.
    let registered: Set<String>
    let presented: Set<ModalKey>
    let presentedRoots: Set<String>
    var all: [ModalChange] = []

    init(event: ModalEvent?) {
        self.event = event
        var registered: Set<String> = []
        var presented: Set<ModalKey> = []
        func note(_ step: ModalEvent) {
            switch step {
            case .rootRegister(let registration): registered.insert(registration.root)
            case .modalPresent(let presentation):
                presented.insert(ModalKey(root: presentation.root, link: presentation.link))
            case .batch(let steps): for step in steps { note(step) }
            default: break
            }
        }
        if let event { note(event) }
        self.registered = registered
        self.presented = presented
        presentedRoots = Set(presented.map(\.root))
    }

    /// The links the event presents in `root` (usually none or one: a list is quicker to look in than a set).
    func presentedLinks(in root: String) -> [String] {
        presents(in: root) ? presented.filter { $0.root == root }.map(\.link) : []
    }

    /// Whether the event presents a modal in `root`.
    func presents(in root: String) -> Bool {
        presentedRoots.contains(root)
    }

    /// A root that came (or came back): registered bare, then its modals, then its dimming.
    mutating func appendArrival(of root: RootState) {
        var bare = root
        bare.modals = []
        bare.refreshDimming()
        all.append(.registerRoot(bare))
        for modal in root.modals { appendArrival(of: modal, in: root.id) }
        if root.isDimmingVisible { all.append(.setDimming(visible: true, root: root.id)) }
    }

    mutating func appendChanges(from old: RootState, to new: RootState) {
        let root = new.id
        if old.size != new.size { all.append(.resizeRoot(root, to: new.size)) }
        if old.modals != new.modals || presents(in: root) {
            let fresh = presentedLinks(in: root)
            // Most often the root lists the same modals, in the same presentations: each one that
            // differs changes in place, as the matching below would find.
            if old.modals.count == new.modals.count,
                zip(old.modals, new.modals).allSatisfy({ before, after in
                    before.link == after.link && !fresh.contains(after.link) && before.isSamePresentation(as: after)
                })
            {
                for (before, after) in zip(old.modals, new.modals) where before != after {
                    appendChanges(from: before, to: after, in: root)
                }
                return appendRootValues(from: old, to: new)
            }
            // A modal is presented on top of its root's.
            let modals = Window(
                old.modals, new.modals, keptStaysAbove: { _, _ in false },
                mayStayAsItIs: { after in !fresh.contains { $0 == after.pointee.link } }
            ) { before, after in
                !fresh.contains { $0 == after.link } && before.isSamePresentation(as: after)
            }
            for index in modals.oldMiddle where !modals.isKept(oldAt: index) {
                all.append(.dismissed(link: old.modals[index].link, root: root))
            }
            for index in modals.newMiddle {
                let modal = new.modals[index]
                if let before = modals.old(forNewAt: index) {
                    if before != modal { appendChanges(from: before, to: modal, in: root) }
                } else {
                    appendArrival(of: modal, in: root)
                }
            }
        }
        appendRootValues(from: old, to: new)
    }

    /// A kept root's dimming and keyboard offset, when they changed.
    mutating func appendRootValues(from old: RootState, to new: RootState) {
        if old.isDimmingVisible != new.isDimmingVisible {
            all.append(.setDimming(visible: new.isDimmingVisible, root: new.id))
        }
        if old.keyboardOffset != new.keyboardOffset {
            all.append(.setKeyboardOffset(new.keyboardOffset, root: new.id))
        }
    }

    /// A modal that came: queued, or presented and on through its phases.
    mutating func appendArrival(of modal: Modal, in root: String) {
        guard modal.phase != .queued else {
            all.append(.queue(modal, root: root))
            return
        }
        all.append(.present(modal, root: root))
        appendPhases(from: .presenting, to: modal, in: root)
    }

    mutating func appendChanges(from old: Modal, to new: Modal, in root: String) {
        if old.phase == .queued && new.phase != .queued {
            // On screen as it is now, cards and all.
            all.append(.promote(new, root: root))
            appendPhases(from: .presenting, to: new, in: root)
            return
        }
        appendCardChanges(from: old.cards, to: new.cards, link: new.link, root: root)
        appendSnapChanges(from: old.snap, to: new.snap, link: new.link, root: root)
        appendPhases(from: old.phase, to: new, in: root)
    }

    /// The phase steps from `phase` to `modal`'s: the present's end, the dismissal.
    mutating func appendPhases(from phase: ModalPhase, to modal: Modal, in root: String) {
        if phase == .presenting && modal.phase == .presented {
            all.append(.presented(link: modal.link, root: root))
        }
        if phase != .dismissing && modal.phase == .dismissing {
            all.append(.dismiss(link: modal.link, root: root, reason: modal.dismissReason ?? .programmatic))
        }
    }

    /// Pops down to what the two stacks share, then pushes the rest; a stack
    /// whose top card alone differs is morphed (another content or sticky)
    /// or updated (another height or `canDismiss`) in place.
    mutating func appendCardChanges(from old: [Card], to new: [Card], link: String, root: String) {
        guard old != new, let top = new.last else { return }
        if old.count == new.count, old.dropLast() == new.dropLast(), let replaced = old.last {
            if replaced.content == top.content && replaced.sticky == top.sticky {
                all.append(.updateTopCard(to: top, link: link, root: root))
            } else {
                let (direction, animation) = morph(of: link, in: root)
                all.append(
                    .replaceTopCard(with: top, direction: direction, animation: animation, link: link, root: root))
            }
            return
        }
        var shared = 0
        while shared < min(old.count, new.count), old[shared] == new[shared] { shared += 1 }
        // A stack is never empty: one that shares nothing keeps its bottom card, morphed.
        let kept = max(shared, 1)
        for index in stride(from: old.count - 1, through: kept, by: -1) {
            all.append(.pop(to: old[index - 1], link: link, root: root))
        }
        if shared == 0 {
            let (direction, animation) = morph(of: link, in: root)
            all.append(
                .replaceTopCard(with: new[0], direction: direction, animation: animation, link: link, root: root))
        }
        for card in new.dropFirst(kept) { all.append(.push(card, link: link, root: root)) }
    }

    mutating func appendSnapChanges(from old: SnapState, to new: SnapState, link: String, root: String) {
        guard old != new else { return }
        guard new.dragging else {
            all.append(old.dragging ? .endDrag(new, link: link, root: root) : .snap(new, link: link, root: root))
            return
        }
        if old.index != new.index {
            // Settled elsewhere before this drag began (two states far apart).
            let rest = SnapState(points: new.points, index: new.index, position: Double(new.index))
            all.append(.snap(rest, link: link, root: root))
        }
        all.append(.drag(to: new.position, link: link, root: root))
    }

    /// The direction and animation of the event's last `card.replace` of `link` in `root`.
    func morph(of link: String, in root: String) -> (ReplaceDirection, ReplaceAnimation) {
        for step in (event?.steps ?? []).reversed() {
            if case .cardReplace(root, link, _, let direction, let animation, _, _) = step {
                return (direction, animation)
            }
        }
        return (.forward, .scale)
    }
}

extension RootState {
    /// Whether `other` has the settings of this root: all but its size and modals.
    func hasSameSettings(as other: RootState) -> Bool {
        settings == other.settings
    }
}

extension Modal {
    /// Whether `other` can be this modal later in the same presentation: what
    /// `modal.present` set is the same, and its phase has not gone back.
    func isSamePresentation(as other: Modal) -> Bool {
        guard style == other.style, parent == other.parent, payload == other.payload,
            snap.points == other.snap.points, other.phase.order >= phase.order
        else { return false }
        return phase != .dismissing || dismissReason == other.dismissReason
    }
}

extension ModalPhase {
    /// The order of a modal's life: queued, presenting, presented, dismissing.
    var order: Int {
        switch self {
        case .queued: 0
        case .presenting: 1
        case .presented: 2
        case .dismissing: 3
        }
    }
}

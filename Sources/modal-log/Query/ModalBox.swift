import ModalEvents
import ModalProjection

/// Where a modal is drawn in its root, in points from the root's top left,
/// as the page draws it (`naturalBox` in `Page/picture.js`): a sheet, card
/// or custom modal as wide as its root and as high as its top card's height
/// (or its snap position's share of the root), its bottom on the root's
/// keyboard offset; an alert 270 × 150 centred above that offset; a toast
/// 64 high near the top; a full-screen modal the whole root. A box lifted
/// past the top has a negative top.
///
/// What `covered(M)` and `offscreen(M)` test, and what `doctor` finds.
struct ModalBox: Equatable {
    var left: Double
    var top: Double
    var width: Double
    var height: Double

    var right: Double { left + width }
    var bottom: Double { top + height }

    /// The box of `modal`, in `root`.
    init(_ modal: Modal, in root: RootState) {
        let width = root.size.width
        let height = root.size.height
        let lift = root.keyboardOffset
        let inset = min(16, width / 10)
        switch modal.style {
        case .alert:
            self.width = min(270, width - 2 * inset)
            self.height = min(150, height)
            left = (width - self.width) / 2
            top = (height - lift - self.height) / 2
        case .toast:
            self.width = width - 2 * inset
            self.height = min(64, height)
            left = inset
            top = min(54, height - self.height)
        case .fullScreen:
            (left, top, self.width, self.height) = (0, 0, width, height)
        default:
            self.height = modal.cards.last?.height ?? Self.snapFraction(modal.snap) * height
            self.width = width
            left = 0
            top = height - lift - self.height
        }
    }

    /// Whether this box hides all of `other`.
    func contains(_ other: ModalBox) -> Bool {
        left <= other.left && top <= other.top && right >= other.right && bottom >= other.bottom
    }

    /// The share of its root a snap position shows, between its points.
    static func snapFraction(_ snap: SnapState) -> Double {
        let points = snap.points
        guard let first = points.first, let last = points.last else { return 1 }
        let position = snap.position
        if position <= -1 { return 0 }
        if position < 0 { return first * (position + 1) }
        if position >= Double(points.count - 1) { return last }
        let below = Int(position.rounded(.down))
        return points[below] + (points[below + 1] - points[below]) * (position - Double(below))
    }

    /// Whether a modal is drawn: live and not waiting in a queue.
    static func isShown(_ modal: Modal) -> Bool {
        modal.phase != .queued
    }

    /// Whether `reference` names a shown modal with part of it lifted past
    /// its root's top.
    static func isOffscreen(_ reference: Condition.ModalReference, in state: ModalState) -> Bool {
        guard let (root, modal) = shown(reference, in: state) else { return false }
        return ModalBox(modal, in: root).isOffscreen
    }

    /// Whether `reference` names a shown modal that one drawn above it on
    /// the same screen hides whole: a later modal of its root, or a modal of
    /// a later root of the same size (the roots are composed by level), that
    /// is presenting or presented.
    static func isCovered(_ reference: Condition.ModalReference, in state: ModalState) -> Bool {
        guard let (root, modal) = shown(reference, in: state) else { return false }
        return coverer(of: modal, in: root, state: state) != nil
    }

    /// The modal that hides what shows of `modal` (of `root`) on screen, if
    /// one does, and its root: looked for above it, in its root, then in the
    /// roots after it of the same size (roots are kept by level, then by
    /// registration), stopping at the first.
    static func coverer(of modal: Modal, in root: RootState, state: ModalState) -> (root: RootState, modal: Modal)? {
        // What is lifted past the top is off-screen already: only what shows can be covered.
        var box = ModalBox(modal, in: root)
        let top = max(box.top, 0)
        box.height = min(box.bottom, root.size.height) - top
        box.top = top
        guard let rootPlace = state.roots.firstIndex(where: { $0.id == root.id }),
            let place = root.modalIndex(link: modal.link)
        else { return nil }
        func hides(_ other: Modal, in otherRoot: RootState) -> Bool {
            (other.phase == .presenting || other.phase == .presented) && ModalBox(other, in: otherRoot).contains(box)
        }
        if let other = root.modals[(place + 1)...].first(where: { hides($0, in: root) }) { return (root, other) }
        for later in state.roots[(rootPlace + 1)...] where later.size == root.size {
            if let other = later.modals.first(where: { hides($0, in: later) }) { return (later, other) }
        }
        return nil
    }

    /// How many of a root's topmost shown modals the drawing checks look
    /// at: any below them are under a dozen modals already.
    static let drawnDepth = 16

    /// Whether part of the modal is lifted past its root's top.
    var isOffscreen: Bool { top < 0 }

    /// The ``drawnDepth`` topmost modals of `root` that are drawn, bottom
    /// to top. A queue root draws its head, never what waits behind it.
    static func topmostShown(of root: RootState) -> ArraySlice<Modal> {
        let modals = root.modals
        if root.policy == .queue { return modals.prefix(while: isShown).suffix(drawnDepth) }
        return modals.suffix(drawnDepth).filter(isShown)[...]
    }

    private static func shown(
        _ reference: Condition.ModalReference, in state: ModalState
    ) -> (RootState, Modal)? {
        let roots = reference.root.map { name in state.roots.filter { $0.id == name } } ?? state.roots
        for root in roots {
            if let modal = root.modal(link: reference.link) { return isShown(modal) ? (root, modal) : nil }
        }
        return nil
    }
}

extension ModalBox {
    /// Where the first responder is and whether the keyboard is over it, as
    /// the page marks it (`markKeyboard` in `Page/picture.js`): on each
    /// screen (the roots of one size), in the topmost shown modal that takes
    /// input (not a toast, not dismissing), else in the screen's lowest root;
    /// at the keyboard's `responderBottom`, moved up by that root's offset.
    /// `nil` when the keyboard is down or the log gives no `responderBottom`.
    ///
    /// - Returns: The root the responder is in, and how many points of it
    ///   the keyboard covers, for the first screen where it does.
    static func responderUnderKeyboard(in state: ModalState) -> (root: RootState, covered: Double)? {
        let keyboard = state.keyboard
        guard keyboard.height > 0, let bottom = keyboard.responderBottom else { return nil }
        // The screens in the order their first root comes, each with its roots bottom to top.
        var screens: [Size: [RootState]] = [:]
        var sizes: [Size] = []
        for root in state.roots {
            if screens[root.size] == nil { sizes.append(root.size) }
            screens[root.size, default: []].append(root)
        }
        for size in sizes {
            let roots = screens[size] ?? []
            let input = roots.last { root in
                topmostShown(of: root).contains { $0.style != .toast && $0.phase != .dismissing }
            }
            guard let root = input ?? roots.first else { continue }
            let responder = bottom - root.keyboardOffset
            let keyboardTop = size.height - min(keyboard.height, size.height)
            if responder > keyboardTop + 0.5 { return (root, responder - keyboardTop) }
        }
        return nil
    }
}

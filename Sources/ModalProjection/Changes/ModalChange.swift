public import ModalEvents

/// What the UI must do after an event: one step for a host to carry out,
/// computed from the typed states before and after it
/// (``changes(from:to:by:)``), in the order a host carries them out.
///
/// A modal's life reads as the events do, in the events' words: `present`
/// (or `queue`, then `promote`), `presented`, `dismiss`, `dismissed`
/// (`modal.present`, `modal.presented`, `modal.dismiss`, `modal.dismissed`).
/// An app switches over the cases, or hands them to a ``ModalHost`` through
/// a ``ModalDriver``:
///
/// ```swift
/// for change in update.changes {
///     switch change {
///     case .present(let modal, let root): show(modal, in: root)
///     case .dismiss(let link, let root, let reason): hide(link, in: root, reason: reason)
///     case .setDimming(let visible, let root): dimmingView(of: root).isHidden = !visible
///     default: break
///     }
/// }
/// ```
public enum ModalChange: Sendable, Hashable {
    /// The app was launched again (`session.start`, rule 12): nothing of
    /// the last session is on screen. The keyboard's change and a
    /// `removeRoot` for each root that showed follow.
    case startSession(Int)
    /// A root's host appears: a window or an overlay at its level, with its
    /// size, dimming and keyboard settings, and no modal yet (its
    /// `modals` are empty, its dimming hidden); its modals follow.
    case registerRoot(RootState)
    /// A root's size changed (rotation, split view).
    case resizeRoot(String, to: Size)
    /// A root's host goes away with every modal it shows.
    case removeRoot(String)
    /// The keyboard's frame changed (every root's offset that changed follows).
    case changeKeyboard(KeyboardState)
    /// How far a root moves up for the keyboard (rule 9).
    case setKeyboardOffset(Double, root: String)
    /// A root's shared dimming view shows or hides (rule 7).
    case setDimming(visible: Bool, root: String)
    /// A modal waits its turn in a queue root: not on screen yet (rule 14).
    case queue(Modal, root: String)
    /// A modal appears: present it with its style, cards and snap point,
    /// animating in. `modal.phase` is `presenting`, or later when the
    /// change covers several events (`presented` follows).
    case present(Modal, root: String)
    /// A modal that waited in a queue comes on screen: present it as `present` does.
    case promote(Modal, root: String)
    /// A modal is presented: its present animation is over (`modal.presented`).
    case presented(link: String, root: String)
    /// A modal starts animating out, and why (`modal.dismiss`, a dimming
    /// tap, a drag, its parent's dismissal, a `single` root's replacement).
    case dismiss(link: String, root: String, reason: DismissReason)
    /// A modal is dismissed: it leaves the hierarchy at once
    /// (`modal.dismissed`, a queued modal's dismissal, its parent's
    /// leaving). Take it away, no animation.
    case dismissed(link: String, root: String)
    /// A card goes on top of a modal's stack.
    case push(Card, link: String, root: String)
    /// The top card goes; `Card` is the one back on top.
    case pop(to: Card, link: String, root: String)
    /// The top card changes in place (a morph), with the event's direction
    /// and animation. After `card.replace` its sticky stays; between states
    /// far apart, the sticky may differ too.
    case replaceTopCard(
        with: Card, direction: ReplaceDirection, animation: ReplaceAnimation, link: String, root: String)
    /// The top card's height or `canDismiss` changed (`card.update`).
    case updateTopCard(to: Card, link: String, root: String)
    /// A drag moves the modal to a fractional snap index (-1 is off-screen).
    case drag(to: Double, link: String, root: String)
    /// A drag ended: released (`drag.end`), or cut short by `snap.to`. The
    /// modal settles at `snap.index` (or, at position -1, leaves: a
    /// `dismiss` follows).
    case endDrag(SnapState, link: String, root: String)
    /// The modal snaps to `snap.index` (`snap.to`).
    case snap(SnapState, link: String, root: String)
}

extension ModalChange {
    /// The root the change is about; `nil` for a session start and the keyboard.
    public var root: String? {
        switch self {
        case .startSession, .changeKeyboard: nil
        case .registerRoot(let root): root.id
        case .resizeRoot(let root, _), .removeRoot(let root), .setKeyboardOffset(_, let root),
            .setDimming(_, let root), .queue(_, let root), .present(_, let root), .promote(_, let root),
            .presented(_, let root), .dismiss(_, let root, _), .dismissed(_, let root), .push(_, _, let root),
            .pop(_, _, let root), .replaceTopCard(_, _, _, _, let root), .updateTopCard(_, _, let root),
            .drag(_, _, let root), .endDrag(_, _, let root), .snap(_, _, let root):
            root
        }
    }

    /// The link of the modal the change is about; `nil` for a change of a whole root.
    public var link: String? {
        switch self {
        case .startSession, .changeKeyboard, .registerRoot, .resizeRoot, .removeRoot, .setKeyboardOffset,
            .setDimming:
            nil
        case .queue(let modal, _), .present(let modal, _), .promote(let modal, _): modal.link
        case .presented(let link, _), .dismiss(let link, _, _), .dismissed(let link, _), .push(_, let link, _),
            .pop(_, let link, _), .replaceTopCard(_, _, _, let link, _), .updateTopCard(_, let link, _),
            .drag(_, let link, _), .endDrag(_, let link, _), .snap(_, let link, _):
            link
        }
    }
}

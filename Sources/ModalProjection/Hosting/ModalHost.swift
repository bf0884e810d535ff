public import ModalEvents

/// What a UI layer implements to show a store's modals: a ``ModalDriver``
/// calls it on the main actor with each ``ModalChange`` of the store's feed.
///
/// A UIKit host keeps a window or an overlay per root and presents view
/// controllers; a SwiftUI host sets the state its `sheet(item:)` and
/// `fullScreenCover` read (`Docs/Integration.md` has both). Animations
/// end in the completions a host is given: the driver then appends
/// `modal.presented` or `modal.dismissed`, so the log says what the screen
/// did. A completion that comes after its modal moved on (a present
/// interrupted by a dismissal, a dismissal cut short by a removal) is
/// dropped, so a host may call every completion it was given.
///
/// Each method is named as the event or change it carries out
/// (`Docs/Store.md`, "One vocabulary"). The methods with a default do
/// nothing, but ``endDrag(_:to:in:)``, which snaps; the others change what
/// shows.
@MainActor
public protocol ModalHost: AnyObject {
    /// A new session: nothing of the last one shows (a `removeRoot` for
    /// each root that did follows).
    func startSession(_ session: Int)
    /// A root appears: a window or an overlay at its level, with its size,
    /// dimming and keyboard settings; it shows no modal yet.
    func registerRoot(_ root: RootState)
    /// A root's size changed.
    func resizeRoot(_ root: String, to size: Size)
    /// A root goes away with everything it shows, at once.
    func removeRoot(_ root: String)
    /// The keyboard's frame changed; each root whose offset follows gets
    /// ``setKeyboardOffset(_:in:)``.
    func changeKeyboard(_ keyboard: KeyboardState)
    /// Moves a root up this far for the keyboard.
    func setKeyboardOffset(_ offset: Double, in root: String)
    /// Shows or hides a root's shared dimming view.
    func setDimming(visible: Bool, in root: String)
    /// A modal waits its turn in a queue root, not on screen.
    func queue(_ modal: Modal, in root: String)
    /// Presents `modal` (its style, cards, snap point, payload), animating
    /// in, on top of `root`'s others; calls `completion` when the animation
    /// ends. A modal that waited in a queue comes this way too.
    func present(_ modal: Modal, in root: String, completion: @escaping @MainActor () -> Void)
    /// The modal is presented (`modal.presented`) before the host's
    /// animation ended it: end its animation now.
    func presented(_ link: String, in root: String)
    /// Starts a modal's dismiss animation (its present animation stops);
    /// calls `completion` when it ends.
    func dismiss(_ link: String, in root: String, reason: DismissReason, completion: @escaping @MainActor () -> Void)
    /// The modal is dismissed (`modal.dismissed`, or it left with its
    /// parent or its queue): take it away at once; its animation, if any,
    /// stops.
    func dismissed(_ link: String, in root: String)
    /// Pushes `card` on top of a modal's stack.
    func push(_ card: Card, onto link: String, in root: String)
    /// Pops a modal's top card; `card` is the one back on top.
    func pop(to card: Card, of link: String, in root: String)
    /// Morphs a modal's top card into `card`, keeping its sticky.
    func replaceTopCard(
        of link: String, with card: Card, direction: ReplaceDirection, animation: ReplaceAnimation, in root: String)
    /// The top card's height or `canDismiss` changed to `card`'s.
    func updateTopCard(of link: String, to card: Card, in root: String)
    /// Follows a drag: the modal stands at a fractional snap index.
    func drag(_ link: String, to position: Double, in root: String)
    /// A drag ended: released (`drag.end`), or cut short by `snap.to`. The
    /// modal settles at `snap` (`snap.index`), or, at position -1, leaves
    /// (a `dismiss` follows). By default, as ``snap(_:to:in:)``.
    func endDrag(_ link: String, to snap: SnapState, in root: String)
    /// Settles a modal at `snap` (`snap.to`).
    func snap(_ link: String, to snap: SnapState, in root: String)
}

extension ModalHost {
    public func startSession(_ session: Int) {}
    public func changeKeyboard(_ keyboard: KeyboardState) {}
    public func queue(_ modal: Modal, in root: String) {}
    public func presented(_ link: String, in root: String) {}
    public func endDrag(_ link: String, to snap: SnapState, in root: String) { self.snap(link, to: snap, in: root) }
}

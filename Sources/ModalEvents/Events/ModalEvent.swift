/// One thing that happened to the modals of an app: the body of a log line.
///
/// Each case is one `type` of the spec (`Docs/event-log-v1.md`, and for
/// `session.start`, `batch` and `card.update` `Docs/event-log-v2.md`),
/// with the spec's fields and defaults. A number the spec says is an
/// integer (`index`, `level`) is an `Int`; a log that gives one a fraction
/// still reads, and the event keeps it beside its body
/// (``LoggedEvent/loggedNumbers``) so it writes back unchanged and the
/// projection rejects it with `invalidValue`.
///
/// ```swift
/// let events: [ModalEvent] = [
///     .rootRegister(RootRegistration()),
///     .modalPresent(ModalPresentation(link: "compose", content: "ComposeView")),
///     .modalPresented(link: "compose"),
///     .dimmingTap(),
/// ]
/// ```
public enum ModalEvent: Sendable, Hashable {
    // The largest cases are boxed (`indirect`): every event is then small
    // enough to copy cheaply, which a reader and a store do often; they are
    // rare, so their allocation costs little.

    /// `root.register`: a modal host appears.
    indirect case rootRegister(RootRegistration)
    /// `root.resize`: rotation, split view, window resize.
    case rootResize(root: String = ModalEvent.defaultRoot, size: Size)
    /// `root.remove`: the host goes away with all its modals.
    case rootRemove(root: String = ModalEvent.defaultRoot)
    /// `modal.present`: a link asks to present.
    indirect case modalPresent(ModalPresentation)
    /// `modal.presented`: its present animation finished.
    case modalPresented(root: String = ModalEvent.defaultRoot, link: String)
    /// `modal.dismiss`: a dismissal starts (animating out).
    case modalDismiss(
        root: String = ModalEvent.defaultRoot, link: String, reason: DismissReason = .programmatic)
    /// `modal.dismissed`: its dismiss completion ran; it leaves the hierarchy.
    case modalDismissed(root: String = ModalEvent.defaultRoot, link: String)
    /// `card.push`: a card is pushed onto the modal's card stack. `height`
    /// (points; `nil`: the content sizes itself) and `canDismiss` (`nil`:
    /// the card below's) are version 2's.
    indirect case cardPush(
        root: String = ModalEvent.defaultRoot, link: String, content: String, sticky: String? = nil,
        height: Double? = nil, canDismiss: Bool? = nil)
    /// `card.pop`: back to the previous card.
    case cardPop(root: String = ModalEvent.defaultRoot, link: String)
    /// `card.replace`: a morph; the top card's content changes in place.
    /// `height` (the new card's; `nil`: none) and `canDismiss` (`nil`: the
    /// replaced card's) are version 2's.
    indirect case cardReplace(
        root: String = ModalEvent.defaultRoot, link: String, content: String,
        direction: ReplaceDirection = .forward, animation: ReplaceAnimation = .scale, height: Double? = nil,
        canDismiss: Bool? = nil)
    /// `card.update` (version 2): the top card's preferred height or its
    /// dismissability changed; `nil` leaves a value as it is.
    case cardUpdate(
        root: String = ModalEvent.defaultRoot, link: String, height: HeightChange? = nil, canDismiss: Bool? = nil)
    /// `dimming.tap`: the shared dimming view was tapped.
    case dimmingTap(root: String = ModalEvent.defaultRoot)
    /// `keyboard.change`: the keyboard frame changed; applies to every root.
    /// `responderBottom` `nil` means the bottom edge of each root.
    case keyboardChange(height: Double, responderBottom: Double? = nil)
    /// `snap.to`: snap to one of the modal's snap points, by its index.
    case snapTo(root: String = ModalEvent.defaultRoot, link: String, index: Int)
    /// `drag.change`: a drag moves the modal to a fractional snap index (-1 is off-screen).
    case dragChange(root: String = ModalEvent.defaultRoot, link: String, position: Double)
    /// `drag.end`: the drag is released. `position` `nil` means the current position;
    /// `velocity` is in snap indexes per second.
    case dragEnd(root: String = ModalEvent.defaultRoot, link: String, position: Double? = nil, velocity: Double = 0)
    /// `session.start` (version 2): the app process started, so nothing is
    /// on screen; `info` is the app's (a build, a device), kept with the event.
    indirect case sessionStart(info: JSONValue? = nil)
    /// `batch` (version 2): events that apply together, in order, or not at
    /// all: one step, one `seq`. Each is an event of its own type but
    /// `batch` and `session.start`; 1 to ``maximumBatchCount``.
    case batch([ModalEvent])

    /// The most events a `batch` holds.
    public static let maximumBatchCount = 1_000

    /// The root an event names when it leaves `root` out.
    public static let defaultRoot = "default"
}

extension ModalEvent {
    /// The event's `type` as the log spells it: `"modal.present"`.
    public var type: EventType {
        switch self {
        case .rootRegister: .rootRegister
        case .rootResize: .rootResize
        case .rootRemove: .rootRemove
        case .modalPresent: .modalPresent
        case .modalPresented: .modalPresented
        case .modalDismiss: .modalDismiss
        case .modalDismissed: .modalDismissed
        case .cardPush: .cardPush
        case .cardPop: .cardPop
        case .cardReplace: .cardReplace
        case .dimmingTap: .dimmingTap
        case .keyboardChange: .keyboardChange
        case .snapTo: .snapTo
        case .dragChange: .dragChange
        case .dragEnd: .dragEnd
        case .cardUpdate: .cardUpdate
        case .sessionStart: .sessionStart
        case .batch: .batch
        }
    }

    /// The root the event names; `nil` for `keyboard.change` and
    /// `session.start`, which apply to every root, and for a `batch`.
    public var root: String? {
        switch self {
        case .rootRegister(let registration): registration.root
        case .modalPresent(let presentation): presentation.root
        case .rootResize(let root, _), .rootRemove(let root), .dimmingTap(let root),
            .modalPresented(let root, _), .modalDismiss(let root, _, _), .modalDismissed(let root, _),
            .cardPush(let root, _, _, _, _, _), .cardPop(let root, _), .cardReplace(let root, _, _, _, _, _, _),
            .cardUpdate(let root, _, _, _), .snapTo(let root, _, _), .dragChange(let root, _, _),
            .dragEnd(let root, _, _, _):
            root
        case .keyboardChange, .sessionStart, .batch: nil
        }
    }

    /// The link the event names; `nil` for events about a whole root, the
    /// keyboard, a session, and for a `batch`.
    public var link: String? {
        switch self {
        case .modalPresent(let presentation): presentation.link
        case .modalPresented(_, let link), .modalDismiss(_, let link, _), .modalDismissed(_, let link),
            .cardPush(_, let link, _, _, _, _), .cardPop(_, let link), .cardReplace(_, let link, _, _, _, _, _),
            .cardUpdate(_, let link, _, _), .snapTo(_, let link, _), .dragChange(_, let link, _),
            .dragEnd(_, let link, _, _):
            link
        case .rootRegister, .rootResize, .rootRemove, .dimmingTap, .keyboardChange, .sessionStart, .batch: nil
        }
    }

    /// The events a step applies: a batch's, in order, or the event alone.
    public var steps: [ModalEvent] {
        if case .batch(let events) = self { return events }
        return [self]
    }

    /// The oldest format version that can hold the event: 2 for the
    /// version-2 types, a `queue` root, and a `height` or a card's
    /// `canDismiss`, which version 1 does not read; else 1.
    public var formatVersion: Int {
        versionTwoPart == nil ? 1 : 2
    }

    /// What makes the event need format version 2, for messages (`a
    /// "batch"`, `"card.push" with a height`); `nil` when version 1 holds it.
    package var versionTwoPart: String? {
        switch self {
        case .sessionStart, .batch, .cardUpdate:
            return "a \"\(type.rawValue)\""
        case .rootRegister(let registration):
            return registration.policy == .queue ? "a root with policy \"queue\"" : nil
        case .modalPresent(let presentation):
            return presentation.height == nil ? nil : "\"modal.present\" with a height"
        case .cardPush(_, _, _, _, let height, let canDismiss), .cardReplace(_, _, _, _, _, let height, let canDismiss):
            if let part = height.map({ _ in "height" }) ?? canDismiss.map({ _ in "canDismiss" }) {
                return "\"\(type.rawValue)\" with a \(part)"
            }
            return nil
        default:
            return nil
        }
    }
}

/// What `card.update` does to the top card's preferred height.
public enum HeightChange: Sendable, Hashable {
    /// The height becomes this many points (a number > 0).
    case points(Double)
    /// The height is cleared: the content sizes itself (`null` in the log).
    case automatic
}

extension EventType {
    /// The format version that defines the type: 2 for `session.start`,
    /// `batch` and `card.update`, else 1.
    public var formatVersion: Int {
        switch self {
        case .sessionStart, .batch, .cardUpdate: 2
        default: 1
        }
    }
}

/// The `type` of an event, as the log spells it.
public enum EventType: String, Sendable, Hashable, CaseIterable {
    case rootRegister = "root.register"
    case rootResize = "root.resize"
    case rootRemove = "root.remove"
    case modalPresent = "modal.present"
    case modalPresented = "modal.presented"
    case modalDismiss = "modal.dismiss"
    case modalDismissed = "modal.dismissed"
    case cardPush = "card.push"
    case cardPop = "card.pop"
    case cardReplace = "card.replace"
    case dimmingTap = "dimming.tap"
    case keyboardChange = "keyboard.change"
    case snapTo = "snap.to"
    case dragChange = "drag.change"
    case dragEnd = "drag.end"
    case cardUpdate = "card.update"
    case sessionStart = "session.start"
    case batch = "batch"
}

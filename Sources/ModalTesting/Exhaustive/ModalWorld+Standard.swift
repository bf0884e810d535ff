import ModalEvents
import ModalProjection

extension ModalWorld {
    /// The package's own world: small enough to explore to a depth, wide
    /// enough to reach every outcome of the spec's rules and every
    /// rejection code.
    ///
    /// - Roots, one of each policy: `sheets` (stack, level 0, taps dismiss,
    ///   offset by the obscured height, two cards show), `alert` (single,
    ///   level 1, taps pass through, offset by the keyboard's height plus
    ///   16) and `toasts` (queue, level 1, hidden dimming that absorbs taps,
    ///   no keyboard offset). Each registers, is removed, resizes to 390x600
    ///   and takes a dimming tap.
    /// - Links `a`, `b`, `c` in every root: each presents (content `One`) at
    ///   the top level or in the link before it (`a` in `c`), with snap
    ///   points `[1]` or `[0.5, 1]`, and `c` cannot be dismissed by a
    ///   gesture (`canDismiss: false`); finishes presenting; is dismissed and
    ///   leaves; pushes `One`, or `Two` that cannot be dismissed; pops;
    ///   is replaced by `Two`, or by `One` 300 points high that can be
    ///   dismissed; is updated to 300 points high, to no height, to not
    ///   dismissable; snaps to 0, 1 and 2; is dragged to 0.5; and is let go
    ///   at 0.5 still, at 0.4 still, where it is at -2.5 per second, at 0 at
    ///   -5 per second, and at 1 at 2.5 per second: releases at 0.5, 0.4,
    ///   position - 0.5, -1 and 1.5, on each side of the rules' rounding.
    /// - The keyboard down, up 300 points, and up 250 points with the first
    ///   responder's bottom at 600; a session start.
    /// - Batches in each root of one or two of: present `a` or `b`, dismiss
    ///   `a` or `b`, `a` or `b` leaves.
    public static let standard = ModalWorld(
        "standard", moves: standardEvents.map(ModalMove.event), mustReach: .everything)

    private static var standardEvents: [ModalEvent] {
        let roots = [
            RootRegistration(root: "sheets", maxVisibleCards: 2),
            RootRegistration(
                root: "alert", level: 1, policy: .single, dimming: DimmingConfiguration(tap: .passThrough),
                keyboard: KeyboardConfiguration(strategy: .offsetByKeyboardHeight, additional: 16)),
            RootRegistration(
                root: "toasts", level: 1, policy: .queue, dimming: DimmingConfiguration(tap: .absorb, hidden: true),
                keyboard: KeyboardConfiguration(strategy: .none)),
        ]
        let links = ["a", "b", "c"]
        var events: [ModalEvent] = []
        for registration in roots {
            let root = registration.root
            events += [
                .rootRegister(registration), .rootRemove(root: root),
                .rootResize(root: root, size: Size(width: 390, height: 600)), .dimmingTap(root: root),
            ]
            for (index, link) in links.enumerated() {
                let before = links[(index + links.count - 1) % links.count]
                for parent in [nil, before] {
                    for points in [[1.0], [0.5, 1]] {
                        events.append(
                            .modalPresent(
                                ModalPresentation(
                                    root: root, link: link, content: "One", parent: parent,
                                    canDismiss: link != "c", snapPoints: points)))
                    }
                }
                events += [
                    .modalPresented(root: root, link: link), .modalDismiss(root: root, link: link),
                    .modalDismissed(root: root, link: link),
                    .cardPush(root: root, link: link, content: "One"),
                    .cardPush(root: root, link: link, content: "Two", canDismiss: false),
                    .cardPop(root: root, link: link),
                    .cardReplace(root: root, link: link, content: "Two"),
                    .cardReplace(root: root, link: link, content: "One", height: 300, canDismiss: true),
                    .cardUpdate(root: root, link: link, height: .points(300)),
                    .cardUpdate(root: root, link: link, height: .automatic),
                    .cardUpdate(root: root, link: link, canDismiss: false),
                    .snapTo(root: root, link: link, index: 0), .snapTo(root: root, link: link, index: 1),
                    .snapTo(root: root, link: link, index: 2),
                    .dragChange(root: root, link: link, position: 0.5),
                    .dragEnd(root: root, link: link, position: 0.5, velocity: 0),
                    .dragEnd(root: root, link: link, position: 0.4, velocity: 0),
                    .dragEnd(root: root, link: link, velocity: -2.5),
                    .dragEnd(root: root, link: link, position: 0, velocity: -5),
                    .dragEnd(root: root, link: link, position: 1, velocity: 2.5),
                ]
            }
        }
        events += [
            .keyboardChange(height: 0), .keyboardChange(height: 300),
            .keyboardChange(height: 250, responderBottom: 600), .sessionStart(),
        ]
        for registration in roots {
            let root = registration.root
            let batchable: [ModalEvent] = [
                .modalPresent(ModalPresentation(root: root, link: "a", content: "One")),
                .modalPresent(ModalPresentation(root: root, link: "b", content: "One")),
                .modalDismiss(root: root, link: "a"), .modalDismiss(root: root, link: "b"),
                .modalDismissed(root: root, link: "a"), .modalDismissed(root: root, link: "b"),
            ]
            for first in batchable {
                events.append(.batch([first]))
                for second in batchable { events.append(.batch([first, second])) }
            }
        }
        return events
    }
}

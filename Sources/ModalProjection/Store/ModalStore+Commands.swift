public import ModalEvents

/// The modal commands: each appends one event of the spec after checking it
/// against the current state. An event the spec would reject throws
/// ``EventStoreError/refused(_:)`` with its ``Rejection`` (the spec's code)
/// and nothing is appended.
extension EventStore where State == ModalState {
    /// Appends `root.register`: a modal host appears.
    @discardableResult
    public func registerRoot(
        _ registration: RootRegistration = RootRegistration()
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.rootRegister(registration))
    }

    /// Appends `root.resize`: rotation, split view, window resize.
    @discardableResult
    public func resizeRoot(
        _ root: String = ModalEvent.defaultRoot, to size: Size
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.rootResize(root: root, size: size))
    }

    /// Appends `root.remove`: the host goes away with all its modals.
    @discardableResult
    public func removeRoot(_ root: String = ModalEvent.defaultRoot) throws(ModalStoreError) -> LoggedEvent {
        try append(.rootRemove(root: root))
    }

    /// Appends `modal.present` and returns the modal's lifetime: keep it for
    /// as long as the modal should show.
    ///
    /// Releasing the lifetime while the modal is live dismisses it (reason
    /// `"lifetimeEnded"`), so discarding the result dismisses the modal at
    /// once. To present without a lifetime, append the event:
    /// `store.append(.modalPresent(presentation))`.
    ///
    /// ```swift
    /// let lifetime = try store.present(ModalPresentation(link: "compose", content: "ComposeView"))
    /// if try await lifetime.presented() { ... }
    /// ```
    ///
    /// - Throws: ``EventStoreError/refused(_:)`` with the spec's code
    ///   (`unknownRoot`, `duplicateLink`, `unknownLink` for a parent that is
    ///   not live, `invalidValue`, `snapOutOfRange`).
    public func present(_ presentation: ModalPresentation) throws(ModalStoreError) -> ModalLifetime {
        let tracker = ModalLifetime.Tracker(root: presentation.root, link: presentation.link, store: self)
        let (entry, subscription) = try append(
            .modalPresent(presentation), subscribingToStates: EventFilter(root: presentation.root)
        ) { state in
            tracker.observe(state)
        }
        tracker.attach(subscription)
        return ModalLifetime(root: presentation.root, link: presentation.link, seq: entry.seq, tracker: tracker)
    }

    /// Appends `modal.presented`: the present animation finished.
    @discardableResult
    public func didPresent(
        _ link: String, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.modalPresented(root: root, link: link))
    }

    /// Appends `modal.dismiss`: the modal (and every live descendant) starts
    /// animating out.
    @discardableResult
    public func dismiss(
        _ link: String, in root: String = ModalEvent.defaultRoot, reason: DismissReason = .programmatic
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.modalDismiss(root: root, link: link, reason: reason))
    }

    /// Appends `modal.dismissed`: its dismiss completion ran and it leaves,
    /// with its descendants and its payload.
    @discardableResult
    public func didDismiss(
        _ link: String, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.modalDismissed(root: root, link: link))
    }

    /// Appends `card.push`: a card goes on top of the modal's card stack.
    @discardableResult
    public func push(
        _ content: String, sticky: String? = nil, onto link: String, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.cardPush(root: root, link: link, content: content, sticky: sticky))
    }

    /// Appends `card.pop`: back to the previous card. The last card cannot be
    /// popped (`lastCard`): dismiss the modal instead.
    @discardableResult
    public func pop(from link: String, in root: String = ModalEvent.defaultRoot) throws(ModalStoreError) -> LoggedEvent
    {
        try append(.cardPop(root: root, link: link))
    }

    /// Appends `card.replace`: a morph; the top card's content changes in
    /// place and keeps its sticky.
    @discardableResult
    public func replaceTopCard(
        of link: String, with content: String, direction: ReplaceDirection = .forward,
        animation: ReplaceAnimation = .scale, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.cardReplace(root: root, link: link, content: content, direction: direction, animation: animation))
    }

    /// Appends `dimming.tap`: what it does follows the root's dimming
    /// settings, and it is never rejected for them.
    @discardableResult
    public func tapDimming(in root: String = ModalEvent.defaultRoot) throws(ModalStoreError) -> LoggedEvent {
        try append(.dimmingTap(root: root))
    }

    /// Appends `keyboard.change` for every root.
    ///
    /// - Parameters:
    ///   - height: The keyboard's height, 0 when hidden.
    ///   - responderBottom: The first responder's bottom edge; `nil` means the
    ///     bottom edge of each root.
    @discardableResult
    public func changeKeyboard(
        height: Double, responderBottom: Double? = nil
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.keyboardChange(height: height, responderBottom: responderBottom))
    }

    /// Appends `snap.to`: the modal snaps to one of its snap points.
    @discardableResult
    public func snap(
        _ link: String, to index: Int, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.snapTo(root: root, link: link, index: Double(index)))
    }

    /// Appends `drag.change`: a drag moves the modal to a fractional snap
    /// index (-1 is off-screen).
    @discardableResult
    public func drag(
        _ link: String, to position: Double, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.dragChange(root: root, link: link, position: position))
    }

    /// Appends `drag.end`: the drag is released and the modal settles (or
    /// starts dismissing, reason `"drag"`).
    ///
    /// - Parameters:
    ///   - position: Where it was released; `nil` means its current position.
    ///   - velocity: Snap indexes per second.
    @discardableResult
    public func endDrag(
        _ link: String, at position: Double? = nil, velocity: Double = 0, in root: String = ModalEvent.defaultRoot
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.dragEnd(root: root, link: link, position: position, velocity: velocity))
    }
}

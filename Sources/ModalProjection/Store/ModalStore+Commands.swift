public import ModalEvents

/// The modal commands: each appends one event of the spec after checking it
/// against the current state. An event the spec would reject throws
/// ``EventStoreError/rejected(_:)`` with its ``Rejection`` (the spec's code)
/// and nothing is appended.
///
/// Every command records who caused its event and where: `source` defaults
/// to the usual one for its type (``ModalEvent/usualSource``: `user` for a
/// dimming tap or a drag, `system` for the keyboard and a resize, `app`
/// otherwise), and `caller` is the call site (`fileID:line`), filled in by
/// the compiler.
extension EventStore where State == ModalState {
    /// Appends `root.register`: a modal host appears.
    @discardableResult
    public func registerRoot(
        _ registration: RootRegistration = RootRegistration(), source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.rootRegister(registration), source: source, fileID: fileID, line: line)
    }

    /// Appends `root.resize`: rotation, split view, window resize.
    @discardableResult
    public func resizeRoot(
        _ root: String = ModalEvent.defaultRoot, to size: Size, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.rootResize(root: root, size: size), source: source, fileID: fileID, line: line)
    }

    /// Appends `root.remove`: the host goes away with all its modals.
    @discardableResult
    public func removeRoot(
        _ root: String = ModalEvent.defaultRoot, source: EventSource? = nil, fileID: String = #fileID,
        line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.rootRemove(root: root), source: source, fileID: fileID, line: line)
    }

    /// Appends `modal.present` and returns the modal's lifetime: keep it for
    /// as long as the modal should show.
    ///
    /// Releasing the lifetime while the modal is live dismisses it (reason
    /// `"lifetimeEnded"`), so discarding the result dismisses the modal at
    /// once. To present without a lifetime, append the event:
    /// `store.append(.modalPresent(presentation))`. In a `queue` root the
    /// modal may wait its turn (`queued`); the lifetime's
    /// ``ModalLifetime/presented()`` waits through the queue.
    ///
    /// ```swift
    /// let lifetime = try store.present(ModalPresentation(link: "compose", content: "ComposeView"))
    /// if try await lifetime.presented() { ... }
    /// ```
    ///
    /// - Throws: ``EventStoreError/rejected(_:)`` with the spec's code
    ///   (`unknownRoot`, `duplicateLink`, `unknownLink` for a parent that is
    ///   not live, `invalidValue`, `snapOutOfRange`).
    public func present(
        _ presentation: ModalPresentation, source: EventSource? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> ModalLifetime {
        try appendStep(
            [.modalPresent(presentation)], source: source, caller: LoggedEvent.caller(fileID: fileID, line: line),
            lifetimesOf: [presentation]
        ).lifetimes[0]
    }

    /// Appends `modal.presented`: the present animation finished.
    @discardableResult
    public func presented(
        _ link: String, in root: String = ModalEvent.defaultRoot, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.modalPresented(root: root, link: link), source: source, fileID: fileID, line: line)
    }

    /// Appends `modal.dismiss`: the modal (and every live descendant) starts
    /// animating out; a modal waiting in a queue leaves at once.
    @discardableResult
    public func dismiss(
        _ link: String, in root: String = ModalEvent.defaultRoot, reason: DismissReason = .programmatic,
        source: EventSource? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.modalDismiss(root: root, link: link, reason: reason), source: source, fileID: fileID, line: line)
    }

    /// Appends `modal.dismissed`: its dismiss completion ran and it leaves,
    /// with its descendants and its payload.
    @discardableResult
    public func dismissed(
        _ link: String, in root: String = ModalEvent.defaultRoot, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.modalDismissed(root: root, link: link), source: source, fileID: fileID, line: line)
    }

    /// Appends `card.push`: a card goes on top of the modal's card stack.
    ///
    /// - Parameters:
    ///   - height: The card's preferred height in points; `nil`: the content sizes itself.
    ///   - canDismiss: Whether a dimming tap or a drag may dismiss the modal
    ///     while the card is on top; `nil`: as the card below.
    @discardableResult
    public func push(
        _ content: String, sticky: String? = nil, height: Double? = nil, canDismiss: Bool? = nil, onto link: String,
        in root: String = ModalEvent.defaultRoot, source: EventSource? = nil, fileID: String = #fileID,
        line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(
            .cardPush(root: root, link: link, content: content, sticky: sticky, height: height, canDismiss: canDismiss),
            source: source, fileID: fileID, line: line)
    }

    /// Appends `card.pop`: back to the previous card, with its own height and
    /// `canDismiss`. The last card cannot be popped (`lastCard`): dismiss the
    /// modal instead.
    @discardableResult
    public func pop(
        from link: String, in root: String = ModalEvent.defaultRoot, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.cardPop(root: root, link: link), source: source, fileID: fileID, line: line)
    }

    /// Appends `card.replace`: a morph; the top card's content changes in
    /// place and keeps its sticky.
    ///
    /// - Parameters:
    ///   - height: The new card's preferred height; `nil`: the content sizes itself.
    ///   - canDismiss: `nil` keeps the replaced card's.
    @discardableResult
    public func replaceTopCard(
        of link: String, with content: String, direction: ReplaceDirection = .forward,
        animation: ReplaceAnimation = .scale, height: Double? = nil, canDismiss: Bool? = nil,
        in root: String = ModalEvent.defaultRoot, source: EventSource? = nil, fileID: String = #fileID,
        line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(
            .cardReplace(
                root: root, link: link, content: content, direction: direction, animation: animation, height: height,
                canDismiss: canDismiss),
            source: source, fileID: fileID, line: line)
    }

    /// Appends `card.update`: the top card's preferred height or whether the
    /// modal can be dismissed changes while the card stays on screen (a
    /// payment step that must not be swiped away).
    ///
    /// ```swift
    /// try store.updateTopCard(of: "checkout", height: .points(520), canDismiss: false)
    /// ```
    ///
    /// - Parameters:
    ///   - height: The new height, `.automatic` to let the content size
    ///     itself; `nil` leaves it.
    ///   - canDismiss: `nil` leaves it.
    /// - Throws: ``EventStoreError/rejected(_:)``: `invalidValue` when
    ///   neither is given or the height is not a number > 0,
    ///   `invalidTransition` on a dismissing modal.
    @discardableResult
    public func updateTopCard(
        of link: String, height: HeightChange? = nil, canDismiss: Bool? = nil, in root: String = ModalEvent.defaultRoot,
        source: EventSource? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(
            .cardUpdate(root: root, link: link, height: height, canDismiss: canDismiss), source: source,
            fileID: fileID, line: line)
    }

    /// Appends `dimming.tap`: what it does follows the root's dimming
    /// settings, and it is never rejected for them.
    @discardableResult
    public func tapDimming(
        in root: String = ModalEvent.defaultRoot, source: EventSource? = nil, fileID: String = #fileID,
        line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.dimmingTap(root: root), source: source, fileID: fileID, line: line)
    }

    /// Appends `keyboard.change` for every root.
    ///
    /// - Parameters:
    ///   - height: The keyboard's height, 0 when hidden.
    ///   - responderBottom: The first responder's bottom edge; `nil` means the
    ///     bottom edge of each root.
    @discardableResult
    public func changeKeyboard(
        height: Double, responderBottom: Double? = nil, source: EventSource? = nil, fileID: String = #fileID,
        line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(
            .keyboardChange(height: height, responderBottom: responderBottom), source: source, fileID: fileID,
            line: line)
    }

    /// Appends `snap.to`: the modal snaps to one of its snap points.
    @discardableResult
    public func snap(
        _ link: String, to index: Int, in root: String = ModalEvent.defaultRoot, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.snapTo(root: root, link: link, index: index), source: source, fileID: fileID, line: line)
    }

    /// Appends `drag.change`: a drag moves the modal to a fractional snap
    /// index (-1 is off-screen).
    @discardableResult
    public func drag(
        _ link: String, to position: Double, in root: String = ModalEvent.defaultRoot, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(.dragChange(root: root, link: link, position: position), source: source, fileID: fileID, line: line)
    }

    /// Appends `drag.end`: the drag is released and the modal settles (or
    /// starts dismissing, reason `"drag"`).
    ///
    /// - Parameters:
    ///   - position: Where it was released; `nil` means its current position.
    ///   - velocity: Snap indexes per second.
    @discardableResult
    public func endDrag(
        _ link: String, at position: Double? = nil, velocity: Double = 0, in root: String = ModalEvent.defaultRoot,
        source: EventSource? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> LoggedEvent {
        try append(
            .dragEnd(root: root, link: link, position: position, velocity: velocity), source: source, fileID: fileID,
            line: line)
    }
}

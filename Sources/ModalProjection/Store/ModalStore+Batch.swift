public import ModalEvents

/// Compound commands: several events that apply together or not at all, as
/// one step of the log (a `batch`, rule 13), so no reader, subscriber or
/// `state --at` ever sees them half done, and a crash never leaves half of
/// them written.
///
/// A store on a version-1 log (which has no batches) appends them as
/// consecutive events in one write instead: still all or nothing for the
/// store and the file, but a reader of the log sees the steps between.
extension EventStore where State == ModalState {
    /// Dismisses every modal of `root` in one step: those presenting or
    /// presented start dismissing (their nested modals with them, reason
    /// `"parentDismissed"`), those waiting in a queue leave.
    ///
    /// ```swift
    /// try store.dismissAll(in: "sheets")  // "close everything"
    /// ```
    ///
    /// - Returns: The events appended; none when no modal was left to dismiss.
    /// - Throws: ``EventStoreError/rejected(_:)``: `unknownRoot` for a root
    ///   that is not registered.
    @discardableResult
    public func dismissAll(
        in root: String = ModalEvent.defaultRoot, reason: DismissReason = .programmatic, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> [LoggedEvent] {
        try appendPlanned(source: source, caller: LoggedEvent.caller(fileID: fileID, line: line)) {
            state throws(Rejection) in
            try state.dismissals(in: root, above: nil, reason: reason)
        }.entries
    }

    /// Dismisses every modal above `link` in `root` in one step, leaving
    /// `link` on top ("back to the checkout").
    ///
    /// - Returns: The events appended; none when nothing is above it.
    /// - Throws: ``EventStoreError/rejected(_:)``: `unknownRoot`, or
    ///   `unknownLink` when `link` is not live in `root`.
    @discardableResult
    public func dismissAll(
        above link: String, in root: String = ModalEvent.defaultRoot, reason: DismissReason = .programmatic,
        source: EventSource? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> [LoggedEvent] {
        try appendPlanned(source: source, caller: LoggedEvent.caller(fileID: fileID, line: line)) {
            state throws(Rejection) in
            try state.dismissals(in: root, above: link, reason: reason)
        }.entries
    }

    /// Replaces what `root` shows with `presentations`, bottom to top, in
    /// one step: every modal of the root is dismissed (``dismissAll(in:reason:source:fileID:line:)``)
    /// and the new ones presented, each with its lifetime.
    ///
    /// A modal keeps its link until `modal.dismissed`, so presenting a link
    /// that is live (dismissing included) is rejected (`duplicateLink`) and
    /// the whole step with it; to keep the modals that stay, use
    /// ``reconcile(_:to:source:fileID:line:)``.
    ///
    /// - Parameter presentations: Each one's own `root` is ignored.
    /// - Returns: The lifetimes of the new modals, in order: releasing one
    ///   dismisses its modal.
    /// - Throws: ``EventStoreError/rejected(_:)`` with the first rejected
    ///   event's code, its message naming what was rejected as the caller
    ///   passed it: `presentations[I], link "LINK": ` for one of
    ///   `presentations` (the log keeps the spec's `events[J]: `, counting
    ///   the dismissals planned first).
    public func replaceStack(
        in root: String = ModalEvent.defaultRoot, with presentations: [ModalPresentation], source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> [ModalLifetime] {
        let presentations = presentations.map { presentation in
            var presentation = presentation
            presentation.root = root
            return presentation
        }
        return try appendPlanned(
            source: source, caller: LoggedEvent.caller(fileID: fileID, line: line), lifetimesOf: presentations,
            given: ("presentations", presentations)
        ) { state throws(Rejection) in
            try state.dismissals(in: root, above: nil, reason: .replaced) + presentations.map(ModalEvent.modalPresent)
        }.lifetimes
    }

    /// Appends the events `build` adds as one step: all of them, in order,
    /// or (when one is rejected) none.
    ///
    /// ```swift
    /// try store.batch { batch in
    ///     batch.dismiss("cart", in: "sheets")
    ///     batch.present(ModalPresentation(root: "sheets", link: "receipt", content: "ReceiptView"))
    /// }
    /// ```
    ///
    /// The modals it presents have no lifetime: dismiss them as any modal,
    /// or present with ``replaceStack(in:with:source:fileID:line:)`` or
    /// ``present(_:source:fileID:line:)`` for one.
    ///
    /// - Returns: The events appended; none when `build` added none.
    /// - Throws: ``EventStoreError/rejected(_:)`` with the first rejected
    ///   event's code, its message starting `events[I]: `, `I` its place
    ///   in what `build` added.
    @discardableResult
    public func batch(
        source: EventSource? = nil, fileID: String = #fileID, line: Int = #line, _ build: (inout ModalBatch) -> Void
    ) throws(ModalStoreError) -> [LoggedEvent] {
        var batch = ModalBatch()
        build(&batch)
        return try appendStep(batch.events, source: source, caller: LoggedEvent.caller(fileID: fileID, line: line))
            .entries
    }

    // MARK: One step

    /// Plans events against the current state and appends them as one step
    /// (``appendStep(_:source:caller:expectedSeq:lifetimesOf:)``), planning
    /// again when another writer came in between.
    ///
    /// - Parameters:
    ///   - presentations: The ones that get a lifetime.
    ///   - given: What the caller passed (`presentations`, `desired`) and
    ///     its name, in which a rejection is told (``inCallersTerms(_:planned:given:)``).
    func appendPlanned(
        source: EventSource?, caller: String, lifetimesOf presentations: [ModalPresentation] = [],
        given: (name: String, presentations: [ModalPresentation])? = nil,
        _ plan: (ModalState) throws(Rejection) -> [ModalEvent]
    ) throws(ModalStoreError) -> (entries: [LoggedEvent], lifetimes: [ModalLifetime]) {
        while true {
            let state = self.state
            let events: [ModalEvent]
            do {
                events = try plan(state)
            } catch {
                throw .rejected(error)
            }
            do {
                return try appendStep(
                    events, source: source, caller: caller, expectedSeq: state.seq, lifetimesOf: presentations)
            } catch .conflict {
                continue  // another writer came in between: plan again
            } catch .rejected(let rejection) {
                throw .rejected(Self.inCallersTerms(rejection, planned: events, given: given))
            }
        }
    }

    /// `rejection` as the caller knows what it passed. A batch's rejection
    /// starts `events[I]: ` (the spec's words, which the log keeps), where
    /// `I` counts the events the store planned, which the caller never saw:
    /// the error it is thrown names the caller's own index into what it
    /// gave when event `I` presents one of those (`presentations[1], link
    /// "receipt": `), else the planned event and its link (`the planned
    /// modal.dismiss of "cart": `).
    static func inCallersTerms(
        _ rejection: Rejection, planned events: [ModalEvent], given: (name: String, presentations: [ModalPresentation])?
    ) -> Rejection {
        guard let index = rejection.batchIndex, events.indices.contains(index) else { return rejection }
        let event = events[index]
        let named: String
        if case .modalPresent(let presentation) = event, let given,
            let place = given.presentations.firstIndex(where: { $0.link == presentation.link })
        {
            named = "\(given.name)[\(place)], link \"\(presentation.link)\": "
        } else {
            named = "the planned \(event.type.rawValue)" + (event.link.map { " of \"\($0)\"" } ?? "") + ": "
        }
        var told = rejection
        told.message = named + rejection.message.dropFirst(Rejection.batchPrefix(index).count)
        return told
    }

    /// Appends `events` as one step: the event alone, or a `batch` of them
    /// (on a version-1 log, them all in one write); nothing for none. Each
    /// of `presentations`, presented by one of them, gets its lifetime,
    /// subscribed in the same step.
    func appendStep(
        _ events: [ModalEvent], source: EventSource?, caller: String, expectedSeq: Int? = nil,
        lifetimesOf presentations: [ModalPresentation] = []
    ) throws(ModalStoreError) -> (entries: [LoggedEvent], lifetimes: [ModalLifetime]) {
        guard !events.isEmpty else { return ([], []) }
        let takesBatches = (log?.version ?? LogHeader.currentVersion) >= 2
        let steps = events.count == 1 || !takesBatches ? events : [.batch(events)]
        let unstamped = steps.map { LoggedEvent(seq: 0, event: $0, source: source ?? $0.usualSource, caller: caller) }
        let trackers = presentations.map { presentation in
            ModalLifetime.Tracker(root: presentation.root, link: presentation.link, caller: caller, store: self)
        }
        let (entries, subscriptions) = try append(
            unstamped, expectedSeq: expectedSeq,
            subscribingToStates: trackers.map { tracker in
                (EventFilter(root: tracker.root), { state, entry in tracker.observe(state, after: entry) })
            })
        for (tracker, subscription) in zip(trackers, subscriptions) { tracker.attach(subscription) }
        let lifetimes = zip(presentations, trackers).map { presentation, tracker in
            let seq = entries.first { $0.event == .modalPresent(presentation) }?.seq ?? entries[entries.count - 1].seq
            return ModalLifetime(root: presentation.root, link: presentation.link, seq: seq, tracker: tracker)
        }
        return (entries, lifetimes)
    }
}

extension ModalState {
    /// The `modal.dismiss` events that dismiss every modal of `root` (above
    /// `link`, when given) in one step, top first: one for each modal that
    /// is not dismissing and whose parent is not dismissed with it (its
    /// dismissal cascades); a queued modal's leaves at once.
    ///
    /// - Throws: A ``Rejection`` (seq ``seq`` + 1): `unknownRoot`, or
    ///   `unknownLink` when `link` is not live.
    public func dismissals(
        in root: String, above link: String?, reason: DismissReason = .programmatic
    ) throws(Rejection) -> [ModalEvent] {
        guard let rootState = self.root(root) else {
            throw Rejection(
                seq: LoggedEvent.rejectionSeq(after: seq), code: .unknownRoot,
                message: "no modal host for root \"\(root)\": register it with root.register first")
        }
        var start = 0
        if let link {
            guard let index = rootState.modalIndex(link: link) else {
                throw Rejection(
                    seq: LoggedEvent.rejectionSeq(after: seq), code: .unknownLink,
                    message: "no live modal \"\(link)\" in root \"\(root)\"")
            }
            start = index + 1
        }
        let leaving = rootState.modals[start...].filter { $0.phase != .dismissing }
        let leavingLinks = Set(leaving.map(\.link))
        return leaving.reversed()
            .filter { modal in !(modal.parent.map(leavingLinks.contains) ?? false) }
            .map { .modalDismiss(root: root, link: $0.link, reason: reason) }
    }
}

/// The events of one ``EventStore/batch(source:fileID:line:_:)`` step, added
/// in order; each command is the store's command of the same name.
public struct ModalBatch: Sendable {
    /// The events added so far.
    public private(set) var events: [ModalEvent] = []

    /// Adds any event but a `batch` or a `session.start` (a batch holds neither).
    public mutating func add(_ event: ModalEvent) {
        events.append(event)
    }

    public mutating func registerRoot(_ registration: RootRegistration = RootRegistration()) {
        add(.rootRegister(registration))
    }

    public mutating func resizeRoot(_ root: String = ModalEvent.defaultRoot, to size: Size) {
        add(.rootResize(root: root, size: size))
    }

    public mutating func removeRoot(_ root: String = ModalEvent.defaultRoot) {
        add(.rootRemove(root: root))
    }

    public mutating func present(_ presentation: ModalPresentation) {
        add(.modalPresent(presentation))
    }

    public mutating func presented(_ link: String, in root: String = ModalEvent.defaultRoot) {
        add(.modalPresented(root: root, link: link))
    }

    public mutating func dismiss(
        _ link: String, in root: String = ModalEvent.defaultRoot, reason: DismissReason = .programmatic
    ) {
        add(.modalDismiss(root: root, link: link, reason: reason))
    }

    public mutating func dismissed(_ link: String, in root: String = ModalEvent.defaultRoot) {
        add(.modalDismissed(root: root, link: link))
    }

    public mutating func push(
        _ content: String, sticky: String? = nil, height: Double? = nil, canDismiss: Bool? = nil, onto link: String,
        in root: String = ModalEvent.defaultRoot
    ) {
        add(.cardPush(root: root, link: link, content: content, sticky: sticky, height: height, canDismiss: canDismiss))
    }

    public mutating func pop(from link: String, in root: String = ModalEvent.defaultRoot) {
        add(.cardPop(root: root, link: link))
    }

    public mutating func replaceTopCard(
        of link: String, with content: String, direction: ReplaceDirection = .forward,
        animation: ReplaceAnimation = .scale, height: Double? = nil, canDismiss: Bool? = nil,
        in root: String = ModalEvent.defaultRoot
    ) {
        add(
            .cardReplace(
                root: root, link: link, content: content, direction: direction, animation: animation, height: height,
                canDismiss: canDismiss))
    }

    public mutating func updateTopCard(
        of link: String, height: HeightChange? = nil, canDismiss: Bool? = nil, in root: String = ModalEvent.defaultRoot
    ) {
        add(.cardUpdate(root: root, link: link, height: height, canDismiss: canDismiss))
    }

    public mutating func tapDimming(in root: String = ModalEvent.defaultRoot) {
        add(.dimmingTap(root: root))
    }

    public mutating func changeKeyboard(height: Double, responderBottom: Double? = nil) {
        add(.keyboardChange(height: height, responderBottom: responderBottom))
    }

    public mutating func snap(_ link: String, to index: Int, in root: String = ModalEvent.defaultRoot) {
        add(.snapTo(root: root, link: link, index: index))
    }

    public mutating func drag(_ link: String, to position: Double, in root: String = ModalEvent.defaultRoot) {
        add(.dragChange(root: root, link: link, position: position))
    }

    public mutating func endDrag(
        _ link: String, at position: Double? = nil, velocity: Double = 0, in root: String = ModalEvent.defaultRoot
    ) {
        add(.dragEnd(root: root, link: link, position: position, velocity: velocity))
    }
}

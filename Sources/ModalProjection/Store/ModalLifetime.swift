public import ModalEvents

/// The lifetime of a modal presented through a store (Square's
/// `ModalLifetime`): keep it for as long as the modal should show.
///
/// When the app releases the lifetime, or calls ``end()``, while its modal is
/// live and not already dismissing, the store appends `modal.dismiss` with
/// reason `"lifetimeEnded"`: a modal waiting in a queue root's queue leaves
/// it at once, never shown. When the modal leaves by any path
/// (`modal.dismissed`, its parent's, its root's removal), the lifetime's
/// subscription ends by itself and it keeps nothing alive, not even the
/// store: a lifetime whose modal has left is inert.
///
/// ```swift
/// final class ComposeController {
///     var lifetime: ModalLifetime?
///     func open() throws {
///         lifetime = try store.present(ModalPresentation(link: "compose", content: "ComposeView"))
///     }
///     func close() { lifetime = nil }  // the store appends modal.dismiss (lifetimeEnded)
/// }
/// ```
///
/// A lifetime names one presentation: after its modal leaves, a new modal
/// with the same link is another presentation, which this lifetime never
/// dismisses.
public final class ModalLifetime: Sendable {
    /// The root the modal was presented in.
    public let root: String
    /// The modal's link.
    public let link: String
    /// The seq of the `modal.present` that showed it.
    public let seq: Int
    private let tracker: Tracker

    init(root: String, link: String, seq: Int, tracker: Tracker) {
        self.root = root
        self.link = link
        self.seq = seq
        self.tracker = tracker
    }

    deinit {
        tracker.end(stopTracking: true)
    }

    /// The modal's phase, or `nil` once it has left.
    ///
    /// It follows the events delivered to the lifetime, so right after an
    /// append on another thread it may lag the store's state until delivery.
    public var phase: ModalPhase? {
        tracker.phase
    }

    /// Whether the modal is still in the hierarchy (any phase).
    public var isLive: Bool {
        phase != nil
    }

    /// Ends the lifetime now, as releasing it does: when the modal is live
    /// and not dismissing, the store appends `modal.dismiss` with reason
    /// `"lifetimeEnded"`. The lifetime keeps following its modal until it
    /// leaves, so ``dismissed()`` still returns.
    public func end() {
        tracker.end(stopTracking: false)
    }

    /// Waits until the modal is presented (`modal.presented`): in a queue
    /// root, through its wait in the queue too.
    ///
    /// - Returns: `true` once it is presented (at once if it was), `false`
    ///   when it starts dismissing or leaves without having been presented.
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    public func presented() async throws(CancellationError) -> Bool {
        let outcome = await tracker.wait(for: .presented)
        guard case .presented(let presented) = outcome else { throw CancellationError() }
        return presented
    }

    /// Waits until the modal has left the hierarchy.
    ///
    /// - Returns: The reason it was dismissed with (a queued modal's too,
    ///   which leaves at its `modal.dismiss`), or `nil` when it left without
    ///   a dismissal (its root was removed, a session started, or
    ///   `modal.dismissed` came while it was presenting).
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    public func dismissed() async throws(CancellationError) -> DismissReason? {
        let outcome = await tracker.wait(for: .dismissed)
        guard case .dismissed(let reason) = outcome else { throw CancellationError() }
        return reason
    }
}

extension ModalLifetime {
    /// Follows one presented modal through the states the store delivers.
    /// The store's subscription holds it, not the lifetime, so the two never
    /// form a cycle; it holds the store only while the modal is live.
    final class Tracker: Sendable {
        struct Status {
            var phase: ModalPhase? = .presenting
            var wasPresented = false
            var dismissReason: DismissReason?
            var store: ModalStore?
            var subscription: SubscriptionToken?
            /// `end()` was called: the dismissal is decided after deliveries.
            var isEnding = false
            /// The dismissal has been decided (appended or not needed).
            var endDecided = false
            /// The lifetime was released: stop following the modal once the dismissal is decided.
            var stopRequested = false
            var waiters: [Int: Waiter] = [:]
            var cancelledWaiters: Set<Int> = []
            /// Waits that have started (ids are never reused).
            var registered: Set<Int> = []
            var nextWaiter = 0
        }

        enum Goal { case presented, dismissed }

        enum Outcome: Sendable {
            case presented(Bool)
            case dismissed(DismissReason?)
            case cancelled
        }

        struct Waiter {
            var goal: Goal
            var continuation: CheckedContinuation<Outcome, Never>
        }

        struct ReadyWaiter {
            var continuation: CheckedContinuation<Outcome, Never>
            var outcome: Outcome
        }

        let root: String
        let link: String
        /// Where the app presented the modal: the `caller` of the dismissal
        /// that ending the lifetime appends.
        let caller: String?
        private let state: Lock<Status>

        init(root: String, link: String, caller: String?, store: ModalStore) {
            self.root = root
            self.link = link
            self.caller = caller
            self.state = Lock(Status(store: store))
        }

        var phase: ModalPhase? {
            state.withLock { $0.phase }
        }

        /// Takes the subscription once the present has been appended; ends
        /// it at once when the modal already left.
        func attach(_ subscription: SubscriptionToken) {
            let left = state.withLock { status in
                guard status.phase != nil else { return true }
                status.subscription = subscription
                return false
            }
            if left { subscription.cancel() }
        }

        /// Takes in the state after an event of the modal's root (`nil`: the
        /// state right after the modal was presented).
        func observe(_ state: ModalState, after entry: LoggedEvent?) {
            let modal = state.modal(link: link, in: root)
            let (ready, released) = self.state.withLock { status -> ([ReadyWaiter], Released?) in
                guard status.phase != nil else { return ([], nil) }
                if let modal {
                    status.phase = modal.phase
                    status.wasPresented = status.wasPresented || modal.phase == .presented
                    status.dismissReason = modal.dismissReason
                } else {
                    if status.phase == .queued, let reason = entry.flatMap(queuedDismissal) {
                        status.dismissReason = reason  // it left at its modal.dismiss, never shown
                    }
                    status.phase = nil
                }
                return (status.takeReadyWaiters(), status.phase == nil ? status.release() : nil)
            }
            resume(ready)
            released?.cancel()
        }

        /// The reason of a `modal.dismiss` of this modal in `entry` (a batch's
        /// events too).
        private func queuedDismissal(in entry: LoggedEvent) -> DismissReason? {
            for event in entry.event.steps {
                if case .modalDismiss(root, link, let reason) = event { return reason }
            }
            return nil
        }

        /// Dismisses the modal when it is live and not dismissing, judged on
        /// the state after every event delivered so far, so it never
        /// dismisses a later modal that reuses the link.
        func end(stopTracking: Bool) {
            let (store, released) = state.withLock { status -> (ModalStore?, Released?) in
                if stopTracking { status.stopRequested = true }
                guard status.phase != nil else { return (nil, nil) }
                guard !status.isEnding else {
                    // Ended before; when its dismissal is already decided, stop following now.
                    return (nil, status.endDecided && status.stopRequested ? status.release() : nil)
                }
                status.isEnding = true
                return (status.store, nil)
            }
            released?.cancel()
            guard let store else { return }
            dismissIfLive(in: store)
        }

        private func dismissIfLive(in store: ModalStore) {
            store.afterDeliveries { [self] deliveredThrough in
                let phase = state.withLock { $0.phase }
                if phase == .queued || phase == .presenting || phase == .presented {
                    guard dismiss(in: store, seenThrough: deliveredThrough) else {
                        // It cannot tell whether the modal at the link is still this one: judge
                        // again once the events since have been delivered.
                        dismissIfLive(in: store)
                        return
                    }
                }
                let released = state.withLock { status -> Released? in
                    status.endDecided = true
                    return status.stopRequested ? status.release() : nil
                }
                released?.cancel()
            }
        }

        /// Dismisses the modal on the store's current state, which may be
        /// past `seq` (the state the modal was last seen live in): a link is
        /// presented again only after its modal left, so when no event after
        /// `seq` presents the link, the live modal at the link is still this
        /// one. Appends with the seq it read as the expected one; after a
        /// conflict it reads only the events since. (Waiting until the log
        /// ended where the dismissal was planned, it never came while other
        /// threads kept appending.)
        ///
        /// - Returns: `true` when decided (dismissed, or nothing to dismiss);
        ///   `false` when an event after `seq` presents the link, the store
        ///   no longer holds the events after `seq`, or other writers came
        ///   in between 16 times in a row.
        private func dismiss(in store: ModalStore, seenThrough seq: Int) -> Bool {
            var checked = seq
            for _ in 0..<16 {
                let current = store.state
                if current.seq > checked {
                    let since = store.events(after: checked).prefix { $0.seq <= current.seq }
                    guard since.first?.seq == checked + 1, since.last?.seq == current.seq,
                        !since.contains(where: presentsLink)
                    else { return false }
                }
                guard let phase = current.modal(link: link, in: root)?.phase, phase != .dismissing else { return true }
                let event = ModalEvent.modalDismiss(root: root, link: link, reason: .lifetimeEnded)
                do throws(ModalStoreError) {
                    try store.append(event, source: .app, caller: caller, expectedSeq: current.seq)
                    return true
                } catch .conflict {
                    checked = current.seq  // another writer came in between: check its events
                } catch {
                    return true  // the state accepts a dismissal of a live modal; nothing else can fail
                }
            }
            return false
        }

        /// Whether `entry` (a step of a batch too) presents this modal's link in its root.
        private func presentsLink(_ entry: LoggedEvent) -> Bool {
            entry.event.steps.contains { step in
                guard case .modalPresent(let presentation) = step else { return false }
                return presentation.root == root && presentation.link == link
            }
        }

        /// Waits for `goal`, or returns at once when it is already decided.
        func wait(for goal: Goal) async -> Outcome {
            let id = state.withLock { status in
                defer { status.nextWaiter += 1 }
                return status.nextWaiter
            }
            defer {
                state.withLock { status in
                    status.registered.remove(id)
                    status.cancelledWaiters.remove(id)
                }
            }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let outcome = state.withLock { status -> Outcome? in
                        status.registered.insert(id)
                        if status.cancelledWaiters.remove(id) != nil { return .cancelled }
                        if let outcome = status.outcome(for: goal) { return outcome }
                        status.waiters[id] = Waiter(goal: goal, continuation: continuation)
                        return nil
                    }
                    if let outcome { continuation.resume(returning: outcome) }
                }
            } onCancel: {
                let waiter = state.withLock { status in
                    guard let waiter = status.waiters.removeValue(forKey: id) else {
                        // Not waiting yet: the wait sees this when it starts. Already resumed: nothing to do.
                        if !status.registered.contains(id) { status.cancelledWaiters.insert(id) }
                        return Waiter?.none
                    }
                    return waiter
                }
                waiter?.continuation.resume(returning: .cancelled)
            }
        }

        private func resume(_ waiters: [ReadyWaiter]) {
            for waiter in waiters { waiter.continuation.resume(returning: waiter.outcome) }
        }
    }
}

/// What a tracker lets go of, to be released outside its lock.
private struct Released {
    var store: ModalStore?
    var subscription: SubscriptionToken?

    func cancel() { subscription?.cancel() }
}

extension ModalLifetime.Tracker.Status {
    /// The outcome of `goal`, when the modal's progress has decided it.
    func outcome(for goal: ModalLifetime.Tracker.Goal) -> ModalLifetime.Tracker.Outcome? {
        switch goal {
        case .presented:
            if wasPresented { return .presented(true) }
            if phase == nil || phase == .dismissing { return .presented(false) }
            return nil
        case .dismissed:
            return phase == nil ? .dismissed(dismissReason) : nil
        }
    }

    /// Takes out the waiters whose goal is decided, with their outcomes,
    /// decided here under the lock.
    mutating func takeReadyWaiters() -> [ModalLifetime.Tracker.ReadyWaiter] {
        var ready: [ModalLifetime.Tracker.ReadyWaiter] = []
        for (id, waiter) in waiters {
            guard let outcome = outcome(for: waiter.goal) else { continue }
            waiters[id] = nil
            ready.append(.init(continuation: waiter.continuation, outcome: outcome))
        }
        return ready
    }

    fileprivate mutating func release() -> Released {
        defer {
            store = nil
            subscription = nil
        }
        return Released(store: store, subscription: subscription)
    }
}

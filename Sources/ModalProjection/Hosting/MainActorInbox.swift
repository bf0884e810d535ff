import ModalEvents

/// Updates posted from any thread, carried out on the main actor in the
/// order they were posted.
///
/// A store delivers on the thread that appends; a UI lives on the main
/// actor. ``post(_:)`` queues an update and asks the main actor to carry
/// out the queue, once; ``deliverPending()``, on the main actor, carries it
/// out at once. A delivery in progress is never entered again: an update
/// posted while it runs (a host's completion that appends) waits its turn
/// behind it.
@MainActor
final class MainActorInbox {
    /// The updates posted and not carried out yet, and whether the main
    /// actor has been asked to carry them out.
    private nonisolated let queue = Lock<(updates: [ModalUpdate], isScheduled: Bool)>(([], false))
    private let carryOut: @MainActor (ModalUpdate) -> Void
    private var isDelivering = false

    init(_ carryOut: @escaping @MainActor (ModalUpdate) -> Void) {
        self.carryOut = carryOut
    }

    /// Queues `update`: from any thread.
    nonisolated func post(_ update: ModalUpdate) {
        let schedules = queue.withLock { queue in
            queue.updates.append(update)
            defer { queue.isScheduled = true }
            return !queue.isScheduled
        }
        guard schedules else { return }
        Task { @MainActor [weak self] in
            self?.queue.withLock { $0.isScheduled = false }
            self?.deliverPending()
        }
    }

    /// Carries out every update posted so far, in order; nothing when called
    /// from inside a delivery, which carries them out itself.
    func deliverPending() {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while true {
            let updates = queue.withLock { queue in
                defer { queue.updates.removeAll() }
                return queue.updates
            }
            guard !updates.isEmpty else { return }
            for update in updates { carryOut(update) }
        }
    }
}

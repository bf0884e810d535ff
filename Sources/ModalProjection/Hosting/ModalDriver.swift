public import ModalEvents

/// Connects a store to a ``ModalHost``: the store's changes go to the host
/// on the main actor, in order, and the host's animations end in the
/// `modal.presented` and `modal.dismissed` events they stand for.
///
/// ```swift
/// let driver = ModalDriver(store: store, host: WindowHost(scene: scene))
/// ```
///
/// The host first gets what builds the store's current state from nothing,
/// then each event's changes. An event appended on the main actor reaches
/// the host once the main actor takes it (the next turn of its queue);
/// ``catchUp()`` hands it over at once. A completion the host calls appends
/// its event only when its modal is still where the host was when it
/// started (a present that a dismissal interrupted ends in nothing), and
/// only on the state the driver has carried out: when another writer came
/// first, it waits for those changes and decides again. So no event the
/// driver appends is rejected.
///
/// The driver holds the store and the host; it stops when it is released
/// or on ``stop()``.
@MainActor
public final class ModalDriver {
    /// The store it follows.
    public let store: ModalStore
    /// The host it drives.
    public let host: any ModalHost
    /// The state after the last update the host carried out.
    public private(set) var state = ModalState()

    private var inbox: MainActorInbox?
    private var subscription: SubscriptionToken?
    /// Each shown modal's presentation, numbered, so that a completion can
    /// tell its modal from one presented again with the same link.
    private var presentations: [ModalKey: Int] = [:]
    private var nextPresentation = 0
    /// Completions that met another writer's event, to decide again.
    private var waiting: [Completion] = []
    /// The events the driver appended that the store rejected: none, unless
    /// something is wrong with the store or the driver (report it).
    public private(set) var rejections: [Rejection] = []
    /// Whether a completion appends only when its modal is still in the
    /// phase it animated: off only in the package's tests, which check
    /// that a driver without the check is caught.
    package var checksCompletions = true

    /// Starts driving `host` with `store`'s changes.
    public init(store: ModalStore, host: some ModalHost) {
        self.store = store
        self.host = host
        let inbox = MainActorInbox { [weak self] update in self?.carryOut(update) }
        self.inbox = inbox
        subscription = store.subscribeToChanges { update in inbox.post(update) }
    }

    /// Hands the host every change appended so far, now, when called
    /// outside a delivery (from inside one, the delivery does it).
    public func catchUp() {
        inbox?.deliverPending()
    }

    /// Stops following the store: the host gets no more changes, and
    /// completions it calls later append nothing.
    public func stop() {
        subscription = nil
        inbox = nil
        waiting = []
        presentations = [:]
    }

    private func carryOut(_ update: ModalUpdate) {
        guard subscription != nil else { return }  // stopped, maybe by the host during this delivery
        // First: a host that completes at once decides on this state.
        state = update.state
        for change in update.changes {
            guard subscription != nil else { return }
            carryOut(change)
        }
        let retries = waiting
        waiting = []
        for completion in retries { complete(completion) }
    }

    private func carryOut(_ change: ModalChange) {
        switch change {
        case .startSession(let session):
            host.startSession(session)
        case .registerRoot(let root):
            host.registerRoot(root)
        case .resizeRoot(let root, let size):
            host.resizeRoot(root, to: size)
        case .removeRoot(let root):
            presentations = presentations.filter { $0.key.root != root }
            host.removeRoot(root)
        case .changeKeyboard(let keyboard):
            host.changeKeyboard(keyboard)
        case .setKeyboardOffset(let offset, let root):
            host.setKeyboardOffset(offset, in: root)
        case .setDimming(let visible, let root):
            host.setDimming(visible: visible, in: root)
        case .queue(let modal, let root):
            begin(modal.link, in: root)
            host.queue(modal, in: root)
        case .present(let modal, let root):
            present(modal, in: root, presentation: begin(modal.link, in: root))
        case .promote(let modal, let root):
            // It goes on with the presentation it queued with.
            present(modal, in: root, presentation: presentation(of: modal.link, in: root))
        case .presented(let link, let root):
            host.presented(link, in: root)
        case .dismiss(let link, let root, let reason):
            let completion = Completion(
                key: ModalKey(root: root, link: link), presentation: presentation(of: link, in: root),
                ends: .dismissing)
            host.dismiss(link, in: root, reason: reason) { [weak self] in self?.complete(completion) }
        case .dismissed(let link, let root):
            presentations[ModalKey(root: root, link: link)] = nil
            host.dismissed(link, in: root)
        case .push(let card, let link, let root):
            host.push(card, onto: link, in: root)
        case .pop(let card, let link, let root):
            host.pop(to: card, of: link, in: root)
        case .replaceTopCard(let card, let direction, let animation, let link, let root):
            host.replaceTopCard(of: link, with: card, direction: direction, animation: animation, in: root)
        case .updateTopCard(let card, let link, let root):
            host.updateTopCard(of: link, to: card, in: root)
        case .drag(let position, let link, let root):
            host.drag(link, to: position, in: root)
        case .endDrag(let snap, let link, let root):
            host.endDrag(link, to: snap, in: root)
        case .snap(let snap, let link, let root):
            host.snap(link, to: snap, in: root)
        }
    }

    private func present(_ modal: Modal, in root: String, presentation: Int) {
        let completion = Completion(
            key: ModalKey(root: root, link: modal.link), presentation: presentation, ends: .presenting)
        host.present(modal, in: root) { [weak self] in self?.complete(completion) }
    }

    /// The number of the presentation of `link` in `root` under way, or of a new one.
    private func presentation(of link: String, in root: String) -> Int {
        presentations[ModalKey(root: root, link: link)] ?? begin(link, in: root)
    }

    /// Numbers a new presentation of `link` in `root`.
    @discardableResult
    private func begin(_ link: String, in root: String) -> Int {
        nextPresentation += 1
        presentations[ModalKey(root: root, link: link)] = nextPresentation
        return nextPresentation
    }

    /// Appends the event that ends `completion`'s animation, when its modal
    /// is still in the phase it animated, on the state carried out.
    private func complete(_ completion: Completion) {
        guard subscription != nil else { return }
        guard
            !checksCompletions
                || (presentations[completion.key] == completion.presentation
                    && state.modal(link: completion.key.link, in: completion.key.root)?.phase == completion.ends)
        else { return }
        let event: ModalEvent =
            completion.ends == .presenting
            ? .modalPresented(root: completion.key.root, link: completion.key.link)
            : .modalDismissed(root: completion.key.root, link: completion.key.link)
        do throws(ModalStoreError) {
            // The platform ended the animation.
            try store.append(event, source: .system, expectedSeq: state.seq)
        } catch .conflict {
            waiting.append(completion)  // another writer came first: decide again once its changes are here
        } catch .rejected(let rejection) {
            rejections.append(rejection)
        } catch {
            // A log file that refuses to write it: its writer said why.
        }
    }
}

/// A modal by its root and link.
package struct ModalKey: Hashable, Sendable {
    package var root: String
    package var link: String

    package init(root: String, link: String) {
        self.root = root
        self.link = link
    }
}

/// An animation a host was asked for, that ends in an event.
private struct Completion {
    var key: ModalKey
    var presentation: Int
    /// The phase the animation ends: presenting (then `modal.presented`)
    /// or dismissing (then `modal.dismissed`).
    var ends: ModalPhase
}

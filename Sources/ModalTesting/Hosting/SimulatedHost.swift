public import ModalEvents
public import ModalProjection

/// A ``ModalHost`` with no screen: it keeps what it shows in a
/// ``ModalScreen``, and its animations take a random time on a clock of its
/// own, so a test decides when they end (``advance(by:)``) and can
/// interrupt them with the next change. Its user appends the gestures a
/// person makes (``tapDimming(in:)``, ``drag(_:in:through:velocity:)``) on
/// what it shows.
///
/// It is what the package's own driver tests run on Linux: a ``ModalDriver``
/// with this host, driven by random sessions, must leave it showing the
/// store's state once its animations are over, with no event of its
/// rejected. ``Flaw`` plants the bugs such a test must catch.
///
/// ```swift
/// let host = SimulatedHost(store: store, random: PropertyRandom(seed: 7))
/// let driver = ModalDriver(store: store, host: host)
/// try store.registerRoot()
/// driver.catchUp()
/// host.settle(with: driver)
/// host.screen == ModalScreen(store.state)  // true
/// ```
@MainActor
public final class SimulatedHost: ModalHost {
    /// A bug to plant in the host.
    public enum Flaw: Sendable, Hashable {
        /// A dismissal that comes while the modal's present animation runs
        /// is dropped: the modal stays, and its animation ends as if nothing came.
        case dropsDismissalWhilePresenting
        /// A popped card stays on the screen.
        case ignoresPops
    }

    /// What the host shows.
    public private(set) var screen = ModalScreen()
    /// The host's clock, in seconds.
    public private(set) var now = 0.0
    /// What was wrong with a change the host was asked to carry out (a
    /// modal it does not show): none, for a driver that keeps to the feed.
    public private(set) var mismatches: [String] = []
    /// The host's own events (its user's gestures) that the store rejected.
    public private(set) var rejections: [Rejection] = []
    /// How many animations a change cut short (a present that a dismissal
    /// or a removal came during, a dismissal that a removal came during).
    public private(set) var interrupted = 0
    /// How many of those still called their completion, late.
    public private(set) var lateCompletions = 0
    /// The bugs planted in it.
    public let flaws: Set<Flaw>
    /// Whether an animation that a change cut short still calls its
    /// completion when it would have ended, as UIKit's do (with `finished`
    /// false); otherwise it never does.
    public let completesInterruptedAnimations: Bool
    /// The store its user's gestures go to.
    public let store: ModalStore

    private var random: PropertyRandom
    private var animations: [Animation] = []

    /// An animation under way: a modal's present or dismissal, ending in a completion.
    private struct Animation {
        var end: Double
        var key: ModalKey
        var isPresent: Bool
        /// Whether a change cut it short: it shows nothing more, and its
        /// completion comes only if the host completes interrupted animations.
        var isCutShort = false
        var completion: @MainActor () -> Void
    }

    /// A host on `store`, whose animations last what `random` says: none
    /// (the completion comes at once) one time in eight, else 0.1 to 0.6 s.
    public init(
        store: ModalStore, random: PropertyRandom, flaws: Set<Flaw> = [], completesInterruptedAnimations: Bool = false
    ) {
        self.store = store
        self.random = random
        self.flaws = flaws
        self.completesInterruptedAnimations = completesInterruptedAnimations
    }

    /// Whether no animation is under way.
    public var isIdle: Bool { animations.isEmpty }

    /// Lets `seconds` pass: the animations that end by then end, in order,
    /// each calling its completion.
    public func advance(by seconds: Double) {
        let target = now + seconds
        while let next = animations.indices.min(by: { animations[$0].end < animations[$1].end }),
            animations[next].end <= target
        {
            let animation = animations.remove(at: next)
            now = max(now, animation.end)
            if animation.isCutShort { lateCompletions += 1 }
            animation.completion()
        }
        now = target
    }

    /// Ends every animation and hands the store's answers to the host, until
    /// nothing is left under way.
    public func settle(with driver: ModalDriver) {
        driver.catchUp()
        while !animations.isEmpty {
            advance(by: 1)
            driver.catchUp()
        }
    }

    // MARK: Its user

    /// The user taps the dimming view of `root`.
    public func tapDimming(in root: String) {
        record { () throws(ModalStoreError) in try store.tapDimming(in: root, source: .user) }
    }

    /// The user drags modal `link` of `root` through `positions` and lets go
    /// with `velocity`; a modal that is not on screen at rest is not dragged.
    public func drag(_ link: String, in root: String, through positions: [Double], velocity: Double) {
        guard screen.modal(link: link, in: root)?.phase == .presented,
            !animations.contains(where: { $0.key == ModalKey(root: root, link: link) && !$0.isCutShort })
        else { return }
        for position in positions {
            record { () throws(ModalStoreError) in try store.drag(link, to: position, in: root, source: .user) }
        }
        record { () throws(ModalStoreError) in try store.endDrag(link, velocity: velocity, in: root, source: .user) }
    }

    private func record(_ gesture: () throws(ModalStoreError) -> Void) {
        do {
            try gesture()
        } catch .rejected(let rejection) {
            rejections.append(rejection)
        } catch {
            // Only a log file refuses more, and this store has none.
        }
    }

    // MARK: ModalHost

    public func startSession(_ session: Int) { show(.startSession(session)) }
    public func registerRoot(_ root: RootState) { show(.registerRoot(root)) }
    public func resizeRoot(_ root: String, to size: Size) { show(.resizeRoot(root, to: size)) }

    public func removeRoot(_ root: String) {
        stopAnimations { $0.key.root == root }
        show(.removeRoot(root))
    }

    public func changeKeyboard(_ keyboard: KeyboardState) { show(.changeKeyboard(keyboard)) }
    public func setKeyboardOffset(_ offset: Double, in root: String) { show(.setKeyboardOffset(offset, root: root)) }
    public func setDimming(visible: Bool, in root: String) { show(.setDimming(visible: visible, root: root)) }
    public func queue(_ modal: Modal, in root: String) { show(.queue(modal, root: root)) }

    public func present(_ modal: Modal, in root: String, completion: @escaping @MainActor () -> Void) {
        let wasQueued = screen.modal(link: modal.link, in: root)?.phase == .queued
        show(wasQueued ? .promote(modal, root: root) : .present(modal, root: root))
        animate(ModalKey(root: root, link: modal.link), isPresent: true, completion: completion)
    }

    public func presented(_ link: String, in root: String) {
        stopAnimations { $0.key == ModalKey(root: root, link: link) && $0.isPresent }
        show(.presented(link: link, root: root))
    }

    public func dismiss(
        _ link: String, in root: String, reason: DismissReason, completion: @escaping @MainActor () -> Void
    ) {
        let key = ModalKey(root: root, link: link)
        if flaws.contains(.dropsDismissalWhilePresenting),
            animations.contains(where: { $0.key == key && $0.isPresent && !$0.isCutShort })
        {
            return
        }
        stopAnimations { $0.key == key }
        show(.dismiss(link: link, root: root, reason: reason))
        animate(key, isPresent: false, completion: completion)
    }

    public func dismissed(_ link: String, in root: String) {
        stopAnimations { $0.key == ModalKey(root: root, link: link) }
        show(.dismissed(link: link, root: root))
    }

    public func push(_ card: Card, onto link: String, in root: String) { show(.push(card, link: link, root: root)) }

    public func pop(to card: Card, of link: String, in root: String) {
        guard !flaws.contains(.ignoresPops) else { return }
        show(.pop(to: card, link: link, root: root))
    }

    public func replaceTopCard(
        of link: String, with card: Card, direction: ReplaceDirection, animation: ReplaceAnimation, in root: String
    ) {
        show(.replaceTopCard(with: card, direction: direction, animation: animation, link: link, root: root))
    }

    public func updateTopCard(of link: String, to card: Card, in root: String) {
        show(.updateTopCard(to: card, link: link, root: root))
    }

    public func drag(_ link: String, to position: Double, in root: String) {
        show(.drag(to: position, link: link, root: root))
    }

    public func endDrag(_ link: String, to snap: SnapState, in root: String) {
        show(.endDrag(snap, link: link, root: root))
    }

    public func snap(_ link: String, to snap: SnapState, in root: String) {
        show(.snap(snap, link: link, root: root))
    }

    private func show(_ change: ModalChange) {
        do {
            try screen.apply(change)
        } catch {
            mismatches.append("\(error)")
        }
    }

    /// Cuts short the animations under way that `test` picks: their
    /// completions never come, or come late.
    private func stopAnimations(where test: (Animation) -> Bool) {
        for index in animations.indices where !animations[index].isCutShort && test(animations[index]) {
            animations[index].isCutShort = true
            interrupted += 1
        }
        if !completesInterruptedAnimations { animations.removeAll(where: \.isCutShort) }
    }

    /// Starts an animation of `key`'s modal; one of no time completes at once.
    private func animate(_ key: ModalKey, isPresent: Bool, completion: @escaping @MainActor () -> Void) {
        guard !random.chance(1.0 / 8) else {
            completion()
            return
        }
        let duration = random.double(in: 0.1...0.6)
        animations.append(Animation(end: now + duration, key: key, isPresent: isPresent, completion: completion))
    }
}

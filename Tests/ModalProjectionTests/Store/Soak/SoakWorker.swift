import Foundation
import ModalEvents
import ModalProjection
import TestSupport

/// One of the soak's appending threads. It owns a root and five links
/// (`m1` nests in `m0`), and at each step reads the state and does one
/// thing a modal flow does through the store's typed commands: present
/// (keeping the lifetime), finish animations, dismiss, push and pop cards,
/// drag, release or end a lifetime, hand one to another thread, reconcile,
/// dismiss all, the keyboard, a batch, now and then remove its root.
///
/// Other threads' lifetimes dismiss this root's modals at any moment, so a
/// command can be rejected; any other error is a problem. It lives on its
/// thread alone, so it needs no lock of its own.
final class SoakWorker {
    static let links = ["m0", "m1", "m2", "m3", "m4"]
    /// Lifetimes a worker holds at most; past it, it releases the oldest.
    static let heldLimit = 6

    let index: Int
    let soak: Soak
    let root: String
    var random: SplitMixRandom
    var held: [ModalLifetime] = []
    var tallies: [String: Int] = [:]
    var store: ModalStore { soak.store }

    init(index: Int, soak: Soak) {
        self.index = index
        self.soak = soak
        root = "root-\(index)"
        random = SplitMixRandom(seed: 0x50A4 &+ UInt64(index))
    }

    func run() {
        while step() {
            soak.steps[index].withLock { $0 += 1 }
        }
        while !held.isEmpty { release(at: 0) }
        releaseReceived()
        soak.add(tallies)
    }

    /// One step, unless the run is done.
    ///
    /// - Returns: Whether it took one.
    func step() -> Bool {
        releaseReceived()
        var state = store.state
        while state.seq - soak.delivered.withLock({ $0 }) > soak.plan.lagAllowed, !soak.isFinished(at: state.seq) {
            // Subscribers are far behind: wait for them (see SoakPlan.lagAllowed).
            tallies["waits for delivery", default: 0] += 1
            Thread.sleep(forTimeInterval: 0.000_5)
            state = store.state
        }
        guard !soak.isFinished(at: state.seq) else { return false }
        guard let modals = state.root(root)?.modals else {
            attempt("root.register") { () throws(ModalStoreError) in
                try store.registerRoot(RootRegistration(root: root))
            }
            return true
        }
        let live = modals.filter { $0.phase != .dismissing }
        switch random.next(below: 100) {
        case 0..<20: present(besides: modals)
        case 20..<32: presented(pick(live.filter { $0.phase == .presenting }))
        case 32..<46: dismissed(pick(modals.filter { $0.phase == .dismissing }))
        case 46..<51: dismiss(pick(live))
        case 51..<59: changeCards(of: pick(live))
        case 59..<65: drag(pick(live.filter { $0.phase == .presented }))
        case 65..<72: if !held.isEmpty { release(at: random.next(below: held.count)) }
        case 72..<75: end(pick(held))
        case 75..<81: handOver()
        case 81..<88: reconcile(besides: modals)
        case 88..<90: attempt("dismissAll") { () throws(ModalStoreError) in try store.dismissAll(in: root) }
        case 90..<93: changeKeyboard(after: state.seq)
        case 93..<96: attempt("dimming.tap") { () throws(ModalStoreError) in try store.tapDimming(in: root) }
        case 96..<98: batch()
        default:
            // About once in 2,000 steps the root goes, with its modals; the next step registers it again.
            if random.next(below: 20) == 0 {
                attempt("root.remove") { () throws(ModalStoreError) in try store.removeRoot(root) }
            }
        }
        return true
    }

    // MARK: Commands

    /// Presents a link that is not live (`m1` only in a live `m0` that is not dismissing).
    func present(besides modals: [Modal]) {
        let shown = Set(modals.map(\.link))
        let parentShows = modals.contains { $0.link == "m0" && $0.phase != .dismissing }
        guard let link = pick(Self.links.filter { !shown.contains($0) && ($0 != "m1" || parentShows) }) else { return }
        let presentation = presentation(link, withLifetime: true)
        guard let lifetime = attempt("modal.present", { () throws(ModalStoreError) in try store.present(presentation) })
        else { return }
        held.append(lifetime)
        soak.lifetimesHeld.withLock { $0 += 1 }
        tallies["lifetimes taken", default: 0] += 1
        if held.count > Self.heldLimit { release(at: 0) }
    }

    /// The payload says whether a lifetime follows the modal: at the end,
    /// every such modal must be dismissing, as every lifetime was released.
    func presentation(_ link: String, withLifetime: Bool = false) -> ModalPresentation {
        ModalPresentation(
            root: root, link: link, content: "\(link)View", parent: link == "m1" ? "m0" : nil,
            payload: ["lifetime": .bool(withLifetime)], snapPoints: [0.5, 1])
    }

    func presented(_ modal: Modal?) {
        guard let modal else { return }
        attempt("modal.presented") { () throws(ModalStoreError) in try store.presented(modal.link, in: root) }
    }

    func dismissed(_ modal: Modal?) {
        guard let modal else { return }
        attempt("modal.dismissed") { () throws(ModalStoreError) in try store.dismissed(modal.link, in: root) }
    }

    func dismiss(_ modal: Modal?) {
        guard let modal else { return }
        attempt("modal.dismiss") { () throws(ModalStoreError) in try store.dismiss(modal.link, in: root) }
    }

    func changeCards(of modal: Modal?) {
        guard let modal else { return }
        let link = modal.link
        switch random.next(below: 4) {
        case 0 where modal.cards.count < 4:
            attempt("card.push") { () throws(ModalStoreError) in try store.push("Card", onto: link, in: root) }
        case 1 where modal.cards.count > 1:
            attempt("card.pop") { () throws(ModalStoreError) in try store.pop(from: link, in: root) }
        case 2:
            attempt("card.replace") { () throws(ModalStoreError) in
                try store.replaceTopCard(of: link, with: "Morph", in: root)
            }
        default:
            let height = HeightChange.points(Double(200 + random.next(below: 400)))
            attempt("card.update") { () throws(ModalStoreError) in
                try store.updateTopCard(of: link, height: height, in: root)
            }
        }
    }

    func drag(_ modal: Modal?) {
        guard let modal else { return }
        let link = modal.link
        if random.next(below: 3) == 0 {
            let index = random.next(below: 2)
            attempt("snap.to") { () throws(ModalStoreError) in try store.snap(link, to: index, in: root) }
            return
        }
        let position = Double(random.next(below: 101)) / 100
        let velocity = Double(random.next(below: 61) - 30) / 10  // at -3, a release off the screen dismisses
        attempt("drag.change") { () throws(ModalStoreError) in try store.drag(link, to: position, in: root) }
        attempt("drag.end") { () throws(ModalStoreError) in try store.endDrag(link, velocity: velocity, in: root) }
    }

    /// Makes the root show a random list of its links (`m1` in `m0`), none
    /// of them dismissing when the worker read the state.
    func reconcile(besides modals: [Modal]) {
        let dismissing = Set(modals.filter { $0.phase == .dismissing }.map(\.link))
        let links = ["m0", "m2", "m3", "m4"].filter { !dismissing.contains($0) && random.next(below: 2) == 0 }
        var desired = links.map { presentation($0) }
        if desired.first?.link == "m0", !dismissing.contains("m1"), random.next(below: 3) == 0 {
            desired.insert(presentation("m1"), at: 1)
        }
        guard
            let entries = attempt("reconcile", { () throws(ModalStoreError) in try store.reconcile(root, to: desired) })
        else { return }
        if !entries.isEmpty { tallies["reconciles that appended", default: 0] += 1 }
    }

    /// A keyboard change with the seq the worker read the state at: another
    /// writer in between is a conflict, the one error besides a rejection
    /// that it can get.
    func changeKeyboard(after seq: Int) {
        let height = Double([0, 291, 336][random.next(below: 3)])
        do throws(ModalStoreError) {
            try store.append(.keyboardChange(height: height), expectedSeq: seq)
            tallies["keyboard.change", default: 0] += 1
        } catch .conflict {
            tallies["keyboard conflicts", default: 0] += 1
        } catch {
            soak.problem("\(root): keyboard.change: an error of an unexpected kind: \(error)")
        }
    }

    func batch() {
        let root = root
        attempt("batch") { () throws(ModalStoreError) in
            try store.batch { batch in
                batch.tapDimming(in: root)
                batch.changeKeyboard(height: 0)
            }
        }
    }

    // MARK: Lifetimes

    /// Releases a held lifetime here: when its modal is live, the store
    /// appends its dismissal.
    func release(at position: Int) {
        held.remove(at: position)
        soak.lifetimesHeld.withLock { $0 -= 1 }
        tallies["lifetimes released on their thread", default: 0] += 1
    }

    func end(_ lifetime: ModalLifetime?) {
        guard let lifetime else { return }
        lifetime.end()
        tallies["lifetimes ended", default: 0] += 1
    }

    /// Hands a lifetime to the other workers, or to a subscriber's callback, to release.
    func handOver() {
        guard !held.isEmpty else { return }
        let lifetime = held.remove(at: random.next(below: held.count))
        let toCallback =
            random.next(below: 4) == 0
            && soak.callbackInbox.withLock { inbox in
                guard inbox.count < soak.plan.callbackInboxLimit else { return false }
                inbox.append(lifetime)
                return true
            }
        if !toCallback { soak.handedOver.withLock { $0.append((index, lifetime)) } }
        tallies["lifetimes handed over", default: 0] += 1
    }

    /// Releases the lifetimes other workers handed over.
    func releaseReceived() {
        let received = soak.handedOver.withLock { handed in
            let others = handed.filter { $0.from != index }
            handed.removeAll { $0.from != index }
            return others
        }
        guard !received.isEmpty else { return }
        soak.lifetimesHeld.withLock { $0 -= received.count }
        tallies["lifetimes released on another thread", default: 0] += received.count
    }

    // MARK: Helpers

    func pick<Element>(_ elements: [Element]) -> Element? {
        elements.isEmpty ? nil : elements[random.next(below: elements.count)]
    }

    /// Runs a command: a rejection is counted by its code, any other
    /// error is a problem.
    @discardableResult
    func attempt<Result>(_ name: String, _ command: () throws(ModalStoreError) -> Result) -> Result? {
        do throws(ModalStoreError) {
            let result = try command()
            tallies[name, default: 0] += 1
            return result
        } catch .rejected(let rejection) {
            tallies["rejected: \(rejection.code.rawValue)", default: 0] += 1
            tallies["rejected \(name)", default: 0] += 1
        } catch {
            soak.problem("\(root): \(name): an error of an unexpected kind: \(error)")
        }
        return nil
    }
}

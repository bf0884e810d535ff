import Foundation
import ModalEvents
import ModalProjection
import TestSupport

/// The kinds of subscription the soak starts and ends.
enum SoakSubscription: String, CaseIterable, Sendable {
    /// Every event from now on.
    case events
    /// The held events after a recent seq, then the live ones.
    case catchUp
    /// One worker's root: a subset of the seqs, in order.
    case filtered
    /// The states, with or without the current one first.
    case states
    /// The change feed (`subscribeToChanges`).
    case changes
    /// Events until it has seen a few hundred, then it cancels itself from its callback.
    case selfCancelling
    /// Events; in its callback, it releases the lifetimes workers handed to it.
    case releasing
    /// Events; every 97th seq, it appends a keyboard change from its callback.
    case appending
}

/// How a subscription ends.
enum SoakEnding: String, CaseIterable {
    /// `token.cancel()`.
    case cancel
    /// The last reference to the token goes.
    case release
    /// The token was kept with `store(in:)` in a set, and is removed from it.
    case set
}

/// One of the soak's subscribing threads: it keeps up to a few
/// subscriptions on, each for a random while, starting and ending them
/// as the workers append.
final class SoakSubscriberThread {
    struct Active {
        var kind: SoakSubscription
        var token: SubscriptionToken
        var checker: SoakChecker
        var ending: SoakEnding
        /// Turns (of 0.1 to 2 ms) left before it ends: up to about 2 s.
        var turns: Int
    }

    let soak: Soak
    var random: SplitMixRandom
    var active: [Active] = []
    var set: Set<SubscriptionToken> = []
    var tallies: [String: Int] = [:]
    var store: ModalStore { soak.store }

    init(index: Int, soak: Soak) {
        self.soak = soak
        random = SplitMixRandom(seed: 0x5B5C &+ UInt64(index))
    }

    func run() {
        while !soak.isFinished {
            Thread.sleep(forTimeInterval: Double(1 + random.next(below: 20)) / 10_000)
            for index in active.indices { active[index].turns -= 1 }
            while let index = active.firstIndex(where: { $0.turns <= 0 }) { end(active.remove(at: index)) }
            if active.count < soak.plan.subscriptionsPerThread { start() }
        }
        while !active.isEmpty { end(active.removeLast()) }
        soak.add(tallies)
    }

    func start() {
        let kind = SoakSubscription.allCases[random.next(below: SoakSubscription.allCases.count)]
        let checker = SoakChecker(kind: kind, soak: soak)
        let token = subscribe(kind, checker: checker)
        let ending = SoakEnding.allCases[random.next(below: SoakEnding.allCases.count)]
        if ending == .set { token.store(in: &set) }
        active.append(
            Active(kind: kind, token: token, checker: checker, ending: ending, turns: 20 + random.next(below: 2_000)))
        soak.subscriptionsOn.withLock { $0 += 1 }
        tallies["subscriptions started: \(kind.rawValue)", default: 0] += 1
    }

    func subscribe(_ kind: SoakSubscription, checker: SoakChecker) -> SubscriptionToken {
        let coin = random.next(below: 2) == 0
        switch kind {
        case .events:
            return store.subscribe { checker.see($0) }
        case .catchUp:
            let after = max(0, store.lastSeq - random.next(below: 600))
            checker.expect(after: after)  // before subscribing: catch-up may be delivered before it returns
            return store.subscribe(after: after) { checker.see($0) }
        case .filtered:
            let filter = EventFilter(root: "root-\(random.next(below: soak.plan.workers))")
            return store.subscribe(filter: filter) { entry in
                checker.see(seq: entry.seq, event: entry, state: nil, contiguous: false)
            }
        case .states:
            return store.subscribeToStates(startingWithCurrent: coin) { state in
                checker.see(seq: state.seq, event: nil, state: state)
            }
        case .changes:
            return store.subscribeToChanges(startingWithCurrent: coin) { update in
                if let entry = update.entry, entry.seq != update.state.seq {
                    checker.report("an update of seq \(entry.seq) carries the state of seq \(update.state.seq)")
                }
                checker.see(seq: update.state.seq, event: update.entry, state: update.state)
            }
        case .selfCancelling:
            let own = Locked(WeakToken())
            let limit = 20 + random.next(below: 400)
            let token = store.subscribe { entry in
                checker.see(entry)
                guard checker.count >= limit, let token = own.withLock({ $0.token }) else { return }
                token.cancel()
                checker.cancelledItself(at: entry.seq)
            }
            own.withLock { $0.token = token }
            return token
        case .releasing:
            let inbox = soak.callbackInbox
            let held = soak.lifetimesHeld
            return store.subscribe { entry in
                checker.see(entry)
                let lifetimes = inbox.withLock { inbox in
                    defer { inbox = [] }
                    return inbox
                }
                guard !lifetimes.isEmpty else { return }
                held.withLock { $0 -= lifetimes.count }
                checker.released(lifetimes.count)
            }
        case .appending:
            return store.subscribe { [weak store] entry in
                checker.see(entry)
                guard entry.seq % 97 == 0, let store else { return }
                do throws(ModalStoreError) {
                    try store.changeKeyboard(height: 0)
                    checker.appended()
                } catch {
                    checker.report("an append from a callback failed: \(error)")
                }
            }
        }
    }

    /// Ends a subscription as its ending says, and checks that its token
    /// is gone with the last reference to it: the store never holds one.
    func end(_ subscription: consuming Active) {
        let (kind, ending, checker) = (subscription.kind, subscription.ending, subscription.checker)
        weak var token: SubscriptionToken?
        token = subscription.token
        switch ending {
        case .cancel: subscription.token.cancel()
        case .release: break
        case .set: set.remove(subscription.token)
        }
        _ = consume subscription
        // A self-cancelling callback in flight on a delivering thread holds the token while it
        // cancels it (its own reference, not the store's): the token goes once that callback returns.
        let deadline = ContinuousClock.now + .seconds(2)
        while token != nil, kind == .selfCancelling, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        if token != nil { soak.problem("a \(kind.rawValue) subscription's token outlived its last reference") }
        soak.subscriptionsOn.withLock { $0 -= 1 }
        tallies["subscriptions ended: \(ending.rawValue)", default: 0] += 1
        tallies["deliveries checked", default: 0] += checker.count
        for (name, count) in checker.tallies { tallies[name, default: 0] += count }
    }
}

/// A token a subscriber's own callback can reach without keeping it alive.
struct WeakToken {
    weak var token: SubscriptionToken?
}

/// What one subscription saw, checked as it comes: seqs strictly
/// increasing and (but for a filtered one) with none missing, the same
/// event and state at each seq as every other subscriber (``SoakLedger``),
/// a catch-up from after the seq asked for, and nothing after it cancelled
/// itself. A fault is reported to the soak at once, so one that comes
/// after the subscription ended is not lost.
final class SoakChecker: Sendable {
    private struct Progress {
        var last: Int?
        var count = 0
        var after: Int?
        var cancelledAt: Int?
        var matches = 0
        var tallies: [String: Int] = [:]
    }

    let kind: SoakSubscription
    let soak: Soak
    private let progress = Locked(Progress())

    init(kind: SoakSubscription, soak: Soak) {
        self.kind = kind
        self.soak = soak
        soak.checkersAlive.withLock { $0 += 1 }
    }

    deinit {
        soak.checkersAlive.withLock { $0 -= 1 }
    }

    var count: Int { progress.withLock { $0.count } }
    var tallies: [String: Int] {
        progress.withLock { progress in
            progress.tallies.merging(["ledger matches": progress.matches], uniquingKeysWith: +)
        }
    }

    func expect(after seq: Int) {
        progress.withLock { $0.after = seq }
    }

    func see(_ entry: LoggedEvent) {
        see(seq: entry.seq, event: entry, state: nil)
    }

    func see(seq: Int, event: LoggedEvent?, state: ModalState?, contiguous: Bool = true) {
        let fault = progress.withLock { progress -> String? in
            defer {
                progress.last = max(progress.last ?? seq, seq)
                progress.count += 1
            }
            if let cancelledAt = progress.cancelledAt {
                return "called with seq \(seq) after it cancelled itself at seq \(cancelledAt)"
            }
            guard let last = progress.last else {
                if let after = progress.after, seq <= after {
                    return "a catch-up after seq \(after) began at seq \(seq)"
                }
                return nil
            }
            if seq <= last { return "seq \(seq) after seq \(last): out of order, or twice" }
            if contiguous && seq != last + 1 { return "seq \(seq) after seq \(last): \(seq - last - 1) missing" }
            return nil
        }
        if let fault { report(fault) }
        switch soak.ledger.check(seq: seq, event: event, state: state) {
        case .mismatch(let message): report(message)
        case .matched: progress.withLock { $0.matches += 1 }
        case .recorded, .tooOld: break
        }
    }

    func cancelledItself(at seq: Int) {
        progress.withLock { $0.cancelledAt = seq }
        tally("subscriptions that cancelled themselves in a callback")
    }

    func released(_ count: Int) { tally("lifetimes released in a callback", count) }

    func appended() { tally("appends from a callback") }

    func tally(_ name: String, _ count: Int = 1) {
        progress.withLock { $0.tallies[name, default: 0] += count }
    }

    func report(_ fault: String) {
        soak.problem("\(kind.rawValue) subscriber: \(fault)")
    }
}

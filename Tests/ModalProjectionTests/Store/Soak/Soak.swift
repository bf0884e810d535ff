import Foundation
import ModalEvents
import ModalProjection
import TestSupport

/// How long the soak runs, and its sizes.
struct SoakPlan: Sendable {
    enum Length: Sendable {
        case events(Int)
        case duration(Duration)
    }

    var length: Length
    /// Threads that append modal work, each in a root of its own.
    var workers = 8
    /// Threads that subscribe and end subscriptions.
    var subscriberThreads = 2
    /// Subscriptions each subscribing thread keeps on at most.
    var subscriptionsPerThread = 4
    /// The events the store keeps in memory (`.last(n)`).
    var retainedEvents = 1_000
    /// Small segments, so the log rotates every few hundred events.
    var segmentBytes = 64 * 1024
    /// Segments kept on disk: the older ones are removed as new ones start.
    var retainedFiles = 4
    /// How often memory and the store's counts are sampled.
    var sampleInterval: Duration = .milliseconds(100)
    /// The share of the run whose memory samples are left out (and those
    /// before the store's window of events is full): memory grows while the
    /// window, the state, the queue and the allocator's arenas fill up.
    var warmUp = 0.2
    /// How long no worker may make a step before the run counts as stuck.
    var stallLimit: Duration = .seconds(120)
    /// How far the log may run ahead of what subscribers have been
    /// delivered before a worker waits. The store has no backpressure: when
    /// its subscribers take longer per event than the appends do (as these
    /// do in a debug build), the queue grows without bound, as an unbounded
    /// stream's does with a slow consumer (unpaced, 88,740 steps waited and
    /// memory grew by 150 MB in 86 s). So the workers pace themselves; the
    /// lag also sets how soon a released lifetime's dismissal is decided.
    var lagAllowed = 100
    /// Lifetimes waiting for a subscriber's callback to release them, at most.
    var callbackInboxLimit = 16

    /// The store's subscribers at once: 8 subscriptions and the pacing one,
    /// a lifetime for each live modal a worker presented (at most 40), and
    /// the released ones whose dismissal waits behind the events not yet
    /// delivered (about 50 in all seen). Leaking the tracker of one
    /// lifetime in ten passes it in a run of 20,000 events.
    var storeSubscribersAllowed = 400

    /// Steps waiting to be delivered at once: the events the workers let
    /// subscribers fall behind by (``lagAllowed``, 100), and the
    /// steps that are not events (lifetimes' decisions, catch-ups, states
    /// to start from): about 150 seen. Steps of another kind that pile up
    /// pass it.
    var deliveryBacklogAllowed = 2_000

    /// Whether resident memory is held to its bound (it is always printed):
    /// only when the soak has the process to itself, as the memory of the
    /// suites running beside it shows in the process's too (22 MB in one
    /// run of the whole suite, 0.3 MB alone). `.ci/run` runs it alone with
    /// `MODAL_EVENTS_SOAK_ALONE=1 swift test --filter SoakTests`, and a
    /// long soak (`MODAL_EVENTS_SOAK_MINUTES`) is run so. Never under the
    /// thread sanitizer, whose run is for races: its shadow memory triples
    /// the process's. The store's own counts are checked in every run.
    #if MODAL_EVENTS_THREAD_SANITIZER
        let checksResidentMemory = false
    #else
        let checksResidentMemory = ["MODAL_EVENTS_SOAK_ALONE", "MODAL_EVENTS_SOAK_MINUTES"].contains {
            ProcessInfo.processInfo.environment[$0] != nil
        }
    #endif

    /// The events of a run in `swift test`: about 15 s in a debug build on
    /// two cores; a fifth of them under the thread sanitizer (about 10 s:
    /// it runs the soak three to four times slower).
    #if MODAL_EVENTS_THREAD_SANITIZER
        static let eventsInCI = 4_000
    #else
        static let eventsInCI = 20_000
    #endif

    /// `MODAL_EVENTS_SOAK_MINUTES=N` runs for N minutes (a fraction is fine);
    /// else a fixed number of events.
    static var current: SoakPlan {
        let text = ProcessInfo.processInfo.environment["MODAL_EVENTS_SOAK_MINUTES"] ?? ""
        guard let minutes = Double(text), minutes > 0 else { return SoakPlan(length: .events(eventsInCI)) }
        var plan = SoakPlan(length: .duration(.milliseconds(Int(minutes * 60_000))))
        plan.sampleInterval = .seconds(1)
        return plan
    }

    var description: String {
        switch length {
        case .events(let count): "\(count.formatted()) events"
        case .duration(let duration): "\(duration)"
        }
    }
}

/// One look at the process and the store during the run.
struct SoakSample: Sendable {
    /// How far the run was, from 0 to 1.
    var progress: Double
    var seq: Int
    /// The process's resident memory, in bytes; `nil` where it is not read.
    var resident: Int?
    var eventsHeld: Int
    var storeSubscribers: Int
    /// Events and other steps waiting to be delivered.
    var deliveryBacklog: Int
    /// The delivery queue's storage, delivered steps' slots included.
    var deliveryQueueSlots: Int
    var subscriptionsOn: Int
    var lifetimesHeld: Int
    var segmentFiles: Int
}

/// What the soak's threads share: the store, when to stop, the lifetimes
/// handed from thread to thread, the ledger of what subscribers saw, the
/// samples, and the tallies.
final class Soak: Sendable {
    let store: ModalStore
    let plan: SoakPlan
    let logPath: String
    let start = ContinuousClock.now
    let ledger = SoakLedger()
    /// Lifetimes a worker handed over, with its index: another worker
    /// takes them and releases them.
    let handedOver = Locked<[(from: Int, lifetime: ModalLifetime)]>([])
    /// Lifetimes a subscriber releases in its callback.
    let callbackInbox = Locked<[ModalLifetime]>([])
    /// The last seq delivered to the subscription the workers pace themselves on.
    let delivered = Locked(0)
    /// Each worker's steps, for the watchdog: a lock each, so workers never
    /// wait on one another for it.
    let steps: [Locked<Int>]
    /// Lifetimes taken and not yet released (held by a worker or in an inbox).
    let lifetimesHeld = Locked(0)
    /// Subscriptions the subscribing threads have on.
    let subscriptionsOn = Locked(0)
    /// ``SoakChecker``s alive: the store forgets a subscriber's closure when
    /// its subscription ends, so this is 0 once every subscription has.
    let checkersAlive = Locked(0)
    let samples = Locked<[SoakSample]>([])
    private let stopReason = Locked<String?>(nil)
    private let counts = Locked<[String: Int]>([:])
    private let problems = Locked<(count: Int, first: [String])>((0, []))

    init(store: ModalStore, plan: SoakPlan, logPath: String) {
        self.store = store
        self.plan = plan
        self.logPath = logPath
        steps = (0..<plan.workers).map { _ in Locked(0) }
    }

    /// Whether the run has done what it was to do, or was stopped.
    var isFinished: Bool { isFinished(at: store.lastSeq) }

    /// Whether the run has done what it was to do, with the log at `seq`
    /// (a worker has just read the state: no turn of the store's lock), or
    /// was stopped.
    func isFinished(at seq: Int) -> Bool { progress(at: seq) >= 1 || stoppedBecause != nil }

    /// Why the run was stopped before its end: a sample past one of the
    /// plan's bounds. The threads end at once, and the checks that follow
    /// say what went wrong, where going on could take the machine down
    /// with it (a leak) or stall it.
    var stoppedBecause: String? { stopReason.withLock { $0 } }

    func stop(because reason: String) {
        stopReason.withLock { $0 = $0 ?? reason }
    }

    /// How far the run is with the log at `seq`, from 0 to 1 (or more).
    func progress(at seq: Int) -> Double {
        switch plan.length {
        case .events(let count): Double(seq) / Double(count)
        case .duration(let duration): (ContinuousClock.now - start) / duration
        }
    }

    var totalSteps: Int { steps.reduce(0) { $0 + $1.withLock { $0 } } }

    /// Adds a thread's tallies to the run's.
    func add(_ tallies: [String: Int]) {
        counts.withLock { counts in counts.merge(tallies, uniquingKeysWith: +) }
    }

    var tallies: [String: Int] { counts.withLock { $0 } }

    /// Something the soak holds the store to did not hold: the first 20
    /// are kept to be reported, all are counted.
    func problem(_ message: String) {
        problems.withLock { problems in
            problems.count += 1
            if problems.first.count < 20 { problems.first.append(message) }
        }
    }

    var reportedProblems: (count: Int, first: [String]) { problems.withLock { $0 } }

    /// Releases every lifetime still handed over or in the callbacks' inbox, on this thread.
    func releaseInboxes() -> Int {
        let handed = handedOver.withLock { handed in
            defer { handed = [] }
            return handed.count
        }
        let inbox = callbackInbox.withLock { inbox in
            defer { inbox = [] }
            return inbox.count
        }
        lifetimesHeld.withLock { $0 -= handed + inbox }
        return handed + inbox
    }

    /// Samples memory and the store's counts every `plan.sampleInterval`
    /// until the run is done; in a run of minutes, prints a line a minute.
    func sampleUntilFinished() {
        var lastPrinted = ContinuousClock.now
        while !isFinished {
            Thread.sleep(forTimeInterval: plan.sampleInterval / .seconds(1))
            let sample = takeSample()
            samples.withLock { $0.append(sample) }
            if let excess = sample.excess(of: plan) { stop(because: excess) }
            if case .duration = plan.length, ContinuousClock.now - lastPrinted >= .seconds(60) {
                lastPrinted = .now
                print("SoakTests: \(sample.line(at: ContinuousClock.now - start))")
            }
        }
    }

    func takeSample() -> SoakSample {
        let segments = (try? FileManager.default.contentsOfDirectory(atPath: logPath)) ?? []
        let seq = store.lastSeq
        return SoakSample(
            progress: progress(at: seq), seq: seq, resident: residentMemoryBytes(), eventsHeld: store.events.count,
            storeSubscribers: store.subscriberCount, deliveryBacklog: store.deliveryBacklog,
            deliveryQueueSlots: store.deliveryQueueSlots, subscriptionsOn: subscriptionsOn.withLock { $0 },
            lifetimesHeld: lifetimesHeld.withLock { $0 }, segmentFiles: segments.filter { $0.hasSuffix(".jsonl") }.count
        )
    }
}

extension SoakSample {
    /// What in the sample is past the plan's bounds, if anything.
    func excess(of plan: SoakPlan) -> String? {
        if storeSubscribers > plan.storeSubscribersAllowed {
            return "\(storeSubscribers) store subscribers at seq \(seq)"
        }
        if deliveryBacklog > plan.deliveryBacklogAllowed { return "\(deliveryBacklog) steps waiting at seq \(seq)" }
        if eventsHeld > plan.retainedEvents { return "\(eventsHeld) events held at seq \(seq)" }
        return nil
    }

    func line(at elapsed: Duration) -> String {
        "\(elapsed): seq \(seq.formatted()), resident \(resident.map(megabytes) ?? "not read"), "
            + "\(eventsHeld) events held, \(storeSubscribers) store subscribers, \(lifetimesHeld) lifetimes held, "
            + "\(deliveryBacklog) steps waiting to be delivered"
    }
}

func megabytes(_ bytes: Int) -> String {
    (Double(bytes) / 1_048_576).formatted(.number.precision(.fractionLength(1))) + " MB"
}

/// The event and the state that subscribers saw at each recent seq, from
/// the first to see it: every later subscriber, and the log read back at
/// the end, must see the same. A ring of the last 65,536 seqs, so it
/// takes the same memory however long the run; a state is hashed at every
/// 16th seq only, as hashing the whole state at every event on every state
/// subscriber would slow delivery down more than the store itself.
final class SoakLedger: Sendable {
    static let capacity = 1 << 16
    static let stateEvery = 16

    enum Outcome: Equatable {
        case recorded, matched, tooOld
        case mismatch(String)
    }

    private struct Slot {
        var seq = -1
        var event: Int?
        var state: Int?
    }

    private let slots = Locked([Slot](repeating: Slot(), count: capacity))

    /// Records what was seen at `seq`, or compares it with what was.
    func check(seq: Int, event: LoggedEvent?, state: ModalState?) -> Outcome {
        let eventHash = event?.hashValue
        let stateHash = seq % Self.stateEvery == 0 ? state?.hashValue : nil
        guard eventHash != nil || stateHash != nil else { return .recorded }
        return slots.withLock { slots in
            let index = seq % Self.capacity
            if slots[index].seq > seq { return .tooOld }
            if slots[index].seq < seq {
                slots[index] = Slot(seq: seq, event: eventHash, state: stateHash)
                return .recorded
            }
            var outcome = Outcome.recorded
            for (seen, new, what) in [
                (slots[index].event, eventHash, "event"), (slots[index].state, stateHash, "state"),
            ] {
                guard let new else { continue }
                guard let seen else { continue }
                if seen != new { return .mismatch("seq \(seq): not the \(what) seen there first") }
                outcome = .matched
            }
            slots[index].event = slots[index].event ?? eventHash
            slots[index].state = slots[index].state ?? stateHash
            return outcome
        }
    }
}

import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// The soak: a store on a log of small segments (rotating every few
/// hundred events, the oldest removed), with eight threads appending modal
/// work through the typed commands, lifetimes released on their own
/// thread, on another and in a subscriber's callback, reconcile, and two
/// threads starting and ending subscriptions of every kind, for 20,000
/// events (4,000 under the thread sanitizer; `MODAL_EVENTS_SOAK_MINUTES=N`:
/// for N minutes). It holds that memory stays flat (measured), no
/// subscription outlives its token, every subscriber sees one order, every
/// released lifetime dismisses its modal, and the log read back replays to
/// the store's state and to the states subscribers saw.
///
/// `.serialized`: the soak measures the process's memory, so it runs
/// alone in its suite (other suites may still run beside it: see
/// ``SoakTests/residentGrowthAllowed``).
@Suite(.serialized) struct SoakTests {
    /// How much the process's resident memory may grow from the first
    /// quarter of the run (after the warm-up) to the last, comparing the
    /// medians of each quarter's samples: 10 MB.
    ///
    /// What the store keeps is bounded by design (1,000 events, 8 roots of
    /// at most 5 modals, at most 8 subscriptions, lifetimes, the queue),
    /// and those counts are checked exactly; this catches what no count
    /// shows, memory the run leaves behind as it goes. Runs grew by 0.1 to
    /// 0.9 MB, but for one step of 4 to 5 MB that the allocator takes once,
    /// at a time that varies (from the first seconds to two minutes in),
    /// which the bound leaves room for. Between the two medians lie about
    /// 60% of the events: over 20,000, a leak of 1 KB per event passes the
    /// bound; over ten minutes (about 800,000), one of 25 bytes. Other
    /// suites run in the same process in `swift test`, and their memory
    /// shows here too: the medians take out their brief peaks.
    static let residentGrowthAllowed = 10 * 1_048_576

    @Test func aStoreOnASegmentedLogHoldsUpUnderEightThreads() throws {
        let plan = SoakPlan.current
        let folder = try TemporaryFolder()
        weak var weakStore: ModalStore?
        try soak(plan, in: folder) { weakStore = $0 }
        #expect(weakStore == nil, "the store outlived the soak: a subscription or a lifetime still holds it")
    }

    func soak(_ plan: SoakPlan, in folder: TemporaryFolder, store seen: (ModalStore) -> Void) throws {
        let path = folder.file("log")
        let calls = FaultyCalls()  // with no fault planned, it only counts the writer's system calls
        var logOptions = EventLogWriter.Options(
            durability: .group(),
            segments: EventLogWriter.Segments(maximumBytes: plan.segmentBytes, retainedFiles: plan.retainedFiles))
        logOptions.fileSystem = FileSystem(calls)
        let store = try ModalStore(
            logAt: path, options: EventStoreOptions(retention: .last(plan.retainedEvents)), logOptions: logOptions)
        seen(store)
        let soak = Soak(store: store, plan: plan, logPath: path)
        let delivered = soak.delivered
        let lifetimeDismissals = Counter()
        let pace = store.subscribe { entry in
            delivered.withLock { $0 = entry.seq }
            if case .modalDismiss(_, _, .lifetimeEnded) = entry.event { lifetimeDismissals.increment() }
        }
        print(
            "SoakTests: \(plan.description), \(plan.workers) appending threads, \(plan.subscriberThreads) subscribing")
        // Weak: a thread lets go of the store when its work is done, not when its `Thread` object goes.
        let threads = startThreads(plan.workers + 1 + plan.subscriberThreads) { [weak soak] index in
            guard let soak else { return }
            if index < plan.workers {
                SoakWorker(index: index, soak: soak).run()
            } else if index == plan.workers {
                soak.sampleUntilFinished()
            } else {
                SoakSubscriberThread(index: index, soak: soak).run()
            }
        }
        guard Self.watch(threads, soak) else { return }
        let elapsed = ContinuousClock.now - soak.start
        if let reason = soak.stoppedBecause { Issue.record(Comment(rawValue: "the soak stopped early: \(reason)")) }
        let releasedAtEnd = soak.releaseInboxes()
        pace.cancel()

        let problems = soak.reportedProblems
        #expect(
            problems.count == 0, "\(problems.count) problems, the first:\n\(problems.first.joined(separator: "\n"))")
        #expect(store.subscriberCount == 0, "subscriptions left on after every token and lifetime went")
        #expect(soak.checkersAlive.withLock { $0 } == 0, "the store kept a closure of an ended subscription")
        #expect(soak.lifetimesHeld.withLock { $0 } == 0)
        let samples = soak.samples.withLock { $0 }
        let held = samples.map(\.eventsHeld).max() ?? 0
        let subscribers = samples.map(\.storeSubscribers).max() ?? 0
        let files = samples.map(\.segmentFiles).max() ?? 0
        let backlog = samples.map(\.deliveryBacklog).max() ?? 0
        let slots = samples.map(\.deliveryQueueSlots).max() ?? 0
        #expect(held <= plan.retainedEvents, "the store held \(held) events, past its retention")
        #expect(subscribers <= plan.storeSubscribersAllowed, "\(subscribers) store subscribers at once")
        #expect(backlog <= plan.deliveryBacklogAllowed, "\(backlog) steps waited to be delivered at once")
        #expect(slots <= 2 * backlog + 2_048, "the delivery queue held \(slots) slots for \(backlog) waiting steps")
        #expect(
            files <= plan.retainedFiles + 1, "\(files) segments on disk at once, past the \(plan.retainedFiles) kept")
        let memory = ResidentTrend(samples, warmUp: plan.warmUp, windowFull: plan.retainedEvents)
        if let memory, plan.checksResidentMemory {
            #expect(
                memory.growth <= Self.residentGrowthAllowed,
                "resident memory grew by \(megabytes(memory.growth)) over the run: \(memory)")
        }

        let undismissed = store.state.roots.flatMap { root in
            root.modals.filter { $0.payload?["lifetime"] == true && $0.phase != .dismissing }.map {
                "\(root.id)/\($0.link)"
            }
        }
        #expect(undismissed.isEmpty, "modals whose lifetime was released and that are not dismissing: \(undismissed)")

        let lastSeq = store.lastSeq
        try store.log?.close()
        #expect(store.log?.durableSeq == lastSeq)
        let replay = try Self.replay(path, against: soak)
        #expect(replay.state == store.state, "the log does not replay to the store's state")
        #expect(replay.state.seq == lastSeq)

        var tallies = soak.tallies
        tallies["lifetime dismissals", default: 0] += lifetimeDismissals.current
        print(
            SoakReport(
                plan: plan, elapsed: elapsed, lastSeq: lastSeq, tallies: tallies, releasedAtEnd: releasedAtEnd,
                segmentsWritten: calls.count(of: .rename), replay: replay,
                memory: memory, maximums: (held, subscribers, files, backlog, slots)
            ).text)
    }

    /// Waits for the soak's threads. `false`, with an issue, when no worker
    /// made a step for the plan's stall limit: a deadlock, or a thread that
    /// never returns (they are left running).
    static func watch(_ threads: StartedThreads, _ soak: Soak) -> Bool {
        var steps = soak.totalSteps
        var lastMove = ContinuousClock.now
        while !threads.wait(until: .now() + .seconds(1)) {
            let now = soak.totalSteps
            if now != steps {
                steps = now
                lastMove = .now
            } else if ContinuousClock.now - lastMove > soak.plan.stallLimit {
                let perWorker = soak.steps.map { $0.withLock { $0 } }
                let message =
                    "no worker made a step for \(soak.plan.stallLimit), or a thread did not finish (steps per "
                    + "worker: \(perWorker)): a deadlock? The threads are left running."
                Issue.record(Comment(rawValue: message))
                return false
            }
        }
        return true
    }

    /// The log read back from its first kept segment (retention removed
    /// the older ones: that segment's header holds the state before it),
    /// each event and state checked against what subscribers saw.
    static func replay(_ path: String, against soak: Soak) throws -> SoakReplay {
        let reader = try EventLogReader(path: path)
        var state = try ModalState(startOf: reader)
        var replay = SoakReplay(first: state.seq + 1, segments: reader.segments.count)
        while let entry = try reader.next() {
            try state.replay(entry, readBy: reader)
            switch soak.ledger.check(seq: entry.seq, event: entry, state: state) {
            case .mismatch(let message): Issue.record("the log and the subscribers differ: \(message)")
            case .matched: replay.matches += 1
            case .recorded, .tooOld: break
            }
        }
        #expect(reader.warnings.isEmpty, "\(reader.warnings)")
        replay.state = state
        return replay
    }
}

/// What reading the log back gave.
struct SoakReplay {
    var first: Int
    var segments: Int
    var matches = 0
    var state = ModalState()
}

/// The medians of the resident memory samples of the first and the last
/// quarter of the run, after the warm-up.
struct ResidentTrend: CustomStringConvertible {
    var first: Int
    var last: Int
    var samples: Int

    /// Leaves out the warm-up: the first part of the run, and every sample
    /// before the store's window of events is full.
    ///
    /// `nil` where memory is not read, or with too few samples to say.
    init?(_ samples: [SoakSample], warmUp: Double, windowFull: Int) {
        let settled = samples.drop { $0.progress < warmUp || $0.eventsHeld < windowFull }
        let figures = settled.compactMap(\.resident)
        let quarter = figures.count / 4
        guard quarter >= 2 else { return nil }
        first = Self.median(figures.prefix(quarter))
        last = Self.median(figures.suffix(quarter))
        self.samples = figures.count
    }

    var growth: Int { last - first }

    var description: String {
        "median \(megabytes(first)) in the first quarter, \(megabytes(last)) in the last (\(samples) samples)"
    }

    static func median(_ figures: some Collection<Int>) -> Int {
        let sorted = figures.sorted()
        return sorted[sorted.count / 2]
    }
}

/// The figures of a run, as the test log shows them.
struct SoakReport {
    var plan: SoakPlan
    var elapsed: Duration
    var lastSeq: Int
    var tallies: [String: Int]
    var releasedAtEnd: Int
    /// Segments written, the first included: each is renamed into place once.
    var segmentsWritten: Int
    var replay: SoakReplay
    var memory: ResidentTrend?
    var maximums: (eventsHeld: Int, storeSubscribers: Int, segmentFiles: Int, backlog: Int, slots: Int)

    var text: String {
        let seconds = elapsed / .seconds(1)
        let rejections = tallies.filter { $0.key.hasPrefix("rejected: ") }.sorted { $0.key < $1.key }
        let started = sum("subscriptions started: ")
        let ended = sum("subscriptions ended: ")
        return """
            SoakTests: \(lastSeq.formatted()) events in \(seconds.formatted(.number.precision(.fractionLength(1)))) s \
            (\(Int(Double(lastSeq) / seconds).formatted())/s), \(plan.workers) appending threads, \
            \(plan.subscriberThreads) subscribing
              subscriptions: \(started.formatted()) started (\(list("subscriptions started: "))), \
            \(ended.formatted()) ended (\(list("subscriptions ended: "))); \
            \(count("subscriptions that cancelled themselves in a callback")) cancelled themselves in a callback
              deliveries checked: \(count("deliveries checked")), \(count("ledger matches")) matched against \
            another subscriber's; \(count("appends from a callback")) appends from a callback
              lifetimes: \(count("lifetimes taken")) taken; released \(count("lifetimes released on their thread")) \
            on their thread, \(count("lifetimes released on another thread")) on another, \
            \(count("lifetimes released in a callback")) in a callback, \(releasedAtEnd) at the end; \
            \(count("lifetimes ended")) ended early, \(count("lifetimes handed over")) handed over; \
            \(count("lifetime dismissals")) dismissed their modal (the others' had been dismissed first)
              pace: workers waited \(count("waits for delivery")) times for subscribers \
            \(plan.lagAllowed) events behind
              reconciles: \(count("reconcile")) done, \(count("reconciles that appended")) appended; \
            \(count("keyboard conflicts")) keyboard conflicts (expectedSeq)
              rejections (races with other threads' lifetimes): \
            \(rejections.isEmpty ? "none" : rejections.map { "\($0.key.dropFirst(10)) \($0.value.formatted())" }
                .joined(separator: ", ") + "; by command: \(list("rejected "))")
              log: \(segmentsWritten) segments written (\(segmentsWritten - 1) rotations), \
            \(segmentsWritten - replay.segments) removed by retention; replayed seqs \(replay.first.formatted())...\
            \(lastSeq.formatted()) from \(replay.segments) segments, \(replay.matches.formatted()) events and states \
            matched what subscribers saw
              memory: \(memory.map { "\($0), growth \(megabytes($0.growth))" } ?? "resident memory not read here")\
            \(plan.checksResidentMemory ? "" : " (not held to its bound: the soak does not have the process to itself)"); \
            at most \(maximums.eventsHeld) events held, \(maximums.storeSubscribers) store subscribers, \
            \(maximums.backlog) steps waiting to be delivered (in \(maximums.slots) slots), \
            \(maximums.segmentFiles) segment files
            """
    }

    func count(_ name: String) -> String { (tallies[name] ?? 0).formatted() }

    func sum(_ prefix: String) -> Int {
        tallies.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +)
    }

    func list(_ prefix: String) -> String {
        tallies.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }
            .map { "\($0.key.dropFirst(prefix.count)) \($0.value.formatted())" }.joined(separator: ", ")
    }
}

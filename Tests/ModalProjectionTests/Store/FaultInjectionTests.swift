import ModalEvents
import ModalProjection
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store on a log while the disk fails: each kind of system call the log
/// makes (open, write, fsync, a folder's sync, rename, ftruncate, flock,
/// unlink, mkdir, read) fails at each of its call sites in turn, with EIO,
/// ENOSPC or EINTR, or a write goes short, as a store appends with a
/// subscriber and lifetimes on a log that rotates and prunes its segments
/// and keeps an index (read, extended and written each time it opens).
///
/// After each fault: the error is clear (it names a file of the log and
/// what failed), no event the store accepted is lost, the log reads, the
/// store's state is a replay of the log, and once the fault clears, a
/// retry works (on the same store, or on the store opened again when a
/// failed sync stopped its writer); and the log opened again from its
/// index, whatever the fault left of it, has the same state.
@Suite struct FaultInjectionTests {
    static let path = "/log"

    /// What the store did, as the subscriber saw it.
    final class Seen: Sendable {
        let events = Lock<[LoggedEvent]>([])
    }

    /// A store on the log, through `calls`, and its subscription.
    struct OpenStore {
        var store: ModalStore
        var subscription: SubscriptionToken
    }

    static func options(on calls: FaultyCalls) -> EventLogWriter.Options {
        var options = EventLogWriter.Options(
            durability: .everyEvent, segments: .init(maximumBytes: 400, retainedFiles: 3), indexInterval: 3)
        options.fileSystem = FileSystem(calls)
        return options
    }

    static func open(_ calls: FaultyCalls, seen: Seen) throws(EventLogError) -> OpenStore {
        let store = try ModalStore(logAt: path, session: .continueLast, logOptions: options(on: calls))
        let subscription = store.subscribe { entry in seen.events.withLock { $0.append(entry) } }
        return OpenStore(store: store, subscription: subscription)
    }

    /// One call of the app's that may fail.
    enum Step: Sendable {
        case register, present(String), presented(String), push(String), keyboard(Double), endLifetime

        func perform(in store: ModalStore, lifetimes: inout [ModalLifetime]) throws(ModalStoreError) {
            switch self {
            case .register: try store.registerRoot(RootRegistration())
            case .present(let link):
                lifetimes.append(try store.present(ModalPresentation(link: link, content: "Sheet")))
            case .presented(let link): try store.presented(link)
            case .push(let link): try store.push("Page", onto: link)
            case .keyboard(let height): try store.changeKeyboard(height: height)
            // Ends a lifetime: the store appends the dismissal itself.
            case .endLifetime: if !lifetimes.isEmpty { lifetimes.removeFirst().end() }
            }
        }
    }

    /// The app's work: a root, modals presented with lifetimes that end,
    /// cards, the keyboard.
    static let steps: [Step] =
        [.register]
        + (0..<6).flatMap { round -> [Step] in
            let link = "sheet\(round)"
            let work: [Step] = [.present(link), .presented(link), .push(link), .keyboard(Double(round * 10))]
            return round % 2 == 0 ? work + [.endLifetime] : work
        }

    /// A disk that holds a log from an earlier session, which ended in a
    /// torn line: opening it reads it and cuts that line off.
    static func diskWithALog() throws -> MemoryFileSystem {
        let disk = MemoryFileSystem()
        let calls = FaultyCalls(over: disk)
        let earlier = try open(calls, seen: Seen())
        try earlier.store.registerRoot(RootRegistration(root: "earlier"))
        for height in 1...8 { try earlier.store.changeKeyboard(height: Double(height)) }
        try earlier.store.log?.close()
        let segments = try #require(disk.names(inFolder: path)).sorted()
        let last = disk.open("\(path)/\(segments.last!)", O_WRONLY | O_APPEND, 0)
        _ = Array(#"{"seq":99,"ty"#.utf8).withUnsafeBytes { disk.write(last, from: $0) }
        _ = disk.close(last)
        return disk
    }

    /// Runs ``steps`` with `fault` at the `number`th call of `call`;
    /// returns what went wrong, as issues.
    static func run(
        failing call: FaultyCalls.Call, at number: Int, with fault: FaultyCalls.Fault, onANewLog: Bool
    ) throws {
        let calls = FaultyCalls(over: onANewLog ? MemoryFileSystem() : try diskWithALog())
        let context = "\(fault) at \(call) #\(number) on \(onANewLog ? "a new log" : "a log from before")"
        calls.fail(call, at: number, with: fault, persistent: fault != .error(EINTR))
        let seen = Seen()
        var errors: [String] = []
        var opened: OpenStore
        do {
            opened = try open(calls, seen: seen)
        } catch {
            errors.append("\(error)")
            calls.heal()
            opened = try open(calls, seen: seen)
        }
        var lifetimes: [ModalLifetime] = []
        for step in steps {
            do throws(ModalStoreError) {
                try step.perform(in: opened.store, lifetimes: &lifetimes)
            } catch {
                guard case .writeFailed(let failure) = error else {
                    Issue.record("\(context): \(error)")
                    continue
                }
                errors.append("\(failure)")
                calls.heal()
                // A retry works: on the same store, or, when a failed sync stopped its writer, on the log opened again.
                do throws(ModalStoreError) {
                    try step.perform(in: opened.store, lifetimes: &lifetimes)
                } catch {
                    try? opened.store.log?.close()
                    opened = try open(calls, seen: seen)
                    do throws(ModalStoreError) {
                        try step.perform(in: opened.store, lifetimes: &lifetimes)
                    } catch {
                        Issue.record("\(context): a retry after the fault cleared failed: \(error)")
                    }
                }
            }
        }
        calls.heal()
        var state = opened.store.state
        do {
            try opened.store.log?.close()
        } catch {
            // The last event's sync failed: the event is written, the writer stopped, and the log opens again.
            errors.append("\(error)")
            opened = try open(calls, seen: seen)
            state = opened.store.state
            try opened.store.log?.close()
        }

        for error in errors {
            #expect(error.hasPrefix("/log") && error.contains(": "), "\(context): an unclear error: [\(error)]")
        }
        var reading = EventLogReader.Options()
        reading.fileSystem = FileSystem(calls)
        let logged = try EventLogReader(path: path, options: reading).readAll()
        let lost = seen.events.withLock { $0 }.filter { entry in
            entry.seq >= (logged.first?.seq ?? 1) && !logged.contains(entry)
        }
        #expect(lost.isEmpty, "\(context): accepted but not in the log: \(lost.map(\.seq))")
        let fromTheTop = try replayed(.path(path), options: reading)
        #expect(fromTheTop == state, "\(context)")
        // The index is only a shortcut: whatever the fault left of it, the log opens from it to the same state.
        let reopened = try open(calls, seen: Seen())
        #expect(reopened.store.state == fromTheTop, "\(context): the log opened from its index")
        try reopened.store.log?.close()
    }

    /// How many calls of each kind a run without faults makes, on a new
    /// log and on one from before.
    static let callCounts: [Bool: [FaultyCalls.Call: Int]] = Dictionary(
        uniqueKeysWithValues: [true, false].map { onANewLog in
            guard let disk = onANewLog ? MemoryFileSystem() : try? diskWithALog() else { return (onANewLog, [:]) }
            let calls = FaultyCalls(over: disk)
            guard let opened = try? open(calls, seen: Seen()) else { return (onANewLog, [:]) }
            var lifetimes: [ModalLifetime] = []
            for step in steps { try? step.perform(in: opened.store, lifetimes: &lifetimes) }
            try? opened.store.log?.close()
            return (
                onANewLog, Dictionary(uniqueKeysWithValues: FaultyCalls.Call.allCases.map { ($0, calls.count(of: $0)) })
            )
        })

    static let faults: [(FaultyCalls.Call, FaultyCalls.Fault)] = FaultyCalls.Call.allCases.flatMap { call in
        let errors: [FaultyCalls.Fault] = [.error(EIO), .error(ENOSPC), .error(EINTR)]
        return (call == .write ? errors + [.shortWrite] : errors).map { (call, $0) }
    }

    @Test(arguments: faults)
    func aFaultAtEveryCallSiteLosesNothingAndARetryWorks(_ call: FaultyCalls.Call, _ fault: FaultyCalls.Fault) throws {
        for onANewLog in [true, false] {
            for number in stride(from: 1, through: Self.callCounts[onANewLog]?[call] ?? 0, by: 1) {
                try Self.run(failing: call, at: number, with: fault, onANewLog: onANewLog)
            }
        }
    }

    @Test func theRunsMakeEveryKindOfCall() {
        let missing = FaultyCalls.Call.allCases.filter { call in
            (Self.callCounts[true]?[call] ?? 0) + (Self.callCounts[false]?[call] ?? 0) == 0
        }
        #expect(missing.isEmpty, "the runs never call \(missing)")
        let total = Self.callCounts.values.flatMap(\.values).reduce(0, +)
        print("FaultInjectionTests: \(total) call sites, each failed in turn with each fault")
    }

    @Test func theLogKeepsItsIndexOnThisFileSystem() throws {
        let calls = FaultyCalls(over: try Self.diskWithALog())
        let store = try Self.open(calls, seen: Seen()).store
        try store.log?.close()
        let verdict = LogIndex<ModalState>.verdict(
            forLogAt: Self.path, interval: 3, checkingEveryLine: true, in: FileSystem(calls))
        guard case .current(let index) = verdict else {
            Issue.record("the index is not current: \(verdict)")
            return
        }
        #expect(index.lastSeq == store.lastSeq)
        #expect(!index.checkpoints.isEmpty && index.checkpoints.allSatisfy { $0.seq % 3 == 0 })
    }
}

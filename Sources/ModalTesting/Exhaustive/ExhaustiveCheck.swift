import Dispatch
import Foundation
import ModalEvents
import ModalProjection

/// Tries every sequence of a small world's moves up to a depth, breadth
/// first, visiting each distinct state once, and checks properties at
/// every state and on every transition: a bounded model checker.
///
/// ```swift
/// @Test func everyShortSequence() throws {
///     try ExhaustiveCheck(world: .standard, depth: 4).check(ModalProperty.exhaustive)
/// }
/// ```
///
/// Two states are the same when what the user sees is the same: their
/// `seq`, session count and rejection history are left out. A property of
/// every state (``ModalProperty/everyState(_:_:)``, ``ModalProperty/always(_:_:)``)
/// is checked once for each state; a property of every step
/// (``ModalProperty/everyStep(_:_:)``) on every transition, from the state
/// as the first sequence to reach it left it. A property of a whole
/// sequence stays with ``PropertyCheck``.
///
/// Breadth first, the first failure found is at its shortest: no sequence
/// of fewer moves breaks it. It throws an ``ExhaustiveFailure``, written
/// as a log as ``PropertyCheck`` writes one. Each run ends with a report:
/// states and transitions by depth, and the spec's outcomes and rejection
/// codes reached; one the world must reach and did not fails the check.
///
/// `MODAL_EXHAUSTIVE_DEPTH` raises the depth of every ``check(_:)`` of a
/// run (a check's own larger depth stays), for longer runs;
/// ``explore(_:)`` explores the depth it is given.
///
/// The reducer is started afresh for each event: a reducer that keeps
/// memory of its own apart from the state (a cache) is not a function of
/// the state, and what it remembers is not explored.
public struct ExhaustiveCheck: Sendable {
    /// What can happen.
    public var world: ModalWorld
    /// The longest sequence of moves tried; `MODAL_EXHAUSTIVE_DEPTH` raises
    /// it for ``check(_:)``.
    public var depth: Int
    /// Where a failing sequence is written; `nil`: `MODAL_TESTING_LOGS`, else
    /// the temporary folder's `modal-testing`.
    public var logDirectory: String?
    /// Whether ``check(_:)`` prints its report to standard output (on by
    /// default: the coverage line belongs in a test run's output).
    public var printsReport: Bool
    /// How many threads explore a depth (at least 1); the results do not depend on it.
    public var threads: Int
    /// The projection under test: the package's own reducer, except in the
    /// package's tests of the checker.
    package var reducer: ModalReducer = .spec

    public init(
        world: ModalWorld, depth: Int, logDirectory: String? = nil, printsReport: Bool = true,
        threads: Int? = nil
    ) {
        precondition(depth >= 0, "depth cannot be negative")
        self.world = world
        self.depth = depth
        self.logDirectory = logDirectory
        self.printsReport = printsReport
        self.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Checks `properties` on every sequence up to the depth; throws the
    /// first failure (the shortest), a coverage the world must reach and
    /// did not, or a property of a whole sequence, which it cannot run.
    @discardableResult
    public func check(_ properties: ModalProperty...) throws(ExhaustiveFailure) -> ExhaustiveReport {
        try check(properties)
    }

    /// Checks `properties` on every sequence up to the depth; throws the
    /// first failure (the shortest), a coverage the world must reach and
    /// did not, or a property of a whole sequence, which it cannot run.
    @discardableResult
    public func check(_ properties: [ModalProperty]) throws(ExhaustiveFailure) -> ExhaustiveReport {
        var check = self
        check.depth = max(depth, Self.environmentDepth ?? 0)
        let report = check.explore(properties)
        if printsReport { print(report) }
        guard report.counterexample != nil || !report.unreached.isEmpty || !report.wholeSequenceProperties.isEmpty
        else { return report }
        var failure = ExhaustiveFailure(report: report)
        if let counterexample = report.counterexample {
            let written = FailureLog.write(
                counterexample.events,
                header: [
                    JSONMember("property", .string(counterexample.property)),
                    JSONMember("world", .string(world.name)),
                ], property: counterexample.property, name: "\(world.name)-\(counterexample.events.count)",
                in: logDirectory)
            switch written {
            case .success(let path): failure.logPath = path
            case .failure(let error): failure.logProblem = "\(error)"
            }
        }
        throw failure
    }

    /// Explores the world with `properties` to ``depth`` (whatever
    /// `MODAL_EXHAUSTIVE_DEPTH` says) and reports, without throwing,
    /// writing or printing: the report holds the first failure, if any.
    public func explore(_ properties: [ModalProperty]) -> ExhaustiveReport {
        precondition(!properties.isEmpty, "a check needs at least one property")
        let whole = properties.filter { $0.local == nil }.map(\.name)
        guard whole.isEmpty else {
            var report = ExhaustiveReport(world: world.name, depth: depth, properties: properties.map(\.name))
            report.wholeSequenceProperties = whole
            return report
        }
        var exploration = Exploration(world: world, reducer: reducer, properties: properties, threads: threads)
        return exploration.run(depth: depth)
    }

    /// `MODAL_EXHAUSTIVE_DEPTH`, when it is set.
    static var environmentDepth: Int? {
        ProcessInfo.processInfo.environment["MODAL_EXHAUSTIVE_DEPTH"].map(requireDepth)
    }

    /// `MODAL_EXHAUSTIVE_DEPTH`: a depth, or a stop with a message (a typo must not run a shallow check).
    static func requireDepth(_ text: String) -> Int {
        guard let depth = Int(text.filter { !$0.isWhitespace }), depth >= 0 else {
            preconditionFailure("MODAL_EXHAUSTIVE_DEPTH must be a whole number of moves, 0 or more: \"\(text)\"")
        }
        return depth
    }
}

extension ModalProperty {
    /// The standard properties that judge one step or one state, which
    /// ``ExhaustiveCheck`` runs: the rest judge a whole sequence.
    public static let exhaustive: [ModalProperty] = [.rejectionChangesNothing, .invariants, .rules]
}

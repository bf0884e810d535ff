import Foundation
import ModalEvents
import ModalProjection

/// Runs properties on random event sequences of a flow; on a failure,
/// shrinks the sequence, writes it as a log and reports it.
///
/// ```swift
/// @Test func checkoutFlow() throws {
///     try PropertyCheck(flow: .checkout, count: 2_000).check(.invariants, checkoutStaysUp)
/// }
/// ```
///
/// A failure throws a ``PropertyFailure``, which the test framework prints:
/// the property, the seed, the minimal sequence, and the path of a v1 log of
/// it that `modal-log replay` and `modal-log state` read.
///
/// Environment variables change every check of a test run, for long runs and
/// for reproducing one:
/// - `MODAL_TESTING_COUNT`: how many sequences each check runs at least
///   (a check's own larger count stays).
/// - `MODAL_TESTING_SEED`: the seed (decimal or `0x` hex) of every check that
///   does not set its own; a failure prints its run's seed, which generates
///   the same sequences again.
/// - `MODAL_TESTING_LOGS`: the folder failing logs go to (default: the
///   temporary folder's `modal-testing`).
public struct PropertyCheck: Sendable {
    /// What the sequences look like.
    public var flow: ModalFlow
    /// How many sequences to run; `MODAL_TESTING_COUNT` raises it.
    public var count: Int
    /// The seed; `nil`: `MODAL_TESTING_SEED`, else a random one (printed on a failure).
    public var seed: UInt64?
    /// How many candidate sequences shrinking may try.
    public var shrinkBudget: Int
    /// Where failing logs go; `nil`: `MODAL_TESTING_LOGS`, else the temporary folder's `modal-testing`.
    public var logDirectory: String?
    /// Whether a failure is also printed to standard error. Off by default:
    /// Swift Testing and XCTest print the thrown failure; turn it on to run
    /// checks outside a test framework.
    public var printsFailures: Bool
    /// The projection under test: the package's own reducer, except in the
    /// package's tests of the harness.
    package var reducer: ModalReducer = .spec

    public init(
        flow: ModalFlow = .anything, count: Int = 1_000, seed: UInt64? = nil, shrinkBudget: Int = 20_000,
        logDirectory: String? = nil, printsFailures: Bool = false
    ) {
        precondition(count >= 0, "count cannot be negative")
        self.flow = flow
        self.count = count
        self.seed = seed
        self.shrinkBudget = shrinkBudget
        self.logDirectory = logDirectory
        self.printsFailures = printsFailures
    }

    /// Checks `properties` on every sequence; throws the first failure, shrunk.
    public func check(_ properties: ModalProperty...) throws(PropertyFailure) {
        try check(properties)
    }

    /// Checks `properties` on every sequence; throws the first failure, shrunk.
    public func check(_ properties: [ModalProperty]) throws(PropertyFailure) {
        guard var failure = firstFailure(of: properties) else { return }
        switch writeLog(of: failure) {
        case .success(let path): failure.logPath = path
        case .failure(let error): failure.logProblem = "\(error)"
        }
        if printsFailures { printToStandardError(failure.description) }
        throw failure
    }

    /// The first failure of `properties`, shrunk, without writing or printing
    /// it; `nil` when all of them hold on every sequence.
    public func firstFailure(of properties: [ModalProperty]) -> PropertyFailure? {
        precondition(!properties.isEmpty, "a check needs at least one property")
        let environment = ProcessInfo.processInfo.environment
        let count = max(count, environment["MODAL_TESTING_COUNT"].map(Self.requireCount) ?? 0)
        let runSeed =
            seed ?? environment["MODAL_TESTING_SEED"].map(Self.requireSeed) ?? UInt64.random(in: .min ... .max)
        let generator = EventGenerator(flow: flow)
        for index in 0..<count {
            var random = PropertyRandom(seed: PropertyRandom.sequenceSeed(runSeed, index: index))
            let length = sequenceLength(index: index, random: &random)
            let events = generator.sequence(length: length, random: &random)
            let trace = ModalTrace(events: events, reducer: reducer)
            for property in properties {
                guard let violation = property.violation(in: trace) else { continue }
                return shrunkFailure(
                    of: property, violation: violation, events: events, seed: runSeed, index: index, count: count)
            }
        }
        return nil
    }

    /// How many sequences the length ramps up over.
    static let rampLength = 200

    /// The first sequences are short, later ones use the flow's whole range.
    /// Each depends only on the seed and its index, never on the count, so a
    /// longer run starts with the same sequences.
    private func sequenceLength(index: Int, random: inout PropertyRandom) -> Int {
        let range = flow.length
        let ramp = min(1, Double(index + 1) / Double(Self.rampLength))
        let longest = range.lowerBound + Int((Double(range.upperBound - range.lowerBound) * ramp).rounded(.up))
        return random.int(in: range.lowerBound...max(range.lowerBound, longest))
    }

    private func shrunkFailure(
        of property: ModalProperty, violation: PropertyViolation, events: [LoggedEvent], seed: UInt64, index: Int,
        count: Int
    ) -> PropertyFailure {
        let reducer = reducer
        let flowNames = flow.roots.map(\.root) + flow.links.flatMap { [$0.link] + $0.contents }
        // The violation of the sequence shrinking holds: a candidate that fails is the one kept.
        var current = violation
        var shrinker = Shrinker(budget: shrinkBudget, keeping: Set(flowNames)) { candidate in
            // The same failure, not another one the candidate happens to have.
            guard let found = property.violation(in: ModalTrace(events: candidate, reducer: reducer)),
                found.kind == violation.kind
            else { return false }
            current = found
            return true
        }
        let minimal = shrinker.shrink(events)
        return PropertyFailure(
            property: property.name, violation: current, seed: seed, seedIsFixed: self.seed != nil,
            sequence: index + 1,
            sequenceCount: count, original: events, minimal: minimal, shrinkAttempts: shrinker.attempts)
    }

    /// Writes the failure's minimal sequence as a log; its path, or why it could not.
    private func writeLog(of failure: PropertyFailure) -> Result<String, any Error> {
        FailureLog.write(
            failure.minimal,
            header: [
                JSONMember("property", .string(failure.property)),
                JSONMember("seed", .string(PropertyFailure.hex(failure.seed))),
                JSONMember("sequence", .number(JSONNumber(failure.sequence))),
            ], property: failure.property, name: "\(String(failure.seed, radix: 16))-\(failure.sequence)",
            in: logDirectory)
    }

    /// `MODAL_TESTING_COUNT`: a count, or a stop with a message (a typo must not run a short test).
    static func requireCount(_ text: String) -> Int {
        guard let count = Int(text.filter { !$0.isWhitespace }), count >= 0 else {
            preconditionFailure("MODAL_TESTING_COUNT must be a whole number of sequences, 0 or more: \"\(text)\"")
        }
        return count
    }

    /// `MODAL_TESTING_SEED`: a seed, or a stop with a message (a typo must not run another seed).
    static func requireSeed(_ text: String) -> UInt64 {
        guard let seed = parseSeed(text) else {
            preconditionFailure("MODAL_TESTING_SEED must be a number, decimal or 0x hex: \"\(text)\"")
        }
        return seed
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.filter { !$0.isWhitespace }
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    private func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

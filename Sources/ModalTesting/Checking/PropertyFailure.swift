public import ModalEvents

/// A property that does not hold, with the smallest sequence found that
/// breaks it.
///
/// Its description is the report a failing test shows:
///
/// ```text
/// Property "invariants hold after every event" failed on sequence 107 of 2000 (seed 0x2c5e0a1f93b4d7e6).
///   at seq 4: roots[0].modals[1]: a modal under a dismissing parent is dismissing too
/// Minimal sequence: 4 events (generated: 9; 65 shrinking attempts)
///   {"seq":1,"type":"root.register"}
///   ...
/// Log: /tmp/modal-testing/invariants-hold-after-every-event-2c5e0a1f93b4d7e6.jsonl
///   modal-log replay <log>; modal-log state <log> --at 4
///   modal-log export <log> --format swift-test > InvariantsHoldAfterEveryEventTests.swift
/// Rerun: MODAL_TESTING_SEED=0x2c5e0a1f93b4d7e6 swift test
/// ```
public struct PropertyFailure: Error, Sendable, CustomStringConvertible {
    /// The property's name.
    public var property: String
    /// What broke on the minimal sequence, and after which seq.
    public var violation: PropertyViolation
    /// The run's seed: `MODAL_TESTING_SEED` set to it generates the same sequences again.
    public var seed: UInt64
    /// Whether the check set its own seed (so a rerun needs nothing more).
    public var seedIsFixed: Bool
    /// Which sequence of the run failed (from 1), and how many the run had.
    public var sequence: Int
    public var sequenceCount: Int
    /// The sequence as generated.
    public var original: [LoggedEvent]
    /// The smallest failing sequence shrinking found.
    public var minimal: [LoggedEvent]
    /// How many candidates shrinking tried.
    public var shrinkAttempts: Int
    /// Where the minimal sequence was written as a v1 log, if it was.
    public var logPath: String?
    /// Why it could not be written, if it could not.
    public var logProblem: String?

    public var description: String {
        var lines = [
            "Property \"\(property)\" failed on sequence \(sequence) of \(sequenceCount) (seed \(Self.hex(seed))).",
            "  \(violation)",
            "Minimal sequence: \(minimal.count) events (generated: \(original.count); \(shrinkAttempts) shrinking attempts)",
        ]
        lines += FailureLog.lines(
            of: minimal, brokeAt: violation.seq, property: property, logPath: logPath, logProblem: logProblem)
        lines.append(
            seedIsFixed
                ? "Rerun: swift test (the check's seed is fixed)"
                : "Rerun: MODAL_TESTING_SEED=\(Self.hex(seed)) swift test")
        return lines.joined(separator: "\n")
    }

    static func hex(_ seed: UInt64) -> String {
        "0x" + String(seed, radix: 16)
    }
}

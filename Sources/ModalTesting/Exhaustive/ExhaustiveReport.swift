public import ModalEvents
import ModalProjection

/// What an ``ExhaustiveCheck`` explored, and what it found.
///
/// Its description is the report a check prints:
///
/// ```text
/// Exhaustive check of world "standard" to depth 4: 6,682 states, 210,862 transitions in 8.0 s
///   properties: a rejected event leaves the state unchanged; every event does what its rule says; invariants hold after every event
///   depth 1: 5 new states, 358 transitions in 0.0 s
///   ...
///   depth 4: 6,093 new states, 193,320 transitions in 7.4 s
///   a state is what the user sees: seq, the session count and the rejection history are left out
///   coverage: rules 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 (35 of 35 outcomes); codes: all 8
/// ```
public struct ExhaustiveReport: Sendable, CustomStringConvertible {
    /// The world's name.
    public var world: String
    /// The depth asked for (`MODAL_EXHAUSTIVE_DEPTH` included).
    public var depth: Int
    /// The properties checked.
    public var properties: [String]
    /// Each depth explored, from 1.
    public var levels: [Level] = []
    /// Whether every state the world can reach was explored: a depth brought
    /// no new state.
    public var exhausted = false
    /// How long it took.
    public var seconds = 0.0
    /// The spec's outcomes and rejection codes reached.
    public var reached = SpecCoverage()
    /// What the world must reach and did not (nothing when a property broke first).
    public var unreached = SpecCoverage()
    /// The first property broken, at its shortest; `nil` when all held.
    public var counterexample: Counterexample?
    /// The properties given that judge a whole sequence, which the check
    /// cannot run: when there are some, nothing is explored and the check fails.
    public var wholeSequenceProperties: [String] = []

    /// One depth: the states it reached for the first time and the
    /// transitions tried to get there.
    public struct Level: Sendable {
        public var depth: Int
        public var states: Int
        public var transitions: Int
        public var seconds: Double
    }

    /// Every state kept, the empty one included.
    public var states: Int { 1 + levels.reduce(0) { $0 + $1.states } }
    /// Every transition tried.
    public var transitions: Int { levels.reduce(0) { $0 + $1.transitions } }

    public var description: String {
        let reachedDepth = levels.last?.depth ?? 0
        var lines = [
            "Exhaustive check of world \"\(world)\" to depth \(reachedDepth)"
                + (exhausted ? " (every state it can reach)" : "")
                + (counterexample == nil ? "" : ", stopped at the first failure")
                + ": \(grouped(states)) states, \(grouped(transitions)) transitions in \(Self.time(seconds))",
            "  properties: " + properties.joined(separator: "; "),
        ]
        lines += levels.map { level in
            "  depth \(level.depth): \(grouped(level.states)) new states, \(grouped(level.transitions)) transitions in \(Self.time(level.seconds))"
        }
        lines.append("  a state is what the user sees: seq, the session count and the rejection history are left out")
        lines.append("  coverage: \(reached)")
        if !unreached.isEmpty {
            let missing =
                SpecOutcome.allCases.filter(unreached.outcomes.contains).map(\.description)
                + RejectionCode.allCases.filter(unreached.codes.contains).map { "code \($0.rawValue)" }
            lines.append("  never reached, which the world must: " + missing.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    static func time(_ seconds: Double) -> String {
        let tenths = (seconds * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10) s"
    }
}

/// A property broken, with the shortest sequence of events that breaks it.
public struct Counterexample: Sendable {
    /// The property's name.
    public var property: String
    /// What broke, and after which seq.
    public var violation: PropertyViolation
    /// The events, from the empty state, numbered from 1.
    public var events: [LoggedEvent]
    /// The names of the moves that made them, in order: as many as the
    /// depth, each one event or more (a relaunch is several).
    public var moves: [String]
}

/// An ``ExhaustiveCheck`` that failed: a property broken (at its shortest),
/// a world that did not reach what it must, or a property it cannot run.
///
/// ```text
/// Property "every event does what its rule says" failed at depth 4 of world "standard"; every sequence of fewer moves holds (589 states to depth 3).
///   at seq 4: modal "b": phase should be dismissing (parentDismissed), found presenting
/// Shortest sequence: 4 moves, 4 events
///   {"seq":1,"type":"root.register","root":"sheets"}
///   ...
/// Log: /tmp/modal-testing/every-event-does-what-its-rule-says-standard-4.jsonl
///   modal-log replay ...
/// Rerun: swift test (the world and the depth are fixed)
/// ```
public struct ExhaustiveFailure: Error, Sendable, CustomStringConvertible {
    /// What the check explored, with the counterexample or what it did not reach.
    public var report: ExhaustiveReport
    /// Where the counterexample was written as a log, if it was.
    public var logPath: String?
    /// Why it could not be written, if it could not.
    public var logProblem: String?

    public var description: String {
        if !report.wholeSequenceProperties.isEmpty {
            let names = report.wholeSequenceProperties.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(names): a property of a whole sequence, which the exhaustive check cannot run (it never holds "
                + "a whole sequence): check it with PropertyCheck, or write it with everyStep, everyState or always."
        }
        guard let counterexample = report.counterexample else {
            return "World \"\(report.world)\" did not reach what it must.\n\(report)"
        }
        let (events, moves) = (counterexample.events, counterexample.moves)
        var lines: [String]
        if moves.isEmpty {
            lines = [
                "Property \"\(counterexample.property)\" fails for the empty state, before any move.",
                "  \(counterexample.violation)",
            ]
        } else {
            // The depths before the failing one, explored whole: what the check vouches for.
            let held = report.levels.dropLast()
            let heldStates = 1 + held.reduce(0) { $0 + $1.states }
            lines = [
                "Property \"\(counterexample.property)\" failed at depth \(moves.count) of world \"\(report.world)\"; "
                    + "every sequence of fewer moves holds (\(grouped(heldStates)) states to depth \(held.count)).",
                "  \(counterexample.violation)",
                "Shortest sequence: \(Self.plural(moves.count, "move")), \(Self.plural(events.count, "event"))",
            ]
        }
        if moves.count != events.count { lines.append("  moves: " + moves.joined(separator: "; ")) }
        lines += FailureLog.lines(
            of: events, brokeAt: counterexample.violation.seq, property: counterexample.property, logPath: logPath,
            logProblem: logProblem)
        lines.append("Rerun: swift test (the world and the depth are fixed)")
        return lines.joined(separator: "\n")
    }

    private static func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}

/// `count` with thousands separators: `1,000,000`.
package func grouped(_ count: Int) -> String {
    let digits = Array(String(count))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
        text.append(digit)
    }
    return text
}

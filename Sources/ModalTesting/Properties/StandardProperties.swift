import ModalEvents
import ModalProjection

extension ModalProperty {
    /// Every property the package checks its projection with; point them at
    /// your own flow to check it reaches no state the spec forbids.
    public static let standard: [ModalProperty] = [
        .deterministic, .roundTrip, .stateAtEverySeq, .rejectionChangesNothing, .invariants, .rules,
    ]

    /// Replay is deterministic: replaying the same events again gives equal
    /// states at every seq, and the final state's JSON is byte for byte the same.
    public static let deterministic = ModalProperty("replay is deterministic") { trace in
        let again = trace.replaying(trace.events)
        for seq in trace.states.indices {
            try require(again.states[seq] == trace.states[seq], "a second replay differs after seq \(seq)")
        }
        try require(
            again.finalState.jsonText(style: .compact) == trace.finalState.jsonText(style: .compact),
            "a second replay writes different JSON")
    }

    /// Write then read gives back every event: the sequence written as a v1
    /// log reads back equal (fields, Unicode, payload JSON and all), writing
    /// that again gives the same bytes, and replaying it gives the same state.
    public static let roundTrip = ModalProperty("write then read gives back every event") { trace in
        let bytes = EventLogEncoder.encode(events: trace.events)
        let read = try EventLogReader(bytes: bytes, name: "generated.jsonl").readAll()
        try require(read.count == trace.events.count, "wrote \(trace.events.count) events, read \(read.count)")
        for (written, readBack) in zip(trace.events, read) where written != readBack {
            throw PropertyViolation(
                "event reads back as \(String(decoding: EventLogEncoder.encode(readBack), as: UTF8.self))",
                seq: written.seq)
        }
        try require(EventLogEncoder.encode(events: read) == bytes, "writing the events read back gives other bytes")
        try require(trace.replaying(read).finalState == trace.finalState, "replaying the log read back ends elsewhere")
    }

    /// The state at seq *n* equals the fold of the first *n* events, for
    /// every *n*: the written log is read back and folded by a fresh reducer,
    /// its state compared at every seq; and reading stops after event *n*
    /// (as `modal-log state --at` does) at the ends and a few points between,
    /// with nothing after *n* read.
    public static let stateAtEverySeq = ModalProperty("the state at seq n equals the fold of the first n events") {
        trace in
        let bytes = EventLogEncoder.encode(events: trace.events)
        let reader = try EventLogReader(bytes: bytes, name: "generated.jsonl")
        let step = trace.reducer.start()
        var state = ModalState()
        try require(state == trace.states[0], "the empty state is not the fold of no events")
        while let entry = try reader.next() {
            _ = step(&state, entry)
            try require(
                trace.states.indices.contains(entry.seq) && state == trace.states[entry.seq],
                "replaying the log through seq \(entry.seq) gives another state than the fold")
        }
        let count = trace.events.count
        for seq in Set([0, 1, count / 3, 2 * count / 3, count]).sorted() where seq <= count {
            let reader = try EventLogReader(bytes: bytes, name: "generated.jsonl")
            var prefix: [LoggedEvent] = []
            while prefix.count < seq, let entry = try reader.next() { prefix.append(entry) }
            try require(reader.lineNumber == seq + 1, "stopping at seq \(seq) read line \(reader.lineNumber)")
            let stopped = trace.replaying(prefix).finalState
            try require(stopped == trace.states[seq], "stopping after seq \(seq) gives another state than the fold")
        }
    }

    /// A rejected event leaves the state unchanged but for `seq` and one
    /// more entry in `rejected` (its own), and an applied event adds none.
    public static let rejectionChangesNothing = ModalProperty.everyStep("a rejected event leaves the state unchanged") {
        step in
        var expected = step.before
        expected.seq = step.entry.seq
        guard let rejection = step.rejection else {
            try require(step.after.rejected == step.before.rejected, "an applied event changed the rejected list")
            return
        }
        try require(rejection.seq == step.entry.seq, "the rejection names seq \(rejection.seq)")
        expected.rejected.append(rejection)
        try require(step.after == expected, "rejected as \(rejection.code.rawValue), yet the state changed")
    }

    /// The invariants hold after every event: `ModalState.invariantViolations()`,
    /// the one function the package's tests share (`Docs/Testing.md` lists them).
    public static let invariants = ModalProperty.everyState("invariants hold after every event") { state in
        if let violation = state.invariantViolations().first { throw PropertyViolation("\(violation)") }
    }
}

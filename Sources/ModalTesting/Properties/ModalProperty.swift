public import ModalEvents
public import ModalProjection

/// Something that must hold for every generated event sequence.
///
/// Write your own in a few lines: a predicate of every state, a check of
/// every step, or a check of the whole trace. A check fails by throwing;
/// ``require(_:_:)`` throws with a message.
///
/// ```swift
/// let oneCheckout = ModalProperty.always("at most one checkout") { state in
///     state.roots.flatMap(\.modals).filter { $0.link == "checkout" }.count <= 1
/// }
/// let checkoutStaysUp = ModalProperty.everyStep("checkout leaves only when the app says so") { step in
///     guard let checkout = step.after.modal(link: "checkout") else { return }
///     try require(checkout.dismissReason ?? .programmatic == .programmatic,
///                 "checkout is dismissing: \(checkout.dismissReason!)")
/// }
/// ```
public struct ModalProperty: Sendable {
    /// What holds, as a report names it.
    public let name: String
    let body: @Sendable (ModalTrace) throws -> Void
    /// What it checks of one step or one state, for ``ExhaustiveCheck``;
    /// `nil` for a property that judges a whole sequence.
    let local: Local?

    /// A check of one step or of one state: how a property made by
    /// ``everyStep(_:_:)``, ``everyState(_:_:)`` or ``always(_:_:)`` checks a trace.
    enum Local: Sendable {
        case step(@Sendable (ModalStep) throws -> Void)
        case state(@Sendable (ModalState) throws -> Void)
    }

    /// A property of a whole trace; `body` throws when it does not hold.
    ///
    /// ``ExhaustiveCheck`` cannot run it, as it never holds a whole
    /// sequence: write a property of every step or every state for that.
    public init(_ name: String, _ body: @escaping @Sendable (ModalTrace) throws -> Void) {
        self.init(name, local: nil, body)
    }

    private init(_ name: String, local: Local?, _ body: @escaping @Sendable (ModalTrace) throws -> Void) {
        self.name = name
        self.local = local
        self.body = body
    }

    /// A property checked at every event; a failure is reported at its seq.
    public static func everyStep(
        _ name: String, _ body: @escaping @Sendable (ModalStep) throws -> Void
    ) -> ModalProperty {
        ModalProperty(name, local: .step(body)) { trace in
            for step in trace.steps {
                do {
                    try body(step)
                } catch {
                    throw PropertyViolation(error, at: step.entry.seq)
                }
            }
        }
    }

    /// A check of the state after every event (and of the empty state); a
    /// failure is reported at its seq.
    ///
    /// ```swift
    /// let checkoutOverNoAlert = ModalProperty.everyState("checkout never shows over an alert") { state in
    ///     let alert = state.root("alerts")?.modals.contains { $0.phase.isShowing } ?? false
    ///     try require(!(alert && state.modal(link: "checkout", in: "sheets") != nil), "checkout over an alert")
    /// }
    /// ```
    public static func everyState(
        _ name: String, _ body: @escaping @Sendable (ModalState) throws -> Void
    ) -> ModalProperty {
        ModalProperty(name, local: .state(body)) { trace in
            for (seq, state) in trace.states.enumerated() {
                do {
                    try body(state)
                } catch {
                    throw PropertyViolation(error, at: seq)
                }
            }
        }
    }

    /// A predicate of the state after every event (and of the empty state).
    public static func always(
        _ name: String, _ predicate: @escaping @Sendable (ModalState) -> Bool
    ) -> ModalProperty {
        let local = Local.state { state in
            guard predicate(state) else {
                throw PropertyViolation(
                    state.seq == 0 ? "does not hold for the empty state" : "does not hold after this event")
            }
        }
        return ModalProperty(name, local: local) { trace in
            for (index, state) in trace.states.enumerated() where !predicate(state) {
                throw PropertyViolation(
                    index == 0 ? "does not hold for the empty state" : "does not hold after this event", seq: index)
            }
        }
    }

    /// Checks the property on one sequence, such as a log a failure wrote,
    /// kept as a regression test:
    ///
    /// ```swift
    /// let events = try EventLogReader(path: "EventLogs/regressions/checkout.jsonl").readAll()
    /// try checkoutStaysUp.check(events)
    /// ```
    public func check(_ events: [LoggedEvent]) throws(PropertyViolation) {
        if let violation = violation(in: events, reducer: .spec) { throw violation }
    }

    /// Checks `events` folded by `reducer`: `nil` when the property holds.
    package func violation(in events: [LoggedEvent], reducer: ModalReducer) -> PropertyViolation? {
        violation(in: ModalTrace(events: events, reducer: reducer))
    }

    /// Checks `trace`: `nil` when the property holds.
    func violation(in trace: ModalTrace) -> PropertyViolation? {
        do {
            try body(trace)
            return nil
        } catch {
            return PropertyViolation(error, at: nil)
        }
    }
}

/// Why a property does not hold: a message and, when known, the seq of the
/// event after which it broke.
public struct PropertyViolation: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The seq after which it broke (0: the empty state); `nil` when the
    /// property is about the whole trace.
    public var seq: Int?

    public init(_ message: String, seq: Int? = nil) {
        self.message = message
        self.seq = seq
    }

    /// Wraps any error a property threw, keeping a violation's own seq.
    init(_ error: any Error, at seq: Int?) {
        if let violation = error as? PropertyViolation {
            self.init(violation.message, seq: violation.seq ?? seq)
        } else {
            self.init(String(describing: error), seq: seq)
        }
    }

    public var description: String {
        seq.map { "at seq \($0): \(message)" } ?? message
    }

    /// The message without its numbers and quoted names: two violations of
    /// one kind (`modal "a": phase should be ...`) match, whatever the
    /// indexes, names and values. Shrinking keeps to one kind.
    var kind: String {
        var kind = ""
        var quoted = false
        for character in message {
            if character == "\"" {
                quoted.toggle()
            } else if !quoted && !character.isNumber {
                kind.append(character)
            }
        }
        return kind
    }
}

/// Throws a ``PropertyViolation`` with `message` unless `condition` holds.
public func require(
    _ condition: Bool, _ message: @autoclosure () -> String
) throws(PropertyViolation) {
    if !condition { throw PropertyViolation(message()) }
}

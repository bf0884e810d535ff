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

    /// A property of a whole trace; `body` throws when it does not hold.
    public init(_ name: String, _ body: @escaping @Sendable (ModalTrace) throws -> Void) {
        self.name = name
        self.body = body
    }

    /// A property checked at every event; a failure is reported at its seq.
    public static func everyStep(
        _ name: String, _ body: @escaping @Sendable (ModalStep) throws -> Void
    ) -> ModalProperty {
        ModalProperty(name) { trace in
            for step in trace.steps {
                do {
                    try body(step)
                } catch {
                    throw PropertyViolation(error, at: step.entry.seq)
                }
            }
        }
    }

    /// A predicate of the state after every event (and of the empty state).
    public static func always(
        _ name: String, _ predicate: @escaping @Sendable (ModalState) -> Bool
    ) -> ModalProperty {
        ModalProperty(name) { trace in
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

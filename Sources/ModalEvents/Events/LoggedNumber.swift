/// A field the spec says holds an integer: the events hold it as an `Int`.
public enum IntegerField: String, Sendable, Hashable, CaseIterable {
    /// `root.register`'s `level`.
    case level
    /// `root.register`'s `maxVisibleCards`.
    case maxVisibleCards
    /// `modal.present`'s `initialSnap`.
    case initialSnap
    /// `snap.to`'s `index`.
    case index
}

/// A number a log gives an integer field that an `Int` does not hold: a
/// fraction (`1.5`), or a whole number beyond 64 bits
/// (`9223372036854775808`, `1e300`). Every whole number within 64 bits
/// reads exactly, as the event's `Int` (Semantics decision 3).
///
/// The spec reads such a line as well-formed and has the projection reject
/// its event (`invalidValue`; a whole `index` out of the snap points is
/// `snapOutOfRange`). So a reader keeps the number with the event exactly
/// as the log writes it (``LoggedEvent/loggedNumbers``), where the
/// projection finds it and the writer writes it back, and the event's own
/// `Int` field holds 0. An app's events never have one: their fields are `Int`s.
public struct LoggedNumber: Sendable, Hashable {
    /// The event of the step that holds it: its place in ``ModalEvent/steps``
    /// (0 for an event that is not a `batch`).
    public let step: Int
    /// The field.
    public let field: IntegerField
    /// The number, its literal as the log writes it.
    public let number: JSONNumber

    /// The number `number` that the log gives `field` of step `step`.
    ///
    /// - Precondition: An `Int` does not hold `number`: a whole number
    ///   within 64 bits belongs in the event's own field. It traps
    ///   otherwise, in every build.
    public init(step: Int, field: IntegerField, number: JSONNumber) {
        precondition(
            number.integerValue == nil, "\(field) \(number) is a whole number: the event's Int field holds it")
        self.step = step
        self.field = field
        self.number = number
    }

    /// The number `value` (written as its canonical literal) that the log
    /// gives `field` of step `step`.
    ///
    /// - Precondition: `value` is not NaN, and is not a whole number within
    ///   64 bits (``integer(_:)`` is `nil`). It traps otherwise, in every build.
    public init(step: Int, field: IntegerField, value: Double) {
        self.init(step: step, field: field, number: JSONNumber(value))
    }

    /// The number as a `Double`: an infinity when it overflows one.
    public var value: Double { number.doubleValue }

    /// `value` as an `Int`, when it is a whole number within 64 bits (an
    /// `Int`'s range); `nil` when an integer field must keep it as a
    /// ``LoggedNumber``. (A log's numbers are read from their literals, not
    /// through a `Double`: see ``JSONNumber/integerValue``.)
    package static func integer(_ value: Double) -> Int? {
        guard value == value.rounded() else { return nil }
        return Int(exactly: value)
    }
}

extension [LoggedNumber] {
    /// The number the log gives `field` of step `step`, when its `Int` does not hold it.
    @inlinable
    public func value(of field: IntegerField, step: Int = 0) -> Double? {
        number(of: field, step: step)?.value
    }

    /// The numbers of each of `count` steps (a batch's events), as step 0:
    /// one walk of the list, for code that goes through a batch step by
    /// step (finding each step's numbers in the whole list would take a
    /// walk of it per step).
    ///
    /// - Complexity: O(*n* + `count`).
    package func byStep(count: Int) -> [[LoggedNumber]] {
        var steps = [[LoggedNumber]](repeating: [], count: count)
        for number in self where steps.indices.contains(number.step) {
            steps[number.step].append(LoggedNumber(step: 0, field: number.field, number: number.number))
        }
        return steps
    }

    /// The logged number of `field` of step `step`, when its `Int` does not hold it.
    @inlinable
    public func number(of field: IntegerField, step: Int = 0) -> LoggedNumber? {
        for number in self where number.field == field && number.step == step { return number }
        return nil
    }
}

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
/// fraction (`1.5`), or a whole number beyond ±2^53 (`1e300`).
///
/// The spec reads such a line as well-formed and has the projection reject
/// its event (`invalidValue`; a whole `index` out of the snap points is
/// `snapOutOfRange`). So a reader keeps the number with the event as the log
/// holds it (``LoggedEvent/loggedNumbers``), where the projection finds it
/// and the writer writes it back, and the event's own `Int` field holds 0.
/// An app's events never have one: their fields are `Int`s.
public struct LoggedNumber: Sendable, Hashable {
    /// The event of the step that holds it: its place in ``ModalEvent/steps``
    /// (0 for an event that is not a `batch`).
    public let step: Int
    /// The field.
    public let field: IntegerField
    /// The number as the log gives it.
    public let value: Double

    /// The number `value` that the log gives `field` of step `step`.
    ///
    /// - Precondition: An `Int` does not hold `value` (``integer(_:)`` is
    ///   `nil`): a whole number belongs in the event's own field. It traps
    ///   otherwise, in every build.
    public init(step: Int, field: IntegerField, value: Double) {
        precondition(
            Self.integer(value) == nil, "\(field) \(value) is a whole number: the event's Int field holds it")
        self.step = step
        self.field = field
        self.value = value
    }

    /// The largest whole number in size that a log's number (a `Double`)
    /// and an `Int` both hold exactly: 2^53.
    public static let largestInteger = JSONNumber.largestExactInteger

    /// `value` as an `Int`, when it is a whole number no larger in size
    /// than ``largestInteger``; `nil` when an integer field must keep it as a
    /// ``LoggedNumber``.
    public static func integer(_ value: Double) -> Int? {
        guard value == value.rounded(), abs(value) <= largestInteger else { return nil }
        return Int(value)
    }
}

extension [LoggedNumber] {
    /// The number the log gives `field` of step `step`, when its `Int` does not hold it.
    @inlinable
    public func value(of field: IntegerField, step: Int = 0) -> Double? {
        for number in self where number.field == field && number.step == step { return number.value }
        return nil
    }
}

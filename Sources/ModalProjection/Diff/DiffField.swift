import ModalEvents

/// One leaf of a subject's JSON shape, as a diff compares it: the field's
/// name in the state's JSON (`snap.index`), whether two values of the
/// subject differ there, and the leaf's JSON, made only for a field that
/// changed. Comparing the typed values says what comparing the two JSON
/// shapes says (numbers are written canonically, so two `Double`s are
/// equal exactly when their literals are), without building either.
struct DiffField<Subject>: Sendable {
    let name: String
    let differs: @Sendable (Subject, Subject) -> Bool
    let json: @Sendable (Subject) -> JSONValue

    /// A field whose value is `Equatable`, written as `json`.
    init<Value: Equatable & Sendable>(
        _ name: String, _ value: @escaping @Sendable (Subject) -> Value, json: @escaping @Sendable (Value) -> JSONValue
    ) {
        self.name = name
        self.differs = { value($0) != value($1) }
        self.json = { json(value($0)) }
    }
}

extension DiffField {
    /// A string field: `.string`.
    static func string(_ name: String, _ value: @escaping @Sendable (Subject) -> String) -> DiffField {
        DiffField(name, value, json: JSONValue.string)
    }

    /// An optional string field: `.string`, or `null`.
    static func string(_ name: String, _ value: @escaping @Sendable (Subject) -> String?) -> DiffField {
        DiffField(name, value) { $0.map(JSONValue.string) ?? .null }
    }

    /// A number field.
    static func number(_ name: String, _ value: @escaping @Sendable (Subject) -> Double) -> DiffField {
        DiffField(name, value) { .number(JSONNumber($0)) }
    }

    /// An optional number field: the number, or `null`.
    static func number(_ name: String, _ value: @escaping @Sendable (Subject) -> Double?) -> DiffField {
        DiffField(name, value) { $0.map { .number(JSONNumber($0)) } ?? .null }
    }

    /// A whole-number field.
    static func integer(_ name: String, _ value: @escaping @Sendable (Subject) -> Int) -> DiffField {
        DiffField(name, value) { .number(JSONNumber($0)) }
    }

    /// A flag.
    static func bool(_ name: String, _ value: @escaping @Sendable (Subject) -> Bool) -> DiffField {
        DiffField(name, value, json: JSONValue.bool)
    }
}

extension StateDiff {
    /// One change for each of `fields` where `old` and `new` differ, in
    /// the fields' order: the JSON shape's.
    static func appendChanges<Subject>(
        of fields: [DiffField<Subject>], from old: Subject, to new: Subject, subject: StateChange.Subject,
        into changes: inout [StateChange]
    ) {
        for field in fields where field.differs(old, new) {
            changes.append(
                StateChange(
                    subject: subject, kind: .changed, field: field.name, old: field.json(old), new: field.json(new)))
        }
    }
}

extension KeyboardState {
    /// The leaves of ``json``, in its order.
    static let diffFields: [DiffField<KeyboardState>] = [
        .number("height", \.height), .number("responderBottom", \.responderBottom),
    ]
}

extension RootState {
    /// The leaves of the root's own JSON (all but `modals`), in its order.
    static let diffFields: [DiffField<RootState>] = [
        .string("root", \.id),
        .string("presentation", \.settings.presentation.rawValue),
        .integer("level", \.settings.level),
        .string("policy", \.settings.policy.rawValue),
        .number("size.width", \.size.width),
        .number("size.height", \.size.height),
        .integer("maxVisibleCards", \.settings.maxVisibleCards),
        .string("dimming.tap", \.settings.dimming.tap.rawValue),
        .bool("dimming.hidden", \.settings.dimming.hidden),
        .bool("dimming.visible", \.isDimmingVisible),
        .string("keyboard.strategy", \.settings.keyboard.strategy.rawValue),
        .number("keyboard.additional", \.settings.keyboard.additional),
        .number("keyboardOffset", \.keyboardOffset),
    ]
}

extension Modal {
    /// The leaves of ``json``, in its order: `payload`, `cards` and
    /// `snap.points` are leaves, compared whole.
    static let diffFields: [DiffField<Modal>] = [
        .string("link", \.link),
        .string("phase", \.phase.rawValue),
        .string("dismissReason", \.dismissReason?.rawValue),
        .string("style", \.style.rawValue),
        .string("parent", \.parent),
        .bool("canDismiss", \.canDismiss),
        DiffField("payload", { $0.payload ?? .null }, json: { $0 }),
        DiffField("cards", \.cards) { .array($0.map(\.json)) },
        .integer("visibleCards", \.visibleCards),
        DiffField("snap.points", \.snap.points) { .array($0.map { .number(JSONNumber($0)) }) },
        .integer("snap.index", \.snap.index),
        .number("snap.position", \.snap.position),
        .bool("snap.dragging", \.snap.dragging),
    ]
}

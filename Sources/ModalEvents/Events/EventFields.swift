/// The top-level fields an event line can hold: the envelope's and those of
/// every event type. Each case is named as the log spells the field.
package enum EventField: UInt8, CaseIterable, Sendable {
    case seq, time, type
    case root, link, content, parent, style, payload, canDismiss, snapPoints, initialSnap, sticky
    case reason, direction, animation
    case presentation, level, policy, dimming, keyboard, size, maxVisibleCards
    case index, position, velocity, height, responderBottom
    case source, caller, info, events

    /// The field's key in the log.
    package var name: String {
        switch self {
        case .seq: "seq"
        case .time: "time"
        case .type: "type"
        case .root: "root"
        case .link: "link"
        case .content: "content"
        case .parent: "parent"
        case .style: "style"
        case .payload: "payload"
        case .canDismiss: "canDismiss"
        case .snapPoints: "snapPoints"
        case .initialSnap: "initialSnap"
        case .sticky: "sticky"
        case .reason: "reason"
        case .direction: "direction"
        case .animation: "animation"
        case .presentation: "presentation"
        case .level: "level"
        case .policy: "policy"
        case .dimming: "dimming"
        case .keyboard: "keyboard"
        case .size: "size"
        case .maxVisibleCards: "maxVisibleCards"
        case .index: "index"
        case .position: "position"
        case .velocity: "velocity"
        case .height: "height"
        case .responderBottom: "responderBottom"
        case .source: "source"
        case .caller: "caller"
        case .info: "info"
        case .events: "events"
        }
    }

    /// The event field of an integer field.
    init(_ field: IntegerField) {
        switch field {
        case .level: self = .level
        case .maxVisibleCards: self = .maxVisibleCards
        case .initialSnap: self = .initialSnap
        case .index: self = .index
        }
    }

    /// The field's place in ``allCases``.
    @inline(__always) var ordinal: Int { Int(rawValue) }

    /// The field's bit in a set of fields.
    @inline(__always) var bit: UInt64 { 1 << UInt64(rawValue) }
}

/// Typed access to an event line's top-level fields, with the errors the
/// spec asks for: `null` counts as absent (``isPresent(_:)`` tells it from a
/// field left out), a field of the wrong JSON type is `wrongType`, a
/// required one that is absent is `missingField`.
///
/// Two readers conform: ``JSONFields`` over a parsed ``JSONValue``, and the
/// log reader's fast path, which reads the fields in place in the line's
/// bytes. Events are decoded from either by the same code
/// (`LoggedEvent.init(fields:)`), so both give the same events and the same
/// errors.
package protocol EventFieldReader {
    /// The value of `field` as JSON; `nil` when it is absent or `null`.
    func any(_ field: EventField) -> JSONValue?
    /// Whether the line has `field`, `null` included.
    func isPresent(_ field: EventField) -> Bool
    func string(_ field: EventField) throws(EventLogError) -> String?
    func bool(_ field: EventField) throws(EventLogError) -> Bool?
    func number(_ field: EventField) throws(EventLogError) -> Double?
    /// The number of `field`, read for an integer field: the whole number
    /// its literal writes, exactly, when an `Int` holds it, else the number
    /// as the log writes it; `nil` when it is absent or `null`.
    func integer(_ field: EventField) throws(EventLogError) -> IntegerReading?
    func numbers(_ field: EventField) throws(EventLogError) -> [Double]?
    func object(_ field: EventField) throws(EventLogError) -> JSONFields?
    /// The event's `type`.
    ///
    /// - Throws: `missingField`, `wrongType`, or `unknownType`.
    func eventType() throws(EventLogError) -> EventType
}

extension EventFieldReader {
    func requiredString(_ field: EventField) throws(EventLogError) -> String {
        guard let string = try string(field) else { throw JSONFields.missing(field.name, path: "") }
        return string
    }

    func requiredNumber(_ field: EventField) throws(EventLogError) -> Double {
        guard let number = try number(field) else { throw JSONFields.missing(field.name, path: "") }
        return number
    }

    /// A field that must be a whole number a log holds exactly (`seq`).
    ///
    /// - Throws: `missingField`, or `wrongType` for a number that is not one.
    func requiredInteger(_ field: EventField) throws(EventLogError) -> Int {
        guard let reading = try integer(field) else { throw JSONFields.missing(field.name, path: "") }
        return try reading.exactly(field.name, path: "")
    }

    func size(_ field: EventField) throws(EventLogError) -> Size? {
        guard let size = try object(field) else { return nil }
        return Size(width: try size.requiredNumber("width"), height: try size.requiredNumber("height"))
    }

    /// A string field of version 2's envelope (`source`, `caller`), for which
    /// `null` is not absent but of the wrong type.
    func strictString(_ field: EventField) throws(EventLogError) -> String? {
        guard isPresent(field) else { return nil }
        guard let string = try string(field) else {
            throw JSONFields.wrongType(field.name, path: "", expected: "a string", found: "null")
        }
        return string
    }

    /// A `canDismiss` that version 2 defines (on the card events), for which
    /// `null` is not absent but of the wrong type.
    func strictBool(_ field: EventField) throws(EventLogError) -> Bool? {
        guard isPresent(field) else { return nil }
        guard let flag = try bool(field) else {
            throw JSONFields.wrongType(field.name, path: "", expected: "true or false", found: "null")
        }
        return flag
    }

    /// Reads `type` as a string and looks it up.
    func eventTypeFromString() throws(EventLogError) -> EventType {
        let name = try requiredString(.type)
        guard let type = EventType(rawValue: name) else { throw EventType.unknown(name) }
        return type
    }
}

extension EventType {
    /// The error for a `type` the format does not define.
    static func unknown(_ name: String) -> EventLogError {
        EventLogError(.unknownType, message: "unknown event type \"\(name)\"")
    }
}

extension JSONFields: EventFieldReader {
    package func any(_ field: EventField) -> JSONValue? { any(field.name) }
    package func isPresent(_ field: EventField) -> Bool { members.contains { $0.key == field.name } }
    package func string(_ field: EventField) throws(EventLogError) -> String? { try string(field.name) }
    package func bool(_ field: EventField) throws(EventLogError) -> Bool? { try bool(field.name) }
    package func number(_ field: EventField) throws(EventLogError) -> Double? { try number(field.name) }
    package func integer(_ field: EventField) throws(EventLogError) -> IntegerReading? { try integer(field.name) }
    package func numbers(_ field: EventField) throws(EventLogError) -> [Double]? { try numbers(field.name) }
    package func object(_ field: EventField) throws(EventLogError) -> JSONFields? { try object(field.name) }
    package func eventType() throws(EventLogError) -> EventType { try eventTypeFromString() }
}

extension EventType {
    /// The fields of this type, in the order the encoder writes them (after
    /// `seq`, `time` and `type`, and before `source` and `caller`). The fast
    /// reader guesses each next key from it; a log that orders its keys
    /// otherwise reads the same, a little slower.
    var fieldOrder: [EventField] {
        ownFieldOrder + [.source, .caller]
    }

    private var ownFieldOrder: [EventField] {
        switch self {
        case .rootRegister: [.root, .presentation, .level, .policy, .dimming, .keyboard, .size, .maxVisibleCards]
        case .rootResize: [.root, .size]
        case .rootRemove, .dimmingTap: [.root]
        case .modalPresent:
            [
                .root, .link, .content, .parent, .style, .payload, .canDismiss, .snapPoints, .initialSnap, .sticky,
                .height,
            ]
        case .modalPresented, .modalDismissed, .cardPop: [.root, .link]
        case .modalDismiss: [.root, .link, .reason]
        case .cardPush: [.root, .link, .content, .sticky, .height, .canDismiss]
        case .cardReplace: [.root, .link, .content, .direction, .animation, .height, .canDismiss]
        case .cardUpdate: [.root, .link, .height, .canDismiss]
        case .sessionStart: [.info]
        case .batch: [.events]
        case .keyboardChange: [.height, .responderBottom]
        case .snapTo: [.root, .link, .index]
        case .dragChange: [.root, .link, .position]
        case .dragEnd: [.root, .link, .position, .velocity]
        }
    }
}

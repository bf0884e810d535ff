extension LoggedEvent {
    /// Decodes an event from one log line's JSON object, as a log of format
    /// `version` holds it.
    ///
    /// Follows the spec to the letter: unknown fields are ignored, `null`
    /// counts as leaving an optional field out, a required field that is
    /// missing or a field of the wrong JSON type is an error. Values that are
    /// well-formed but out of range (a negative height) decode; the projection
    /// rejects them. In a version-1 log, the version-2 types are unknown and
    /// the version-2 fields (`source`, `caller`, `height`, a card's
    /// `canDismiss`) are ignored.
    ///
    /// - Throws: ``EventLogError`` with no file or line; the log reader adds them.
    public init(json: JSONValue, version: Int = LogHeader.currentVersion) throws(EventLogError) {
        guard case .object(let members) = json else {
            throw EventLogError(.notAnObject, message: "expected a JSON object, found \(json.typeDescription)")
        }
        try self.init(fields: JSONFields(members: members, path: ""), version: version)
    }

    /// Decodes an event from its line's top-level fields, however they were
    /// read: the one place the envelope and every event type are decoded.
    init(fields: some EventFieldReader, version: Int) throws(EventLogError) {
        let seq = try fields.requiredInteger(.seq)
        let time = try fields.number(.time)
        if let time, !time.isFinite {
            // Out of a Double's range (1e999): no clock reads that.
            throw EventLogError(
                .wrongType, message: "field \"time\" must be a finite number, found \(JSONNumber(time))")
        }
        let type = try fields.eventType()
        guard type.formatVersion <= version else { throw type.newerThanLog(version: version) }
        // Version 1 ignores them, as unknown fields. Read before the event's
        // own fields, the last use of `fields`, which is then not copied.
        var source: EventSource?
        var caller: String?
        if version >= 2 {
            source = try fields.strictString(.source).map(EventSource.init)
            caller = try fields.strictString(.caller)
        }
        var loggedNumbers: [LoggedNumber] = []
        let event = try ModalEvent(type: type, fields: fields, version: version, loggedNumbers: &loggedNumbers)
        self.init(seq: seq, time: time, event: event, source: source, caller: caller, loggedNumbers: loggedNumbers)
    }

    /// The event as one log line's JSON object in the current format:
    /// `seq`, `time`, `type`, the fields in the spec's order (leaving out
    /// those equal to their default), then `source` and `caller`.
    public var json: JSONValue {
        json(version: LogHeader.currentVersion)
    }

    /// The event as a line of a log of format `version`: in version 1,
    /// without `source` and `caller`, which it does not hold.
    public func json(version: Int) -> JSONValue {
        var members = JSONMemberWriter()
        write(to: &members, version: version)
        return .object(members.members)
    }

    /// Writes the envelope and the event's fields, in the order the log writes them.
    func write(to fields: inout some EventFieldWriter, version: Int) {
        fields.integer("seq", seq)
        if let time { fields.number("time", time) }
        fields.string("type", event.type.rawValue)
        event.writeFields(to: &fields, loggedNumbers: loggedNumbers)
        guard version >= 2 else { return }
        if let source { fields.string("source", source.rawValue) }
        if let caller { fields.string("caller", caller) }
    }
}

extension EventType {
    /// The error for a type of a later format version than its log's.
    func newerThanLog(version: Int) -> EventLogError {
        EventLogError(
            .unknownType,
            message:
                "unknown event type \"\(rawValue)\" in a version-\(version) log: it is a version-\(formatVersion) type "
                + "(upgrade the log with 'modal-log upgrade')")
    }
}

extension ModalEvent {
    /// Decodes an event of `type` (the `step`th of its line) from `fields`;
    /// a number an integer field's `Int` does not hold goes to `loggedNumbers`.
    init(
        type: EventType, fields: some EventFieldReader, version: Int, step: Int = 0,
        loggedNumbers: inout [LoggedNumber]
    ) throws(EventLogError) {
        // Read only by the types that take a root: on `keyboard.change` it is an unknown field, ignored.
        func root() throws(EventLogError) -> String { try fields.string(.root) ?? ModalEvent.defaultRoot }
        /// The integer `field` holds (`absent` when it is left out), or 0
        /// with its number kept in `loggedNumbers`.
        func integer(_ field: IntegerField, absent: Int) throws(EventLogError) -> Int {
            switch try fields.integer(EventField(field)) {
            case nil: return absent
            case .integer(let integer)?: return integer
            case .number(let number)?:
                loggedNumbers.append(LoggedNumber(step: step, field: field, number: number))
                return 0
            }
        }
        switch type {
        case .rootRegister:
            let dimming = try fields.object(.dimming)
            let keyboard = try fields.object(.keyboard)
            self = .rootRegister(
                RootRegistration(
                    root: try root(),
                    presentation: try fields.string(.presentation).map(RootPresentation.init) ?? .window,
                    level: try integer(.level, absent: 0),
                    policy: try fields.string(.policy).map(RootPolicy.init) ?? .stack,
                    dimming: DimmingConfiguration(
                        tap: try dimming?.string("tap").map(DimmingTapAction.init) ?? .dismissTopmost,
                        hidden: try dimming?.bool("hidden") ?? false),
                    keyboard: KeyboardConfiguration(
                        strategy: try keyboard?.string("strategy").map(KeyboardStrategy.init)
                            ?? .offsetByObscuredHeight,
                        additional: try keyboard?.number("additional") ?? 0),
                    size: try fields.size(.size) ?? .defaultRoot,
                    maxVisibleCards: try integer(.maxVisibleCards, absent: 2)))
        case .rootResize:
            guard let size = try fields.size(.size) else { throw JSONFields.missing("size", path: "") }
            self = .rootResize(root: try root(), size: size)
        case .rootRemove:
            self = .rootRemove(root: try root())
        case .modalPresent:
            self = .modalPresent(
                ModalPresentation(
                    root: try root(),
                    link: try fields.requiredString(.link),
                    content: try fields.requiredString(.content),
                    parent: try fields.string(.parent),
                    style: try fields.string(.style).map(ModalStyle.init) ?? .sheet,
                    payload: fields.any(.payload),
                    canDismiss: try fields.bool(.canDismiss) ?? true,
                    snapPoints: try fields.numbers(.snapPoints) ?? [1.0],
                    initialSnap: try integer(.initialSnap, absent: 0),
                    sticky: try fields.string(.sticky),
                    height: version >= 2 ? try fields.number(.height) : nil))
        case .modalPresented:
            self = .modalPresented(root: try root(), link: try fields.requiredString(.link))
        case .modalDismiss:
            self = .modalDismiss(
                root: try root(), link: try fields.requiredString(.link),
                reason: try fields.string(.reason).map(DismissReason.init(rawValue:)) ?? .programmatic)
        case .modalDismissed:
            self = .modalDismissed(root: try root(), link: try fields.requiredString(.link))
        case .cardPush:
            self = .cardPush(
                root: try root(), link: try fields.requiredString(.link),
                content: try fields.requiredString(.content),
                sticky: try fields.string(.sticky),
                height: version >= 2 ? try fields.number(.height) : nil,
                canDismiss: version >= 2 ? try fields.strictBool(.canDismiss) : nil)
        case .cardPop:
            self = .cardPop(root: try root(), link: try fields.requiredString(.link))
        case .cardReplace:
            self = .cardReplace(
                root: try root(), link: try fields.requiredString(.link),
                content: try fields.requiredString(.content),
                direction: try fields.string(.direction).map(ReplaceDirection.init) ?? .forward,
                animation: try fields.string(.animation).map(ReplaceAnimation.init) ?? .scale,
                height: version >= 2 ? try fields.number(.height) : nil,
                canDismiss: version >= 2 ? try fields.strictBool(.canDismiss) : nil)
        case .cardUpdate:
            let height: HeightChange? =
                if !fields.isPresent(.height) {
                    nil
                } else if let points = try fields.number(.height) {
                    .points(points)
                } else {
                    .automatic
                }
            self = .cardUpdate(
                root: try root(), link: try fields.requiredString(.link), height: height,
                canDismiss: try fields.strictBool(.canDismiss))
        case .sessionStart:
            self = .sessionStart(info: fields.any(.info))
        case .batch:
            self = .batch(try Self.batchEvents(fields.any(.events), version: version, loggedNumbers: &loggedNumbers))
        case .dimmingTap:
            self = .dimmingTap(root: try root())
        case .keyboardChange:
            self = .keyboardChange(
                height: try fields.requiredNumber(.height), responderBottom: try fields.number(.responderBottom))
        case .snapTo:
            let (root, link) = (try root(), try fields.requiredString(.link))
            guard fields.any(.index) != nil else { throw JSONFields.missing("index", path: "") }
            self = .snapTo(root: root, link: link, index: try integer(.index, absent: 0))
        case .dragChange:
            self = .dragChange(
                root: try root(), link: try fields.requiredString(.link),
                position: try fields.requiredNumber(.position))
        case .dragEnd:
            self = .dragEnd(
                root: try root(), link: try fields.requiredString(.link), position: try fields.number(.position),
                velocity: try fields.number(.velocity) ?? 0)
        }
    }

    /// The events of a `batch` line's `events` (rule 13): 1 to 1,000 event
    /// objects, each read as a line is, with no `seq`, `time`, `source` or
    /// `caller` of its own, and neither a `batch` nor a `session.start`.
    ///
    /// - Throws: ``EventLogError`` whose message starts `events[I]: ` for
    ///   the first fault of an event.
    private static func batchEvents(
        _ value: JSONValue?, version: Int, loggedNumbers: inout [LoggedNumber]
    ) throws(EventLogError) -> [ModalEvent] {
        guard let value else { throw JSONFields.missing("events", path: "") }
        guard case .array(let elements) = value else {
            throw JSONFields.wrongType("events", path: "", expected: "an array of events", found: value.typeDescription)
        }
        guard (1...maximumBatchCount).contains(elements.count) else {
            throw EventLogError(
                .invalidBatch, message: "a batch holds 1 to \(maximumBatchCount) events, found \(elements.count)")
        }
        var events: [ModalEvent] = []
        events.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do throws(EventLogError) {
                events.append(try batchEvent(element, version: version, step: index, loggedNumbers: &loggedNumbers))
            } catch {
                var located = error
                located.message = "events[\(index)]: \(error.message)"
                throw located
            }
        }
        return events
    }

    private static func batchEvent(
        _ element: JSONValue, version: Int, step: Int, loggedNumbers: inout [LoggedNumber]
    ) throws(EventLogError) -> ModalEvent {
        guard case .object(let members) = element else {
            throw EventLogError(.wrongType, message: "an event must be a JSON object, found \(element.typeDescription)")
        }
        let fields = JSONFields(members: members)
        for own in [EventField.seq, .time, .source, .caller] where fields.isPresent(own) {
            throw EventLogError(
                .invalidBatch, message: "an event in a batch has no \"\(own.name)\" of its own: the batch's covers it")
        }
        // A batch is version 2's, so its events may be of any type of it, but these two.
        let type = try fields.eventType()
        guard type != .batch, type != .sessionStart else {
            throw EventLogError(.invalidBatch, message: "a batch cannot hold a \"\(type.rawValue)\"")
        }
        return try ModalEvent(type: type, fields: fields, version: version, step: step, loggedNumbers: &loggedNumbers)
    }

    /// Writes the event's fields in the spec's order, leaving out those
    /// equal to their default; an integer field with a number in
    /// `loggedNumbers` (for step `step`) is written as that number.
    func writeFields(to fields: inout some EventFieldWriter, loggedNumbers: [LoggedNumber] = [], step: Int = 0) {
        func integer(_ field: IntegerField, _ value: Int, default defaultValue: Int? = nil) {
            if let logged = loggedNumbers.number(of: field, step: step) {
                fields.add(field.rawValue, .number(logged.number))
            } else if value != defaultValue {
                fields.integer(field.rawValue, value)
            }
        }
        switch self {
        case .rootRegister(let registration):
            fields.root(registration.root)
            fields.word("presentation", registration.presentation, default: .window)
            integer(.level, registration.level, default: 0)
            fields.word("policy", registration.policy, default: .stack)
            if registration.dimming != DimmingConfiguration() {
                var dimming = JSONMemberWriter()
                dimming.word("tap", registration.dimming.tap, default: .dismissTopmost)
                if registration.dimming.hidden { dimming.add("hidden", .bool(true)) }
                fields.add("dimming", .object(dimming.members))
            }
            if registration.keyboard != KeyboardConfiguration() {
                var keyboard = JSONMemberWriter()
                keyboard.word("strategy", registration.keyboard.strategy, default: .offsetByObscuredHeight)
                keyboard.number("additional", registration.keyboard.additional, default: 0)
                fields.add("keyboard", .object(keyboard.members))
            }
            if registration.size != .defaultRoot { fields.size(registration.size) }
            integer(.maxVisibleCards, registration.maxVisibleCards, default: 2)
        case .rootResize(let root, let size):
            fields.root(root)
            fields.size(size)
        case .rootRemove(let root), .dimmingTap(let root):
            fields.root(root)
        case .modalPresent(let presentation):
            fields.root(presentation.root)
            fields.string("link", presentation.link)
            fields.string("content", presentation.content)
            fields.optionalString("parent", presentation.parent)
            fields.word("style", presentation.style, default: .sheet)
            if let payload = presentation.payload, payload != .null { fields.add("payload", payload) }
            if !presentation.canDismiss { fields.add("canDismiss", .bool(false)) }
            if presentation.snapPoints != [1.0] {
                fields.add("snapPoints", .array(presentation.snapPoints.map { .number(JSONNumber($0)) }))
            }
            integer(.initialSnap, presentation.initialSnap, default: 0)
            fields.optionalString("sticky", presentation.sticky)
            fields.optionalNumber("height", presentation.height)
        case .modalPresented(let root, let link), .modalDismissed(let root, let link), .cardPop(let root, let link):
            fields.root(root)
            fields.string("link", link)
        case .modalDismiss(let root, let link, let reason):
            fields.root(root)
            fields.string("link", link)
            if reason != .programmatic { fields.string("reason", reason.rawValue) }
        case .cardPush(let root, let link, let content, let sticky, let height, let canDismiss):
            fields.root(root)
            fields.string("link", link)
            fields.string("content", content)
            fields.optionalString("sticky", sticky)
            fields.optionalNumber("height", height)
            if let canDismiss { fields.add("canDismiss", .bool(canDismiss)) }
        case .cardReplace(let root, let link, let content, let direction, let animation, let height, let canDismiss):
            fields.root(root)
            fields.string("link", link)
            fields.string("content", content)
            fields.word("direction", direction, default: .forward)
            fields.word("animation", animation, default: .scale)
            fields.optionalNumber("height", height)
            if let canDismiss { fields.add("canDismiss", .bool(canDismiss)) }
        case .cardUpdate(let root, let link, let height, let canDismiss):
            fields.root(root)
            fields.string("link", link)
            switch height {
            case .points(let points)?: fields.number("height", points)
            case .automatic?: fields.add("height", .null)
            case nil: break
            }
            if let canDismiss { fields.add("canDismiss", .bool(canDismiss)) }
        case .sessionStart(let info):
            if let info, info != .null { fields.add("info", info) }
        case .batch(let events):
            fields.add(
                "events",
                .array(
                    events.enumerated().map { step, event in
                        var members = JSONMemberWriter()
                        members.string("type", event.type.rawValue)
                        event.writeFields(to: &members, loggedNumbers: loggedNumbers, step: step)
                        return .object(members.members)
                    }))
        case .keyboardChange(let height, let responderBottom):
            fields.number("height", height)
            if let responderBottom { fields.number("responderBottom", responderBottom) }
        case .snapTo(let root, let link, let index):
            fields.root(root)
            fields.string("link", link)
            integer(.index, index)
        case .dragChange(let root, let link, let position):
            fields.root(root)
            fields.string("link", link)
            fields.number("position", position)
        case .dragEnd(let root, let link, let position, let velocity):
            fields.root(root)
            fields.string("link", link)
            if let position { fields.number("position", position) }
            fields.number("velocity", velocity, default: 0)
        }
    }
}

/// Where an event's fields are written, in the spec's order: the members of
/// a JSON object (``LoggedEvent/json``), or the bytes of a log line
/// (``EventLogEncoder``). The event's own code says what is written once,
/// for both.
protocol EventFieldWriter {
    mutating func add(_ key: String, _ value: JSONValue)
    mutating func string(_ key: String, _ value: String)
    mutating func number(_ key: String, _ value: Double)
    mutating func integer(_ key: String, _ value: Int)
}

extension EventFieldWriter {
    mutating func root(_ root: String) {
        if root != ModalEvent.defaultRoot { string("root", root) }
    }

    mutating func word<Word: SpecWord>(_ key: String, _ word: Word, default defaultWord: Word) {
        if word != defaultWord { string(key, word.rawValue) }
    }

    mutating func number(_ key: String, _ number: Double, default defaultNumber: Double) {
        if number != defaultNumber { self.number(key, number) }
    }

    mutating func optionalString(_ key: String, _ string: String?) {
        if let string { self.string(key, string) }
    }

    mutating func optionalNumber(_ key: String, _ number: Double?) {
        if let number { self.number(key, number) }
    }

    mutating func size(_ size: Size) {
        add("size", ["width": .number(JSONNumber(size.width)), "height": .number(JSONNumber(size.height))])
    }
}

/// Builds a JSON object's members.
struct JSONMemberWriter: EventFieldWriter {
    var members: [JSONMember] = []

    mutating func add(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key, value))
    }

    mutating func string(_ key: String, _ value: String) { add(key, .string(value)) }
    mutating func number(_ key: String, _ value: Double) { add(key, .number(JSONNumber(value))) }
    mutating func integer(_ key: String, _ value: Int) { add(key, .number(JSONNumber(value))) }
}

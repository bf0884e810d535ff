extension LoggedEvent {
    /// Decodes an event from one log line's JSON object.
    ///
    /// Follows the spec to the letter: unknown fields are ignored, `null`
    /// counts as leaving an optional field out, a required field that is
    /// missing or a field of the wrong JSON type is an error. Values that are
    /// well-formed but out of range (a negative height) decode; the projection
    /// rejects them.
    ///
    /// - Throws: ``EventLogError`` with no file or line; the log reader adds them.
    public init(json: JSONValue) throws(EventLogError) {
        guard case .object(let members) = json else {
            throw EventLogError(.notAnObject, message: "expected a JSON object, found \(json.typeDescription)")
        }
        try self.init(fields: JSONFields(members: members, path: ""))
    }

    /// Decodes an event from its line's top-level fields, however they were
    /// read: the one place the envelope and every event type are decoded.
    init(fields: some EventFieldReader) throws(EventLogError) {
        let seq = try fields.requiredInteger(.seq)
        let time = try fields.number(.time)
        if let time, !time.isFinite {
            // Out of a Double's range (1e999): no clock reads that.
            throw EventLogError(
                .wrongType, message: "field \"time\" must be a finite number, found \(JSONNumber(time))")
        }
        let type = try fields.eventType()
        self.init(seq: seq, time: time, event: try ModalEvent(type: type, fields: fields))
    }

    /// The event as one log line's JSON object: `seq`, `time`, `type`, then
    /// the fields in the spec's order, leaving out those equal to their default.
    public var json: JSONValue {
        var members: [JSONMember] = [JSONMember("seq", .number(JSONNumber(seq)))]
        if let time { members.append(JSONMember("time", .number(JSONNumber(time)))) }
        members.append(JSONMember("type", .string(event.type.rawValue)))
        event.appendFields(to: &members)
        return .object(members)
    }
}

extension ModalEvent {
    init(type: EventType, fields: some EventFieldReader) throws(EventLogError) {
        // Read only by the types that take a root: on `keyboard.change` it is an unknown field, ignored.
        func root() throws(EventLogError) -> String { try fields.string(.root) ?? ModalEvent.defaultRoot }
        switch type {
        case .rootRegister:
            let dimming = try fields.object(.dimming)
            let keyboard = try fields.object(.keyboard)
            self = .rootRegister(
                RootRegistration(
                    root: try root(),
                    presentation: try fields.string(.presentation).map(RootPresentation.init) ?? .window,
                    level: try fields.number(.level) ?? 0,
                    policy: try fields.string(.policy).map(RootPolicy.init) ?? .stack,
                    dimming: DimmingConfiguration(
                        tap: try dimming?.string("tap").map(DimmingTapAction.init) ?? .dismissTopmost,
                        hidden: try dimming?.bool("hidden") ?? false),
                    keyboard: KeyboardConfiguration(
                        strategy: try keyboard?.string("strategy").map(KeyboardStrategy.init)
                            ?? .offsetByObscuredHeight,
                        additional: try keyboard?.number("additional") ?? 0),
                    size: try fields.size(.size) ?? .defaultRoot,
                    maxVisibleCards: try fields.number(.maxVisibleCards) ?? 2))
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
                    initialSnap: try fields.number(.initialSnap) ?? 0,
                    sticky: try fields.string(.sticky)))
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
                sticky: try fields.string(.sticky))
        case .cardPop:
            self = .cardPop(root: try root(), link: try fields.requiredString(.link))
        case .cardReplace:
            self = .cardReplace(
                root: try root(), link: try fields.requiredString(.link),
                content: try fields.requiredString(.content),
                direction: try fields.string(.direction).map(ReplaceDirection.init) ?? .forward,
                animation: try fields.string(.animation).map(ReplaceAnimation.init) ?? .scale)
        case .dimmingTap:
            self = .dimmingTap(root: try root())
        case .keyboardChange:
            self = .keyboardChange(
                height: try fields.requiredNumber(.height), responderBottom: try fields.number(.responderBottom))
        case .snapTo:
            self = .snapTo(
                root: try root(), link: try fields.requiredString(.link), index: try fields.requiredNumber(.index))
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

    func appendFields(to members: inout [JSONMember]) {
        var fields = FieldWriter()
        switch self {
        case .rootRegister(let registration):
            fields.root(registration.root)
            fields.word("presentation", registration.presentation, default: .window)
            fields.number("level", registration.level, default: 0)
            fields.word("policy", registration.policy, default: .stack)
            if registration.dimming != DimmingConfiguration() {
                var dimming = FieldWriter()
                dimming.word("tap", registration.dimming.tap, default: .dismissTopmost)
                if registration.dimming.hidden { dimming.add("hidden", .bool(true)) }
                fields.add("dimming", .object(dimming.members))
            }
            if registration.keyboard != KeyboardConfiguration() {
                var keyboard = FieldWriter()
                keyboard.word("strategy", registration.keyboard.strategy, default: .offsetByObscuredHeight)
                keyboard.number("additional", registration.keyboard.additional, default: 0)
                fields.add("keyboard", .object(keyboard.members))
            }
            if registration.size != .defaultRoot { fields.size(registration.size) }
            fields.number("maxVisibleCards", registration.maxVisibleCards, default: 2)
        case .rootResize(let root, let size):
            fields.root(root)
            fields.size(size)
        case .rootRemove(let root), .dimmingTap(let root):
            fields.root(root)
        case .modalPresent(let presentation):
            fields.root(presentation.root)
            fields.add("link", .string(presentation.link))
            fields.add("content", .string(presentation.content))
            fields.optionalString("parent", presentation.parent)
            fields.word("style", presentation.style, default: .sheet)
            if let payload = presentation.payload, payload != .null { fields.add("payload", payload) }
            if !presentation.canDismiss { fields.add("canDismiss", .bool(false)) }
            if presentation.snapPoints != [1.0] {
                fields.add("snapPoints", .array(presentation.snapPoints.map { .number(JSONNumber($0)) }))
            }
            fields.number("initialSnap", presentation.initialSnap, default: 0)
            fields.optionalString("sticky", presentation.sticky)
        case .modalPresented(let root, let link), .modalDismissed(let root, let link), .cardPop(let root, let link):
            fields.root(root)
            fields.add("link", .string(link))
        case .modalDismiss(let root, let link, let reason):
            fields.root(root)
            fields.add("link", .string(link))
            if reason != .programmatic { fields.add("reason", .string(reason.rawValue)) }
        case .cardPush(let root, let link, let content, let sticky):
            fields.root(root)
            fields.add("link", .string(link))
            fields.add("content", .string(content))
            fields.optionalString("sticky", sticky)
        case .cardReplace(let root, let link, let content, let direction, let animation):
            fields.root(root)
            fields.add("link", .string(link))
            fields.add("content", .string(content))
            fields.word("direction", direction, default: .forward)
            fields.word("animation", animation, default: .scale)
        case .keyboardChange(let height, let responderBottom):
            fields.add("height", .number(JSONNumber(height)))
            if let responderBottom { fields.add("responderBottom", .number(JSONNumber(responderBottom))) }
        case .snapTo(let root, let link, let index):
            fields.root(root)
            fields.add("link", .string(link))
            fields.add("index", .number(JSONNumber(index)))
        case .dragChange(let root, let link, let position):
            fields.root(root)
            fields.add("link", .string(link))
            fields.add("position", .number(JSONNumber(position)))
        case .dragEnd(let root, let link, let position, let velocity):
            fields.root(root)
            fields.add("link", .string(link))
            if let position { fields.add("position", .number(JSONNumber(position))) }
            fields.number("velocity", velocity, default: 0)
        }
        members.append(contentsOf: fields.members)
    }
}

/// Builds a JSON object's members, leaving out values equal to their default.
struct FieldWriter {
    var members: [JSONMember] = []

    mutating func add(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key, value))
    }

    mutating func root(_ root: String) {
        if root != ModalEvent.defaultRoot { add("root", .string(root)) }
    }

    mutating func word<Word: SpecWord>(_ key: String, _ word: Word, default defaultWord: Word) {
        if word != defaultWord { add(key, .string(word.rawValue)) }
    }

    mutating func number(_ key: String, _ number: Double, default defaultNumber: Double) {
        if number != defaultNumber { add(key, .number(JSONNumber(number))) }
    }

    mutating func optionalString(_ key: String, _ string: String?) {
        if let string { add(key, .string(string)) }
    }

    mutating func size(_ size: Size) {
        add("size", ["width": .number(JSONNumber(size.width)), "height": .number(JSONNumber(size.height))])
    }
}

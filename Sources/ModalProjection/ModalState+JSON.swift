public import ModalEvents

extension ModalState {
    /// The state in the spec's JSON shape, keys in the spec's order.
    ///
    /// Complete: ``init(json:)`` reads it back to an equal state, so it serves
    /// as a snapshot. The derived keys (`dimming.visible`, `keyboardOffset`,
    /// `visibleCards`) are written for readers and recomputed on reading.
    public var json: JSONValue {
        json(historyFrom: 0)
    }

    /// The state's JSON with `rejected` holding only its entries from
    /// `start` on: how a log index's checkpoint stores it (``LogHistory``).
    package func json(historyFrom start: Int) -> JSONValue {
        .object([
            JSONMember("seq", .number(JSONNumber(seq))),
            JSONMember("keyboard", keyboard.json),
            JSONMember("roots", .array(roots.map(\.json))),
            JSONMember("rejected", .array(rejected[min(start, rejected.count)...].map(\.json))),
            JSONMember("session", .number(JSONNumber(session))),
        ])
    }

    /// The state's JSON as text: pretty (one member a line) by default.
    public func jsonText(style: JSONValue.Style = .pretty) -> String {
        json.serialized(style: style)
    }

    /// Reads a state from its JSON shape; derived keys are ignored. A
    /// version-1 snapshot (without `session` and the cards' `height` and
    /// `canDismiss`) reads with `session` 0, no heights, and each card's
    /// `canDismiss` its modal's; otherwise a modal's `canDismiss` is its top
    /// card's, not read.
    ///
    /// - Throws: ``EventLogError``: `missingField` or `wrongType` naming the
    ///   field's path, such as `roots[0].modals[1].snap.index`; `invalidState`
    ///   when the state breaks an invariant (see ``invariantViolations()``),
    ///   such as a modal with no card.
    public init(json: JSONValue) throws(EventLogError) {
        let fields = try JSONFields(json, path: "")
        let keyboard = try fields.requiredObject("keyboard")
        self.init(
            seq: try fields.requiredInteger("seq"),
            keyboard: KeyboardState(
                height: try keyboard.requiredNumber("height"), responderBottom: try keyboard.number("responderBottom")),
            roots: try fields.requiredArray("roots").enumerated().map { (index, root) throws(EventLogError) in
                try RootState(json: root, path: "roots[\(index)].")
            },
            rejected: RejectionHistory(
                try fields.requiredArray("rejected").enumerated().map { (index, rejection) throws(EventLogError) in
                    try Rejection(json: rejection, path: "rejected[\(index)].")
                }),
            session: fields.any("session") == nil ? 0 : try fields.requiredInteger("session"))
        if let violation = storedValueViolations().first {
            throw EventLogError(.invalidState, message: "invalid state: \(violation)")
        }
    }
}

extension RootState {
    /// The root in the spec's JSON shape: one element of the state's `roots`.
    public var json: JSONValue {
        .object(ownMembers + [JSONMember("modals", .array(modals.map(\.json)))])
    }

    /// The members of the root's JSON but its modals, which come last.
    var ownMembers: [JSONMember] {
        [
            JSONMember("root", .string(id)),
            JSONMember("presentation", .string(settings.presentation.rawValue)),
            JSONMember("level", .number(JSONNumber(settings.level))),
            JSONMember("policy", .string(settings.policy.rawValue)),
            JSONMember("size", ["width": .number(JSONNumber(size.width)), "height": .number(JSONNumber(size.height))]),
            JSONMember("maxVisibleCards", .number(JSONNumber(settings.maxVisibleCards))),
            JSONMember(
                "dimming",
                [
                    "tap": .string(settings.dimming.tap.rawValue), "hidden": .bool(settings.dimming.hidden),
                    "visible": .bool(isDimmingVisible),
                ]),
            JSONMember(
                "keyboard",
                [
                    "strategy": .string(settings.keyboard.strategy.rawValue),
                    "additional": .number(JSONNumber(settings.keyboard.additional)),
                ]),
            JSONMember("keyboardOffset", .number(JSONNumber(keyboardOffset))),
        ]
    }

    init(json: JSONValue, path: String) throws(EventLogError) {
        let fields = try JSONFields(json, path: path)
        let size = try fields.requiredObject("size")
        let dimming = try fields.requiredObject("dimming")
        let keyboard = try fields.requiredObject("keyboard")
        self.init(
            id: try fields.requiredString("root"),
            settings: RootSettings(
                presentation: RootPresentation(rawValue: try fields.requiredString("presentation")),
                level: try fields.requiredInteger("level"),
                policy: RootPolicy(rawValue: try fields.requiredString("policy")),
                maxVisibleCards: try fields.requiredInteger("maxVisibleCards"),
                dimming: DimmingConfiguration(
                    tap: DimmingTapAction(rawValue: try dimming.requiredString("tap")),
                    hidden: try dimming.requiredBool("hidden")),
                keyboard: KeyboardConfiguration(
                    strategy: KeyboardStrategy(rawValue: try keyboard.requiredString("strategy")),
                    additional: try keyboard.requiredNumber("additional"))),
            size: Size(width: try size.requiredNumber("width"), height: try size.requiredNumber("height")),
            modals: try fields.requiredArray("modals").enumerated().map { (index, modal) throws(EventLogError) in
                try Modal(json: modal, path: "\(path)modals[\(index)].")
            })
    }
}

extension Modal {
    /// The modal in the spec's JSON shape: one element of its root's `modals`.
    public var json: JSONValue {
        .object([
            JSONMember("link", .string(link)),
            JSONMember("phase", .string(phase.rawValue)),
            JSONMember("dismissReason", dismissReason.map { .string($0.rawValue) } ?? .null),
            JSONMember("style", .string(style.rawValue)),
            JSONMember("parent", parent.map(JSONValue.string) ?? .null),
            JSONMember("canDismiss", .bool(canDismiss)),
            JSONMember("payload", payload ?? .null),
            JSONMember("cards", .array(cards.map(\.json))),
            JSONMember("visibleCards", .number(JSONNumber(visibleCards))),
            JSONMember(
                "snap",
                [
                    "points": .array(snap.points.map { .number(JSONNumber($0)) }),
                    "index": .number(JSONNumber(snap.index)),
                    "position": .number(JSONNumber(snap.position)),
                    "dragging": .bool(snap.dragging),
                ]),
        ])
    }

    init(json: JSONValue, path: String) throws(EventLogError) {
        let fields = try JSONFields(json, path: path)
        let phaseName = try fields.requiredString("phase")
        guard let phase = ModalPhase(rawValue: phaseName) else {
            let phases = ModalPhase.allCases.map(\.rawValue).joined(separator: ", ")
            throw EventLogError(
                .wrongType, message: "field \"\(path)phase\" must be one of \(phases), found \"\(phaseName)\"")
        }
        let snap = try fields.requiredObject("snap")
        let cards = try fields.requiredArray("cards").enumerated().map { (index, card) throws(EventLogError) in
            let card = try JSONFields(card, path: "\(path)cards[\(index)].")
            // A version-1 snapshot's card has none: the modal's is read instead.
            let canDismiss =
                if let own = try card.bool("canDismiss") { own } else { try fields.requiredBool("canDismiss") }
            return Card(
                content: try card.requiredString("content"), sticky: try card.string("sticky"),
                height: try card.number("height"), canDismiss: canDismiss)
        }
        self.init(
            link: try fields.requiredString("link"),
            phase: phase,
            dismissReason: try fields.string("dismissReason").map(DismissReason.init(rawValue:)),
            style: ModalStyle(rawValue: try fields.requiredString("style")),
            parent: try fields.string("parent"),
            payload: fields.any("payload"),
            cards: cards,
            snap: SnapState(
                points: try snap.requiredNumbers("points"),
                index: try snap.requiredInteger("index"),
                position: try snap.requiredNumber("position"),
                dragging: try snap.requiredBool("dragging")))
    }
}

extension Card {
    var json: JSONValue {
        .object([
            JSONMember("content", .string(content)),
            JSONMember("sticky", sticky.map(JSONValue.string) ?? .null),
            JSONMember("height", height.map { .number(JSONNumber($0)) } ?? .null),
            JSONMember("canDismiss", .bool(canDismiss)),
        ])
    }
}

extension Rejection {
    var json: JSONValue {
        ["seq": .number(JSONNumber(seq)), "code": .string(code.rawValue), "message": .string(message)]
    }

    init(json: JSONValue, path: String) throws(EventLogError) {
        let fields = try JSONFields(json, path: path)
        let codeName = try fields.requiredString("code")
        guard let code = RejectionCode(rawValue: codeName) else {
            throw EventLogError(.wrongType, message: "field \"\(path)code\" is not a rejection code: \"\(codeName)\"")
        }
        self.init(seq: try fields.requiredInteger("seq"), code: code, message: try fields.requiredString("message"))
    }
}

import ModalEvents
import ModalProjection

/// A fact of the state that `modal-log why` explains, named as the
/// condition language names it: a modal (`sheets/checkout`, or a link in
/// any root), what one of its tests reads (`phase(checkout)`,
/// `dimming(sheets)`), a number (`depth(sheets)`, `keyboard`,
/// `offset(sheets)`), or `rejected` (the event at `--at` was rejected).
enum Fact: Equatable, CustomStringConvertible {
    case modal(Condition.ModalReference)
    case phase(Condition.ModalReference)
    case canDismiss(Condition.ModalReference)
    case content(Condition.ModalReference)
    case dimming(root: String)
    case quantity(Condition.Quantity)
    case rejected

    var description: String {
        switch self {
        case .modal(let modal): "\(modal)"
        case .phase(let modal): "phase(\(modal))"
        case .canDismiss(let modal): "canDismiss(\(modal))"
        case .content(let modal): "content(\(modal))"
        case .dimming(let root): "dimming(\(Condition.quoted(root)))"
        case .quantity(let quantity): "\(quantity)"
        case .rejected: "rejected"
        }
    }

    /// The modal the fact is about, if it is about one.
    var modal: Condition.ModalReference? {
        switch self {
        case .modal(let modal), .phase(let modal), .canDismiss(let modal), .content(let modal): modal
        case .quantity(.cards(let modal)), .quantity(.snap(let modal)), .quantity(.position(let modal)),
            .quantity(.height(let modal)):
            modal
        default: nil
        }
    }

    /// The fact with its modal's root filled in from `state`, where the
    /// link alone names the first root (bottom to top) in which it is live.
    func resolved(in state: ModalState) -> Fact {
        guard let modal, modal.root == nil,
            let root = state.roots.first(where: { $0.modal(link: modal.link) != nil })?.id
        else { return self }
        let named = Condition.ModalReference(root: root, link: modal.link)
        switch self {
        case .modal: return .modal(named)
        case .phase: return .phase(named)
        case .canDismiss: return .canDismiss(named)
        case .content: return .content(named)
        case .quantity(.cards): return .quantity(.cards(named))
        case .quantity(.snap): return .quantity(.snap(named))
        case .quantity(.position): return .quantity(.position(named))
        case .quantity(.height): return .quantity(.height(named))
        default: return self
        }
    }

    /// Whether `change` made (or unmade) the fact: a change of the modal's
    /// or root's fields the fact reads, or the modal coming or going.
    func isMade(by change: StateChange) -> Bool {
        func fields(_ prefixes: [String]) -> Bool {
            change.field.isEmpty || prefixes.contains { change.field == $0 || change.field.hasPrefix($0 + ".") }
        }
        func names(_ modal: Condition.ModalReference) -> Bool {
            guard case .modal(let root, let link) = change.subject else { return false }
            return link == modal.link && (modal.root.map { $0 == root } ?? true)
        }
        func inRoot(_ id: String) -> Bool {
            if case .modal(let root, _) = change.subject { return root == id }
            return false
        }
        switch self {
        case .modal(let modal): return names(modal)
        case .phase(let modal): return names(modal) && fields(["phase"])
        case .canDismiss(let modal): return names(modal) && fields(["canDismiss"])
        case .content(let modal), .quantity(.cards(let modal)), .quantity(.height(let modal)):
            return names(modal) && fields(["cards"])
        case .quantity(.snap(let modal)): return names(modal) && fields(["snap.index"])
        case .quantity(.position(let modal)): return names(modal) && fields(["snap.position"])
        case .dimming(let root): return change.subject == .root(root) && fields(["dimming"]) && !change.field.isEmpty
        case .quantity(.depth(let root)), .quantity(.queued(let root)), .quantity(.presented(let root)):
            return inRoot(root) && fields(["phase"])
        case .quantity(.offset(let root)): return change.subject == .root(root) && change.field == "keyboardOffset"
        case .quantity(.keyboard): return change.subject == .keyboard
        case .quantity(.roots): return change.field.isEmpty && change.root != nil && change.link == nil
        case .quantity(.modals): return change.field.isEmpty && change.link != nil
        case .quantity(.session): return change.subject == .session
        case .quantity(.seq), .quantity(.time), .quantity(.dt), .quantity(.rejections), .rejected: return false
        }
    }

    /// What the fact is in `state`: `presented`, `gone`, `2`, `true`, or a
    /// modal's summary (`presented · sheet · cards CartCard > PaymentCard`).
    func value(in state: ModalState) -> String {
        let live = modal?.modal(in: state)
        switch self {
        case .modal:
            guard let live else { return StateChange.gone }
            let cards = live.cards.map(\.content).joined(separator: " > ")
            return "\(live.phase.rawValue) · \(live.style.rawValue) · cards \(cards)"
        case .phase: return live?.phase.rawValue ?? StateChange.gone
        case .canDismiss: return live.map { "\($0.canDismiss)" } ?? StateChange.gone
        case .content: return live?.cards.last?.content ?? StateChange.gone
        case .dimming(let root): return state.root(root).map { "\($0.isDimmingVisible)" } ?? "no root"
        case .quantity(let quantity):
            if quantity.isNone(in: state) { return "none" }
            return quantity.value(in: state).map { EventText.number($0) } ?? StateChange.gone
        case .rejected: return ""
        }
    }
}

extension ConditionParser {
    /// Reads `text` as a ``Fact``: a test's or a number's name with its
    /// argument, one of `keyboard`, `roots`, `modals`, `session` and
    /// `rejected`, or a modal (`root/link` or `link`; a name the language
    /// keeps, in quotes).
    ///
    /// - Throws: ``Failure`` naming the column and what was expected.
    static func parseFact(_ text: String) throws(Failure) -> Fact {
        try parsing(text, whole: "the fact") { parser throws(Failure) in try parser.fact() }
    }

    private mutating func fact() throws(Failure) -> Fact {
        guard let token = peek, token.kind != .symbol else { throw failure("expected a modal or a fact") }
        let hasArgument = tokens.indices.contains(position + 1) && tokens[position + 1].text == "("
        if token.kind == .word, ["seq", "time", "dt", "rejections"].contains(token.text) {
            throw Failure(
                column: token.column,
                message: "'\(token.text)' is the event's, not the state's: why explains the state (a modal, "
                    + "phase(M), depth(R), keyboard, ...; a link of that name in quotes)")
        }
        // A fact's name is one (`depth` alone wants its root); a link of that name is written in quotes.
        guard token.kind == .word, hasArgument || Self.bareFacts.contains(token.text) || Self.names.contains(token.text)
        else {
            // A modal: root/link, or a link in any root.
            return .modal(try modalReference())
        }
        position += 1
        switch token.text {
        case "rejected": return .rejected
        case "phase", "live": return token.text == "live" ? .modal(try modalArgument()) : .phase(try modalArgument())
        case "canDismiss": return .canDismiss(try modalArgument())
        case "content": return .content(try modalArgument())
        case "dimming": return .dimming(root: try rootArgument())
        default: return .quantity(try quantity(token))
        }
    }

    /// The facts named by a word alone.
    private static let bareFacts: Set<String> = ["keyboard", "roots", "modals", "session", "rejected"]
    /// The facts named with an argument.
    private static let names: Set<String> = [
        "phase", "live", "canDismiss", "content", "dimming", "depth", "queued", "presented", "cards", "snap",
        "position",
        "height", "offset",
    ]
}

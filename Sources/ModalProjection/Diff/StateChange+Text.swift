package import ModalEvents

// The text here is exact: names, contents and payloads as the log has them,
// control characters and all, as `description` is for Swift's own types.
// Escaping them belongs where text meets a terminal, not here: the same
// text goes into JSON (`modal-log timeline --json`'s `effect`), an HTML page,
// a file or a UI label, where an escape would be noise every such caller had
// to undo, and a caller that escapes at its edge would escape it twice. An
// app that prints a change to a terminal is as exposed as `modal-log` and
// does what it does: escape the text on its way in (modal-log's `TerminalText`).
extension StateChange: CustomStringConvertible {
    /// The change in one line for a person:
    ///
    ///     compose: presenting -> presented
    ///     sheets/address: gone -> presenting
    ///     sheets/checkout cards: [CartCard, ShippingCard] -> [CartCard, PaymentCard]
    ///     root sheets keyboardOffset: 0 -> 288
    ///     keyboard height: 0 -> 336
    ///     session: 1 -> 2
    ///     rejected seq 7 duplicateLink: a modal "compose" is live in root "default"
    ///
    /// A modal is named `root/link`, or by its link alone in the default
    /// root; a modal that is not live is `gone`.
    public var description: String {
        switch subject {
        case .session:
            return "session: \(values)"
        case .keyboard:
            return "keyboard \(field): \(values)"
        case .root(let root):
            switch kind {
            case .added: return "root \(root) registered"
            case .removed: return "root \(root) removed"
            case .changed: return "root \(root) \(field): \(values)"
            }
        case .modal(let root, let link):
            let name = Self.modalName(root: root, link: link)
            if let phases { return "\(name): \(phases.old) -> \(phases.new)" }
            return "\(name) \(field): \(values)"
        case .rejection(let seq):
            switch kind {
            case .added: return "rejected seq \(seq) \(Self.rejectionText(new))"
            case .removed: return "no longer rejected: seq \(seq) \(Self.rejectionText(old))"
            case .changed: return "rejected seq \(seq) \(Self.rejectionText(new)), was \(Self.rejectionText(old))"
            }
        }
    }

    /// A modal as a change names it, in every root the same way: `ROOT/LINK`
    /// (`default/checkout` in the default root), as conditions and filters
    /// take it.
    package static func modalName(root: String, link: String) -> String {
        "\(root)/\(link)"
    }

    /// `old -> new`, each as ``text(of:)`` gives it.
    package var values: String {
        "\(Self.text(of: old ?? .null)) -> \(Self.text(of: new ?? .null))"
    }

    /// A value of the state as a change shows it: `none` for null, a string
    /// as it is, a card stack as `[CartCard (sticky Chrome), PaymentCard
    /// (height 420, cannot dismiss)]`,
    /// other arrays as `[0.5, 1]`, objects (a payload) as compact JSON.
    package static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return "none"
        case .bool(let bool): return "\(bool)"
        case .number(let number): return number.literal
        case .string(let string): return string
        case .array(let elements): return "[" + elements.map(elementText).joined(separator: ", ") + "]"
        case .object: return value.serialized()
        }
    }

    private static func elementText(_ element: JSONValue) -> String {
        if case .object = element, let content = element["content"]?.stringValue {
            var notes: [String] = []
            if let sticky = element["sticky"]?.stringValue { notes.append("sticky \(sticky)") }
            if case .number(let height)? = element["height"] { notes.append("height \(height.literal)") }
            if element["canDismiss"] == .bool(false) { notes.append("cannot dismiss") }
            return content + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
        }
        return text(of: element)
    }

    /// A rejection's JSON as `code: message`.
    package static func rejectionText(_ rejection: JSONValue?) -> String {
        let code = rejection?["code"]?.stringValue ?? "?"
        let message = rejection?["message"]?.stringValue ?? ""
        return "\(code): \(message)"
    }
}

public import ModalEvents

/// One difference between two states of a log: a field of the keyboard, a
/// root or a modal that changed, a root or a modal that came or went, or a
/// rejection that was added or is no longer there.
///
/// Values are in the spec's state JSON shape, so a change reads the same in
/// the tool's text, its `--json` and an app's own logging.
public struct StateChange: Sendable, Hashable {
    /// What the change is about.
    public enum Subject: Sendable, Hashable {
        /// The session: how many `session.start` events applied (field `session`).
        case session
        /// The keyboard, shared by every root.
        case keyboard
        /// A root, by id.
        case root(String)
        /// A live modal, by its root and link.
        case modal(root: String, link: String)
        /// A rejection, by the seq of the event that was rejected.
        case rejection(seq: Int)
    }

    /// Whether the subject came, went or changed.
    public enum Kind: String, Sendable, Hashable {
        case added, removed, changed
    }

    public var subject: Subject
    public var kind: Kind
    /// The field that changed, as the state's JSON names it (`phase`,
    /// `snap.index`, `dimming.visible`); empty when a whole subject came or went.
    public var field: String
    /// The value before; `nil` for a subject that was added.
    public var old: JSONValue?
    /// The value after; `nil` for a subject that was removed.
    public var new: JSONValue?

    package init(subject: Subject, kind: Kind, field: String = "", old: JSONValue?, new: JSONValue?) {
        self.subject = subject
        self.kind = kind
        self.field = field
        self.old = old
        self.new = new
    }

    /// The root the change is about, when it is about a root or one of its modals.
    public var root: String? {
        switch subject {
        case .root(let root), .modal(let root, _): root
        case .session, .keyboard, .rejection: nil
        }
    }

    /// The link of the modal the change is about.
    public var link: String? {
        if case .modal(_, let link) = subject { return link }
        return nil
    }

    /// A modal's phase before or after the change, with `gone` for no live modal:
    /// what `link: presenting -> presented` shows.
    ///
    /// - Returns: `nil` unless the change is a modal that came, went or changed phase.
    public var phases: (old: String, new: String)? {
        guard case .modal = subject else { return nil }
        switch kind {
        case .added: return (Self.gone, new?["phase"]?.stringValue ?? Self.gone)
        case .removed: return (old?["phase"]?.stringValue ?? Self.gone, Self.gone)
        case .changed:
            guard field == "phase" else { return nil }
            return (old?.stringValue ?? Self.gone, new?.stringValue ?? Self.gone)
        }
    }

    /// How a change says that a modal is not live.
    public static let gone = "gone"
}

extension StateChange {
    /// The change in JSON: `subject` (`session`, `keyboard`, `root`, `modal`
    /// or `rejection`), its `root`, `link` or `seq`, `change` (`added`,
    /// `removed` or `changed`), and `field`, `from` and `to` as they apply.
    ///
    /// ```json
    /// {"subject":"modal","root":"sheets","link":"checkout","change":"changed","field":"phase","from":"presenting","to":"presented"}
    /// ```
    public var json: JSONValue {
        var members: [JSONMember]
        switch subject {
        case .session:
            members = [JSONMember("subject", "session")]
        case .keyboard:
            members = [JSONMember("subject", "keyboard")]
        case .root(let root):
            members = [JSONMember("subject", "root"), JSONMember("root", .string(root))]
        case .modal(let root, let link):
            members = [
                JSONMember("subject", "modal"), JSONMember("root", .string(root)), JSONMember("link", .string(link)),
            ]
        case .rejection(let seq):
            members = [JSONMember("subject", "rejection"), JSONMember("seq", .number(JSONNumber(seq)))]
        }
        members.append(JSONMember("change", .string(kind.rawValue)))
        if !field.isEmpty { members.append(JSONMember("field", .string(field))) }
        if let old { members.append(JSONMember("from", old)) }
        if let new { members.append(JSONMember("to", new)) }
        return .object(members)
    }
}

extension StateChange {
    /// Writes ``json`` as compact text, with no tree built: what a command
    /// that writes every step's changes calls.
    package func write(to writer: inout JSONWriter) {
        writer.writeObject { object in
            switch subject {
            case .session: object.member("subject", "session")
            case .keyboard: object.member("subject", "keyboard")
            case .root(let root):
                object.member("subject", "root")
                object.member("root", root)
            case .modal(let root, let link):
                object.member("subject", "modal")
                object.member("root", root)
                object.member("link", link)
            case .rejection(let seq):
                object.member("subject", "rejection")
                object.member("seq", seq)
            }
            object.member("change", kind.rawValue)
            if !field.isEmpty { object.member("field", field) }
            if let old { object.member("from", old) }
            if let new { object.member("to", new) }
        }
    }
}

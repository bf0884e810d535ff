import ModalEvents
import ModalProjection

/// The page's steps as JSON, each state in a ``JSONValueTable`` shared by
/// all of them: what ``HTMLExporter`` writes into a page, and what `serve`
/// sends a page as it asks for steps. The page knows a step's seq, type,
/// rejection and a batch's types from its ``PageOutline``.
///
/// A step is an array (a long log's page holds a hundred thousand of them,
/// so no key is repeated in each): the id of its `state` (what the page
/// draws: the keyboard and the roots), its `time` (or `null`), its
/// `target`, its `effect` and its `line`; then, where any applies, an
/// object of its `origin`, `source`, `session`, `changes`, `starts` and a
/// batch's `events`.
struct PageSteps {
    private(set) var table = JSONValueTable()
    /// The roots after the last step, bottom to top, with their ids in ``table``.
    private var keptRoots: [KeptRoot] = []

    /// A value of the state kept in the table: its JSON's members and
    /// their ids, so that a value that changed adds only the members that did.
    private struct KeptObject {
        var members: [JSONMember]
        var ids: [Int]
        /// The place of its member names in the table's shapes.
        var shape: Int
        var id: Int

        /// `members` in `table`, each equal to its own in `earlier` with the
        /// id it had; the last one, when `lastElements` are given, is the
        /// array of those ids (a root's modals, kept apart).
        init(
            _ members: [JSONMember], earlier: KeptObject?, lastElements: [Int]? = nil, in table: inout JSONValueTable
        ) {
            self.members = members
            let earlier = earlier.flatMap { $0.members.count == members.count ? $0 : nil }
            ids = members.indices.map { index in
                if index == members.count - 1, let lastElements { return table.id(ofArray: lastElements) }
                if let earlier, earlier.members[index] == members[index] { return earlier.ids[index] }
                return table.id(of: members[index].value)
            }
            let keys = members.map(\.key)
            shape =
                if let earlier, earlier.members.indices.allSatisfy({ earlier.members[$0].key == keys[$0] }) {
                    earlier.shape
                } else {
                    table.shape(of: keys)
                }
            id = table.id(ofObjectShaped: shape, values: ids)
        }
    }

    private struct KeptRoot {
        var root: RootState
        /// The root's own members, and its modals' ids last.
        var object: KeptObject
        var modals: [(modal: Modal, object: KeptObject)]
    }

    /// The JSON of `step`, after which the state is `state`.
    mutating func json(of step: Step, state: ModalState) -> JSONValue {
        let entry = step.entry
        let groups = EventText.changeGroups(step.changes)
        var row: [JSONValue] = [
            .number(JSONNumber(picture(of: state))),
            entry.time.map { .number(JSONNumber($0)) } ?? .null,
            .string(EventText.target(of: entry.event)),
            .string(EventText.effect(of: step, besidesTarget: true, groups: groups)),
            // The line as the log's writer writes it, without its line break.
            .string(String(decoding: EventLogEncoder.encode(entry).dropLast(), as: UTF8.self)),
        ]
        var more: [JSONMember] = []
        func add(_ key: String, _ value: JSONValue, if condition: Bool) {
            if condition { more.append(JSONMember(key, value)) }
        }
        let origin = EventText.origin(of: entry)
        let changes = EventText.changeLines(groups)
        add("origin", .string(origin), if: !origin.isEmpty)
        add("source", .string(entry.source?.rawValue ?? ""), if: entry.source != nil)
        add("session", .number(JSONNumber(step.session)), if: step.session > 0)
        add("changes", .array(changes.map(JSONValue.string)), if: changes.count > 1)
        if let title = TimelineLine.sessionTitle(of: step) { add("starts", .string(title), if: true) }
        if case .batch = entry.event {
            // Each event of the batch in a line, as the timeline lists them.
            let lines = step.batchEvents.map { event, refused, logged in
                "\(event.type.rawValue) \(EventText.subject(of: event, logged: logged))"
                    + (refused ? "  <- rejected" : "")
            }
            add("events", .array(lines.map(JSONValue.string)), if: true)
        }
        if !more.isEmpty { row.append(.object(more)) }
        return .array(row)
    }

    /// The id of what the page draws of `state`: its keyboard and roots
    /// (its seq is the step's, and rejections are the steps'). A root or a
    /// modal equal to the one the last step kept keeps its id: its JSON is
    /// not made again; one that changed adds the members that changed.
    /// (Equal, not unnamed by the step's changes: the steps a filter leaves
    /// out change the state too.)
    private mutating func picture(of state: ModalState) -> Int {
        let earlier = keptRoots
        keptRoots = state.roots.enumerated().map { index, root in
            // Most often each root is where it was.
            let before =
                earlier.indices.contains(index) && earlier[index].root.id == root.id
                ? earlier[index] : earlier.first { $0.root.id == root.id }
            if let before, before.root == root { return before }
            return keep(root, earlier: before)
        }
        return table.id(
            ofObject: ["keyboard", "roots"],
            values: [table.id(of: state.keyboard.json), table.id(ofArray: keptRoots.map(\.object.id))])
    }

    /// `root` in the table, each modal and member equal to its own in `earlier` with the id it had.
    private mutating func keep(_ root: RootState, earlier: KeptRoot?) -> KeptRoot {
        let earlierModals = earlier?.modals ?? []
        let modals = root.modals.enumerated().map { index, modal in
            let before =
                earlierModals.indices.contains(index) && earlierModals[index].modal.link == modal.link
                ? earlierModals[index] : earlierModals.first { $0.modal.link == modal.link }
            if let before, before.modal == modal { return before }
            return (modal, KeptObject(Self.pageMembers(of: modal), earlier: before?.object, in: &table))
        }
        var bare = root
        bare.modals = []
        guard case .object(let members) = bare.json else { preconditionFailure("a root's JSON is an object") }
        // Its own members, and its modals' ids last.
        let object = KeptObject(
            members, earlier: earlier?.object, lastElements: modals.map(\.object.id), in: &table)
        return KeptRoot(root: root, object: object, modals: modals)
    }

    /// `modal` as the page holds it: the spec's JSON, its payload as the
    /// log's text (the page would read a number JavaScript cannot hold,
    /// `12345678901234567891`, as another).
    static func pageMembers(of modal: Modal) -> [JSONMember] {
        guard case .object(let members) = modal.json else { preconditionFailure("a modal's JSON is an object") }
        return members.map { member in
            member.key == "payload" && member.value != .null
                ? JSONMember(member.key, .string(member.value.serialized())) : member
        }
    }

    /// The table's shapes from `start` on, as the page reads them.
    func shapes(from start: Int) -> JSONValue {
        .array(table.shapes[start...].map { .array($0.map(JSONValue.string)) })
    }
}

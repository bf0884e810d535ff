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
    /// Each root's id after the last step, and its modals', in ``table``.
    private var keptRoots: [String: KeptRoot] = [:]

    private struct KeptRoot {
        var root: RootState
        var id: Int
        var modals: [String: (modal: Modal, id: Int)]
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
    /// not made again. (Equal, not unnamed by the step's changes: the steps
    /// a filter leaves out change the state too.)
    private mutating func picture(of state: ModalState) -> Int {
        var kept: [String: KeptRoot] = [:]
        for root in state.roots {
            if let earlier = keptRoots[root.id], earlier.root == root {
                kept[root.id] = earlier
            } else {
                kept[root.id] = keep(root, earlier: keptRoots[root.id])
            }
        }
        keptRoots = kept
        let roots = state.roots.map { kept[$0.id]!.id }
        return table.id(
            ofObject: ["keyboard", "roots"], values: [table.id(of: state.keyboard.json), table.id(ofArray: roots)])
    }

    /// `root` in the table, each modal equal to its own in `earlier` with the id it had.
    private mutating func keep(_ root: RootState, earlier: KeptRoot?) -> KeptRoot {
        var modals: [String: (modal: Modal, id: Int)] = [:]
        let modalIDs = root.modals.map { modal in
            let kept = earlier?.modals[modal.link].flatMap { $0.modal == modal ? $0.id : nil }
            let id = kept ?? table.id(of: Self.pageJSON(of: modal))
            modals[modal.link] = (modal, id)
            return id
        }
        // The root's own members, and its modals' ids last.
        var bare = root
        bare.modals = []
        guard case .object(let members) = bare.json else { preconditionFailure("a root's JSON is an object") }
        let values = members.dropLast().map { table.id(of: $0.value) } + [table.id(ofArray: modalIDs)]
        return KeptRoot(root: root, id: table.id(ofObject: members.map(\.key), values: values), modals: modals)
    }

    /// `modal` as the page holds it: the spec's JSON, its payload as the
    /// log's text (the page would read a number JavaScript cannot hold,
    /// `12345678901234567891`, as another).
    static func pageJSON(of modal: Modal) -> JSONValue {
        guard case .object(let members) = modal.json else { preconditionFailure("a modal's JSON is an object") }
        return .object(
            members.map { member in
                member.key == "payload" && member.value != .null
                    ? JSONMember(member.key, .string(member.value.serialized())) : member
            })
    }

    /// The table's shapes from `start` on, as the page reads them.
    func shapes(from start: Int) -> JSONValue {
        .array(table.shapes[start...].map { .array($0.map(JSONValue.string)) })
    }
}

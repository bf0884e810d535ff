import ModalEvents
import ModalProjection

/// The page's steps as JSON, each state in a ``JSONValueTable`` shared by
/// all of them: what ``HTMLExporter`` writes into a page, and what `serve`
/// sends a page as it asks for steps.
///
/// A step's object has its `seq`, `time`, `type`, `target`, `effect`, the
/// id of its `state` (what the page draws: the keyboard and the roots) and
/// its `line`; then, where they apply, `rejected`, `origin`, `source`,
/// `session`, `changes`, `starts`, and a batch's `events` and `types`.
struct PageSteps {
    private(set) var table = JSONValueTable()
    /// Each root's id after the last step, and its modals', in ``table``.
    private var keptRoots: [String: KeptRoot] = [:]
    /// The widest and the tallest any root drawn is, in points: the page
    /// draws every device at one scale, the one at which these fit.
    private(set) var largest = Size(width: 0, height: 0)

    private struct KeptRoot {
        var root: RootState
        var id: Int
        var modals: [String: (modal: Modal, id: Int)]
    }

    /// The JSON of `step`, after which the state is `state`.
    mutating func json(of step: Step, state: ModalState) -> JSONValue {
        let entry = step.entry
        var members = [
            JSONMember("seq", .number(JSONNumber(entry.seq))),
            JSONMember("time", entry.time.map { .number(JSONNumber($0)) } ?? .null),
            JSONMember("type", .string(entry.event.type.rawValue)),
            JSONMember("target", .string(EventText.target(of: entry.event))),
            JSONMember("effect", .string(EventText.effect(of: step, besidesTarget: true))),
            JSONMember("state", .number(JSONNumber(picture(of: state)))),
            JSONMember("line", .string(entry.json.serialized())),
        ]
        func add(_ key: String, _ value: JSONValue, if condition: Bool) {
            if condition { members.append(JSONMember(key, value)) }
        }
        let origin = EventText.origin(of: entry)
        let changes = EventText.changeLines(step.changes)
        add("rejected", .bool(true), if: step.rejection != nil)
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
            add("types", .array(Self.types(of: step).map(JSONValue.string)), if: true)
        }
        return .object(members)
    }

    /// A batch's events' types, each once, in order of name; none for another step.
    static func types(of step: Step) -> [String] {
        Set(step.batchEvents.map(\.event.type.rawValue)).sorted()
    }

    /// The id of what the page draws of `state`: its keyboard and roots
    /// (its seq is the step's, and rejections are the steps'). A root or a
    /// modal equal to the one the last step kept keeps its id: its JSON is
    /// not made again. (Equal, not unnamed by the step's changes: the steps
    /// a filter leaves out change the state too.)
    private mutating func picture(of state: ModalState) -> Int {
        var kept: [String: KeptRoot] = [:]
        for root in state.roots {
            largest = Size(width: max(largest.width, root.size.width), height: max(largest.height, root.size.height))
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

    /// The largest root's size as the page reads it, `null` before any root.
    var largestJSON: JSONValue { Self.json(ofLargest: largest) }

    /// `largest`, the size of the largest root drawn, as the page reads it: `null` before any root.
    static func json(ofLargest largest: Size) -> JSONValue {
        largest.width > 0
            ? ["width": .number(JSONNumber(largest.width)), "height": .number(JSONNumber(largest.height))] : .null
    }

    /// The table's shapes from `start` on, as the page reads them.
    func shapes(from start: Int) -> JSONValue {
        .array(table.shapes[start...].map { .array($0.map(JSONValue.string)) })
    }
}

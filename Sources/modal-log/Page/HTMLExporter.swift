import ModalEvents
import ModalProjection

/// One self-contained HTML page that draws the log's state as a picture,
/// event by event: each screen with its roots composed by level, their
/// modals as iOS stacks them, the dimming, the keyboard over the content,
/// queued modals waiting under it (``HTMLPage`` has the rules), and an
/// outline beside it. Beside that, the event list (only its rows on screen
/// are drawn, so a long log scrolls as a short one does) and an inspector
/// of the step and the state. Step buttons, keys, a slider over a chart of
/// each root's depth, the keyboard offset and the rejections, a search and
/// a type filter move through it; the address (`#seq=N`) follows. It needs
/// no network: the data is in the page as JSON and its scripts draw it.
///
/// Each state is in a ``JSONValueTable``, so an event that moves one modal
/// adds that modal and the objects that hold it, not a whole state.
struct HTMLExporter: Exporter {
    let title: String
    /// The options that kept only some events (`--where 'rejected'`), as
    /// the page says it was exported; `nil` for a page of every event.
    let filtered: String?
    private var table = JSONValueTable()
    /// Each root's id after the last step, and its modals', in ``table``.
    private var keptRoots: [String: KeptRoot] = [:]
    /// The widest and the tallest any root of the page is, in points: the
    /// page draws every frame at one scale, the one at which these fit.
    private var largest = Size(width: 0, height: 0)

    private struct KeptRoot {
        var root: RootState
        var id: Int
        var modals: [String: (modal: Modal, id: Int)]
    }
    /// The chart's series, a value a step: each root's depth (its modals
    /// not queued), in the order roots first appear, and the keyboard offset
    /// (the largest root's).
    private var depths: [(root: String, values: [Int])] = []
    private var keyboardOffsets: [Double] = []
    /// The steps' JSON objects so far, comma-separated, as the page's script
    /// text holds them (``appendScriptText(_:to:)``): written as each step
    /// comes, so a long log's steps are never all held as values.
    private var steps: [UInt8] = []
    /// Where each step's object starts in ``steps``.
    private var stepStarts: [Int] = []

    /// How much of the page's data there is: steps, values and shapes. A
    /// live page holds the data up to a position, and is sent what was
    /// added since (``appended(since:)``).
    struct Position: Equatable {
        var steps = 0, values = 0, shapes = 0
    }

    /// The data's position now.
    var position: Position { Position(steps: stepStarts.count, values: table.count, shapes: table.shapes.count) }

    init(title: String, filtered: String? = nil) {
        self.title = title
        self.filtered = filtered
    }

    mutating func add(_ step: Step, state: ModalState) {
        let picture = picture(of: state)
        chart(state)
        let entry = step.entry
        var members = [
            JSONMember("seq", .number(JSONNumber(entry.seq))),
            JSONMember("time", entry.time.map { .number(JSONNumber($0)) } ?? .null),
            JSONMember("type", .string(entry.event.type.rawValue)),
            JSONMember("target", .string(EventText.target(of: entry.event))),
            JSONMember("effect", .string(EventText.effect(of: step, besidesTarget: true))),
            JSONMember("state", .number(JSONNumber(picture))),
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
            add(
                "types", .array(Set(step.batchEvents.map(\.event.type.rawValue)).sorted().map(JSONValue.string)),
                if: true)
        }
        if !steps.isEmpty { steps.append(UInt8(ascii: ",")) }
        stepStarts.append(steps.count)
        var writer = JSONWriter()
        writer.write(.object(members))
        Self.appendScriptText(writer.bytes, to: &steps)
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

    /// Adds a step's values to the chart's series.
    private mutating func chart(_ state: ModalState) {
        for root in state.roots where !depths.contains(where: { $0.root == root.id }) {
            depths.append((root.id, Array(repeating: 0, count: keyboardOffsets.count)))
        }
        for index in depths.indices {
            let root = state.roots.first { $0.id == depths[index].root }
            depths[index].values.append(root?.modals.count { $0.phase != .queued } ?? 0)
        }
        keyboardOffsets.append(state.roots.map(\.keyboardOffset).max() ?? 0)
    }

    /// The chart as the page draws it: at most `buckets` values a series,
    /// each the largest of the steps it stands for (a step of a bucket is
    /// `index * buckets / steps`, rounded down).
    func chartJSON(buckets limit: Int = 600) -> JSONValue {
        let count = keyboardOffsets.count, buckets = min(count, limit)
        func bucketed(_ values: [Double]) -> JSONValue {
            var maxima = [Double](repeating: -.infinity, count: buckets)
            for (index, value) in values.enumerated() {
                let bucket = index * buckets / count
                maxima[bucket] = max(maxima[bucket], value)
            }
            return .array(maxima.map { .number(JSONNumber($0)) })
        }
        return [
            "steps": .number(JSONNumber(count)),
            "depths": .array(
                depths.map { ["root": .string($0.root), "values": bucketed($0.values.map(Double.init))] }),
            "keyboard": bucketed(keyboardOffsets),
        ]
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

    func output(header: LogHeader) -> String { output(header: header, live: .null) }

    /// The page, its data up to now. `live` is what a page that `serve`
    /// sends holds as `data.live` (the addresses it asks the tool at);
    /// `null` for a page on its own.
    func output(header: LogHeader, live: JSONValue) -> String {
        let data: JSONValue = [
            "live": live,
            "title": .string(title),
            "largest": largestJSON,
            "header": .array(Self.headerLines(header).map(JSONValue.string)),
            "filtered": filtered.map(JSONValue.string) ?? .null,
            "chart": chartJSON(),
            "shapes": .array(table.shapes.map { .array($0.map(JSONValue.string)) }),
            "values": .array(table.values),
        ]
        var writer = JSONWriter()
        writer.write(data)
        // The data last: nothing is looked for in it. Its steps go in before its closing brace.
        let page = HTMLPage.template.replacing("@@TITLE@@", with: Self.escaped(title)).split(separator: "@@DATA@@")
        var bytes = Array(page[0].utf8)
        bytes.reserveCapacity(bytes.count + writer.bytes.count + steps.count + page[1].utf8.count + 16)
        Self.appendScriptText(writer.bytes.dropLast(), to: &bytes)
        bytes += #","steps":["#.utf8
        bytes += steps
        bytes += "]}".utf8
        bytes += page[1].utf8
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The data added since `position`, as JSON (the page appends it to its
    /// own): `shapes`, `values` and `steps` from there on, the whole
    /// `chart` again, and `largest`.
    ///
    /// - Precondition: `position` is one this exporter had.
    func appended(since position: Position) -> [UInt8] {
        var writer = JSONWriter()
        writer.write([
            "shapes": .array(table.shapes[position.shapes...].map { .array($0.map(JSONValue.string)) }),
            "values": .array(table.values(from: position.values)),
            "chart": chartJSON(),
            "largest": largestJSON,
        ])
        var bytes = Array(writer.bytes.dropLast())
        bytes += #","steps":["#.utf8
        if position.steps < stepStarts.count { bytes += steps[stepStarts[position.steps]...] }
        bytes += "]}".utf8
        return bytes
    }

    private var largestJSON: JSONValue {
        largest.width > 0
            ? ["width": .number(JSONNumber(largest.width)), "height": .number(JSONNumber(largest.height))] : .null
    }

    /// The header as the page shows it: `version 2`, `from 41`, then each of
    /// its fields (`app "ShopApp"`).
    static func headerLines(_ header: LogHeader) -> [String] {
        ["version \(header.version)"] + (header.from > 1 ? ["from \(header.from)"] : [])
            + header.fields.map { "\($0.key) \($0.value.serialized())" }
    }

    /// Appends `json` to `bytes` as a script element's text: each `<` as
    /// `\u003c`, the same character to JSON (where it can only be in a
    /// string), so nothing in it can end the element (`</script>`) or make
    /// the HTML parser read on past its end (`<!--<script>`).
    ///
    /// - Complexity: O(*n*) in the length of `json`.
    static func appendScriptText(_ json: some Collection<UInt8>, to bytes: inout [UInt8]) {
        for byte in json {
            if byte == UInt8(ascii: "<") { bytes += #"\u003c"#.utf8 } else { bytes.append(byte) }
        }
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `@` (the template's marks) as entities.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;").replacing("@", with: "&#64;")
    }
}

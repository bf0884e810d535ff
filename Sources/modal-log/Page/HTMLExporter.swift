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
    private var pageSteps = PageSteps()
    private var chart = PageChart()
    /// The steps' JSON objects so far, comma-separated: written as each
    /// step comes, so a long log's steps are never all held as values.
    private var steps: [UInt8] = []

    init(title: String, filtered: String? = nil) {
        self.title = title
        self.filtered = filtered
    }

    mutating func add(_ step: Step, state: ModalState) {
        chart.add(state)
        if !steps.isEmpty { steps.append(UInt8(ascii: ",")) }
        var writer = JSONWriter()
        writer.write(pageSteps.json(of: step, state: state))
        steps += writer.bytes
    }

    func output(header: LogHeader) -> String {
        let data: JSONValue = [
            "title": .string(title),
            "largest": pageSteps.largestJSON,
            "header": .array(Self.headerLines(header).map(JSONValue.string)),
            "filtered": filtered.map(JSONValue.string) ?? .null,
            "chart": chart.json(),
            "shapes": pageSteps.shapes(from: 0),
            "values": .array(pageSteps.table.values),
        ]
        return Self.page(title: title, data: data, steps: steps)
    }

    /// The page, titled `title`, its data the object `data` with `steps`
    /// (the steps' objects, comma-separated) as its `steps`.
    static func page(title: String, data: JSONValue, steps: [UInt8]) -> String {
        var writer = JSONWriter()
        writer.write(data)
        // The data last: nothing is looked for in it. Its steps go in before its closing brace.
        let page = HTMLPage.template.replacing("@@TITLE@@", with: escaped(title)).split(separator: "@@DATA@@")
        var bytes = Array(page[0].utf8)
        bytes.reserveCapacity(bytes.count + writer.bytes.count + steps.count + page[1].utf8.count + 16)
        appendScriptText(writer.bytes.dropLast(), to: &bytes)
        bytes += #","steps":["#.utf8
        appendScriptText(steps, to: &bytes)
        bytes += "]}".utf8
        bytes += page[1].utf8
        return String(decoding: bytes, as: UTF8.self)
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

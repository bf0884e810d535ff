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
/// adds that modal and the objects that hold it, not a whole state. The
/// page knows every step by its ``PageOutline``; each step's own data and
/// the table are in chunks of their own, each read the first time the page
/// shows a step that needs it, so a long log's page opens without reading
/// them all.
struct HTMLExporter: Exporter {
    let title: String
    /// The options that kept only some events (`--where 'rejected'`), as
    /// the page says it was exported; `nil` for a page of every event.
    let filtered: String?
    private var pageSteps = PageSteps()
    private var outline = PageOutline()
    /// The script elements of the steps' chunks so far, the last one not
    /// closed: written as each step comes, so a long log's steps are never
    /// all held as values.
    private var stepChunks: [UInt8] = []

    /// Steps in a chunk of the page's, and values of the table in one.
    static let stepsPerChunk = 256
    static let valuesPerChunk = 4096

    init(title: String, filtered: String? = nil) {
        self.title = title
        self.filtered = filtered
    }

    mutating func add(_ step: Step, state: ModalState) {
        let place = outline.count
        outline.add(step.entry, rejected: step.rejection != nil, state: state)
        if place % Self.stepsPerChunk == 0 {
            if place > 0 { stepChunks += "]</script>\n".utf8 }
            stepChunks += #"<script type="application/json" id="steps-\#(place / Self.stepsPerChunk)">["#.utf8
        } else {
            stepChunks.append(UInt8(ascii: ","))
        }
        var writer = JSONWriter()
        writer.write(pageSteps.json(of: step, state: state))
        Self.appendScriptText(writer.bytes, to: &stepChunks)
    }

    func output(header: LogHeader) -> [UInt8] {
        let data: JSONValue = [
            "title": .string(title),
            "header": .array(Self.headerLines(header).map(JSONValue.string)),
            "filtered": filtered.map(JSONValue.string) ?? .null,
            "outline": outline.json(from: 0),
            "shapes": pageSteps.shapes(from: 0),
            "chunk": .number(JSONNumber(Self.stepsPerChunk)),
            "valueChunk": .number(JSONNumber(Self.valuesPerChunk)),
        ]
        var chunks = stepChunks
        if !chunks.isEmpty { chunks += "]</script>\n".utf8 }
        let values = pageSteps.table.values
        for start in stride(from: 0, to: values.count, by: Self.valuesPerChunk) {
            let chunk = JSONValue.array(Array(values[start..<min(start + Self.valuesPerChunk, values.count)]))
            Self.appendScript(id: "values-\(start / Self.valuesPerChunk)", json: chunk, to: &chunks)
        }
        return Self.page(title: title, data: data, chunks: chunks)
    }

    /// The page, titled `title`, its data the object `data`, then `chunks`
    /// (script elements of data the page reads as it needs them).
    static func page(title: String, data: JSONValue, chunks: [UInt8]) -> [UInt8] {
        // The data last: nothing is looked for in it.
        let page = HTMLPage.template.replacing("@@TITLE@@", with: escaped(title)).split(separator: "@@DATA@@")
        var bytes = Array(page[0].utf8)
        appendScript(id: "data", json: data, to: &bytes)
        bytes += chunks
        bytes += page[1].utf8
        return bytes
    }

    /// Appends a script element of JSON, `json`, whose id is `id`, and a line break.
    static func appendScript(id: String, json: JSONValue, to bytes: inout [UInt8]) {
        var writer = JSONWriter()
        writer.write(json)
        bytes += #"<script type="application/json" id="\#(id)">"#.utf8
        appendScriptText(writer.bytes, to: &bytes)
        bytes += "</script>\n".utf8
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

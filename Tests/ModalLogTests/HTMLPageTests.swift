import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// The data an exported page holds, read back as its script reads it.
struct PageData {
    /// Each step as the page makes it whole (`stepFrom`): its seq, type,
    /// rejection and a batch's types from the outline, the rest from its row.
    let steps: [JSONValue]
    let header: [String]
    private let values: [JSONValue]
    private let shapes: [[String]]

    /// The data of the page `page`: its data script, then its chunks of steps and of the table.
    init(_ page: String) throws {
        let data = try ExportTests.pageData(page)
        try self.init(
            outline: data["outline"], rows: try Self.chunks("steps", of: page),
            values: try Self.chunks("values", of: page),
            shapes: data["shapes"], header: data["header"])
    }

    /// The data of a page whose outline is `outline`, its steps' rows `rows`, and so on.
    init(outline: JSONValue?, rows: [JSONValue], values: [JSONValue], shapes: JSONValue?, header: JSONValue?) throws {
        guard let outline, case .array(let shapes)? = shapes, case .array(let header)? = header,
            case .array(let types)? = outline["types"], case .array(let kinds)? = outline["kinds"],
            let firstSeq = outline["firstSeq"]?.doubleValue
        else { throw ExportTests.Failure() }
        let number = { (value: JSONValue) in Int(value.doubleValue ?? -1) }
        let rejected = Set((outline["rejected"]?.arrayValue ?? []).map(number))
        var batches: [Int: JSONValue] = [:]
        for batch in outline["batches"]?.arrayValue ?? [] {
            let kinds = batch[1]?.arrayValue ?? []
            batches[number(batch[0] ?? .null)] = .array(kinds.map { types[number($0)] })
        }
        let seqs = outline["seqs"]?.arrayValue?.map(number)
        guard rows.count == kinds.count else { throw ExportTests.Failure() }
        self.steps = zip(kinds.indices, rows).map { place, row in
            var members = [
                JSONMember("seq", .number(JSONNumber(seqs?[place] ?? Int(firstSeq) + place))),
                JSONMember("type", types[number(kinds[place])]),
            ]
            if rejected.contains(place) { members.append(JSONMember("rejected", true)) }
            if let types = batches[place] { members.append(JSONMember("types", types)) }
            let parts = row.arrayValue ?? []
            for (key, part) in zip(["state", "time", "target", "effect", "line"], parts) {
                members.append(JSONMember(key, part))
            }
            if parts.count > 5, case .object(let more) = parts[5] { members += more }
            return .object(members)
        }
        self.values = values
        self.shapes = shapes.map { shape in
            guard case .array(let keys) = shape else { return [] }
            return keys.compactMap(\.stringValue)
        }
        self.header = header.compactMap(\.stringValue)
    }

    /// The elements of the page's chunks named `name` (`steps-0`, `steps-1`, ...), in order.
    static func chunks(_ name: String, of page: String) throws -> [JSONValue] {
        var elements: [JSONValue] = []
        var chunk = 0
        var rest = page[...]
        while let start = rest.range(of: #"<script type="application/json" id="\#(name)-\#(chunk)">"#) {
            let end = try #require(rest.range(of: "</script>", range: start.upperBound..<rest.endIndex))
            elements += try JSONReader.read(Array(rest[start.upperBound..<end.lowerBound].utf8)).arrayValue ?? []
            rest = rest[end.upperBound...]
            chunk += 1
        }
        return elements
    }

    /// The value whose id is `id`: its parts followed through the table.
    func value(_ id: Int) -> JSONValue {
        guard case .array(let parts) = values[id] else { return values[id] }
        let ids = parts.map { Int($0.doubleValue!) }
        let children = ids.dropFirst().map(value)
        return ids[0] < 0 ? .array(children) : .object(zip(shapes[ids[0]], children).map { JSONMember($0, $1) })
    }

    /// The state the page draws at its `index`th step.
    func state(at index: Int) -> JSONValue {
        value(Int(steps[index]["state"]!.doubleValue!))
    }

    var seqs: [Int] { steps.map { Int($0["seq"]!.doubleValue!) } }

    /// What the page draws of `state`: its keyboard and roots, each payload
    /// as the log's text.
    static func picture(of state: ModalState) -> JSONValue {
        func withPayloadText(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members):
                return .object(
                    members.map { member in
                        member.key == "payload"
                            ? JSONMember("payload", member.value == .null ? .null : .string(member.value.serialized()))
                            : JSONMember(member.key, withPayloadText(member.value))
                    })
            case .array(let elements): return .array(elements.map { withPayloadText($0) })
            default: return value
            }
        }
        let json = state.json
        return ["keyboard": json["keyboard"]!, "roots": withPayloadText(json["roots"]!)]
    }
}

/// The states of the log at `path` after each of its events, by seq,
/// replayed here without the tool.
func statesBySeq(of path: String) throws -> [Int: ModalState] {
    let reader = try EventLogReader(path: path)
    var state = try reader.header.snapshot.map { try ModalState(json: $0) } ?? ModalState()
    var states: [Int: ModalState] = [:]
    for entry in try reader.readAll() {
        state.replay(entry, formatVersion: reader.header.version)
        state.rejected.removeAll()
        states[entry.seq] = state
    }
    return states
}

/// `modal-log export --format html`: the page's data, its filters, and
/// (where Chromium is installed) what it draws, measured in the browser.
@Suite struct HTMLPageTests {
    static let tour = sample("EventLogs/tour.jsonl")

    static var logs: [String] { Fixtures.wellFormedLogs + ["Tests/Fixtures/export/from-a-snapshot.jsonl"] }

    @Test(arguments: logs)
    func eachStepHoldsTheStateAfterIt(_ log: String) throws {
        let path = sample(log)
        let page = try PageData(Run(["export", path, "--format", "html"]).output)
        let states = try statesBySeq(of: path)
        #expect(page.seqs == states.keys.sorted())
        for (index, seq) in page.seqs.enumerated() {
            #expect(page.state(at: index) == PageData.picture(of: states[seq]!), "\(log) seq \(seq)")
        }
    }

    @Test func aLongSessionAndRandomLogsHoldEveryState() throws {
        let folder = try TemporaryFolder()
        var logs = [folder.file("session.jsonl")]
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: 9).prefix(3_000))))
            .write(to: URL(fileURLWithPath: logs[0]))
        var random = PropertyRandom(seed: 0x9A6E)
        for index in 0..<16 {
            logs.append(try RandomLogs.write(index, in: folder, lengths: 1...80, random: &random).path)
        }
        for log in logs {
            let page = try PageData(Run(["export", log, "--format", "html"]).output)
            let states = try statesBySeq(of: log)
            for (index, seq) in page.seqs.enumerated() where page.state(at: index) != PageData.picture(of: states[seq]!)
            {
                Issue.record("\(log) seq \(seq): the page's state is not the log's")
                break
            }
        }
    }

    @Test func theTableKeepsEachValueOnceAndGivesItBack() {
        var random = PropertyRandom(seed: 0x7AB1E)
        func randomValue(depth: Int) -> JSONValue {
            switch random.int(in: 0...(depth > 2 ? 3 : 5)) {
            case 0: return .null
            case 1: return .bool(random.int(in: 0...1) == 1)
            case 2: return .number(JSONNumber(random.int(in: -3...3)))
            case 3: return .string(["a", "b", "", "</script>"][random.int(in: 0...3)])
            case 4: return .array((0..<random.int(in: 0...3)).map { _ in randomValue(depth: depth + 1) })
            default:
                let keys = ["x", "y", "z"].filter { _ in random.int(in: 0...1) == 1 }
                return .object(keys.map { JSONMember($0, randomValue(depth: depth + 1)) })
            }
        }
        var table = JSONValueTable()
        var seen: [JSONValue: Int] = [:]
        for _ in 0..<2_000 {
            let value = randomValue(depth: 0)
            let id = table.id(of: value)
            #expect(table.value(id) == value)
            if let earlier = seen[value] { #expect(earlier == id, "a value added twice has one id") }
            seen[value] = id
        }
        let count = table.values.count
        for value in seen.keys { _ = table.id(of: value) }
        #expect(table.values.count == count, "adding values again adds nothing")
        #expect(Set(table.values.map { $0.serialized() }).count == count, "no value is in the table twice")
    }

    @Test func aStepCarriesItsEventItsChangesItsBatchAndItsSession() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let page = try PageData(Run(["export", log, "--format", "html"]).output)
        let steps = page.steps
        #expect(steps.count == (try EventLogReader(path: log).readAll().count), "a batch is one place of the slider")
        #expect(page.header == ["version 2"])
        #expect(steps[0]["starts"] == "session 1 · {\"build\":\"1.4\"}" && steps[12]["starts"] == "session 2")
        #expect(steps[1]["starts"] == nil && steps[1]["origin"] == "app App.swift:12" && steps[11]["origin"] == nil)
        #expect(steps[1]["session"] == 1 && steps[0]["session"] == 1)
        #expect(steps[9]["events"] == ["modal.dismiss toasts/saved reason timeout", "modal.dismissed toasts/saved"])
        #expect(steps[9]["types"] == ["modal.dismiss", "modal.dismissed"])
        #expect(steps[10]["events"] == ["card.pop sheets/checkout", "card.pop sheets/checkout  <- rejected"])
        #expect(steps[10]["rejected"] == true && steps[9]["rejected"] == nil)
        #expect(steps[8]["events"] == nil)
        #expect(steps[8]["effect"] == "gone -> queued" && steps[8]["target"] == "toasts/synced")
        #expect(steps[9]["changes"] == ["toasts/saved: presenting -> gone", "toasts/synced: queued -> presenting"])
        let entries = try EventLogReader(path: log).readAll()
        #expect(steps.map { $0["line"]?.stringValue } == entries.map { $0.json.serialized() })
        let tour = try PageData(Run(["export", Self.tour, "--format", "html"]).output)
        #expect(tour.header == [#"version 1"#, #"app "ShopApp""#, #"created "2026-11-23T09:00:00Z""#])
    }

    @Test func fromToTypeChangesOnlyAndWhereKeepTheStepsTheTimelineKeeps() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let filters = [
            ["--from", "5", "--to", "8"], ["--type", "card.push,modal.dismiss"], ["--changes-only"],
            ["--where", "presented(sheets) > 0"], ["--type", "modal.present", "--where", "queued(toasts) > 0"],
        ]
        let states = try statesBySeq(of: log)
        for filter in filters {
            let page = try PageData(Run(["export", log, "--format", "html"] + filter).output)
            let timeline = Run(["timeline", log, "--json"] + filter).output.split(separator: "\n")
            let kept = try timeline.map { Int(try JSONReader.read(Array($0.utf8))["seq"]!.doubleValue!) }
            #expect(page.seqs == kept, "\(filter)")
            #expect(!kept.isEmpty && kept.count < states.count || filter == ["--changes-only"], "\(filter)")
            for (index, seq) in page.seqs.enumerated() {
                #expect(page.state(at: index) == PageData.picture(of: states[seq]!), "\(filter) seq \(seq)")
            }
        }
        let typo = Run(["export", log, "--format", "html", "--type", "card.pusj"])
        #expect(typo.status == 64 && typo.error.contains("did you mean 'card.push'?"))
        let test = Run(["export", log, "--format", "swift-test", "--type", "card.push", "--changes-only"])
        #expect(test.status == 64 && test.error.contains("leave out --type, --changes-only"))
    }

    @Test func thePageNeedsNoNetworkAndLeavesNoMark() {
        for log in [Self.tour, sample("EventLogs/modal-presenter/multiple-roots.jsonl")] {
            let page = Run(["export", log, "--format", "html"]).output
            #expect(page.hasPrefix("<!doctype html>") && !page.contains("@@"))
            #expect(!page.contains("http://") && !page.contains("https://"), "the page needs no network")
        }
    }

    /// The page's sources are seven files; the page is one, with nothing to fetch beside it.
    @Test func thePageHoldsItsStylesheetAndScripts() throws {
        let page = Run(["export", Self.tour, "--format", "html"]).output
        let html = try String(contentsOfFile: sample("Sources/modal-log/Page/page.html"), encoding: .utf8)
        for (link, _, _) in HTMLPage.links {
            #expect(html.contains(link), "page.html links \(link)")
            #expect(!page.contains(link), "\(link) is replaced")
        }
        #expect(!page.contains("src=\"") && !page.contains("href=\""), "nothing to fetch")
        for source in ["page.css", "picture.js", "inspector.js", "chart.js", "page.js", "live.js"] {
            let text = try String(contentsOfFile: sample("Sources/modal-log/Page/\(source)"), encoding: .utf8)
            #expect(page.contains(text), "\(source) is in the page")
        }
    }

    @Test func theDataCannotCloseItsScript() throws {
        func scriptText(_ json: String) -> String {
            var bytes: [UInt8] = []
            HTMLExporter.appendScriptText(Array(json.utf8), to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(
            scriptText(#"{"a":"</script><!--<script>","b":"<<//"}"#)
                == #"{"a":"\u003c/script>\u003c!--\u003cscript>","b":"\u003c\u003c//"}"#)
        #expect(scriptText("é</") == #"é\u003c/"#)
        #expect(try JSONReader.read(Array(scriptText(#"["</x<!--"]"#).utf8)) == ["</x<!--"], "the same string to JSON")
    }
}

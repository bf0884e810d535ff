import Foundation
import ModalEvents
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// `modal-log serve`: the page of each log on 127.0.0.1, following it.
/// The routes run in the test's process, over the tool's own server; the
/// page runs in headless Chromium, driven by Scripts/page-driver (the page
/// keeps a stream open, which `--dump-dom` would wait on for ever).
@Suite struct ServeTests {
    /// The tour's first seven events, and the next four.
    static let tour = try! String(contentsOfFile: sample("EventLogs/tour.jsonl"), encoding: .utf8)
        .split(separator: "\n").map { $0 + "\n" }
    static let firstSeven = tour[0..<8].joined()
    static let nextFour = tour[8..<12].joined()

    /// A server of the logs at `paths`; stop it when done.
    static func serve(_ paths: [String], interval: Int = 50) throws -> HTTPServer {
        var logs: [LiveLog] = []
        for path in paths { logs.append(try LiveLog(path: path)) }
        let routes = LogServer(logs: logs, interval: interval)
        return try HTTPServer(port: 0) { routes.reply(to: $0) }
    }

    static func get(_ path: String, port: Int, host: String? = nil) throws -> RawHTTPResponse {
        try exchange("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n", port: port)
    }

    /// The page a log is served with is the one `export --format html`
    /// writes, knowing each step by its seq and type (its outline) and
    /// holding none: it asks for them (`steps`), and they are the export's
    /// steps, their states the same. `/` leads to it, or lists several
    /// logs; nothing but the logs is served.
    @Test func thePageAsksForTheExportedStepsAndNothingElseIsServed() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.tour.joined(), to: "a.jsonl")
        try folder.write(Self.firstSeven, to: "b <b>.jsonl")
        let server = try Self.serve([folder.file("a.jsonl")])
        defer { _ = server.stop() }
        let page = try Self.get("/log/0/", port: server.port)
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
        let exported = try PageData(Run(["export", folder.file("a.jsonl"), "--format", "html"]).output)
        let served = try ExportTests.pageData(page.bodyText)
        let live = served["live"]
        #expect(live?["events"] == "/log/0/events" && live?["steps"] == "/log/0/steps" && live?["page"] == "/log/0/")
        #expect(live?["mark"]?["steps"] == 14)
        #expect(!page.bodyText.contains(#"id="steps-"#), "the page holds no step")
        let outline = try #require(served["outline"])
        #expect(outline["count"] == 14 && outline["firstSeq"] == 1 && outline["hasTimes"] == true)
        let types = outline["types"]?.arrayValue ?? []
        let kinds = outline["kinds"]?.arrayValue?.compactMap { $0.doubleValue.map(Int.init) } ?? []
        #expect(kinds.map { types[$0] } == exported.steps.map { $0["type"]! }, "each step's type")
        #expect(try ExportTests.pageData(page.bodyText)["chart"] == nil && outline["chart"] != nil)

        // Two requests, as the page makes them: the second brings the table from where the first left it.
        let table = try #require(live?["table"]?.stringValue)
        let first = try Self.get("/log/0/steps?from=0&count=8&table=\(table)&values=0&shapes=0", port: server.port)
        let firstAnswer = try JSONReader.read(first.body)
        let values = firstAnswer["values"]?.arrayValue ?? [], shapes = firstAnswer["shapes"]?.arrayValue ?? []
        let second = try JSONReader.read(
            try Self.get(
                "/log/0/steps?from=8&count=8&table=\(table)&values=\(values.count)&shapes=\(shapes.count)",
                port: server.port
            )
            .body)
        #expect(firstAnswer["from"] == 0 && second["from"] == 7, "from the step before, for the time since it")
        let firstSteps = firstAnswer["steps"]?.arrayValue ?? [], secondSteps = second["steps"]?.arrayValue ?? []
        let pageData = try PageData(
            outline: outline, rows: firstSteps + secondSteps.dropFirst(),
            values: values + (second["values"]?.arrayValue ?? []),
            shapes: .array(shapes + (second["shapes"]?.arrayValue ?? [])), header: [])
        #expect(pageData.steps.count == 14)
        for index in 0..<14 {
            func withoutState(_ step: JSONValue) -> JSONValue {
                guard case .object(let members) = step else { return step }
                return .object(members.filter { $0.key != "state" })
            }
            #expect(pageData.state(at: index) == exported.state(at: index), "seq \(index + 1): the same state")
            #expect(
                withoutState(pageData.steps[index]) == withoutState(exported.steps[index]),
                "seq \(index + 1): the same step")
        }
        let root = try Self.get("/", port: server.port)
        #expect(root.status == 302 && root.header("Location") == "/log/0/")
        for path in ["/log/1/", "/log/0/../../etc/passwd", "/etc/passwd", "/log/x/", "/log/0/other", "/favicon.ico"] {
            #expect(try Self.get(path, port: server.port).status == 404, "\(path)")
        }
        // What a page sends is checked: nothing in a query can stop the tool.
        for query in [
            "from=0", "from=-1&count=1&values=0&shapes=0", "from=0&count=1&values=-1&shapes=0",
            "from=0&count=1&values=0&shapes=-1", "from=0&count=9999&values=0&shapes=0",
        ] {
            #expect(try Self.get("/log/0/steps?\(query)&table=\(table)", port: server.port).status == 400, "\(query)")
        }
        let far = try Self.get(
            "/log/0/steps?from=9223372036854775807&count=1&table=\(table)&values=0&shapes=0", port: server.port)
        #expect(far.status == 200 && far.bodyText.contains("no such steps"), "\(far.bodyText)")
        let past = try Self.get("/log/0/steps?from=0&count=1&table=\(table)&values=99999&shapes=0", port: server.port)
        #expect(past.bodyText.contains("reload"), "a page that holds more than the table: another table")
        let other = try Self.get("/log/0/steps?from=0&count=1&table=other-0&values=0&shapes=0", port: server.port)
        #expect(other.bodyText == #"{"error":"reload","reload":true}"#, "a page of another table is told to reload")
        #expect(try Self.get("/log/0/events?generation=0&steps=-1", port: server.port).status == 400)
        #expect(
            try Self.get(
                "/log/0/?skip=" + Array(repeating: "1", count: 1_001).joined(separator: ","), port: server.port
            ).status == 400)
        #expect(try Self.get("/log/0/", port: server.port, host: "attacker.example:\(server.port)").status == 421)

        let two = try Self.serve([folder.file("a.jsonl"), folder.file("b <b>.jsonl")])
        defer { _ = two.stop() }
        let list = try Self.get("/", port: two.port).bodyText
        #expect(list.contains(#"<a href="/log/1/">"#) && list.contains("b &lt;b&gt;.jsonl"), "\(list)")
    }

    /// `where` answers with the seqs the condition holds after, or why it
    /// is not a condition; `skip` makes the page of the log without those events.
    @Test func whereAndSkipAreAnsweredByTheTool() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.tour.joined(), to: "tour.jsonl")
        let server = try Self.serve([folder.file("tour.jsonl")])
        defer { _ = server.stop() }
        let held = try Self.get("/log/0/where?condition=depth(sheets)%20%3E%3D%202", port: server.port)
        #expect(held.status == 200 && held.bodyText == #"{"seqs":[7,8,9,10,11,12,13,14]}"#, "\(held.bodyText)")
        let broken = try Self.get("/log/0/where?condition=depth(sheets)%20%3E%3D", port: server.port)
        #expect(broken.status == 400 && broken.bodyText.contains("expected a number"), "\(broken.bodyText)")
        let skipped = try Self.get("/log/0/?skip=7", port: server.port)
        let data = try ExportTests.pageData(skipped.bodyText)
        #expect(data["live"]?["skipped"] == [7])
        #expect(data["outline"]?["count"] == 14)
        #expect(data["outline"]?["rejected"] == [7, 8, 9], "seqs 8 to 10, on an address never presented")
        // The steps it asks for are the replay's without seq 7, which left it out and changed nothing.
        let asked = try JSONReader.read(
            try Self.get(
                "/log/0/steps?from=6&count=2&values=0&shapes=0&skip=7&table=\(data["live"]?["table"]?.stringValue ?? "")",
                port: server.port
            ).body)
        #expect(asked["steps"]?[1]?[3] == "skipped", "\(asked["steps"]?[1] ?? .null)")
        #expect(asked["steps"]?[2]?[3]?.stringValue?.hasPrefix("rejected") == true, "\(asked["steps"]?[2] ?? .null)")
        #expect(try Self.get("/log/0/?skip=x", port: server.port).status == 400)
    }

    /// The events read before a line that cannot be read are sent, then
    /// the line's fault; a page opened after the log was cut shows the log
    /// as it is now.
    @Test func whatWasReadComesBeforeAFaultAndAPageOpensOnTheLogAsItIs() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.firstSeven, to: "app.jsonl")
        let server = try Self.serve([folder.file("app.jsonl")])
        defer { _ = server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /log/0/events?generation=0&steps=7 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("app.jsonl")))
        handle.seekToEndOfFile()
        handle.write(Data((Self.tour[8] + "{\"seq\":9,\"type\":\n").utf8))
        try handle.close()
        #expect(client.read(until: "event: problem"), "the fault is said")
        let text = String(decoding: client.received, as: UTF8.self)
        let appended = try #require(text.range(of: "event: appended"), "the step read first is sent: \(text)")
        #expect(appended.lowerBound < text.range(of: "event: problem")!.lowerBound, "before the fault")
        #expect(text.contains(#""steps":8"#) && text.contains("app.jsonl:10"), "\(text)")

        try folder.write(Self.tour[0..<4].joined(), to: "app.jsonl")
        let page = try ExportTests.pageData(try Self.get("/log/0/", port: server.port).bodyText)
        #expect(page["outline"]?["count"] == 3 && page["live"]?["mark"]?["generation"] == 1, "\(page["live"] ?? .null)")
    }

    /// The command says where it serves and serves until it is stopped; a
    /// busy port, a port out of range and standard input are usage mistakes.
    @Test func theCommandSaysWhereItServes() throws {
        let binary = try #require(builtProgram("modal-log"), "modal-log was not built beside the tests")
        let folder = try TemporaryFolder()
        try folder.write(Self.firstSeven, to: "app.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", folder.file("app.jsonl"), "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            // Not terminate(): the test process blocks SIGTERM, and its children inherit that.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var said = ""
        while !said.contains("\n"), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
            said += String(decoding: chunk, as: UTF8.self)
        }
        let port = try #require(said.firstMatch(of: /127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }, "\(said)")
        #expect(said == "Serving \(folder.file("app.jsonl")) at http://127.0.0.1:\(port)/ (Ctrl-C stops)\n")
        #expect(try Self.get("/log/0/", port: port).status == 200)

        let busy = try Self.serve([folder.file("app.jsonl")])
        defer { _ = busy.stop() }
        let taken = Run(["serve", folder.file("app.jsonl"), "--port", "\(busy.port)"])
        #expect(
            taken.status == 64 && taken.error.contains("in use") && taken.error.contains("--port 0"), "\(taken.error)")
        let range = Run(["serve", folder.file("app.jsonl"), "--port", "70000"])
        #expect(range.status == 64 && range.error.contains("expected a port, 0 to 65535"), "\(range.error)")
        let input = Run(["serve", "-"])
        #expect(input.status == 64 && input.error.contains("not standard input"), "\(input.error)")
    }

    /// The page in Chromium: an event the app appends shows without a
    /// reload, and the page moves on to it; a log replaced on disk is said.
    @Test(.enabled(if: PageDriver.isAvailable, PageDriver.missing))
    func anAppendedEventShowsOnThePageWithoutAReload() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.firstSeven, to: "app.jsonl")
        try folder.write(Self.nextFour, to: "more.jsonl")
        try folder.write(Self.tour[0..<4].joined(), to: "other.jsonl")
        let server = try Self.serve([folder.file("app.jsonl")])
        defer { _ = server.stop() }
        let answers = try PageDriver.run(
            "http://127.0.0.1:\(server.port)/log/0/",
            [
                .eval(
                    PageDriver.waitFor(
                        #"byId("live").className === "on" && document.body.dataset.seq"#,
                        then: "[steps.length, Number(document.body.dataset.seq), innerWidth, innerHeight]")),
                .append(folder.file("app.jsonl"), folder.file("more.jsonl")),
                .eval(
                    PageDriver.waitFor(
                        "steps.length >= 11 && !isThin(10) && Number(document.body.dataset.seq) === 11",
                        then: """
                            [steps.length, Number(document.body.dataset.seq), Number(slider.max), data.chart.steps,
                             [...document.querySelectorAll("#rows li")].map(row => Number(row.dataset.seq)).pop()]
                            """)),
                .replace(folder.file("app.jsonl"), folder.file("other.jsonl")),
                .eval(PageDriver.waitFor(#"byId("live").className === "off""#, then: #"byId("notice").textContent"#)),
            ])
        #expect(answers[0] == [7, 7, 1_024, 700], "a live page opens at the latest event, in a 1024 × 700 viewport")
        #expect(answers[2] == [11, 11, 10, 11, 11], "the four events are on the page, and it moved on to them")
        #expect(answers[4].stringValue?.contains("app.jsonl was cut or replaced on disk") == true, "\(answers)")
    }

    /// In Chromium: the --where search lists what the tool answers, and a
    /// page of the log without an event says so; a page on its own says
    /// both need `serve`.
    @Test(.enabled(if: PageDriver.isAvailable, PageDriver.missing))
    func thePageSearchesWithAConditionAndSkipsAnEvent() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.tour.joined(), to: "tour.jsonl")
        let server = try Self.serve([folder.file("tour.jsonl")])
        defer { _ = server.stop() }
        let searched = try PageDriver.run(
            "http://127.0.0.1:\(server.port)/log/0/",
            [
                .eval(
                    """
                    const seqBefore = document.body.dataset.seq;
                    byId("condition").focus();
                    const kept = ["j", "k", "n", "N", "f", "/", "End"].map(key => byId("condition").dispatchEvent(
                      new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));
                    [kept.every(Boolean), document.body.dataset.seq === seqBefore]
                    """),
                .eval(
                    """
                    byId("condition").value = "depth(sheets) >= 2";
                    byId("condition").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
                    """ + PageDriver.waitFor("asked.where !== null", then: "listed.map(index => steps[index].seq)")),
            ])
        #expect(searched[0] == [true, true], "keys typed in the --where box are the box's, not the page's")
        #expect(searched[1] == [7, 8, 9, 10, 11, 12, 13, 14])
        let skipped = try PageDriver.run(
            "http://127.0.0.1:\(server.port)/log/0/?skip=7#seq=8",
            [
                .eval(
                    PageDriver.waitFor("document.body.dataset.seq === '8'", then: "true")),
                .eval(
                    """
                    [byId("notice").textContent, document.querySelector("#outline").textContent.includes("AddressForm"),
                     steps[current].effect]
                    """),
            ])
        #expect(skipped[1][0]?.stringValue?.hasPrefix("This page is the log replayed without seq 7") == true)
        #expect(skipped[1][1] == false, "without its present, the address sheet is not there")
        #expect(skipped[1][2]?.stringValue?.contains("unknownLink") == true, "\(skipped)")
    }

    /// A served page holds only the steps it has shown: it opens with the
    /// last few hundred, loads those about a jump, and the tool answers its
    /// search over the whole log.
    @Test(.enabled(if: PageDriver.isAvailable, PageDriver.missing))
    func aServedPageLoadsStepsAsItMoves() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: 21).prefix(2_000))))
            .write(to: URL(fileURLWithPath: log))
        let server = try Self.serve([log])
        defer { _ = server.stop() }
        let held = "steps.filter(step => !step.thin).length"
        let answers = try PageDriver.run(
            "http://127.0.0.1:\(server.port)/log/0/",
            [
                .eval(PageDriver.waitFor("!isThin(steps.length - 1)", then: "[steps.length, \(held), current]")),
                .eval(
                    "show(1500);"
                        + PageDriver.waitFor(
                            "Number(document.body.dataset.seq) === 1501",
                            then: "[\(held), document.querySelectorAll('#devices .device').length > 0]")),
                .eval(
                    #"search.value = "compose"; search.dispatchEvent(new Event("input"));"#
                        + PageDriver.waitFor(#"asked.search && asked.search.text === "compose""#, then: "listed.length")
                ),
            ])
        let found = try JSONReader.read(try Self.get("/log/0/search?text=compose", port: server.port).body)
        #expect(answers[0][0] == 2_000 && answers[0][2] == 1_999, "it knows every step, and opens at the last")
        #expect((answers[0][1]?.doubleValue ?? 9_999) <= 512, "it holds the last ones: \(answers[0])")
        #expect((answers[1][0]?.doubleValue ?? 9_999) <= 1_024 && answers[1][1] == true, "\(answers[1])")
        #expect(answers[2] == .number(JSONNumber(found["seqs"]?.arrayValue?.count ?? -1)))
    }

    /// A served page does not hold every step, so the tool answers its
    /// search and its follow over the whole log: the same steps as a page
    /// on its own finds (its JavaScript) on a 2,000-event session.
    @Test(.enabled(if: Chromium.program != nil, "chromium is not installed"))
    func theToolSearchesAndFollowsAsThePageDoes() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        let entries = Array(SessionGenerator(seed: 21).prefix(2_000))
        try Data(EventLogEncoder.encode(events: entries)).write(to: URL(fileURLWithPath: log))
        // The first three modals the session presents, and a modal it never has.
        var modals: [String] = []
        for entry in entries where entry.event.type.rawValue == "modal.present" {
            let key = "\(entry.json["root"]?.stringValue ?? "")/\(entry.json["link"]?.stringValue ?? "")"
            if !modals.contains(key), modals.count < 3 { modals.append(key) }
        }
        let queries = [
            "compose", "main compose", #""presenting -> presented""#, "toast -dismiss", "/^1[0-9]{2} /", "/[/",
            "rejected duplicateLink", "-drag -keyboard",
        ]
        let script = """
            const found = \(JSONValue.array(queries.map(JSONValue.string)).serialized()).map(text => {
              search.value = text; search.dispatchEvent(new Event("input")); return listed.map(index => steps[index].seq);
            });
            search.value = ""; search.dispatchEvent(new Event("input"));
            const followed = \(JSONValue.array(modals.map(JSONValue.string)).serialized()).map(key => {
              selected = key; following = true; filter(); const seqs = listed.map(index => steps[index].seq);
              following = false; return [seqs, steps[lastChange(steps.length - 1, key)]?.seq ?? null];
            });
            report({ found, followed });
            """
        let page = try Chromium.probe(Run(["export", log, "--format", "html"]).output, script: script, in: folder)
        let server = try Self.serve([log])
        defer { _ = server.stop() }
        for (index, query) in queries.enumerated() {
            let text = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = try JSONReader.read(try Self.get("/log/0/search?text=\(text)", port: server.port).body)
            #expect(answer["seqs"] == page["found"]?[index], "search \(query)")
            #expect(
                (answer["seqs"]?.arrayValue?.count ?? 0) < 2_000 || query.hasPrefix("-"), "\(query) finds some, not all"
            )
        }
        for (index, modal) in modals.enumerated() {
            let parts = modal.split(separator: "/", maxSplits: 1)
            let answer = try JSONReader.read(
                try Self.get("/log/0/follow?root=\(parts[0])&link=\(parts[1])", port: server.port).body)
            #expect(answer["seqs"] == page["followed"]?[index]?[0], "follow \(modal)")
            #expect((answer["seqs"]?.arrayValue?.count ?? 0) > 2, "\(modal) is followed through some steps")
            #expect(answer["changes"]?.arrayValue?.isEmpty == false)
            #expect(
                answer["changes"]?.arrayValue?.last ?? .null == page["followed"]?[index]?[1],
                "\(modal): its last change")
        }
    }
}
/// Scripts/page-driver, run by a test.
enum PageDriver {
    static var isAvailable: Bool { installedProgram("python3") != nil && Chromium.program != nil }
    static let missing: Comment = "python3 or chromium is not installed: the served page is not loaded in a browser"

    enum Step {
        case eval(String)
        case append(String, String)
        case replace(String, String)
    }

    /// A JavaScript promise that resolves to `then` once `condition` holds (looked at every 10 ms).
    static func waitFor(_ condition: String, then value: String) -> String {
        "new Promise(resolve => { const wait = () => (\(condition)) ? resolve(\(value)) : setTimeout(wait, 10); wait(); })"
    }

    /// Each step's answer, in order (an append's or a replace's: the time it was done).
    static func run(_ url: String, _ steps: [Step]) throws -> [JSONValue] {
        let arguments = steps.flatMap { step in
            switch step {
            case .eval(let script): ["--eval", script]
            case .append(let log, let file): ["--append", log, file]
            case .replace(let log, let file): ["--replace", log, file]
            }
        }
        let result = try runProgram(installedProgram("python3")!, [sample("Scripts/page-driver"), url] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return try result.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
    }
}

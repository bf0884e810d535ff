import Foundation
import ModalEvents
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
    /// writes, with where to ask the tool (`data.live`); `/` leads to it,
    /// or lists several logs; nothing but the logs is served.
    @Test func thePageIsTheExportedPageAndNothingElseIsServed() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.firstSeven, to: "a.jsonl")
        try folder.write(Self.firstSeven, to: "b <b>.jsonl")
        let server = try Self.serve([folder.file("a.jsonl")])
        defer { _ = server.stop() }
        let page = try Self.get("/log/0/", port: server.port)
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
        let exported = Run(["export", folder.file("a.jsonl"), "--format", "html"]).output
        let served = page.bodyText
        #expect(try PageData(served).steps == PageData(exported).steps, "the same steps as the export")
        let live = try ExportTests.pageData(served)["live"]
        #expect(live?["events"] == "/log/0/events" && live?["where"] == "/log/0/where" && live?["page"] == "/log/0/")
        #expect(live?["mark"]?["steps"] == 7)
        #expect(try ExportTests.pageData(exported)["live"] == .null, "an exported page is on its own")
        let root = try Self.get("/", port: server.port)
        #expect(root.status == 302 && root.header("Location") == "/log/0/")
        for path in ["/log/1/", "/log/0/../../etc/passwd", "/etc/passwd", "/log/x/", "/log/0/steps", "/favicon.ico"] {
            #expect(try Self.get(path, port: server.port).status == 404, "\(path)")
        }
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
        let steps = try PageData(skipped.bodyText).steps
        #expect(steps.count == 14)
        #expect(steps[6]["rejected"] == nil && steps[7]["rejected"] == true, "presented, with no present before it")
        #expect(try Self.get("/log/0/?skip=x", port: server.port).status == 400)
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
                        #"byId("live").className === "on""#, then: "[steps.length, Number(document.body.dataset.seq)]")),
                .append(folder.file("app.jsonl"), folder.file("more.jsonl")),
                .eval(
                    PageDriver.waitFor(
                        "steps.length >= 11",
                        then: """
                            [steps.length, Number(document.body.dataset.seq), Number(slider.max), data.chart.steps,
                             [...document.querySelectorAll("#rows li")].map(row => Number(row.dataset.seq)).pop()]
                            """)),
                .replace(folder.file("app.jsonl"), folder.file("other.jsonl")),
                .eval(PageDriver.waitFor(#"byId("live").className === "off""#, then: #"byId("notice").textContent"#)),
            ])
        #expect(answers[0] == [7, 7], "a live page opens at the latest event")
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
                    byId("condition").value = "depth(sheets) >= 2";
                    byId("condition").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
                    """ + PageDriver.waitFor("whereSeqs !== null", then: "listed.map(index => steps[index].seq)"))
            ])
        #expect(searched[0] == [7, 8, 9, 10, 11, 12, 13, 14])
        let skipped = try PageDriver.run(
            "http://127.0.0.1:\(server.port)/log/0/?skip=7#seq=8",
            [
                .eval(
                    """
                    [byId("notice").textContent, document.querySelector("#outline").textContent.includes("AddressForm"),
                     steps[current].effect]
                    """)
            ])
        #expect(skipped[0][0]?.stringValue?.hasPrefix("This page is the log replayed without seq 7") == true)
        #expect(skipped[0][1] == false, "without its present, the address sheet is not there")
        #expect(skipped[0][2]?.stringValue?.contains("unknownLink") == true, "\(skipped)")
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

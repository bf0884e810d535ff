import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// `modal-log export`: Mermaid, Graphviz and a self-contained HTML page,
/// which headless Chromium loads and scrubs where it is installed.
@Suite struct ExportTests {
    static let tour = sample("EventLogs/tour.jsonl")
    static let closeStack = sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")

    @Test func mermaidHasAParticipantPerTargetAndAnArrowPerEvent() {
        let run = Run(["export", Self.closeStack, "--format", "mermaid"])
        #expect(run.status == 0 && run.error.isEmpty)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "sequenceDiagram", "    participant app as App", "    participant p0 as root default",
                "    participant p1 as default/checkout",
            ])
        #expect(lines.filter { $0.hasPrefix("    app-") }.count == 12)
        // Mermaid reads ; # < > as the end of a message or markup: they are written as entities.
        #expect(
            lines.contains(
                "    app->>p1: 2 modal.present: default/checkout: gone -#62; presenting#59; root default: dimming.visible false -#62; true"
            ))
        #expect(lines.contains { $0.hasPrefix("    app-xp1: 10 card.pop: rejected lastCard: ") })
    }

    @Test func dotDrawsEachModalsPhases() {
        let run = Run(["export", Self.closeStack, "--format", "dot"])
        #expect(
            run.output == """
                digraph phases {
                    rankdir=LR;
                    node [shape=box, style=rounded];
                    subgraph cluster_0 {
                        label="default/checkout";
                        "0:gone" [label="gone", shape=point];
                        "0:presenting" [label="presenting"];
                        "0:presented" [label="presented"];
                        "0:dismissing" [label="dismissing"];
                        "0:gone" -> "0:presenting" [label="2"];
                        "0:presenting" -> "0:presented" [label="3"];
                        "0:presented" -> "0:dismissing" [label="11"];
                        "0:dismissing" -> "0:gone" [label="12"];
                    }
                }

                """)
    }

    /// The JSON a page holds.
    static func pageData(_ page: String) throws -> JSONValue {
        let start = try #require(page.range(of: #"<script type="application/json" id="data">"#)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try JSONReader.read(Array(page[start..<end].replacingOccurrences(of: "<\\/", with: "</").utf8))
    }

    @Test func thePageHoldsTheRootsAfterEveryEvent() throws {
        for log in [Self.tour, Self.closeStack, sample("EventLogs/modal-presenter/multiple-roots.jsonl")] {
            let page = Run(["export", log, "--format", "html"]).output
            #expect(page.hasPrefix("<!doctype html>") && !page.contains("@@"))
            #expect(!page.contains("http://") && !page.contains("https://"), "the page needs no network")
            let data = try Self.pageData(page)
            guard case .array(let steps)? = data["steps"], case .array(let roots)? = data["roots"] else {
                Issue.record("no steps or roots")
                continue
            }
            var state = ModalState()
            for (entry, step) in zip(try EventLogReader(path: log).readAll(), steps) {
                state.replay(entry)
                #expect(step["seq"]?.doubleValue == Double(entry.seq))
                guard case .array(let places)? = step["roots"] else { continue }
                let shown = JSONValue.array(places.map { roots[Int($0.doubleValue!)] })
                #expect(shown == state.json["roots"], "\(log) seq \(entry.seq)")
            }
            #expect(steps.count == (try EventLogReader(path: log).readAll().count))
        }
        let range = try Self.pageData(
            Run(["export", Self.tour, "--format", "html", "--from", "5", "--to", "8"]).output)
        guard case .array(let steps)? = range["steps"] else { throw Failure() }
        #expect(steps.map { $0["seq"]?.doubleValue } == [5, 6, 7, 8])
    }

    @Test func mermaidDrawsABatchAsOneBoxAQueueAsWaitingAndEachSession() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let lines = Run(["export", log, "--format", "mermaid"]).output.split(separator: "\n").map(String.init)
        // Seq 9 queued the second toast: a dashed arrow and a note over it; its turn comes inside the batch.
        let queued = try #require(lines.firstIndex { $0.hasPrefix("    app-->>p5: 9 modal.present: ") })
        #expect(lines[queued + 1] == "    Note over p5: queued: waits its turn")
        let batch = try #require(lines.firstIndex(of: "    rect rgba(128, 128, 128, 0.12)"))
        #expect(
            Array(lines[batch...].prefix(6)) == [
                "    rect rgba(128, 128, 128, 0.12)",
                "    Note right of app: 10 batch of 2: toasts/saved: presenting -#62; gone#59; toasts/synced: queued -#62; presenting",
                "    app->>p4: 10 modal.dismiss: reason timeout",
                "    app->>p4: 10 modal.dismissed",
                "    end",
                "    Note over p5: its turn: presenting",
            ])
        // A rejected batch: every arrow crossed, the one that rejected it said.
        #expect(lines.contains("    app-xp3: 11 card.pop"))
        #expect(lines.contains("    app-xp3: 11 card.pop (rejected here)"))
        #expect(lines.filter { $0 == "    end" }.count == 2)
        #expect(lines.contains("    Note over app,p0: session 1 · {\"build\":\"1.4\"}"))
        #expect(lines.contains("    Note over app,p5: session 2"))
        // One arrow per event that is not a batch, one per event in a batch.
        #expect(lines.filter { $0.hasPrefix("    app-") }.count == 12 + 4)
    }

    @Test func dotDrawsAQueuedPhaseAsWaitingAndNamesBatchesAndSessions() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let output = Run(["export", log, "--format", "dot"]).output
        #expect(
            output.contains(
                """
                    subgraph cluster_2 {
                        label="toasts/synced";
                        "2:gone" [label="gone", shape=point];
                        "2:queued" [label="queued", style="rounded,dashed", color=gray50, fontcolor=gray50];
                        "2:presenting" [label="presenting"];
                        "2:gone" -> "2:queued" [label="9"];
                        "2:queued" -> "2:presenting" [label="10 batch"];
                        "2:presenting" -> "2:gone" [label="13 session"];
                    }
                """))
    }

    @Test func thePageHasAStepPerBatchItsEventsAndTheSessions() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let page = Run(["export", log, "--format", "html"]).output
        #expect(page.contains(#".modal[data-phase="queued"] { border-style: dashed;"#))
        let data = try Self.pageData(page)
        guard case .array(let steps)? = data["steps"], case .array(let roots)? = data["roots"] else { throw Failure() }
        let entries = try EventLogReader(path: log).readAll()
        #expect(steps.count == entries.count, "a batch is one place of the slider")
        var state = ModalState()
        for (entry, step) in zip(entries, steps) {
            state.replay(entry)
            guard case .array(let places)? = step["roots"] else { continue }
            #expect(.array(places.map { roots[Int($0.doubleValue!)] }) == state.json["roots"], "seq \(entry.seq)")
            #expect(step["session"]?.doubleValue == Double(state.session))
        }
        #expect(steps[0]["starts"] == "session 1 · {\"build\":\"1.4\"}" && steps[12]["starts"] == "session 2")
        #expect(steps[1]["starts"] == nil && steps[1]["origin"] == "app App.swift:12" && steps[11]["origin"] == "")
        #expect(steps[9]["events"] == ["modal.dismiss toasts/saved reason timeout", "modal.dismissed toasts/saved"])
        #expect(steps[10]["events"] == ["card.pop sheets/checkout", "card.pop sheets/checkout  <- rejected"])
        #expect(steps[8]["events"] == nil)
    }

    @Test func badFormatsAndTitlesAreHandled() throws {
        let bad = Run(["export", Self.tour, "--format", "svg"])
        #expect(bad.status == 64 && bad.error.hasPrefix("Error: The value 'svg' is invalid for '--format <format>'"))
        #expect(Run(["export", Self.tour]).status == 64)
        #expect(
            HTMLExporter.escaped("<a href=\"x\">&@@DATA@@")
                == "&lt;a href=&quot;x&quot;&gt;&amp;&#64;&#64;DATA&#64;&#64;")
    }

    struct Failure: Error {}

    @Test(
        .enabled(
            if: installedProgram("chromium") != nil, "chromium is not installed: the page is not loaded in a browser"))
    func chromiumScrubsThePage() throws {
        let folder = try TemporaryFolder()
        let page = folder.file("tour.html")
        try Run(["export", Self.tour, "--format", "html"]).output.write(toFile: page, atomically: true, encoding: .utf8)
        func dom(at seq: Int) throws -> String { try Self.dom(of: page, at: seq, profile: folder.file("profile")) }
        let at7 = try dom(at: 7)
        #expect(at7.contains(#"<body data-seq="7">"#))
        #expect(
            at7.contains(
                #"<div id="where">seq 7 · 6 s · modal.present sheets/address · sheets/address: gone -&gt; presenting</div>"#
            ))
        #expect(at7.contains(#"data-link="address" data-phase="presenting""#))
        #expect(at7.contains(#"<li data-seq="7" class="current">"#))
        #expect(!at7.contains(#"data-link="toast-saved""#))
        let at14 = try dom(at: 14)
        #expect(at14.contains(#"data-link="toast-saved" data-phase="dismissing""#))
        #expect(at14.contains(#"<div class="card">PaymentCard</div>"#))
    }

    /// The page at `page` as Chromium leaves it after its script moved the slider to `seq`.
    static func dom(of page: String, at seq: Int, profile: String) throws -> String {
        let result = try runProgram(
            installedProgram("timeout")!,
            [
                "120", installedProgram("chromium")!, "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=\(profile)", "--virtual-time-budget=5000", "--dump-dom", "file://\(page)#seq=\(seq)",
            ])
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test(
        .enabled(
            if: installedProgram("chromium") != nil, "chromium is not installed: the page is not loaded in a browser"))
    func chromiumDrawsAQueuedModalABatchAndTheSessions() throws {
        let (folder, log) = try VersionTwoLogs.written()
        let page = folder.file("shop.html")
        try Run(["export", log, "--format", "html"]).output.write(toFile: page, atomically: true, encoding: .utf8)
        let at9 = try Self.dom(of: page, at: 9, profile: folder.file("profile"))
        #expect(at9.contains(#"<body data-seq="9">"#))
        #expect(
            at9.contains(
                #"<div id="where">seq 9 · 3.1 s · session 1 · app · modal.present toasts/synced · toasts/synced: gone -&gt; queued</div>"#
            ))
        #expect(at9.contains(#"data-link="synced" data-phase="queued""#))
        #expect(at9.contains("<div>synced · queued (waiting) · toast</div>"))
        #expect(at9.contains("<div>checkout · presented · card · cannot dismiss</div>"))
        #expect(at9.contains(#"<div class="card">CartCard · 420 pt</div>"#))
        #expect(at9.contains(#"<span class="inner">modal.dismiss toasts/saved reason timeout</span>"#))
        #expect(at9.contains(#"<li class="session" data-seq="13"><span class="starts">session 2</span>"#))
    }
}

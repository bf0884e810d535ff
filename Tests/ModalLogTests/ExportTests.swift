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
                "    participant p1 as checkout",
            ])
        #expect(lines.filter { $0.hasPrefix("    app-") }.count == 12)
        // Mermaid reads ; # < > as the end of a message or markup: they are written as entities.
        #expect(
            lines.contains(
                "    app->>p1: 2 modal.present: checkout: gone -#62; presenting#59; root default: dimming.visible false -#62; true"
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
                        label="checkout";
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
                state.apply(entry)
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
        /// The page as Chromium leaves it after its script moved the slider to `seq`.
        func dom(at seq: Int) throws -> String {
            let result = try runProgram(
                installedProgram("timeout")!,
                [
                    "120", installedProgram("chromium")!, "--headless", "--no-sandbox", "--disable-gpu",
                    "--user-data-dir=\(folder.file("profile"))", "--virtual-time-budget=5000", "--dump-dom",
                    "file://\(page)#seq=\(seq)",
                ])
            #expect(result.status == 0, "\(result.error)")
            return result.output
        }
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
}

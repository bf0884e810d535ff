import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// `modal-log export`: Mermaid and Graphviz (the HTML page: ``HTMLPageTests``
/// and, in Chromium, ``HTMLPageBrowserTests``).
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
        return try JSONReader.read(Array(page[start..<end].utf8))
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

    @Test func badFormatsAndTitlesAreHandled() throws {
        let bad = Run(["export", Self.tour, "--format", "svg"])
        #expect(bad.status == 64 && bad.error.hasPrefix("Error: The value 'svg' is invalid for '--format <format>'"))
        #expect(Run(["export", Self.tour]).status == 64)
        #expect(
            HTMLExporter.escaped("<a href=\"x\">&@@DATA@@")
                == "&lt;a href=&quot;x&quot;&gt;&amp;&#64;&#64;DATA&#64;&#64;")
    }

    struct Failure: Error {}
}

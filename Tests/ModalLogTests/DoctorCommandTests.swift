import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

@testable import modal_log

/// `modal-log doctor`: each bug planted in a clean generated log is found,
/// with its seqs; a clean log has no finding.
@Suite struct DoctorCommandTests {
    /// A clean session: `flows` times, 4 s apart, a 300-pt sheet comes and
    /// goes in root `main` with the keyboard up and down under it, then a
    /// toast in the queue root `toasts`; times jittered by `random`.
    /// `plant` changes the lines (JSON objects without seqs) before they are numbered.
    static func session(
        flows: Int = 6, random: inout PropertyRandom, info: String? = nil,
        registration: String = #"{"type":"root.register","root":"main"}"#, times: Bool = true,
        plant: (inout [String]) -> Void = { _ in }
    ) -> String {
        func jitter() -> Double { Double(random.int(in: 0...50)) / 1_000 }
        var lines: [String] = []
        if let info { lines.append(#"{"time":0,"type":"session.start","info":{"build":"\#(info)"}}"#) }
        lines.append(registration.replacing("{", with: #"{"time":0,"#, maxReplacements: 1))
        lines.append(#"{"time":0,"type":"root.register","root":"toasts","level":10,"policy":"queue"}"#)
        for flow in 0..<flows {
            let t = 1 + Double(flow) * 4
            func at(_ offset: Double, _ body: String) -> String {
                #"{"time":\#(JSONNumber.text(((t + offset + jitter()) * 1_000).rounded() / 1_000)),\#(body)"#
            }
            let sheet = "sheet-\(flow)"
            lines += [
                at(0, #""type":"modal.present","root":"main","link":"\#(sheet)","content":"Form","height":300}"#),
                at(0.3, #""type":"modal.presented","root":"main","link":"\#(sheet)"}"#),
                at(0.5, #""type":"keyboard.change","height":300,"responderBottom":300}"#),
                at(0.8, #""type":"keyboard.change","height":0}"#),
                at(1.0, #""type":"modal.dismiss","root":"main","link":"\#(sheet)"}"#),
                at(1.3, #""type":"modal.dismissed","root":"main","link":"\#(sheet)"}"#),
                at(
                    1.5,
                    #""type":"modal.present","root":"toasts","link":"toast-\#(flow)","content":"Saved","style":"toast"}"#
                ),
                at(1.7, #""type":"modal.presented","root":"toasts","link":"toast-\#(flow)"}"#),
                at(3.0, #""type":"modal.dismiss","root":"toasts","link":"toast-\#(flow)"}"#),
                at(3.2, #""type":"modal.dismissed","root":"toasts","link":"toast-\#(flow)"}"#),
            ]
        }
        plant(&lines)
        var text = #"{"format":"modal-events","version":2}"# + "\n"
        for (index, line) in lines.enumerated() {
            var line = line.replacing("{", with: "{\"seq\":\(index + 1),", maxReplacements: 1)
            if !times { line = line.replacing(#/"time":[0-9.]+,/#, with: "") }
            text += line + "\n"
        }
        return text
    }

    /// The index of the line of `lines` that holds `text`.
    static func line(_ lines: [String], _ text: String) -> Int {
        lines.firstIndex { $0.contains(text) }!
    }

    /// Each bug, planted in the second flow of a clean session.
    static let plants: [(kind: String, plant: @Sendable (inout [String]) -> Void)] = [
        // The sheet's dismissal never completes.
        ("stuck", { lines in lines.remove(at: line(lines, #""modal.dismissed","root":"main","link":"sheet-1""#)) }),
        // The same present 30 ms after the first.
        (
            "doubleTap",
            { lines in
                let present = line(lines, #""link":"sheet-1","content""#)
                let again = lines[present].replacing(#/"time":([0-9.]+)/#) { match in
                    #""time":\#(JSONNumber.text(((Double(match.1)! + 0.03) * 1_000).rounded() / 1_000))"#
                }
                lines.insert(again, at: present + 1)
            }
        ),
        // A second sheet presented before the first has finished presenting.
        (
            "presentWhilePresenting",
            { lines in
                let present = line(lines, #""link":"sheet-1","content""#)
                lines.insert(
                    #"{"time":5.1,"type":"modal.present","root":"main","link":"help","content":"Help","height":200}"#,
                    at: present + 1)
                let dismissed = line(lines, #""modal.dismissed","root":"main","link":"sheet-1""#)
                lines.insert(
                    contentsOf: [
                        #"{"time":6.35,"type":"modal.presented","root":"main","link":"help"}"#,
                        #"{"time":6.36,"type":"modal.dismiss","root":"main","link":"help"}"#,
                        #"{"time":6.4,"type":"modal.dismissed","root":"main","link":"help"}"#,
                    ], at: dismissed + 1)
            }
        ),
        // The root does not move for the keyboard, and the responder is low on the screen.
        (
            "keyboardOverResponder",
            { lines in
                lines[line(lines, #""root":"main"}"#)] =
                    #"{"time":0,"type":"root.register","root":"main","keyboard":{"strategy":"none"}}"#
                let up = line(lines, #""time":5.5"#)
                lines[up] = lines[up].replacing(#""responderBottom":300"#, with: #""responderBottom":800"#)
            }
        ),
        // A tall keyboard lifts the 300-pt sheet past the top.
        (
            "offscreen",
            { lines in
                let up = lines.indices.first {
                    lines[$0].contains(#""keyboard.change","height":300"#) && lines[$0].contains(#""time":5."#)
                }!
                lines[up] = lines[up].replacing(
                    #""height":300,"responderBottom":300"#, with: #""height":700,"responderBottom":840"#)
            }
        ),
        // A sheet as high as the screen over the first one.
        (
            "hiddenUnderSheet",
            { lines in
                let presented = line(lines, #""modal.presented","root":"main","link":"sheet-1""#)
                lines.insert(
                    contentsOf: [
                        #"{"time":5.32,"type":"modal.present","root":"main","link":"cover","content":"Cover","height":844}"#,
                        #"{"time":5.4,"type":"modal.presented","root":"main","link":"cover"}"#,
                        #"{"time":5.45,"type":"modal.dismiss","root":"main","link":"cover"}"#,
                        #"{"time":5.48,"type":"modal.dismissed","root":"main","link":"cover"}"#,
                    ], at: presented + 1)
            }
        ),
        // The toast is never dismissed, so the next one waits in the queue for good.
        (
            "queueStuck",
            { lines in
                lines.remove(at: line(lines, #""modal.dismiss","root":"toasts","link":"toast-1""#))
                lines.remove(at: line(lines, #""modal.dismissed","root":"toasts","link":"toast-1""#))
                for flow in 2..<6 {
                    lines.removeAll {
                        $0.contains(#""root":"toasts","link":"toast-\#(flow)""#) && !$0.contains("modal.present\"")
                    }
                }
            }
        ),
    ]

    /// The kinds `doctor --json` found in `text`, and its exit status.
    static func kinds(_ text: String, _ arguments: [String] = []) throws -> (
        kinds: [String], rows: [JSONValue], status: Int32
    ) {
        let folder = try TemporaryFolder()
        try folder.write(text, to: "log.jsonl")
        let run = Run(["doctor", folder.file("log.jsonl"), "--json"] + arguments)
        let rows = try run.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        return (rows.compactMap { $0["kind"]?.stringValue }, rows, run.status)
    }

    @Test func cleanSessionsHaveNoFinding() throws {
        var random = PropertyRandom(seed: 0xD0C7)
        for _ in 0..<20 {
            let clean = try Self.kinds(Self.session(random: &random))
            #expect(clean.kinds.isEmpty && clean.status == 0, "\(clean.rows)")
        }
    }

    @Test(arguments: 0..<7)
    func eachPlantedBugIsFoundWithItsSeqs(plant: Int) throws {
        var random = PropertyRandom(seed: 0xD0C7 + UInt64(plant))
        let (kind, change) = Self.plants[plant]
        let log = Self.session(random: &random, plant: change)
        let found = try Self.kinds(log)
        #expect(Set(found.kinds) == [kind] && found.status == 1, "\(kind): \(found.rows)")
        // The seqs it names are events of the log, and the modal is the planted flow's or one near it.
        let lines = log.split(separator: "\n")
        for row in found.rows {
            let seqs = (row["seqs"]?.arrayValue ?? []).compactMap { $0.doubleValue.map(Int.init) }
            #expect(!seqs.isEmpty && seqs.allSatisfy { lines.indices.contains($0) }, "\(row)")
            #expect(row["why"]?.stringValue?.isEmpty == false)
        }
    }

    /// A completion that comes, but late, ends a wait that was stuck: found
    /// at the late event, as a wait that began before any time is passed over.
    @Test func aLateCompletionAndAnUntimedWaitDoNotHideAStuckModal() throws {
        let late = """
            {"format":"modal-events","version":2}
            {"seq":1,"type":"root.register","root":"main"}
            {"seq":2,"type":"modal.present","root":"main","link":"early","content":"E","height":200}
            {"seq":3,"time":1,"type":"root.register","root":"side"}
            {"seq":4,"time":1,"type":"modal.present","root":"side","link":"slow","content":"S","height":200}
            {"seq":5,"time":5,"type":"modal.presented","root":"side","link":"slow"}
            {"seq":6,"time":9,"type":"modal.dismiss","root":"side","link":"slow"}
            {"seq":7,"time":9.2,"type":"modal.dismissed","root":"side","link":"slow"}

            """
        let found = try Self.kinds(late)
        let stuck = found.rows.filter { $0["kind"] == "stuck" }
        #expect(stuck.count == 1 && stuck[0]["seqs"] == [4, 5] && stuck[0]["link"] == "slow", "\(found.rows)")
        #expect(stuck[0]["why"] == "side/slow presenting for 4 s (since seq 4): no modal.presented within 2 s")
    }

    /// A batch that presents two modals at once: neither was in progress before the other.
    @Test func aBatchPresentingTwoIsNotAPresentWhilePresenting() throws {
        let batch = """
            {"format":"modal-events","version":2}
            {"seq":1,"time":0,"type":"root.register","root":"main"}
            {"seq":2,"time":1,"type":"batch","events":[{"type":"modal.present","root":"main","link":"a","content":"A","height":200},{"type":"modal.present","root":"main","link":"b","content":"B","height":100}]}
            {"seq":3,"time":1.2,"type":"modal.presented","root":"main","link":"a"}
            {"seq":4,"time":1.3,"type":"modal.presented","root":"main","link":"b"}
            {"seq":5,"time":1.5,"type":"modal.present","root":"main","link":"c","content":"C","height":100}
            {"seq":6,"time":1.6,"type":"modal.present","root":"main","link":"d","content":"D","height":100}

            """
        let found = try Self.kinds(batch)
        let seqs = found.rows.filter { $0["kind"] == "presentWhilePresenting" }.map { $0["seqs"] }
        #expect(seqs == [[5, 6]], "only d, while c presents: \(found.rows)")
    }

    @Test func theTextNamesTheSeqsAndWhy() throws {
        var random = PropertyRandom(seed: 1)
        let folder = try TemporaryFolder()
        try folder.write(Self.session(random: &random, plant: Self.plants[1].plant), to: "tap.jsonl")
        let run = Run(["doctor", folder.file("tap.jsonl")])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && run.status == 1, "\(lines)")
        #expect(lines[0].hasPrefix("seq 13, 14  doubleTap  main/sheet-1 presented twice 0.03 s apart"), "\(lines[0])")
        #expect(lines[0].hasSuffix(" apart: the second was rejected (duplicateLink), a double tap"))
        #expect(lines[1] == "\(folder.file("tap.jsonl")): 1 finding (doubleTap 1)")
        // A tighter threshold: a tap 30 ms after is not a double tap.
        #expect(Run(["doctor", folder.file("tap.jsonl"), "--double-tap", "0.01"]).status == 0)
    }

    @Test func aLogWithoutTimesSaysWhatItCannotJudge() throws {
        var random = PropertyRandom(seed: 2)
        let untimed = try Self.kinds(Self.session(random: &random, times: false, plant: Self.plants[0].plant))
        #expect(untimed.kinds == ["unjudged"] && untimed.status == 0, "\(untimed.rows)")
        #expect(untimed.rows[0]["why"] == "the log has no times: stuck, doubleTap, queueStuck not judged")
        // What needs no time is still found.
        let hidden = try Self.kinds(Self.session(random: &random, times: false, plant: Self.plants[5].plant))
        #expect(hidden.kinds == ["hiddenUnderSheet", "unjudged"])
    }

    @Test func manyLogsCountSessionsPerFindingByAKeyOfTheirInfo() throws {
        var random = PropertyRandom(seed: 3)
        let folder = try TemporaryFolder()
        // Build 1.4: two sessions, one stuck; build 1.5: one clean session and one double tap.
        try folder.write(Self.session(random: &random, info: "1.4", plant: Self.plants[0].plant), to: "a.jsonl")
        try folder.write(Self.session(random: &random, info: "1.4"), to: "b.jsonl")
        try folder.write(Self.session(random: &random, info: "1.5"), to: "c.jsonl")
        try folder.write(Self.session(random: &random, info: "1.5", plant: Self.plants[1].plant), to: "d.jsonl")
        let run = Run(["doctor", folder.path, "--recursive", "--by", "build"])
        #expect(run.status == 1)
        #expect(
            run.output == """
                build  sessions  stuck  doubleTap
                1.4           2      1          0
                1.5           2      0          1

                """)
        let json = Run(["doctor", folder.path, "--recursive", "--by", "build", "--json"])
        let rows = try json.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        #expect(rows.count == 2 && rows[0]["by"] == "build" && rows[0]["value"] == "1.4" && rows[0]["stuck"] == 1)
        // Without --by: each log's findings under its name, then the sessions with each.
        let all = Run(["doctor", folder.path, "--recursive"])
        #expect(all.output.contains("== \(folder.file("a.jsonl"))\n"))
        #expect(
            all.output.hasSuffix("4 logs, 4 sessions: stuck in 1 session, doubleTap in 1 session\n"), "\(all.output)")
        // Rows for a fleet's engine: each finding with its log, session and info.
        let findings = Run(["doctor", folder.path, "--recursive", "--json"])
        let first = try JSONReader.read(Array(findings.output.split(separator: "\n")[0].utf8))
        #expect(first["log"] == .string(folder.file("a.jsonl")) && first["info"]?["build"] == "1.4")
        #expect(first["kind"] == "stuck" && first["session"] == 1 && first["root"] == "main")
    }

    @Test func badInputIsAUsageErrorOrTheLogsError() throws {
        #expect(Run(["doctor", "-"]).status == 64)
        #expect(Run(["doctor", sample("EventLogs/tour.jsonl"), "--stuck", "0"]).status == 64)
        #expect(Run(["doctor", sample("EventLogs/malformed/unknown-type.jsonl")]).status == 65)
    }
}

import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// Every rejection names the event that made the state it ran into, in
/// every view of the tool.
@Suite struct RejectionCauseTests {
    /// A double tap, a completion after a dismiss, a dismiss of a modal gone.
    static let doubleTap = """
        {"format":"modal-events","version":2}
        {"seq":1,"time":0,"type":"root.register","root":"main"}
        {"seq":2,"time":1.0,"type":"modal.present","root":"main","link":"compose","content":"Compose"}
        {"seq":3,"time":1.05,"type":"modal.present","root":"main","link":"compose","content":"Compose"}
        {"seq":4,"time":1.3,"type":"modal.presented","root":"main","link":"compose"}
        {"seq":5,"time":2.0,"type":"modal.dismiss","root":"main","link":"compose","reason":"user"}
        {"seq":6,"time":2.1,"type":"modal.presented","root":"main","link":"compose"}
        {"seq":7,"time":2.4,"type":"modal.dismissed","root":"main","link":"compose"}
        {"seq":8,"time":2.5,"type":"modal.dismiss","root":"main","link":"compose","reason":"user"}

        """

    /// The causes `validate` names in `log`, by the rejected seq.
    static func causes(of log: String) throws -> [Int: RejectionCause] {
        var causes: [Int: RejectionCause] = [:]
        var replay = try Replay.open(log, io: ToolIO.captured()) { rejection, cause in causes[rejection.seq] = cause }
        replay.trackCauses()
        try replay.run()
        return causes
    }

    @Test func eachCodeNamesTheEventThatMadeWhatItRanInto() throws {
        let (folder, log) = try VersionTwoLogs.written(
            """
            {"format":"modal-events","version":2}
            {"seq":1,"type":"root.register","root":"main"}
            {"seq":2,"type":"root.register","root":"main"}
            {"seq":3,"type":"modal.present","root":"main","link":"a","content":"A","snapPoints":[0.5,1]}
            {"seq":4,"type":"snap.to","root":"main","link":"a","index":5}
            {"seq":5,"type":"card.pop","root":"main","link":"a"}
            {"seq":6,"type":"modal.presented","root":"main","link":"a"}
            {"seq":7,"type":"card.push","root":"main","link":"a","content":"B"}
            {"seq":8,"type":"card.pop","root":"main","link":"a"}
            {"seq":9,"type":"card.pop","root":"main","link":"a"}
            {"seq":10,"type":"modal.dismiss","root":"main","link":"a","reason":"user"}
            {"seq":11,"type":"modal.present","root":"main","link":"b","content":"B","parent":"a"}
            {"seq":12,"type":"modal.dismissed","root":"main","link":"a"}
            {"seq":13,"type":"modal.present","root":"main","link":"b","content":"B","parent":"a"}
            {"seq":14,"type":"modal.dismiss","root":"main","link":"never","reason":"user"}
            {"seq":15,"type":"root.register","root":"extra","level":1}
            {"seq":16,"type":"root.remove","root":"extra"}
            {"seq":17,"type":"modal.present","root":"extra","link":"c","content":"C"}
            {"seq":18,"type":"keyboard.change","height":-1}
            {"seq":19,"type":"batch","events":[{"type":"modal.present","root":"main","link":"d","content":"D"},{"type":"modal.dismiss","root":"main","link":"a","reason":"user"}]}

            """, as: "codes.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let causes = try Self.causes(of: log)
        #expect(causes[2]?.text == "seq 1 root.register registered it", "duplicateRoot")
        #expect(causes[4]?.text == "seq 3 modal.present set its snap points", "snapOutOfRange")
        #expect(causes[5]?.text == "seq 3 modal.present set its cards", "lastCard, one card since the present")
        #expect(causes[9]?.text == "seq 8 card.pop set its cards", "lastCard after a pop")
        #expect(causes[11]?.text == "seq 10 modal.dismiss made parent \"a\" dismissing", "a parent dismissing")
        #expect(causes[13]?.text == "seq 12 modal.dismissed removed parent \"a\"", "a parent gone")
        #expect(causes[14] == nil, "a link never presented: no event made that")
        #expect(causes[17]?.text == "seq 16 root.remove removed root \"extra\"", "unknownRoot")
        #expect(causes[18] == nil, "a value out of range: no event made that")
        #expect(causes[19]?.text == "seq 12 modal.dismissed removed it", "the batch's rejected event's cause")
        #expect(causes.keys.sorted() == [2, 4, 5, 9, 11, 13, 17, 19], "\(causes.keys.sorted())")
    }

    /// A log that presents a new link each time keeps the tracker bounded:
    /// it names the removals of the last ``CauseTracker/removedLimit``
    /// modals removed, not older ones.
    @Test func theRemovalsKeptAreTheLatest() throws {
        let count = CauseTracker.removedLimit + 10
        var lines = [#"{"format":"modal-events","version":2}"#, #"{"seq":1,"type":"root.register"}"#]
        for index in 0..<count {
            lines.append(#"{"seq":\#(2 + 2 * index),"type":"modal.present","link":"m\#(index)","content":"C"}"#)
            lines.append(#"{"seq":\#(3 + 2 * index),"type":"modal.dismissed","link":"m\#(index)"}"#)
        }
        let last = 1 + 2 * count
        lines.append(#"{"seq":\#(last + 1),"type":"modal.dismiss","link":"m0","reason":"user"}"#)
        lines.append(#"{"seq":\#(last + 2),"type":"modal.dismiss","link":"m\#(count - 1)","reason":"user"}"#)
        let (folder, log) = try VersionTwoLogs.written(lines.joined(separator: "\n") + "\n", as: "many.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let causes = try Self.causes(of: log)
        #expect(causes[last + 1] == nil, "removed too long ago")
        #expect(causes[last + 2]?.text == "seq \(last) modal.dismissed removed it")
    }

    /// What an event changes besides the modal it names: a drag released
    /// past the first point dismisses, a tap in a queue root dismisses its
    /// head under the queued, a batch's events change what they name in
    /// turn, and an event left out changes nothing.
    @Test func changesBesidesTheNamedModalAreSeen() throws {
        let (folder, log) = try VersionTwoLogs.written(
            """
            {"format":"modal-events","version":2}
            {"seq":1,"type":"root.register","root":"main"}
            {"seq":2,"type":"modal.present","root":"main","link":"a","content":"A","snapPoints":[0.5,1]}
            {"seq":3,"type":"modal.presented","root":"main","link":"a"}
            {"seq":4,"type":"drag.end","root":"main","link":"a","velocity":-10}
            {"seq":5,"type":"card.push","root":"main","link":"a","content":"B"}
            {"seq":6,"type":"root.register","root":"q","policy":"queue","level":1}
            {"seq":7,"type":"modal.present","root":"q","link":"t1","content":"T"}
            {"seq":8,"type":"modal.present","root":"q","link":"t2","content":"T"}
            {"seq":9,"type":"modal.presented","root":"q","link":"t1"}
            {"seq":10,"type":"dimming.tap","root":"q"}
            {"seq":11,"type":"modal.presented","root":"q","link":"t1"}
            {"seq":12,"type":"modal.present","root":"main","link":"x","content":"X"}
            {"seq":13,"type":"batch","events":[{"type":"modal.dismissed","root":"main","link":"x"},{"type":"modal.present","root":"main","link":"x","content":"Y"}]}
            {"seq":14,"type":"modal.present","root":"main","link":"x","content":"Z"}

            """, as: "besides.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let causes = try Self.causes(of: log)
        #expect(causes[5]?.text == "seq 4 drag.end made it dismissing", "\(causes[5]?.text ?? "none")")
        #expect(causes[11]?.text == "seq 10 dimming.tap made it dismissing", "\(causes[11]?.text ?? "none")")
        #expect(causes[14]?.text == "seq 13 batch presented it", "\(causes[14]?.text ?? "none")")

        // Served without seq 4 (replay --skip): the drag never happened, and names nothing.
        let served = try LiveLog(path: log, skipping: [4])
        let answer = try JSONReader.read(served.steps(from: 4, count: 1, table: served.table, tableHolds: (0, 0)))
        #expect(answer["steps"]?[1]?[3] == "cards + B (2), visibleCards 1 -> 2", "\(answer)")
    }

    /// An event of a batch can run into what an earlier event of the same batch made.
    @Test func aBatchsOwnEarlierEventCanBeTheCause() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let cause = try #require(try Self.causes(of: log)[11])
        #expect(cause.text == "seq 11 events[0] card.pop set its cards" && cause.secondsBefore == nil)
        #expect(cause.json["batchIndex"] == 0)
    }

    @Test func validateTimelineDiffAndTheirJSONSayTheCause() throws {
        let (folder, log) = try VersionTwoLogs.written(Self.doubleTap, as: "double-tap.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let validate = Run(["validate", log]).output
        #expect(
            validate.contains(
                #"seq 3: duplicateLink: link "compose" is already live in root "main" (presenting); "#
                    + "seq 2 modal.present presented it, 0.05 s before"), "\(validate)")
        #expect(
            validate.contains(
                "seq 6: invalidTransition: modal \"compose\" is dismissing, not presenting; "
                    + "seq 5 modal.dismiss made it dismissing, 0.1 s before"), "\(validate)")
        #expect(validate.contains("; seq 7 modal.dismissed removed it, 0.1 s before"), "\(validate)")

        let rows = Run(["timeline", log, "--json"]).output.split(separator: "\n").map {
            try? JSONReader.read(Array($0.utf8))
        }
        let cause = rows[2]?["rejected"]?["cause"]
        #expect(cause?["seq"] == 2 && cause?["type"] == "modal.present" && cause?["did"] == "presented it")
        #expect(cause?["secondsBefore"] == 0.05)
        #expect(rows[3]?["rejected"]?["cause"] == nil && rows[5]?["rejected"]?["cause"]?["seq"] == 5)
        #expect(Run(["timeline", log, "--wide"]).output.contains("seq 5 modal.dismiss made it dismissing"))

        let diff = Run(["diff", log, "3"]).output
        #expect(diff.contains("  because seq 2 modal.present presented it, 0.05 s before"), "\(diff)")
        let diffJSON = try JSONReader.read(Array(Run(["diff", log, "8", "--json"]).output.utf8))
        #expect(diffJSON["changes"]?[0]?["cause"]?["did"] == "removed it")
    }

    /// The page (exported and served) and the debugger say it too.
    @Test func thePageAndTheDebuggerSayTheCause() throws {
        let (folder, log) = try VersionTwoLogs.written(Self.doubleTap, as: "double-tap.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let said = "seq 2 modal.present presented it, 0.05 s before"
        let page = try PageData(Run(["export", log, "--format", "html"]).output)
        #expect(page.steps[2]["effect"]?.stringValue?.hasSuffix("; " + said) == true, "\(page.steps[2])")

        let served = try LiveLog(path: log)
        let answer = try JSONReader.read(served.steps(from: 2, count: 1, table: served.table, tableHolds: (0, 0)))
        #expect(answer["steps"]?[1]?[3]?.stringValue?.hasSuffix("; " + said) == true, "\(answer)")

        let reader = try EventLogReader(path: log)
        var session = DebugSession(name: "double-tap.jsonl", start: ModalState())
        for entry in try reader.readAll() { session.append(entry) }
        session.move(to: 2)
        let screen = DebugScreen.render(session, width: 120, height: 30, style: .plain).map(\.escaped)
        #expect(screen.contains { $0.contains("because " + said) }, "\(screen.joined(separator: "\n"))")
    }

    /// A reading that starts at an index's checkpoint has not seen the
    /// events before it: it reads them again, and names the same causes.
    @Test func aReadingFromACheckpointNamesTheSameCauses() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: 34).prefix(3_000))))
            .write(to: URL(fileURLWithPath: log))
        #expect(Run(["index", log]).status == 0)
        let whole = Run(["timeline", log, "--json"]).output.split(separator: "\n")
        let late = Run(["timeline", log, "--json", "--from", "2000"]).output.split(separator: "\n")
        #expect(late.count == 1_001)
        #expect(late.contains { $0.contains(#""cause":{"seq":"#) }, "rejections with causes after seq 2000")
        #expect(Array(whole.suffix(late.count)) == late, "the same rows, causes and all")
    }

    /// On random sessions, what a cause names happened: the event at the
    /// cause's seq made the fact the rejection ran into, and it held from
    /// then to the rejected event.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aCauseIsTheEventThatMadeTheFact(seed: UInt64) throws {
        let entries = Array(SessionGenerator(seed: seed).prefix(10_000))
        var state = ModalState()
        var tally = RejectionTally()
        tally.causes = CauseTracker(startingAt: state)
        var states = [state]
        var checked = 0
        for entry in entries {
            let step = Step.taking(entry, to: &state, describing: false, tally: &tally)
            states.append(state)
            guard let rejection = step.rejection else { continue }
            var event = entry.event
            if case .batch(let events) = event, let index = rejection.batchIndex { event = events[index] }
            // A cause of a parent's is checked by the example above.
            guard let cause = step.cause, cause.subject == nil, let root = event.root, let link = event.link else {
                continue
            }
            let before = states[cause.seq - 1], made = states[cause.seq], now = states[entry.seq - 1]
            #expect(cause.seq < entry.seq)
            switch cause.deed {
            case .presented:
                #expect(before.modal(link: link, in: root) == nil && made.modal(link: link, in: root) != nil)
            case .madePhase(let phase):
                #expect(made.modal(link: link, in: root)?.phase == phase, "seq \(entry.seq)")
                #expect(
                    before.modal(link: link, in: root)?.phase != phase
                        && now.modal(link: link, in: root)?.phase == phase)
            case .removed:
                #expect(before.modal(link: link, in: root) != nil && made.modal(link: link, in: root) == nil)
            default:
                break
            }
            checked += 1
        }
        #expect(checked >= 5, "the session has rejections with causes to check")
    }
}

import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// The debugger's model and screen, in-process: keys, time travel over
/// checkpoints, leaving events out, and screens of every size.
@Suite struct DebugSessionTests {
    @Test func keysFromTheBytesATerminalSends() {
        let bytes: [UInt8] =
            Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[H\u{1B}[4~\u{1B}[5~\u{1B}[6~jé\r\u{7F}\u{03}".utf8)
        #expect(
            Key.keys(in: bytes) == [
                .up, .down, .right, .left, .home, .end, .pageUp, .pageDown, .character("j"), .character("é"), .enter,
                .backspace, .control("c"),
            ])
        #expect(Key.keys(in: [0x1B]) == [.escape])
        #expect(Key.keys(in: Array("\u{1B}[99~x".utf8)) == [.character("x")])
    }

    static func session(events count: Int) -> DebugSession {
        var session = DebugSession(name: "session.jsonl", start: ModalState())
        for entry in SessionGenerator(seed: 11).prefix(count) { session.append(entry) }
        session.move(to: 0)
        return session
    }

    @Test func theStateAtAnyEventIsTheReplaysAndLeavingEventsOutIsReplaySkip() {
        var session = Self.session(events: 1_000)
        let events = session.events
        var random = SplitMixRandom(seed: 7)
        for round in 0..<12 {
            if round > 0 {
                session.move(to: random.next(below: events.count))
                session.toggleSkip()
            }
            for _ in 0..<8 {
                let index = random.next(below: events.count)
                var expected = ModalState()
                for entry in events[...index] where !session.skipped.contains(entry.seq) { expected.replay(entry) }
                let shown = session.step(at: index)!
                var state = shown.state
                state.rejected = expected.rejected
                #expect(state == expected, "event \(index), \(session.skipped.count) left out")
                #expect(shown.step.rejectionCount == expected.rejected.count)
            }
        }
    }

    @Test func keysMoveTheCursorAndPromptsTakeText() {
        var session = Self.session(events: 600)
        func press(_ keys: Key...) { for key in keys { session.handle(key) } }
        press(.character("j"), .down, .right)
        #expect(session.cursor == 3)
        press(.pageDown, .up)
        #expect(session.cursor == 12)
        press(.end)
        #expect(session.cursor == 599)
        press(.character("g"), .character("3"), .character("0"), .character("1"), .enter)
        #expect(session.cursor == 300 && session.events[300].seq == 301)
        press(.character("g"), .character("9"), .character("9"), .character("9"), .enter)
        #expect(session.cursor == 300 && session.message == "no event has seq 999: the log ends at seq 600")
        press(.character("f"), .character("x"), .backspace, .backspace)
        #expect(session.prompt == nil)
        press(.character("/"), .character("c"), .character("a"), .character("r"), .character("d"), .enter)
        let found = session.cursor
        #expect(
            found > 300 && TimelineLine.text(of: session.step(at: found)!.step, style: .plain).escaped.contains("card"))
        press(.character("n"))
        #expect(session.cursor > found)
        press(.character("N"))
        #expect(session.cursor == found)
        press(.character("?"))
        #expect(session.showsHelp)
        press(.character("x"))
        #expect(!session.showsHelp && !session.isDone)
        press(.control("c"))
        #expect(session.isDone)
    }

    @Test func followingALinkStepsThroughItsEventsOnly() {
        var session = Self.session(events: 400)
        session.move(to: 0)
        let link = session.events.compactMap(\.event.link).first!
        for character in link { session.handle(.character(character)) }
        session.handle(.character("f"))
        for character in link { session.handle(.character(character)) }
        session.handle(.enter)
        #expect(session.focus == .link(link))
        var visited: [Int] = []
        for _ in 0..<20 {
            session.handle(.character("j"))
            visited.append(session.cursor)
        }
        for index in Set(visited) {
            #expect(StepFilter.step(session.step(at: index)!.step, touches: link))
        }
        #expect(visited == visited.sorted())
    }

    @Test(arguments: [(80, 24), (20, 8), (200, 60), (100, 30)])
    func everyLineFillsTheScreenExactly(width: Int, height: Int) {
        var session = Self.session(events: 300)
        for index in [0, 150, 299] {
            session.move(to: index)
            let lines = DebugScreen.render(session, width: width, height: height, style: .plain).map(\.escaped)
            #expect(lines.count == height)
            #expect(lines.allSatisfy { $0.count == width }, "\(lines)")
        }
        session.handle(.character("?"))
        #expect(DebugScreen.render(session, width: width, height: height, style: .plain).count == height)
        // In colour, the same words, every line as wide once its colour codes are left out.
        session.handle(.character("x"))
        let plain = DebugScreen.render(session, width: width, height: height, style: .plain).map(\.escaped)
        let coloured = DebugScreen.render(session, width: width, height: height, style: TextStyle(isEnabled: true))
            .map { TimelineCommandTests.strippingStyles($0.escaped) }
        #expect(coloured == plain)
    }

    @Test func typeChangesOnlyAndWhereChooseTheStepsJAndKStopAt() throws {
        var session = Self.session(events: 300)
        let parsed = try DebugCommand.parse(["log", "--type", "card.push,card.pop", "--changes-only"])
        session.filter = try StepFilter(kind: parsed.filter)
        var seen: [Int] = []
        for _ in 0..<20 {
            session.step(by: 1)
            seen.append(session.cursor)
        }
        let stops = seen.filter {
            session.events[$0].event.type == .cardPush || session.events[$0].event.type == .cardPop
        }
        #expect(stops.count == seen.count && Set(seen).count > 5, "every stop a push or a pop")
        // Past the last push or pop, j stays; k goes back to the one before.
        let distinct = seen.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        session.step(by: -1)
        #expect(session.cursor == distinct[distinct.count - 2])
        #expect(DebugScreen.render(session, width: 100, height: 24, style: .plain)[0].escaped.contains(" · filtered"))
        let deep = try DebugCommand.parse(["log", "--where", "modals >= 3"])
        session.filter = try StepFilter(kind: deep.filter)
        session.move(to: 0)
        session.step(by: 1)
        let state = try #require(session.step(at: session.cursor)).state
        #expect(state.roots.reduce(0) { $0 + $1.modals.count } >= 3)
    }

    @Test func theScreenIsInTheTimelinesColours() {
        var session = Self.session(events: 40)
        session.move(to: 20)
        let screen = DebugScreen.render(session, width: 120, height: 40, style: TextStyle(isEnabled: true))
            .map(\.escaped).joined(separator: "\n")
        // Event types by kind, the tree's roots and phases.
        #expect(screen.contains("\u{1B}[32mmodal.present"))
        #expect(screen.contains("\u{1B}[34;1mroot \""))
        #expect(screen.contains("\u{1B}[32mpresented\u{1B}[0m") || screen.contains("\u{1B}[32mpresenting\u{1B}[0m"))
    }

    /// At 80 by 24, on a rejected present of a 2,000-event session whose
    /// state is longer than its pane: the tree keeps its first line and the
    /// modal's root, says what lies below, the row names the modal, and the
    /// rejection is wrapped whole.
    @Test func atEightyByTwentyFourTheHeaderTheRootAndTheRejectionStayInView() throws {
        var session = DebugSession(name: "session-2000.jsonl", start: ModalState())
        for entry in SessionGenerator(seed: 0x5EED).prefix(2_000) { session.append(entry) }
        let rejected = try #require(session.events.firstIndex { $0.seq == 986 })
        session.move(to: rejected)
        let screen = DebugScreen.render(session, width: 80, height: 24, style: .plain).map(\.escaped)
        #expect(screen.count == 24 && screen.allSatisfy { $0.count == 80 })
        let stateRule = try #require(screen.firstIndex { $0.hasPrefix("── state after seq 986") })
        #expect(screen[stateRule + 1].hasPrefix("seq 986 · keyboard"))
        #expect(screen[stateRule + 2].hasPrefix("root \"main\""))
        #expect(screen.contains { $0.hasPrefix("↓ ") && $0.contains("more lines below (d)") })
        #expect(screen.contains { $0.hasPrefix("▶  986  modal.present    main/compose rejected duplicateLink") })
        let didRule = try #require(screen.firstIndex { $0.hasPrefix("── what seq 986 did") })
        let did = screen[(didRule + 1)..<23].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(
            did.contains(#"rejected duplicateLink: link "compose" is already live in root "main" (presenting)"#),
            "\(did)")
        #expect(did.contains("because seq 985 modal.present presented it, 0.05 s before"))
    }

    @Test func aTreeWindowPinsItsFirstLineAndItsRootAndCountsWhatIsHidden() {
        // 30 lines in 10 rows, looking at line 20, of the root at line 15: the first line, the
        // root, a marker of the 13 lines above, lines 19 to 24 (a line above the target first),
        // a marker of the 5 below.
        let window = DebugScreen.TreeWindow(count: 30, rows: 10, target: 20, root: 15, scroll: 0)
        #expect(window.pinsRoot && window.range == 19..<25 && window.hiddenAbove == 17 && window.hiddenBelow == 5)
        #expect(1 + 1 + 1 + window.range.count + 1 == 10, "every row used, none over")
        // The target far below its root (the 20th toast of a queue root) is in view.
        let deep = DebugScreen.TreeWindow(count: 60, rows: 10, target: 50, root: 5, scroll: 0)
        #expect(deep.range.contains(50) && deep.pinsRoot)
        // The root right above the target is in the window, not pinned, and no marker hides it.
        let atRoot = DebugScreen.TreeWindow(count: 30, rows: 10, target: 16, root: 15, scroll: 0)
        #expect(!atRoot.pinsRoot && atRoot.range.lowerBound == 15 && atRoot.hiddenAbove == 14)
        // Scrolled back past the start: the tree's top, nothing above.
        let back = DebugScreen.TreeWindow(count: 30, rows: 10, target: 16, root: 15, scroll: -40)
        #expect(back.range == 1..<9 && back.hiddenAbove == 0 && back.hiddenBelow == 21 && !back.pinsRoot)
        // At the end: no marker below, the window ends on the last line.
        let end = DebugScreen.TreeWindow(count: 30, rows: 10, target: 29, root: 1, scroll: 0)
        #expect(end.range.upperBound == 30 && end.hiddenBelow == 0 && end.range.count == 7)
        // Three rows: no pin, no markers, the window alone.
        let small = DebugScreen.TreeWindow(count: 30, rows: 3, target: 20, root: 15, scroll: 0)
        #expect(small.range.count == 2 && !small.pinsRoot && small.hiddenAbove == 0 && small.hiddenBelow == 0)
    }

    @Test func rShowsTheEventAsLoggedAndDAndUScrollTheState() throws {
        var session = Self.session(events: 400)
        session.move(to: 399)
        func screen() -> [String] { DebugScreen.render(session, width: 100, height: 24, style: .plain).map(\.escaped) }
        session.handle(.character("r"))
        #expect(session.showsRawEvent)
        let raw = screen()
        let rule = try #require(raw.firstIndex { $0.hasPrefix("── seq \(session.events[399].seq) as logged") })
        #expect(raw[rule + 1].hasPrefix("seq: \(session.events[399].seq)"))
        #expect(raw[(rule + 1)...].contains { $0.hasPrefix("type: \"\(session.events[399].event.type.rawValue)\"") })
        session.handle(.character("r"))
        #expect(screen().contains { $0.hasPrefix("── what seq") })

        // The state of a long session does not fit: d scrolls it down, u back, a new event starts over.
        let top = screen()
        let stateRule = try #require(top.firstIndex { $0.hasPrefix("── state after") })
        #expect(top.contains { $0.hasPrefix("↓ ") && $0.contains("more lines below (d)") })
        session.handle(.character("d"))
        #expect(session.stateScroll == DebugSession.scrollStep)
        let down = screen()
        #expect(down != top)
        // The tree's first line stays, whatever the scroll.
        #expect(down[stateRule + 1] == top[stateRule + 1] && down[stateRule + 1].hasPrefix("seq 400 · "))
        session.handle(.character("u"))
        #expect(screen() == top)
        // Back past where the pane opened: to the tree's first lines.
        for _ in 0..<10 { session.handle(.character("u")) }
        #expect(session.stateScroll < 0)
        let first = screen()
        #expect(first[stateRule + 2].hasPrefix("root \""), "\(first[stateRule + 2])")
        #expect(!first.contains { $0.hasPrefix("↑ ") })
        session.handle(.character("d"))
        session.handle(.character("k"))
        #expect(session.stateScroll == 0)
    }
}

/// The debugger on a version-2 log: a batch is one step, its events listed
/// under the cursor; a rule before each session's start; who and where.
@Suite struct DebugSessionVersionTwoTests {
    static func shop() throws -> (TemporaryFolder, DebugSession) {
        let (folder, log) = try VersionTwoLogs.written()
        return (folder, try DebugCommand.load(log).0)
    }

    @Test func aBatchIsOneStepWithItsEventsUnderTheCursor() throws {
        var (folder, session) = try Self.shop()
        defer { withExtendedLifetime(folder) {} }
        #expect(session.events.count == 14)
        session.move(to: 9)
        let screen = DebugScreen.render(session, width: 80, height: 24, style: .plain).map(\.escaped)
        #expect(screen.allSatisfy { $0.count == 80 })
        func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }
        let cursor = try #require(screen.firstIndex { $0.hasPrefix("▶   10  batch (2)        ") })
        #expect(trimmed(screen[cursor + 1]) == "          modal.dismiss    toasts/saved reason timeout")
        #expect(trimmed(screen[cursor + 2]) == "          modal.dismissed  toasts/saved")
        #expect(screen.contains { $0.hasPrefix("── what seq 10 did · source system ──") })
        // Only the cursor's batch lists its events.
        #expect(!screen.contains { $0.contains("card.pop") })
        session.move(to: 10)
        let rejected = DebugScreen.render(session, width: 80, height: 24, style: .plain).map(\.escaped).map(trimmed)
        #expect(rejected.contains("          card.pop         sheets/checkout  <- rejected"))
        #expect(rejected.contains(" ── session 2 " + String(repeating: "─", count: 66)))
        session.move(to: 4)
        let caller = DebugScreen.render(session, width: 80, height: 24, style: .plain).map(\.escaped)
        #expect(caller.contains { $0.hasPrefix("── what seq 5 did · source system · at Host.swift:40 ──") })
    }

    @Test func aLongBatchIsCutAndEveryLineFillsTheScreen() {
        var session = DebugSession(name: "long.jsonl", start: ModalState())
        session.append(LoggedEvent(seq: 1, event: .rootRegister(RootRegistration())))
        let presents = (0..<30).map { ModalEvent.modalPresent(ModalPresentation(link: "m\($0)", content: "V")) }
        session.append(LoggedEvent(seq: 2, event: .batch(presents), source: .app))
        for seq in 3...40 { session.append(LoggedEvent(seq: seq, event: .sessionStart(), source: .system)) }
        for (width, height) in [(80, 24), (20, 8), (200, 60)] {
            for index in [0, 1, 2, 20, 39] {
                session.move(to: index)
                let lines = DebugScreen.render(session, width: width, height: height, style: .plain).map(\.escaped)
                #expect(
                    lines.count == height && lines.allSatisfy { $0.count == width }, "\(width)x\(height) at \(index)")
                #expect(lines.contains { $0.hasPrefix("▶") }, "the cursor stays in view")
            }
        }
        session.move(to: 1)
        let lines = DebugScreen.render(session, width: 80, height: 24, style: .plain).map(\.escaped)
        #expect(lines.contains { $0.hasPrefix("          … 28 more events") })
    }

    @Test func leavingABatchOutIsReplaySkip() throws {
        var (folder, session) = try Self.shop()
        defer { withExtendedLifetime(folder) {} }
        session.move(to: 9)
        session.handle(.character("s"))
        #expect(session.skipped == [10] && session.message == "seq 10 left out: later events replay without it")
        // Without the batch, the first toast stays and the second still waits.
        let after = try #require(session.step(at: 11)).state
        #expect(after.modal(link: "saved", in: "toasts")?.phase == .presenting)
        #expect(after.modal(link: "synced", in: "toasts")?.phase == .queued)
        let skipped = Run(["replay", folder.file("shop.jsonl"), "--skip", "10", "--json"]).output
        var whatIf = try ModalState(json: JSONReader.read(Array(skipped.utf8)))
        var shown = try #require(session.step(at: 13)).state
        whatIf.rejected = []
        shown.rejected = []
        #expect(shown == whatIf)
    }

    @Test func searchFindsABatchByItsEventsAndFollowingALinkStopsAtIt() throws {
        var (folder, session) = try Self.shop()
        defer { withExtendedLifetime(folder) {} }
        session.search("card.pop")
        #expect(session.events[session.cursor].seq == 11)
        session.move(to: 0)
        session.handle(.character("f"))
        for character in "toasts/saved" { session.handle(.character(character)) }
        session.handle(.enter)
        var seqs: [Int] = []
        for _ in 0..<4 {
            session.handle(.character("j"))
            seqs.append(session.events[session.cursor].seq)
        }
        #expect(seqs == [8, 10, 10, 10])
    }

    @Test func aVersionOneLogIsSteppedAsVersionOne() throws {
        let (folder, path) = try VersionTwoLogs.written(VersionTwoLogs.versionOneQueue, as: "v1.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let session = try DebugCommand.load(path).0
        #expect(session.step(at: 0)?.step.rejection?.code == .invalidValue)
        var appended = DebugSession(name: "v2", start: ModalState())
        appended.append(session.events[0])
        #expect(appended.step(at: 0)?.step.rejection == nil, "in version 2, queue is a policy")
    }
}

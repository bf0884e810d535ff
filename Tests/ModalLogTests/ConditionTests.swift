import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import TestSupport
import Testing

@testable import modal_log

/// The condition language of `bisect --where`: what it reads, what it
/// refuses and why, and what `bisect` finds with it.
@Suite struct ConditionTests {
    @Test(arguments: [
        ("depth(sheets) >= 2", Condition.compare(.depth(root: "sheets"), .greaterOrEqual, 2)),
        (
            "phase(sheets/checkout) == dismissing",
            .phase(.init(root: "sheets", link: "checkout"), .dismissing, isEqual: true)
        ),
        ("phase(compose) != gone", .phase(.init(root: nil, link: "compose"), nil, isEqual: false)),
        ("rejected(lastCard)", .rejected(.lastCard)),
        ("not rejected", .not(.rejected(nil))),
        (
            "seq > 1 or seq < -1 and time <= 0.5",
            .or([.compare(.seq, .greater, 1), .and([.compare(.seq, .less, -1), .compare(.time, .lessOrEqual, 0.5)])])
        ),
        (
            "(seq > 1 or broken) and type == card.pop",
            .and([.or([.compare(.seq, .greater, 1), .broken]), .type(.cardPop, isEqual: true)])
        ),
        (#"live("my root"/"a\"b")"#, .live(.init(root: "my root", link: "a\"b"))),
        ("not not dimming(default)", .not(.not(.dimming(root: "default")))),
        ("cards(x)>=3", .compare(.cards(.init(root: nil, link: "x")), .greaterOrEqual, 3)),
        // Format 2's.
        ("source == user", .source(.user, isEqual: true)),
        ("source != none", .source(nil, isEqual: false)),
        ("session >= 2", .compare(.session, .greaterOrEqual, 2)),
        ("queued(toasts) > 0", .compare(.queued(root: "toasts"), .greater, 0)),
        ("phase(toasts/synced) == queued", .phase(.init(root: "toasts", link: "synced"), .queued, isEqual: true)),
        ("height(checkout) <= 420", .compare(.height(.init(root: nil, link: "checkout")), .lessOrEqual, 420)),
        (
            "height(sheets/checkout) == none",
            .compare(.height(.init(root: "sheets", link: "checkout")), .equal, .noValue)
        ),
        ("time != none", .compare(.time, .notEqual, .noValue)),
        ("keyboard > height(main)", .compare(.keyboard, .greater, .quantity(.height(.init(root: nil, link: "main"))))),
        ("dt >= 0.3", .compare(.dt, .greaterOrEqual, 0.3)),
        ("style(checkout) == sheet", .style(.init(root: nil, link: "checkout"), .sheet, isEqual: true)),
        (
            "covered(a) or offscreen(b/c)",
            .or([.covered(.init(root: nil, link: "a")), .offscreen(.init(root: "b", link: "c"))])
        ),
        ("not canDismiss(checkout)", .not(.canDismiss(.init(root: nil, link: "checkout")))),
        ("type == batch and source == app", .and([.type(.batch, isEqual: true), .source(.app, isEqual: true)])),
        ("seq == 1 or seq == 2 or seq == 3", .or([1, 2, 3].map { .compare(.seq, .equal, .number(Double($0))) })),
        (
            "(seq == 1 or seq == 2) or seq == 3",
            .or([.or([1, 2].map { .compare(.seq, .equal, .number(Double($0))) }), .compare(.seq, .equal, 3)])
        ),
    ])
    func readsTheLanguage(text: String, expected: Condition) throws {
        #expect(try ConditionParser.parse(text) == expected)
    }

    @Test(arguments: [
        ("", 1, "expected a condition, found the end"),
        ("depth(sheets) >=", 17, "expected a number or a value to compare with after depth(sheets) >=, found the end"),
        (
            "depth(sheets) >= two", 18,
            "expected a number or a value to compare with after depth(sheets) >=, found 'two'"
        ),
        ("phase(a) = presented", 10, "'=' is not a comparison: use ==, !=, <, <=, > or >="),
        ("phase(a) == closed", 13, "'closed' is not a phase: queued, presenting, presented, dismissing or gone"),
        ("phase(a) > presented", 10, "expected == or != after phase(a), found '>'"),
        ("seq > 1 )", 9, "unexpected ')' after a whole condition"),
        ("(seq > 1", 9, "expected ')' after the condition in brackets, found the end"),
        ("seq > 1 and", 12, "expected a condition, found the end"),
        ("type == modal.show", 9, "'modal.show' is not an event type: one of root.register"),
        ("rejected(nope)", 10, "'nope' is not a rejection code: one of unknownRoot"),
        ("live(a/)", 8, "expected a link after the root, found ')'"),
        (#"live("a)"#, 6, "a string is not closed"),
        ("seq > 1 & seq < 3", 9, "unexpected character '&'"),
        ("frobs > 1", 1, "'frobs' is not a test: expected rejected"),
        // Format 2's.
        ("source == robot", 11, "'robot' is not a source: one of user, system, app, test, none"),
        ("source > user", 8, "expected == or != after source, found '>'"),
        ("source ==", 10, "expected a source, found the end"),
        ("height(a) > none", 13, "'none' is compared only with == or != to height(MODAL), time or dt, not height(a) >"),
        ("depth(a) == none", 13, "'none' is compared only with == or != to height(MODAL), time or dt, not depth(a) =="),
        (
            "height(a) == tall", 14,
            "expected a number, none or a value to compare with after height(a) ==, found 'tall'"
        ),
        ("session > one", 11, "expected a number or a value to compare with after session >, found 'one'"),
        (
            "keyboard > keybord", 12,
            "expected a number or a value to compare with after keyboard >, found 'keybord' (did you mean 'keyboard'?)"
        ),
        ("keyboard > depth", 17, "expected '(' after the test's name, found the end"),
        ("queued(a/b) > 1", 9, "expected ')' after the root, found '/'"),
        ("canDismiss > 1", 12, "expected '(' after the test's name, found '>'"),
    ])
    func refusesWithTheColumnAndWhatWasExpected(text: String, column: Int, message: String) {
        #expect {
            try ConditionParser.parse(text)
        } throws: { error in
            guard let failure = error as? ConditionParser.Failure else { return false }
            return failure.column == column && failure.message.hasPrefix(message)
        }
    }

    /// `not` and brackets nest at most ``ConditionParser/maximumDepth``
    /// levels: deeper is refused at the column where the limit is passed,
    /// never read (or checked, printed, released) by recursing that deep.
    @Test(arguments: [("not ", "", 401), ("(", ")", 101), ("not (", ")", 251)])
    func aConditionNestedPastTheLimitIsRefused(opening: String, closing: String, column: Int) {
        let text =
            String(repeating: opening, count: 5_000) + "rejected" + String(repeating: closing, count: 5_000)
        #expect {
            try ConditionParser.parse(text)
        } throws: { error in
            guard let failure = error as? ConditionParser.Failure else { return false }
            return failure.column == column
                && failure.message == "the condition nests deeper than 100 levels of 'not' and brackets"
        }
        let run = Run(["bisect", sample("EventLogs/tour.jsonl"), "--where", text])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("Error: --where: the condition nests deeper than 100 levels of 'not' and brackets"))
        let limit = String(repeating: "not ", count: ConditionParser.maximumDepth) + "rejected"
        #expect(throws: Never.self) { try ConditionParser.parse(limit) }
    }

    /// A chain of `or`s (or `and`s) is one list however long: it reads,
    /// holds, prints and reads back without nesting.
    @Test func aLongChainIsOneLevel() throws {
        let text = (1...50_000).map { "seq == \($0)" }.joined(separator: " or ")
        let condition = try ConditionParser.parse(text)
        guard case .or(let operands) = condition else {
            Issue.record("expected an or, found \(condition)")
            return
        }
        #expect(operands.count == 50_000)
        #expect(condition.description == text)
        #expect(try ConditionParser.parse(condition.description) == condition)
        let chain = (1...50_000).map { _ in "seq >= 12" }.joined(separator: " and ")
        let run = Run(["bisect", sample("EventLogs/tour.jsonl"), "--where", "(" + text + ") and (" + chain + ")"])
        #expect(run.status == 0 && run.output.hasPrefix("seq 12: "))
    }

    @Test func whatAConditionPrintsReadsBackToTheSameCondition() throws {
        var random = PropertyRandom(seed: 0xB15E_C7)
        for _ in 0..<2_000 {
            let condition = Self.randomCondition(depth: 4, random: &random)
            let text = condition.description
            #expect(try ConditionParser.parse(text) == condition, "\(text)")
        }
    }

    @Test func bisectFindsTheFirstSeqWhereItHoldsAsAPlainReplayDoes() throws {
        var random = PropertyRandom(seed: 0xB15E_C7 + 1)
        let folder = try TemporaryFolder()
        var found = 0
        for index in 0..<60 {
            let (events, log) = try RandomLogs.write(index, in: folder, lengths: 20...80, random: &random)
            if index % 2 == 0 { #expect(Run(["index", log, "--every", "7"]).status == 0) }
            for _ in 0..<5 {
                let condition = Self.randomCondition(depth: 2, random: &random)
                let from = random.chance(0.5) ? 1 : random.int(in: 1...events.count)
                let expected = Self.firstSeq(where: condition, in: events, from: from)
                let run = Run(["bisect", log, "--where", condition.description, "--from", String(from)])
                if let expected {
                    #expect(run.status == 0 && run.output.hasPrefix("seq \(expected): "), "\(condition) from \(from)")
                    found += 1
                } else {
                    #expect(run.status == 1 && run.output.hasPrefix("never holds "), "\(condition) from \(from)")
                }
            }
        }
        #expect(found > 30)
    }

    @Test func bisectPrintsTheEventAndTheStateThere() {
        let log = sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")
        let run = Run(["bisect", log, "--where", "rejected(lastCard)", "--state"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines[0] == "seq 10: rejected(lastCard)")
        #expect(lines[1].hasPrefix("10 6.800  card.pop default/checkout  rejected lastCard: "))
        #expect(lines[2] == "seq 10 · keyboard down")
        #expect(
            run.output.hasSuffix(
                "rejected: 1\n  seq 10 lastCard: modal \"checkout\" has one card left: dismiss the modal to close the stack\n"
            ))
        let never = Run(["bisect", log, "--where", "depth(default) > 1"])
        #expect(
            never.status == 1
                && never.output
                    == "never holds up to seq 12: depth(default) > 1\n  depth(default) > 1: at most 1 (first at seq 2)\n"
        )
        let bad = Run(["bisect", log, "--where", "depth(default) >"])
        #expect(bad.status == 64)
        #expect(
            bad.error.hasPrefix(
                "Error: --where: expected a number or a value to compare with after depth(default) >, found the end "
                    + "(at column 17 of 'depth(default) >')\n"
            ))
        #expect(Run(["bisect", log]).status == 64)
    }

    @Test(arguments: [
        ("source == user", 4), ("source == none", 12), ("source != system and source != app", 4),
        ("session >= 2", 13), ("session == 1 and type == batch", 10),
        ("queued(toasts) > 0", 9), ("queued(toasts) == 0 and live(toasts/synced)", 10),
        ("phase(synced) == queued", 9), ("phase(toasts/synced) == presenting", 10),
        ("height(checkout) == 420", 4), ("height(checkout) < 400", 6), ("height(checkout) == none", 7),
        ("height(checkout) != none", 4), ("live(checkout) and not canDismiss(checkout)", 6),
        ("canDismiss(checkout)", 4), ("type == batch and rejected(lastCard)", 11), ("time == none", nil),
        ("height(checkout) == none and seq > 12", nil), ("session > 2", nil),
    ])
    func bisectReadsTheVersionTwoTests(condition: String, seq: Int?) throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["bisect", log, "--where", condition])
        if let seq {
            #expect(run.status == 0 && run.output.hasPrefix("seq \(seq): \(condition)\n"), "\(run.output)")
        } else {
            #expect(run.status == 1 && run.output.hasPrefix("never holds up to seq 14: \(condition)\n"))
        }
    }

    @Test func bisectAsksByContentAndPresentedAndFindsEveryTimeWithAll() {
        let tour = sample("EventLogs/tour.jsonl")
        let content = Run(["bisect", tour, "--where", "content(checkout) == PaymentCard"])
        #expect(content.status == 0 && content.output.hasPrefix("seq 6: content(checkout) == PaymentCard\n6 5.400  "))
        #expect(Run(["bisect", tour, "--where", "content(sheets/checkout) != CartCard"]).output.hasPrefix("seq 1: "))
        let presented = Run(["bisect", tour, "--where", "presented(sheets) >= 2"])
        #expect(presented.output.hasPrefix("seq 8: presented(sheets) >= 2\n"))
        let all = Run(["bisect", tour, "--where", "keyboard > 0 or depth(sheets) == 1", "--all"])
        #expect(all.status == 0)
        // One line a hit: the event's timeline line, what it did included.
        #expect(all.output.split(separator: "\n").map { $0.prefix(6) } == ["3 1.20", "11 8.0"], "\(all.output)")
        #expect(all.output.contains("3 1.200  modal.present sheets/checkout CartCard · card  gone -> presenting; "))
        #expect(Run(["bisect", tour, "--where", "depth(sheets) > 5", "--all"]).status == 1)
        #expect(Run(["bisect", tour, "--where", "depth(sheets) > 1", "--all", "--state"]).status == 64)
    }

    @Test func eachStepAllFindsSaysWhatTheTimelineSays() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let all = Run(["bisect", log, "--where", "rejected or type == session.start", "--all"])
        /// The seq a line starts with, if it is an event's line.
        func seq(_ line: Substring) -> Int? { Int(line.trimmingPrefix(" ").split(separator: " ").first ?? "") }
        let timeline = Run(["timeline", log, "--wide"]).output.split(separator: "\n")
        let found = all.output.split(separator: "\n").filter { seq($0) != nil }
        #expect(found.map(seq) == [1, 11, 13])
        #expect(!all.output.contains(#/seq \d+: /#), "one line a hit")
        for line in found {
            // The same event, and what it did, rejection included, as the timeline tells it.
            let same = try #require(timeline.first { seq($0) == seq(line) })
            let effect = { (text: Substring) in
                text.components(separatedBy: "  ").last { !$0.isEmpty }.map { String($0.trimmingPrefix(" ")) }
            }
            #expect(effect(line) == effect(same), "seq \(seq(line)!)")
        }
    }

    @Test func aConditionThatNeverHoldsSaysHowNearItCameAndWhichNamesTheLogNeverHad() {
        let tour = sample("EventLogs/tour.jsonl")
        let run = Run(["bisect", tour, "--where", "depth(sheets) > 3 and cards(chekout) == 4 or depth(sheetz) > 0"])
        #expect(run.status == 1)
        #expect(
            run.output == """
                never holds up to seq 14: depth(sheets) > 3 and cards(chekout) == 4 or depth(sheetz) > 0
                  depth(sheets) > 3: at most 2 (first at seq 7)
                  cards(chekout) == 4: never had a value
                  depth(sheetz) > 0: at most 0 (first at seq 1)
                  the log never had a root sheetz (did you mean 'sheets'?)
                  the log never had a modal chekout (did you mean 'checkout'?)

                """)
        #expect(
            Run(["bisect", tour, "--where", "keyboard < 0"]).output.hasSuffix(
                "  keyboard < 0: at least 0 (first at seq 1)\n"))
        #expect(
            Run(["bisect", tour, "--where", "seq == 20.5"]).output.hasSuffix(
                "  seq == 20.5: nearest 14 (first at seq 14)\n"))
        // A comparison under `not` needs not to hold: how near it came says nothing.
        let negated = Run(["bisect", tour, "--where", "not cards(checkout) >= 1 and depth(sheets) > 5"])
        #expect(
            negated.output.hasSuffix(
                "never holds up to seq 14: not cards(checkout) >= 1 and depth(sheets) > 5\n"
                    + "  depth(sheets) > 5: at most 2 (first at seq 7)\n"))
        // From a later seq, names that came and went before it are not known: none is named.
        #expect(!Run(["bisect", tour, "--where", "live(nothing)", "--from", "5"]).output.contains("never had"))
    }

    /// A sheet lifted past the top by the keyboard, an alert over it, then a
    /// full-screen modal over both; one event without a time.
    static let screen = """
        {"format":"modal-events","version":2}
        {"seq":1,"time":0,"type":"root.register","root":"main"}
        {"seq":2,"time":1,"type":"modal.present","root":"main","link":"form","content":"Form","height":400}
        {"seq":3,"time":1.3,"type":"modal.presented","root":"main","link":"form"}
        {"seq":4,"time":2,"type":"keyboard.change","height":500}
        {"seq":5,"type":"modal.present","root":"main","link":"help","content":"Help","style":"alert"}
        {"seq":6,"time":3,"type":"modal.presented","root":"main","link":"help"}
        {"seq":7,"time":3.1,"type":"modal.present","root":"main","link":"cover","content":"Cover","style":"fullScreen"}
        {"seq":8,"time":3.2,"type":"keyboard.change","height":0}

        """

    @Test(
        arguments: [
            // Two values of one step: a root's height where no modal has the name.
            ("keyboard > height(form)", [4]), ("offset(main) > height(main)", []), ("keyboard >= offset(main)", [1]),
            ("offset(main) + 0 > 0", nil),
            ("style(help) == alert", [5]), ("style(form) == sheet and style(cover) != fullScreen", [2]),
            // Lifted past the top while the keyboard is up; what shows of it is hidden by the full-screen modal.
            ("offscreen(form)", [4]), ("offscreen(help) or offscreen(cover)", []),
            ("covered(form)", [7]), ("covered(help)", [7]), ("covered(cover)", []),
            // Since the last event with a time: none for the first event and for one without a time.
            ("dt == none", [1, 5]), ("dt < 0.15", [7]), ("dt >= 1 and type == modal.presented", [6]),
        ] as [(String, [Int]?)])
    func theLanguageComparesTwoValuesStylesCoverAndTime(condition: String, becameTrue: [Int]?) throws {
        let (folder, log) = try VersionTwoLogs.written(Self.screen, as: "screen.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["bisect", log, "--where", condition, "--all"])
        guard let becameTrue else {
            #expect(run.status == 64, "\(run.error)")
            return
        }
        let seqs = run.output.split(separator: "\n").compactMap { Int($0.prefix { $0 != " " }) }
        #expect(run.status == (becameTrue.isEmpty ? 1 : 0) && seqs == becameTrue, "\(run.output)\(run.error)")
    }

    @Test func theNearMissNamesThePartThatNeverHeld() throws {
        let (folder, log) = try VersionTwoLogs.written(Self.screen, as: "screen.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["bisect", log, "--where", "offset(main) == 0 and keyboard > 400 and covered(cover)"])
        #expect(
            run.output == """
                never holds up to seq 8: offset(main) == 0 and keyboard > 400 and covered(cover)
                  offset(main) == 0: held (first at seq 1), never with the rest
                  keyboard > 400: held (first at seq 4), never with the rest
                  covered(cover): never held

                """)
        let apart = Run(["bisect", log, "--where", "keyboard > 0 and covered(form) and dt > 0.5"])
        #expect(apart.output.hasSuffix("  every part held, but never all at once\n"), "\(apart.output)")
        let two = Run(["bisect", log, "--where", "keyboard > height(main)"])
        #expect(
            two.output.hasSuffix(
                "  keyboard > height(main): never held; nearest at seq 4, keyboard 500 against height(main) 844\n"),
            "\(two.output)")
        // A part under `not` or `or` can be what stopped it: no part is said to have held alone.
        let negated = Run(["bisect", log, "--where", "keyboard > 0 and not live(form)"])
        #expect(negated.status == 1 && !negated.output.contains("held ("), "\(negated.output)")
        let misspelt = Run(["bisect", log, "--where", "keyboard > height(mian)"])
        #expect(misspelt.output.hasSuffix("  the log never had a modal or root mian (did you mean 'main'?)\n"))
    }

    @Test func bisectPrintsABatchWithItsEvents() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["bisect", log, "--where", "type == batch and rejected", "--state"])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "seq 11: type == batch and rejected")
        #expect(lines[1].hasPrefix("11 5.000  user  batch    2 events         rejected lastCard: events[1]: "))
        #expect(lines[2] == "                card.pop sheets/checkout")
        #expect(lines[3] == "                card.pop sheets/checkout  <- rejected")
        #expect(lines[4] == "seq 11 · session 1 · keyboard down")
    }

    /// The first seq at or after `from` where `condition` holds, by a plain loop.
    static func firstSeq(where condition: Condition, in events: [LoggedEvent], from: Int) -> Int? {
        var state = ModalState()
        var lastTime: Double?
        for entry in events {
            let rejection = state.replay(entry)
            let context = Condition.Context(
                state: state, entry: entry, rejection: rejection, rejectionCount: state.rejected.count,
                previousTime: lastTime)
            if entry.seq >= from, condition.holds(at: context) { return entry.seq }
            lastTime = entry.time ?? lastTime
        }
        return nil
    }

    static let names = [
        "default", "a", "b", "compose", "menu", "share", "my root", "quote\"d", "and", "10", "é", "none", "session",
    ]

    static func randomCondition(depth: Int, random: inout PropertyRandom) -> Condition {
        func name() -> String { random.element(of: names)! }
        func modal() -> Condition.ModalReference {
            Condition.ModalReference(root: random.chance(0.5) ? name() : nil, link: name())
        }
        if depth > 0, random.chance(0.5) {
            switch random.int(below: 3) {
            case 0:
                return .and((0..<random.int(in: 2...3)).map { _ in randomCondition(depth: depth - 1, random: &random) })
            case 1:
                return .or((0..<random.int(in: 2...3)).map { _ in randomCondition(depth: depth - 1, random: &random) })
            default: return .not(randomCondition(depth: depth - 1, random: &random))
            }
        }
        let quantities: [Condition.Quantity] = [
            .depth(root: name()), .cards(modal()), .snap(modal()), .position(modal()), .keyboard,
            .offset(root: name()), .roots, .modals, .seq, .time, .dt, .rejections, .session, .queued(root: name()),
            .height(modal()),
        ]
        switch random.int(below: 12) {
        case 0: return .rejected(random.chance(0.5) ? nil : random.element(of: RejectionCode.allCases)!)
        case 1: return .broken
        case 2: return .type(random.element(of: EventType.allCases)!, isEqual: random.chance(0.5))
        case 3: return .phase(modal(), random.element(of: ModalPhase.allCases + [nil])!, isEqual: random.chance(0.5))
        case 4:
            return random.element(of: [
                .live(modal()), .dragging(modal()), .canDismiss(modal()), .covered(modal()), .offscreen(modal()),
            ])!
        case 5: return .dimming(root: name())
        case 6: return .source(random.element(of: EventSource.knownValues + [nil])!, isEqual: random.chance(0.5))
        case 7:
            let quantity = random.element(of: [Condition.Quantity.height(modal()), .time, .dt])!
            return .compare(quantity, random.chance(0.5) ? .equal : .notEqual, .noValue)
        case 8:
            return .style(modal(), random.element(of: ModalStyle.knownValues)!, isEqual: random.chance(0.5))
        case 9:
            return .compare(
                random.element(of: quantities)!, random.element(of: Condition.Comparison.allCases)!,
                .quantity(random.element(of: quantities)!))
        default:
            return .compare(
                random.element(of: quantities)!, random.element(of: Condition.Comparison.allCases)!,
                .number(Double(random.int(in: -2...6)) / (random.chance(0.8) ? 1 : 2)))
        }
    }
}

/// `replay --skip`: the state as if some events had never happened, and the
/// rejections that made.
@Suite struct WhatIfTests {
    @Test func skippingGivesTheStateOfTheLogWithoutThoseEvents() throws {
        var random = PropertyRandom(seed: 0x5_41F)
        let folder = try TemporaryFolder()
        for index in 0..<40 {
            let (events, log) = try RandomLogs.write(index, in: folder, lengths: 5...60, random: &random)
            if index % 2 == 0 { #expect(Run(["index", log, "--every", "5"]).status == 0) }
            let skipped = Set((0..<random.int(in: 1...3)).map { _ in random.int(in: 1...events.count) })
            var expected = ModalState()
            var actual = ModalState()
            for entry in events {
                actual.replay(entry)
                if !skipped.contains(entry.seq) { expected.replay(entry) }
            }
            let argument = skipped.sorted().map(String.init).joined(separator: ",")
            let run = Run(["replay", log, "--skip", argument, "--json"])
            #expect(run.status == 0)
            #expect(try ModalState(json: JSONReader.read(Array(run.output.utf8))) == expected, "skip \(argument)")
            let newlyRejected = expected.rejected.filter { rejection in
                !actual.rejected.contains { $0.seq == rejection.seq }
            }
            #expect(
                run.error.contains(
                    "rejected because of the skip: \(newlyRejected.isEmpty ? "none" : String(newlyRejected.count))\n"))
            for rejection in newlyRejected {
                // Random names hold control characters: the report shows them escaped.
                let line: TerminalText = "  seq \(rejection.seq) \(rejection.code.rawValue): \(rejection.message)\n"
                #expect(run.error.contains(line.escaped))
            }
            // Each rejection once: in the section that says what became of it, never in the tree too.
            let listed =
                expected.rejected
                + actual.rejected.filter { rejection in
                    !skipped.contains(rejection.seq) && !expected.rejected.contains { $0.seq == rejection.seq }
                }
            for rejection in listed {
                let line: TerminalText = "  seq \(rejection.seq) \(rejection.code.rawValue): \(rejection.message)\n"
                #expect(run.error.components(separatedBy: line.escaped).count == 2, "\(line.escaped)")
            }
            let changes = StateDiff(from: actual, to: expected).changes.filter {
                if case .rejection = $0.subject { return false }
                return true
            }
            let against = changes.isEmpty ? "the same" : "\(changes.count) change\(changes.count == 1 ? "" : "s")"
            #expect(run.error.contains("against the real final state: \(against)\n"))
            let text = Run(["replay", log, "--skip", argument, "--no-index"])
            #expect(text.output.hasSuffix(run.error), "the tree and the JSON report the same")
            #expect(!text.output.contains("\nrejected: "), "the tree leaves its rejections to the report")
        }
    }

    @Test func skippingABatchLeavesOutAllItsEvents() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        var expected = ModalState()
        for entry in try EventLogReader(path: log).readAll() where entry.seq != 10 { expected.replay(entry) }
        let run = Run(["replay", log, "--skip", "10", "--json"])
        #expect(run.status == 0)
        #expect(try ModalState(json: JSONReader.read(Array(run.output.utf8))) == expected)
        // Without the batch, the first toast never left: the second still waits when the session ends.
        let text = Run(["replay", log, "--skip", "10,14"]).output
        #expect(text.contains("skipped: seq 10 (a batch of 2 events), seq 14\n"))
        let before13 = Run(["replay", log, "--skip", "10,13"]).output
        #expect(before13.contains("└─ \"synced\" queued · toast\n"))
        #expect(before13.contains("rejected because of the skip: 1\n  seq 14 duplicateRoot: "))
    }

    @Test func aSkipOutsideTheLogIsAUsageError() {
        let log = sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")
        let past = Run(["replay", log, "--skip", "3,99"])
        #expect(past.status == 64)
        #expect(past.error.hasPrefix("Error: --skip: seq 99 is not in \(log): its events are seqs 1 to 12\n"))
        for bad in ["", "0", "3,,4", "x", "-2"] {
            #expect(Run(["replay", log, "--skip", bad]).status == 64, "\(bad)")
        }
    }

    @Test func theReportSaysWhatTheSkipChanged() {
        let log = sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")
        #expect(
            Run(["replay", log, "--skip", "7,8"]).output.hasSuffix(
                """
                └─ (no modals)
                skipped: seq 7, seq 8
                rejected because of the skip: none
                no longer rejected: 1
                  seq 10 lastCard: modal "checkout" has one card left: dismiss the modal to close the stack
                rejected as before: none
                against the real final state: the same

                """))
        let other = Run(["replay", log, "--skip", "2"]).output
        #expect(other.contains("rejected because of the skip: 9\n  seq 3 unknownLink: "))
        #expect(
            other.contains(
                "rejected for another reason: 1\n  seq 10 unknownLink: no live modal \"checkout\" in root \"default\"\n"
            ))
    }
}

/// `modal-log stats`.
@Suite struct StatsCommandTests {
    @Test func theTourInNumbers() {
        let run = Run(["stats", sample("EventLogs/tour.jsonl")])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(
            run.output.hasPrefix(
                "\(sample("EventLogs/tour.jsonl")): 14 events, seq 1 to 14\ntime: 0.000 to 12.800 (12.800 s)\n"))
        #expect(run.output.contains("by root:\n  sheets            9\n  toasts            4\n  (all roots)       1\n"))
        #expect(run.output.contains("  modal.present         3\n"))
        #expect(
            run.output.hasSuffix(
                """
                modals: 3 presented, 1 dismissed (1 still dismissing at the end)
                deepest stack: 2 modals in root sheets at seq 7
                most cards: 2 in sheets/checkout at seq 5
                longest-lived modal: sheets/checkout, 11.600 s (seq 3 to 14, still live)
                rejected: 0

                """))
    }

    @Test func aVersionTwoLogInNumbers() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["stats", log])
        #expect(run.status == 0 && run.error.isEmpty)
        // A batch counts once, under the root its events name.
        #expect(
            run.output.contains(
                "  session.start         2\n  batch                 2\nby root:\n  sheets            8\n"))
        #expect(
            run.output.contains(
                """
                by source:
                  user         2
                  system       4
                  app          7
                  none         1
                sessions: 2 (at seq 1, 13)
                batches: 2 (4 events), 1 applied, 1 rejected
                modals: 3 presented, 3 dismissed, 1 waited in a queue

                """))
        let json = try JSONReader.read(Array(Run(["stats", log, "--json"]).output.utf8))
        #expect(json["bySource"] == ["user": 2, "system": 4, "app": 7, "none": 1])
        #expect(json["sessions"] == 2 && json["sessionSeqs"] == [1, 13] && json["queued"] == 1)
        #expect(json["batches"] == ["count": 2, "events": 4, "applied": 1, "rejected": 1])
        // A version-1 log records none of it.
        let tour = Run(["stats", sample("EventLogs/tour.jsonl")]).output
        #expect(
            tour.contains(
                "\nby source: none recorded\nsessions: none\nbatches: none\nmodals: 3 presented, 1 dismissed (1 still dismissing at the end)\n"
            ))
    }

    @Test func figuresAddUpOnRandomLogs() throws {
        var random = PropertyRandom(seed: 0x57A7)
        let folder = try TemporaryFolder()
        for index in 0..<30 {
            let (events, log) = try RandomLogs.write(index, in: folder, lengths: 1...80, random: &random)
            var state = ModalState()
            var deepest = 0
            for entry in events {
                state.replay(entry)
                deepest = max(deepest, state.roots.map(\.modals.count).max() ?? 0)
            }
            let json = try JSONReader.read(Array(Run(["stats", log, "--json"]).output.utf8))
            func int(_ value: JSONValue?) -> Int { Int(value?.doubleValue ?? -1) }
            func sum(_ value: JSONValue?) -> Int {
                guard case .object(let members)? = value else { return -1 }
                return members.reduce(0) { $0 + int($1.value) }
            }
            #expect(int(json["events"]) == events.count)
            #expect(sum(json["byType"]) == events.count && sum(json["byRoot"]) == events.count)
            #expect(
                int(json["rejected"]) == state.rejected.count && sum(json["rejectedByCode"]) == state.rejected.count)
            // A modal is dismissed once its dismissal begins; those still dismissing are live.
            let modals = state.roots.flatMap(\.modals)
            let dismissing = modals.filter { $0.phase == .dismissing }.count
            #expect(int(json["presented"]) - int(json["dismissed"]) == modals.count - dismissing)
            #expect(int(json["dismissing"]) == dismissing)
            #expect(int(json["deepestStack"]?["depth"] ?? .number(JSONNumber(0))) == deepest)
            #expect(sum(json["bySource"]) == events.count)
            #expect(int(json["sessions"]) == state.session)
            let batches = events.filter { $0.event.type == .batch }
            let batchJSON = json["batches"]
            #expect(int(batchJSON?["count"]) == batches.count && int(json["byType"]?["batch"] ?? 0) == batches.count)
            #expect(int(batchJSON?["applied"]) + int(batchJSON?["rejected"]) == batches.count)
            #expect(int(batchJSON?["events"]) == batches.reduce(0) { $0 + $1.event.steps.count })
            let rejectedBatches = state.rejected.filter { rejection in batches.contains { $0.seq == rejection.seq } }
            #expect(int(batchJSON?["rejected"]) == rejectedBatches.count)
            #expect(int(json["queued"]) <= int(json["presented"]))
        }
    }
}

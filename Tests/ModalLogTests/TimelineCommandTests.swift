import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// `modal-log timeline`: a line per event with what it did, its filters,
/// colour and JSON.
@Suite struct TimelineCommandTests {
    static let tour = sample("EventLogs/tour.jsonl")

    /// The seqs of the lines a timeline printed.
    /// The seqs of the event lines of `output`: not a batch's events, nor a
    /// rejection's lines under its event's, which start under the type column.
    static func seqs(_ output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            line.prefix { $0 == " " }.count < 7 ? Int(line.split(separator: " ").first ?? "") : nil
        }
    }

    /// Whole lines (`--wide`): what the event did to what it names first, unnamed, then the rest.
    @Test func eachLineSaysWhatTheEventDid() throws {
        let run = Run(["timeline", Self.tour, "--wide"])
        #expect(run.status == 0 && run.error.isEmpty)
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 14)
        #expect(lines[3].hasPrefix(" 4  1.600  modal.presented sheets/checkout   "))
        #expect(lines[3].hasSuffix("   presenting -> presented"))
        #expect(lines[2].hasSuffix("  gone -> presenting; root sheets: dimming.visible false -> true"))
        #expect(lines[4].hasSuffix("  cards + ShippingCard (2), visibleCards 1 -> 2"))
        #expect(lines[5].hasSuffix("  cards ShippingCard -> PaymentCard (2)"))
        #expect(lines[10].contains("keyboard.change all roots height 336 · responder bottom 780"))
        #expect(lines[10].hasSuffix("keyboard: height 0 -> 336, responderBottom none -> 780"))
        #expect(lines[13].hasSuffix("  presented -> dismissing, dismissReason none -> timeout"))
        // Columns as wide as their content: what each event did starts in one column, after the widest subject.
        let start = try #require(lines[3].range(of: "presenting -> presented")).lowerBound.utf16Offset(in: lines[3])
        #expect(lines.allSatisfy { Array($0.utf16)[start - 2..<start] == [32, 32] && Array($0.utf16)[start] != 32 })
        #expect(lines[6].dropFirst(start - 50).hasPrefix("sheets/address AddressForm · sheet · in checkout  "))
    }

    @Test func linesFitTheTerminalOr80ColumnsCutWithAnEllipsis() throws {
        let piped = Run(["timeline", Self.tour]).output.split(separator: "\n").map(String.init)
        #expect(piped.allSatisfy { $0.count <= 80 } && piped.contains { $0.count == 80 && $0.hasSuffix("…") })
        // The subject's column holds the longest name; arguments that do not fit give way whole, not cut short.
        #expect(piped[3] == " 4  1.600  modal.presented sheets/checkout       presenting -> presented")
        #expect(piped[2] == " 3  1.200  modal.present   sheets/checkout …     gone -> presenting; root sheet…")
        #expect(piped[12] == "13  9.800  modal.presented toasts/toast-saved    presenting -> presented")
        let narrow = Run(["timeline", Self.tour], environment: ["COLUMNS": "50"], isTerminal: true)
        #expect(narrow.output.split(separator: "\n").allSatisfy { Self.strippingStyles(String($0)).count <= 50 })
        let wide = Run(["timeline", Self.tour, "--color", "never"], environment: ["COLUMNS": "240"], isTerminal: true)
        #expect(wide.output == Run(["timeline", Self.tour, "--wide"]).output, "240 columns hold every line whole")
        // The generated session of the issue: 2,000 events, none over 80 columns when piped.
        let folder = try TemporaryFolder()
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: 20).prefix(2_000))))
            .write(to: URL(fileURLWithPath: folder.file("session.jsonl")))
        let generated = Run(["timeline", folder.file("session.jsonl")])
        #expect(generated.status == 0)
        let lines = generated.output.split(separator: "\n")
        #expect(lines.count >= 2_000 && lines.allSatisfy { $0.count <= 80 })
        // Whole, some are far longer.
        let whole = Run(["timeline", folder.file("session.jsonl"), "--wide"]).output.split(separator: "\n")
        #expect(whole.contains { $0.count > 120 })
    }

    /// The issue's session: piped with COLUMNS=120, a double tap's rejection
    /// is whole (on the lines under it), the arguments gave way, and `--dt`
    /// shows the 50 ms between the taps.
    @Test func aCutLineKeepsWhatTheEventDidAndPipedLinesTakeColumns() throws {
        let folder = try TemporaryFolder()
        try Data(
            EventLogEncoder.encode(
                header: LogHeader(version: 1), events: Array(SessionGenerator(seed: 0x5EED).prefix(2_000)))
        ).write(to: URL(fileURLWithPath: folder.file("session.jsonl")))
        let run = Run(
            ["timeline", folder.file("session.jsonl"), "--from", "984", "--to", "987", "--dt"],
            environment: ["COLUMNS": "120"])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 120 } && lines.contains { $0.count > 80 }, "\(lines)")
        let rejected = try #require(
            lines.firstIndex { $0.hasPrefix("986 876.625  +0.050  modal.present   main/compose …") })
        let rest = lines[(rejected + 1)...].prefix { $0.hasPrefix(" ") }
        #expect(!rest.isEmpty && rest.allSatisfy { $0.hasPrefix(String(repeating: " ", count: 23)) })
        let whole = ([lines[rejected]] + rest.map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: " ")
        #expect(
            whole.contains(
                #"rejected duplicateLink: link "compose" is already live in root "main" (presenting); "#
                    + "seq 985 modal.present presented it, 0.05 s before"), "\(whole)")
        #expect(!run.output.contains("ComposeV…"), "an argument is whole or not there")
        // Without COLUMNS, a pipe gets 80.
        let piped = Run(["timeline", folder.file("session.jsonl"), "--from", "984", "--to", "987"])
        #expect(piped.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// A rejection wraps whole, but a hostile one (a link of a megabyte)
    /// stops after a dozen lines, and is cut in linear time.
    @Test func aHugeRejectionWrapsToADozenLinesAtMost() throws {
        let text = TerminalText(stringLiteral: String(repeating: "x ", count: 200_000))
        let pieces = text.wrapped(first: 40, rest: 60)
        #expect(pieces.count == 12 && pieces.last!.escaped.hasSuffix("…") && pieces.allSatisfy { $0.count <= 60 })
        let link = String(repeating: "l", count: 300_000)
        let log = """
            {"format":"modal-events","version":2}
            {"seq":1,"type":"root.register","root":"main"}
            {"seq":2,"type":"modal.presented","root":"main","link":"\(link)"}

            """
        let folder = try TemporaryFolder()
        try folder.write(log, to: "huge.jsonl")
        let run = Run(["timeline", folder.file("huge.jsonl")])
        #expect(run.status == 0 && run.output.split(separator: "\n").count <= 1 + 12)
    }

    @Test func aSessionsRuleFitsEvenWhenItsInfoEscapes() throws {
        let info =
            #"{"note":"said \"hi\" at C:\\Users\\x","more":"\u202e\u0007 \#(String(repeating: "y", count: 70))"}"#
        let log =
            "{\"format\":\"modal-events\",\"version\":2}\n{\"seq\":1,\"type\":\"session.start\",\"info\":\(info)}\n"
        let folder = try TemporaryFolder()
        try folder.write(log, to: "session.jsonl")
        for columns in [80, 40, 12] {
            let run = Run(
                ["timeline", folder.file("session.jsonl")], environment: ["COLUMNS": "\(columns)"], isTerminal: true)
            #expect(run.status == 0)
            let lines = TimelineCommandTests.strippingStyles(run.output).split(separator: "\n")
            #expect(lines.count == 2 && lines.allSatisfy { $0.count <= columns }, "\(columns): \(lines)")
        }
    }

    @Test func changesOnlyTypeAndWhereKeepTheEventsThatMatter() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        // Seq 12 (a dimming tap with no modal) changed nothing; the rejected batch stays.
        #expect(Self.seqs(Run(["timeline", log, "--changes-only"]).output) == Array(1...11) + [13, 14])
        #expect(Self.seqs(Run(["timeline", log, "--type", "modal.present"]).output) == [4, 8, 9])
        // A batch is kept for its events' types.
        #expect(Self.seqs(Run(["timeline", log, "--type", "card.pop,modal.dismiss"]).output) == [10, 11])
        #expect(Self.seqs(Run(["timeline", Self.tour, "--where", "depth(sheets) >= 2"]).output) == Array(7...14))
        #expect(
            Self.seqs(
                Run(["timeline", Self.tour, "--where", "depth(sheets) >= 2", "--type", "drag.change,drag.end"]).output)
                == [9, 10])
        let json = Run(["timeline", Self.tour, "--where", "keyboard > 0", "--json"]).output
        #expect(json.split(separator: "\n").count == 4)
        let typo = Run(["timeline", Self.tour, "--type", "modal.presnt"])
        #expect(typo.status == 64)
        #expect(
            typo.error.hasPrefix(
                "Error: The value 'modal.presnt' is invalid for '--type <types>': 'modal.presnt' is not an event type; "
                    + "did you mean 'modal.present'?\n"))
        let condition = Run(["timeline", Self.tour, "--where", "depth(sheets) >>= 2"])
        #expect(condition.status == 64 && condition.error.hasPrefix("Error: --where: "))
    }

    @Test func aRejectedEventSaysWhyAndAPopSaysWhichCard() {
        let run = Run(["timeline", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl"), "--wide"])
        let lines = run.output.split(separator: "\n")
        #expect(lines[6].hasSuffix("card.pop        default/checkout                       cards - ReviewCard (3)"))
        #expect(
            lines[9].hasSuffix(
                "  rejected lastCard: modal \"checkout\" has one card left: dismiss the modal to close the stack; "
                    + "seq 9 card.pop set its cards, 0.6 s before"))
        #expect(lines[11].hasSuffix("modal.dismissed default/checkout                       dismissing -> gone"))
    }

    @Test func filtersKeepTheEventsThatNameOrChangeARootOrAModal() {
        #expect(Self.seqs(Run(["timeline", Self.tour, "--link", "address"]).output) == [7, 8, 9, 10])
        #expect(Self.seqs(Run(["timeline", Self.tour, "--link", "sheets/address"]).output) == [7, 8, 9, 10])
        #expect(Self.seqs(Run(["timeline", Self.tour, "--link", "toasts/address"]).output) == [])
        // The keyboard moves every root: it changed the toasts root too.
        #expect(Self.seqs(Run(["timeline", Self.tour, "--root", "toasts"]).output) == [2, 11, 12, 13, 14])
        #expect(Self.seqs(Run(["timeline", Self.tour, "--from", "5", "--to", "7"]).output) == [5, 6, 7])
        #expect(Self.seqs(Run(["timeline", Self.tour, "--root", "sheets", "--from", "9"]).output) == [9, 10, 11])
        let backwards = Run(["timeline", Self.tour, "--from", "7", "--to", "5"])
        #expect(backwards.status == 64 && backwards.error.hasPrefix("Error: --to 5 is before --from 7\n"))
        #expect(Run(["timeline", Self.tour, "--from", "x"]).status == 64)
    }

    @Test func aFilterOnANameTheLogNeverHadSaysSoWithTheNearestItHad() {
        let slip = Run(["timeline", Self.tour, "--link", "chekout"])
        #expect(slip.status == 0 && slip.output.isEmpty)
        #expect(slip.error == "warning: the log never had a modal chekout (did you mean 'checkout'?)\n")
        #expect(
            Run(["timeline", Self.tour, "--root", "toast"]).error
                == "warning: the log never had a root toast (did you mean 'toasts'?)\n")
        #expect(
            Run(["timeline", Self.tour, "--link", "sheets/adress"]).error
                == "warning: the log never had a modal sheets/adress (did you mean 'sheets/address'?)\n")
        // A name it had is no slip, even where no event matches; nor is one past --from, unseen.
        #expect(Run(["timeline", Self.tour, "--link", "address", "--root", "toasts"]).error.isEmpty)
        #expect(Run(["timeline", Self.tour, "--link", "chekout", "--from", "3"]).error.isEmpty)
    }

    @Test func aParentsDismissalChangesItsChildAndTheLinkFilterSeesIt() throws {
        let log = """
            {"format":"modal-events","version":1}
            {"seq":1,"type":"root.register"}
            {"seq":2,"type":"modal.present","link":"menu","content":"Menu"}
            {"seq":3,"type":"modal.present","link":"share","content":"Share","parent":"menu"}
            {"seq":4,"type":"modal.dismiss","link":"menu"}

            """
        let folder = try TemporaryFolder()
        try folder.write(log, to: "nested.jsonl")
        let run = Run(["timeline", folder.file("nested.jsonl"), "--link", "share", "--wide"])
        #expect(Self.seqs(run.output) == [3, 4])
        #expect(run.output.contains("share: presenting -> dismissing, dismissReason none -> parentDismissed"))
    }

    @Test func colourOnATerminalUnlessNoColorOrNever() {
        let escape = "\u{1B}["
        #expect(Run(["timeline", Self.tour], isTerminal: true).output.contains(escape))
        #expect(!Run(["timeline", Self.tour]).output.contains(escape))
        #expect(
            !Run(["timeline", Self.tour], environment: ["NO_COLOR": "1"], isTerminal: true).output.contains(escape))
        // An empty NO_COLOR does not count (no-color.org).
        #expect(Run(["timeline", Self.tour], environment: ["NO_COLOR": ""], isTerminal: true).output.contains(escape))
        #expect(!Run(["timeline", Self.tour], environment: ["TERM": "dumb"], isTerminal: true).output.contains(escape))
        #expect(Run(["timeline", Self.tour, "--color", "always"]).output.contains(escape))
        #expect(!Run(["timeline", Self.tour, "--color", "never"], isTerminal: true).output.contains(escape))
        let bad = Run(["timeline", Self.tour, "--color", "sometimes"])
        #expect(bad.status == 64 && bad.error.contains("expected auto, always or never"))
        // Coloured and plain say the same.
        let coloured = Run(["timeline", Self.tour, "--color", "always"]).output
        #expect(Self.strippingStyles(coloured) == Run(["timeline", Self.tour]).output)
    }

    @Test func jsonLinesCarryEachEventsChanges() throws {
        let run = Run(["timeline", Self.tour, "--json", "--from", "3", "--to", "4"])
        let lines = run.output.split(separator: "\n").map { Array($0.utf8) }
        try #require(lines.count == 2)
        let first = try JSONReader.read(lines[0])
        #expect(first["seq"] == 3 && first["type"] == "modal.present" && first["link"] == "checkout")
        #expect(first["rejected"] == .null)
        let changes = try #require(first["changes"])
        guard case .array(let list) = changes else { throw Failure("changes is not an array") }
        #expect(list.count == 2 && list[0]["subject"] == "root" && list[1]["change"] == "added")
        let rejected = Run(["timeline", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl"), "--json"])
        let line = try JSONReader.read(Array(rejected.output.split(separator: "\n")[9].utf8))
        #expect(line["rejected"]?["code"] == "lastCard")
    }

    @Test func jsonRowsHaveFlatColumnsForATable() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let rows = try Run(["timeline", log, "--json"]).output.split(separator: "\n").map {
            try JSONReader.read(Array($0.utf8))
        }
        #expect(rows[0]["info"] == ["build": "1.4"] && rows[0]["outcome"] == "applied" && rows[0]["log"] == nil)
        #expect(rows[4]["phaseBefore"] == "presenting" && rows[4]["phaseAfter"] == "presented")
        #expect(rows[3]["phaseBefore"] == "gone" && rows[3]["phaseAfter"] == "presenting")
        #expect(rows[1]["phaseBefore"] == .null && rows[1]["info"] == .null)
        #expect(rows[10]["outcome"] == "rejected" && rows[10]["code"] == "lastCard")
        #expect(rows[10]["message"] == rows[10]["rejected"]?["message"])
        let skipped = try JSONReader.read(
            Array(Run(["timeline", log, "--json"]).output.split(separator: "\n")[11].utf8))
        #expect(skipped["outcome"] == "applied" && skipped["code"] == .null)
    }

    @Test func aMalformedLogNamesTheFileAndLine() {
        let run = Run(["timeline", sample("EventLogs/malformed/unknown-type.jsonl")])
        #expect(run.status == 65)
        #expect(run.error.contains("unknown-type.jsonl:"))
    }

    @Test func startingFromAnIndexPrintsTheSame() throws {
        let (folder, log) = try IndexCommandTests.sessionLog(1_200)
        defer { withExtendedLifetime(folder) {} }
        let whole = Run(["timeline", log, "--from", "777", "--to", "1000"])
        #expect(Run(["index", log, "--every", "100"]).status == 0)
        let indexed = Run(["timeline", log, "--from", "777", "--to", "1000"])
        #expect(indexed.status == 0 && indexed.output == whole.output)
        #expect(Self.seqs(indexed.output) == Array(777...1000))
    }

    @Test func aVersionTwoLogShowsSourcesBatchesAndSessions() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["timeline", log, "--wide"])
        #expect(run.status == 0 && run.error.isEmpty)
        // The source after the time ('-': none); a caller where the subject's column has room for it
        // (seq 2 and 5, not seq 4); a batch as one step with its events under it; a rule before each session.
        #expect(
            run.output == """
                ── session 1 · {"build":"1.4"} ─────────────────────────────────────────────────
                 1 0.000  system  session.start   all roots info {"build":"1.4"}                             session: 0 -> 1
                 2 0.100  app     root.register   root sheets window · level 0 · stack · at App.swift:12     registered
                 3 0.200  app     root.register   root toasts window · level 10 · queue                      registered
                 4 1.000  user    modal.present   sheets/checkout CartCard · card · height 420               gone -> presenting; root sheets: dimming.visible false -> true
                 5 1.300  system  modal.presented sheets/checkout · at Host.swift:40                         presenting -> presented
                 6 2.000  app     card.push       sheets/checkout PaymentCard · height 300 · cannot dismiss  canDismiss true -> false, cards + PaymentCard [height 300] (2), visibleCards 1 -> 2
                 7 2.500  app     card.update     sheets/checkout height auto                                cards PaymentCard height 300 -> none
                 8 3.000  app     modal.present   toasts/saved SavedToast · toast                            gone -> presenting; root toasts: dimming.visible false -> true
                 9 3.100  app     modal.present   toasts/synced SyncedToast · toast                          gone -> queued
                10 4.000  system  batch           2 events                                                   toasts/saved: presenting -> gone; toasts/synced: queued -> presenting
                                  modal.dismiss   toasts/saved reason timeout
                                  modal.dismissed toasts/saved
                11 5.000  user    batch           2 events                                                   rejected lastCard: events[1]: modal "checkout" has one card left: dismiss the modal to close the stack; seq 11 events[0] card.pop set its cards
                                  card.pop        sheets/checkout
                                  card.pop        sheets/checkout                                            <- rejected
                12 6.000  -       dimming.tap     root sheets                                                no change
                ── session 2 ───────────────────────────────────────────────────────────────────
                13 9.000  system  session.start   all roots                                                  session: 1 -> 2; sheets/checkout: presented -> gone; toasts/synced: presenting -> gone; root sheets: removed; root toasts: removed
                14 9.100  app     root.register   root sheets window · level 0 · stack                       registered

                """)
        // Coloured and plain say the same, the rules included.
        #expect(Self.strippingStyles(Run(["timeline", log, "--wide", "--color", "always"]).output) == run.output)
    }

    @Test func aVersionOneLogKeepsItsLinesAndItsMeaning() throws {
        // No source column in a version-1 log; and there, queue is no policy: rejected, as replay says.
        let (folder, path) = try VersionTwoLogs.written(VersionTwoLogs.versionOneQueue, as: "v1.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let line = Run(["timeline", path, "--wide"]).output
        #expect(line.hasPrefix("1 -  root.register root toasts window · level 0 · queue  rejected invalidValue: "))
        #expect(line.contains("rejected invalidValue: policy \"queue\" is not one of stack, single"))
        #expect(Run(["replay", path]).output.contains("seq 1 invalidValue: policy \"queue\""))
        #expect(Run(["bisect", path, "--where", "rejected(invalidValue)"]).status == 0)
    }

    @Test func sourceKeepsTheEventsOfASourceAndSessionRulesStay() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let user = Run(["timeline", log, "--source", "user"])
        #expect(Self.seqs(user.output) == [4, 11])
        #expect(user.output.split(separator: "\n").filter { $0.hasPrefix("── session ") }.count == 2)
        #expect(Self.seqs(Run(["timeline", log, "--source", "none"]).output) == [12])
        #expect(Self.seqs(Run(["timeline", log, "--source", "system,none"]).output) == [1, 5, 10, 12, 13])
        #expect(Self.seqs(Run(["timeline", log, "--source", "test"]).output) == [])
        #expect(Self.seqs(Run(["timeline", log, "--source", "app", "--root", "toasts"]).output) == [3, 8, 9])
        // A session's rule shows from --from on.
        #expect(!Run(["timeline", log, "--from", "2", "--to", "12"]).output.contains("── session"))
        let bad = Run(["timeline", log, "--source", "robot"])
        #expect(bad.status == 64)
        #expect(
            bad.error.hasPrefix(
                "Error: The value 'robot' is invalid for '--source <source>': expected user, system, app, test or none"
            ))
        #expect(Run(["timeline", log, "--source", "user,"]).status == 64)
    }

    @Test func aBatchIsTouchedByWhatItsEventsName() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        // Seq 11 changed nothing (it was rejected), but its events name the checkout; seq 13 removed it.
        #expect(Self.seqs(Run(["timeline", log, "--link", "checkout"]).output) == [4, 5, 6, 7, 11, 13])
        #expect(Self.seqs(Run(["timeline", log, "--link", "sheets/checkout"]).output) == [4, 5, 6, 7, 11, 13])
        #expect(Self.seqs(Run(["timeline", log, "--root", "toasts"]).output) == [3, 8, 9, 10, 13])
    }

    @Test func jsonLinesCarrySourceCallerSessionAndABatchsEvents() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["timeline", log, "--json"])
        #expect(!run.output.contains("── session"), "no rules among JSON lines")
        let lines = try run.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        try #require(lines.count == 14)
        #expect(lines[4]["source"] == "system" && lines[4]["caller"] == "Host.swift:40" && lines[4]["session"] == 1)
        #expect(lines[11]["source"] == .null && lines[11]["caller"] == .null && lines[11]["events"] == nil)
        #expect(lines[12]["session"] == 2 && lines[12]["type"] == "session.start")
        let batch = lines[10]
        #expect(batch["type"] == "batch" && batch["source"] == "user" && batch["rejected"]?["code"] == "lastCard")
        let entries = try EventLogReader(path: log).readAll()
        #expect(batch["events"] == entries[10].json["events"])
        guard case .array(let events)? = batch["events"] else { throw Failure("a batch's events are not an array") }
        #expect(events.count == 2 && events[1]["type"] == "card.pop")
    }

    @Test func sourceFiltersRandomLogsAsTheirEventsSay() throws {
        var random = PropertyRandom(seed: 0x50_0C3)
        let folder = try TemporaryFolder()
        for index in 0..<20 {
            let (events, log) = try RandomLogs.write(index, in: folder, lengths: 10...60, random: &random)
            for source in ["user", "system", "app", "test", "none", "user,none"] {
                let words = source.split(separator: ",").map(String.init)
                let expected = events.filter { words.contains($0.source?.rawValue ?? "none") }.map(\.seq)
                #expect(Self.seqs(Run(["timeline", log, "--source", source]).output) == expected, "\(source)")
            }
            let sessions = events.filter { entry in
                if case .sessionStart = entry.event { return true }
                return false
            }
            let rules = Run(["timeline", log]).output.split(separator: "\n").filter { $0.hasPrefix("── session") }
            #expect(rules.count == sessions.count)
        }
    }

    static func strippingStyles(_ text: String) -> String {
        text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }

    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

@Suite struct DiffCommandTests {
    static let tour = TimelineCommandTests.tour

    @Test func blocksForWhatChangedBetweenTwoSeqsEachWithTheEventThatMadeIt() {
        let run = Run(["diff", Self.tour, "3", "11"])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(
            run.output == """
                from seq 3 to seq 11: 8 changes
                keyboard
                  height: 0 -> 336  (seq 11 keyboard.change)
                  responderBottom: none -> 780  (seq 11 keyboard.change)
                root sheets
                  keyboardOffset: 0 -> 288  (seq 11 keyboard.change)
                sheets/checkout
                  phase: presenting -> presented  (seq 4 modal.presented)
                  cards: [CartCard (sticky CheckoutChrome)] -> [CartCard (sticky CheckoutChrome), PaymentCard]  (seq 6 card.replace)
                  visibleCards: 1 -> 2  (seq 5 card.push)
                sheets/address: added  (seq 7 modal.present)
                  presented · sheet · in checkout · cards AddressForm
                root toasts
                  keyboardOffset: 0 -> 272  (seq 11 keyboard.change)

                """)
        let back = Run(["diff", Self.tour, "11", "3"])
        #expect(back.output.hasPrefix("from seq 11 to seq 3: 8 changes\n"))
        #expect(back.output.contains("sheets/address: removed  (undoes seq 7 modal.present)\n"))
        #expect(Run(["diff", Self.tour, "4", "4"]).output == "from seq 4 to seq 4: no changes\n")
    }

    @Test func rejectionsInBetweenAreListed() {
        let run = Run(["diff", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl"), "8", "12"])
        #expect(
            run.output.hasSuffix(
                """
                seq 10: rejected  (card.pop)
                  lastCard: modal "checkout" has one card left: dismiss the modal to close the stack
                  because seq 9 card.pop set its cards, 0.6 s before

                """))
    }

    @Test func jsonIsTheStateDiffsWithTheEventsThatMadeEachChange() throws {
        let run = Run(["diff", Self.tour, "0", "14", "--json"])
        let json = try JSONReader.read(Array(run.output.utf8))
        var before = ModalState()
        var after = ModalState()
        for entry in try EventLogReader(path: Self.tour).readAll() { after.replay(entry) }
        before.seq = 0
        let expected = StateDiff(from: before, to: after).json
        guard case .array(let changes) = json["changes"], case .array(let expectedChanges) = expected["changes"] else {
            Issue.record("no changes in \(run.output)")
            return
        }
        #expect(json["from"] == expected["from"] && json["to"] == expected["to"])
        #expect(changes.count == expectedChanges.count)
        for (change, expectedChange) in zip(changes, expectedChanges) {
            guard case .object(let members) = change, case .object(let expectedMembers) = expectedChange else {
                continue
            }
            #expect(Array(members.dropLast()) == expectedMembers)
            #expect(members.last?.key == "madeBy")
        }
        #expect(changes.last?["madeBy"] == ["seq": 12, "event": "modal.present"])
    }

    @Test func aModalThatLeftAndCameBackIsTaggedWithItsReturn() throws {
        let log = """
            {"format":"modal-events","version":1}
            {"seq":1,"type":"root.register"}
            {"seq":2,"type":"modal.present","link":"checkout","content":"Cart"}
            {"seq":3,"type":"modal.presented","link":"checkout"}
            {"seq":4,"type":"modal.dismiss","link":"checkout"}
            {"seq":5,"type":"modal.dismissed","link":"checkout"}
            {"seq":6,"type":"modal.present","link":"checkout","content":"Cart"}

            """
        let folder = try TemporaryFolder()
        try folder.write(log, to: "back.jsonl")
        let run = Run(["diff", folder.file("back.jsonl"), "3", "6"])
        // Matched by root and link, it is told as a changed phase: the return made it, not the dismissal.
        #expect(run.output.contains("  phase: presented -> presenting  (seq 6 modal.present)\n"), "\(run.output)")
    }

    @Test func oneSeqShowsWhatItsEventDid() {
        #expect(
            Run(["diff", Self.tour, "5"]).output == """
                from seq 4 to seq 5: 2 changes
                sheets/checkout
                  cards: [CartCard (sticky CheckoutChrome)] -> [CartCard (sticky CheckoutChrome), ShippingCard]  (seq 5 card.push)
                  visibleCards: 1 -> 2  (seq 5 card.push)

                """)
        #expect(Run(["diff", Self.tour, "1"]).output.hasPrefix("from seq 0 to seq 1: 1 change\nroot sheets: added"))
        let zero = Run(["diff", Self.tour, "0"])
        #expect(zero.status == 64)
        #expect(zero.error.hasPrefix("Error: diff with one seq shows what its event did: seq 1 or more\n"))
        #expect(zero.error.contains("Usage: modal-log diff <log> <a> [<b>] "))
    }

    /// Over random logs: the event a change names is between the two seqs,
    /// and that event alone changed the same subject (or, for a root, one of its modals).
    @Test func theEventNamedForEachChangeMadeIt() throws {
        var random = PropertyRandom(seed: 0xD1FF)
        let folder = try TemporaryFolder()
        for index in 0..<12 {
            let (events, log) = try RandomLogs.write(index, in: folder, lengths: 2...60, random: &random)
            let from = Int.random(in: 0..<events.count, using: &random)
            let to = Int.random(in: (from + 1)...events.count, using: &random)
            let json = try JSONReader.read(Array(Run(["diff", log, "\(from)", "\(to)", "--json"]).output.utf8))
            guard case .array(let changes) = json["changes"] else {
                Issue.record("no changes for \(from) to \(to) in \(log)")
                continue
            }
            for change in changes {
                guard let seq = change["madeBy"]?["seq"]?.doubleValue.map({ Int($0) }) else {
                    Issue.record("no madeBy in \(change)")
                    continue
                }
                #expect((from + 1)...to ~= seq)
                #expect(change["madeBy"]?["event"]?.stringValue == events[seq - 1].event.type.rawValue)
                let own = try JSONReader.read(
                    Array(Run(["diff", log, "\(seq)", "--json"]).output.utf8))
                guard case .array(let made) = own["changes"] else { continue }
                func subject(_ change: JSONValue) -> [JSONValue?] {
                    [change["subject"], change["root"], change["link"], change["seq"]]
                }
                // A root's modals reordered: the event changed one of them.
                let isRoot = change["subject"] == "root"
                #expect(
                    made.contains { subject($0) == subject(change) || (isRoot && $0["root"] == change["root"]) },
                    "\(change) in \(log)")
            }
        }
    }

    @Test func seqsOutsideTheLogAreUsageErrors() {
        let past = Run(["diff", Self.tour, "1", "99"])
        #expect(past.status == 64)
        #expect(past.error.hasPrefix("Error: seq 99 is past the end of \(Self.tour): its last event is seq 14\n"))
        #expect(Run(["diff", Self.tour, "99", "1"]).status == 64)
        #expect(Run(["diff", Self.tour, "-1", "2"]).status == 64)
    }

    @Test func theSessionHeightsCanDismissAndQueueOfAVersionTwoLog() throws {
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        #expect(
            Run(["diff", log, "0", "9"]).output == """
                from seq 0 to seq 9: 6 changes
                session: 0 -> 1  (seq 1 session.start)
                root sheets: added  (seq 2 root.register)
                  window · level 0 · stack · 390x844
                sheets/checkout: added  (seq 4 modal.present)
                  presented · card · cannot dismiss · cards CartCard [height 420] > PaymentCard
                root toasts: added  (seq 3 root.register)
                  window · level 10 · queue · 390x844
                toasts/saved: added  (seq 8 modal.present)
                  presenting · toast · cards SavedToast
                toasts/synced: added  (seq 9 modal.present)
                  queued · toast · cards SyncedToast

                """)
        #expect(
            Run(["diff", log, "5", "7"]).output == """
                from seq 5 to seq 7: 3 changes
                sheets/checkout
                  canDismiss: true -> false  (seq 6 card.push)
                  cards: [CartCard (height 420)] -> [CartCard (height 420), PaymentCard (cannot dismiss)]  (seq 7 card.update)
                  visibleCards: 1 -> 2  (seq 6 card.push)

                """)
        #expect(
            Run(["diff", log, "9", "10"]).output.hasSuffix(
                "toasts/synced\n  phase: queued -> presenting  (seq 10 batch)\n"))
        let relaunch = Run(["diff", log, "12", "13"]).output
        #expect(
            relaunch.hasPrefix(
                "from seq 12 to seq 13: 5 changes\nsession: 1 -> 2  (seq 13 session.start)\nsheets/checkout: removed  (seq 13 session.start)\n"
            ))
        #expect(
            Run(["diff", log, "13", "12"]).output.hasPrefix(
                "from seq 13 to seq 12: 5 changes\nsession: 2 -> 1  (undoes seq 13 session.start)\n"))
        let json = try JSONReader.read(Array(Run(["diff", log, "12", "13", "--json"]).output.utf8))
        guard case .array(let changes)? = json["changes"] else { throw TimelineCommandTests.Failure("no changes") }
        #expect(
            changes.first == [
                "subject": "session", "change": "changed", "field": "session", "from": 1, "to": 2,
                "madeBy": ["seq": 13, "event": "session.start"],
            ])
    }

    @Test func theSameWithAnIndexAsWithout() throws {
        let (folder, log) = try IndexCommandTests.sessionLog(1_500)
        defer { withExtendedLifetime(folder) {} }
        #expect(Run(["index", log, "--every", "200"]).status == 0)
        for (a, b) in [(0, 1_500), (450, 1_210), (1_210, 450), (999, 1_000)] {
            let indexed = Run(["diff", log, String(a), String(b), "--json"])
            let whole = Run(["diff", log, String(a), String(b), "--json", "--no-index"])
            #expect(indexed.status == 0 && indexed.output == whole.output, "\(a) \(b)")
        }
    }
}

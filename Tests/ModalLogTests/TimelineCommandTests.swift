import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// `modal-log timeline`: a line per event with what it did, its filters,
/// colour and JSON.
@Suite struct TimelineCommandTests {
    static let tour = sample("EventLogs/tour.jsonl")

    /// The seqs of the lines a timeline printed.
    static func seqs(_ output: String) -> [Int] {
        output.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
    }

    @Test func eachLineSaysWhatTheEventDid() throws {
        let run = Run(["timeline", Self.tour])
        #expect(run.status == 0 && run.error.isEmpty)
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 14)
        #expect(
            lines[3]
                == "    4     1.600  modal.presented  sheets/checkout                     sheets/checkout: presenting -> presented"
        )
        #expect(lines[2].hasSuffix("sheets/checkout: gone -> presenting; root sheets: dimming.visible false -> true"))
        #expect(lines[4].hasSuffix("sheets/checkout: cards + ShippingCard (2), visibleCards 1 -> 2"))
        #expect(lines[5].hasSuffix("sheets/checkout: cards ShippingCard -> PaymentCard (2)"))
        #expect(lines[10].contains("keyboard.change  all roots height 336 · responder bottom 780"))
        #expect(lines[10].hasSuffix("keyboard: height 0 -> 336, responderBottom none -> 780"))
        #expect(lines[13].hasSuffix("toasts/toast-saved: presented -> dismissing, dismissReason none -> timeout"))
    }

    @Test func aRejectedEventSaysWhyAndAPopSaysWhichCard() {
        let run = Run(["timeline", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")])
        let lines = run.output.split(separator: "\n")
        #expect(lines[6].hasSuffix("checkout: cards - ReviewCard (3)"))
        #expect(
            lines[9].hasSuffix(
                "rejected lastCard: modal \"checkout\" has one card left: dismiss the modal to close the stack"))
        #expect(lines[11].hasSuffix("checkout: dismissing -> gone"))
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
        let run = Run(["timeline", folder.file("nested.jsonl"), "--link", "share"])
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

    @Test func blocksForWhatChangedBetweenTwoSeqs() {
        let run = Run(["diff", Self.tour, "3", "11"])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(
            run.output == """
                from seq 3 to seq 11: 8 changes
                keyboard
                  height: 0 -> 336
                  responderBottom: none -> 780
                root sheets
                  keyboardOffset: 0 -> 288
                sheets/checkout
                  phase: presenting -> presented
                  cards: [CartCard (sticky CheckoutChrome)] -> [CartCard (sticky CheckoutChrome), PaymentCard]
                  visibleCards: 1 -> 2
                sheets/address: added
                  presented · sheet · in checkout · cards AddressForm
                root toasts
                  keyboardOffset: 0 -> 272

                """)
        let back = Run(["diff", Self.tour, "11", "3"])
        #expect(back.output.hasPrefix("from seq 11 to seq 3: 8 changes\n"))
        #expect(back.output.contains("sheets/address: removed\n"))
        #expect(Run(["diff", Self.tour, "4", "4"]).output == "from seq 4 to seq 4: no changes\n")
    }

    @Test func rejectionsInBetweenAreListed() {
        let run = Run(["diff", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl"), "8", "12"])
        #expect(
            run.output.hasSuffix(
                """
                seq 10: rejected
                  lastCard: modal "checkout" has one card left: dismiss the modal to close the stack

                """))
    }

    @Test func jsonIsTheStateDiffs() throws {
        let run = Run(["diff", Self.tour, "0", "14", "--json"])
        let json = try JSONReader.read(Array(run.output.utf8))
        var before = ModalState()
        var after = ModalState()
        for entry in try EventLogReader(path: Self.tour).readAll() { after.apply(entry) }
        before.seq = 0
        #expect(json == StateDiff(from: before, to: after).json)
    }

    @Test func seqsOutsideTheLogAreUsageErrors() {
        let past = Run(["diff", Self.tour, "1", "99"])
        #expect(past.status == 64)
        #expect(past.error.hasPrefix("Error: seq 99 is past the end of \(Self.tour): its last event is seq 14\n"))
        #expect(Run(["diff", Self.tour, "99", "1"]).status == 64)
        #expect(Run(["diff", Self.tour, "-1", "2"]).status == 64)
        #expect(Run(["diff", Self.tour, "1"]).status == 64)
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

import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import ModalTesting
@testable import modal_log

@Suite struct PropertyRandomTests {
    @Test func theSameSeedGivesTheSameNumbersOnEveryPlatform() {
        // Pinned (checked against a reference xoshiro256** in Python): a change
        // here would make every printed seed replay something else.
        var random = PropertyRandom(seed: 42)
        #expect(
            (0..<3).map { _ in random.next() } == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1])
        var again = PropertyRandom(seed: 42)
        var other = PropertyRandom(seed: 43)
        #expect(again.next() != other.next())
    }

    @Test func intBelowStaysInRangeAndReachesEveryValue() {
        var random = PropertyRandom(seed: 1)
        var seen = Array(repeating: 0, count: 7)
        for _ in 0..<7_000 { seen[random.int(below: 7)] += 1 }
        #expect(seen.allSatisfy { (800...1200).contains($0) }, "\(seen)")
        #expect((0..<1_000).allSatisfy { _ in (-3...3).contains(random.int(in: -3...3)) })
    }

    @Test func doublesAreInTheUnitInterval() {
        var random = PropertyRandom(seed: 2)
        let values = (0..<10_000).map { _ in random.double() }
        #expect(values.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(abs(values.reduce(0, +) / 10_000 - 0.5) < 0.02)
    }

    @Test func weightedNeverPicksAZeroWeight() {
        var random = PropertyRandom(seed: 3)
        let picks = (0..<1_000).compactMap { _ in random.weighted([("never", 0), ("often", 3), ("sometimes", 1)]) }
        #expect(!picks.contains("never") && picks.count == 1_000)
        #expect((650...850).contains(picks.filter { $0 == "often" }.count))
        #expect(random.weighted([("never", 0.0)]) == nil)
    }

    @Test func seedsParseInDecimalAndHex() {
        #expect(PropertyCheck.parseSeed("0x7ea") == 2026)
        #expect(PropertyCheck.parseSeed(" 2026 ") == 2026)
        #expect(PropertyCheck.parseSeed("0XFF") == 255)
        #expect(PropertyCheck.parseSeed("seed") == nil)
    }
}

@Suite struct ShrinkerTests {
    /// A property of the package's reducer that fails on purpose: no modal reaches four cards.
    static let fewerThanFourCards = ModalProperty.always("every modal has fewer than four cards") { state in
        state.roots.allSatisfy { $0.modals.allSatisfy { $0.cards.count < 4 } }
    }

    @Test func aFailureShrinksToTheShortestSequenceThatBreaksIt() throws {
        let check = PropertyCheck(flow: .anything, count: 500, seed: 11)
        let failure = try #require(check.firstFailure(of: [Self.fewerThanFourCards]))
        // register, present, and three pushes: nothing can be left out.
        #expect(failure.minimal.map(\.event.type) == [.rootRegister, .modalPresent, .cardPush, .cardPush, .cardPush])
        #expect(failure.minimal.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(failure.violation.seq == 5)
        // Fields are back to their defaults and names are plain.
        #expect(failure.minimal[0].event == .rootRegister(RootRegistration()))
        #expect(failure.minimal.allSatisfy { $0.time == nil && ($0.event.link ?? "a") == "a" })
        #expect(failure.original.count > failure.minimal.count)
    }

    @Test func shrinkingStopsAtItsBudget() throws {
        var check = PropertyCheck(flow: .anything, count: 500, seed: 11)
        check.shrinkBudget = 3
        let failure = try #require(check.firstFailure(of: [Self.fewerThanFourCards]))
        #expect(failure.shrinkAttempts == 3)
        #expect(throws: PropertyViolation.self) { try Self.fewerThanFourCards.check(failure.minimal) }
    }

    @Test func aShrinkAsLoggedKeepsEveryNameAndFollowsEachEvent() {
        var presentation = ModalPresentation(root: "shopRoot", link: "checkout", content: "CartView")
        presentation.style = .fullScreen
        let log = [
            ModalEvent.rootRegister(RootRegistration(root: "shopRoot")), .keyboardChange(height: 300),
            .modalPresent(presentation), .modalPresent(presentation),
        ].enumerated().map { LoggedEvent(seq: $0.offset + 1, time: Double($0.offset), event: $0.element) }
        let duplicate: ([LoggedEvent]) -> Bool = { events in
            var state = ModalState()
            return events.map { state.replay($0) }.last??.code == .duplicateLink
        }
        var plain = Shrinker(budget: 1_000, keeping: []) { duplicate($0) }
        #expect(
            plain.shrink(log).compactMap(\.event.root) == Array(repeating: ModalEvent.defaultRoot, count: 3),
            "plain names")
        var asLogged = Shrinker(budget: 1_000, names: .asLogged) { events, _ in duplicate(events) }
        let shrunk = asLogged.shrinkFollowing(log)
        let plainPresent = ModalEvent.modalPresent(
            ModalPresentation(root: "shopRoot", link: "checkout", content: "CartView"))
        #expect(
            shrunk.events.map(\.event) == [
                .rootRegister(RootRegistration(root: "shopRoot")), plainPresent, plainPresent,
            ], "the names and the content stay; the style and the times go")
        #expect(shrunk.origins == [0, 2, 3])
    }

    @Test func everySimplificationDiffersFromTheEvent() {
        var random = PropertyRandom(seed: 5)
        let events = EventGenerator(flow: .anything).sequence(length: 400, random: &random)
        for entry in events {
            #expect(!entry.simplifications().contains(entry), "\(entry)")
        }
    }
}

@Suite struct FailureReportTests {
    @Test func aFailureWritesALogThatTheToolReplays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modal-testing-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = PropertyCheck(flow: .anything, count: 500, seed: 11, logDirectory: folder)
        let failure = try #require(throws: PropertyFailure.self) { try check.check(ShrinkerTests.fewerThanFourCards) }
        let path = try #require(failure.logPath)
        #expect(path.hasPrefix(folder))

        let reader = try EventLogReader(path: path)
        #expect(reader.header.fields.first { $0.key == "property" }?.value == .string(failure.property))
        #expect(reader.header.fields.first { $0.key == "seed" }?.value == .string("0xb"))
        #expect(try reader.readAll() == failure.minimal)

        for arguments in [
            ["replay", path], ["state", path, "--at", "\(failure.violation.seq!)"], ["validate", path],
        ] {
            let io = ToolIO.captured()
            #expect(ModalLog.run(arguments: arguments, io: io) == 0, "\(arguments): \(io.standardError)")
            #expect(arguments[0] == "validate" || io.standardOutput.contains("cards: "), "\(io.standardOutput)")
        }
        // The failure as a test: a line of Swift per event of the minimal sequence.
        let io = ToolIO.captured()
        #expect(ModalLog.run(arguments: ["export", path, "--format", "swift-test"], io: io) == 0)
        #expect(
            io.standardOutput.split(separator: "\n").filter { $0.hasPrefix("    log.step(") }.count
                == failure.minimal.count)
    }

    @Test func theReportNamesThePropertySeedSequenceAndLog() throws {
        let check = PropertyCheck(flow: .anything, count: 500, seed: 11)
        var failure = try #require(check.firstFailure(of: [ShrinkerTests.fewerThanFourCards]))
        failure.logPath = "/tmp/x.jsonl"
        let lines = failure.description.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "Property \"every modal has fewer than four cards\" failed on sequence \(failure.sequence) of 500 (seed 0xb)."
        )
        #expect(lines[1] == "  at seq 5: does not hold after this event")
        #expect(lines[3] == #"  {"seq":1,"type":"root.register"}"#)
        #expect(lines.contains("  modal-log state /tmp/x.jsonl --at 5"))
        #expect(
            lines.contains(
                "  modal-log export /tmp/x.jsonl --format swift-test > EveryModalHasFewerThanFourCardsTests.swift  (the failure as a test)"
            ))
        #expect(lines.last == "Rerun: swift test (the check's seed is fixed)")
        failure.seedIsFixed = false
        #expect(failure.description.hasSuffix("\nRerun: MODAL_TESTING_SEED=0xb swift test"))
    }

    @Test func theSameSeedFindsTheSameFailure() throws {
        let check = PropertyCheck(flow: .anything, count: 500, seed: 99)
        let first = try #require(check.firstFailure(of: [ShrinkerTests.fewerThanFourCards]))
        let second = try #require(check.firstFailure(of: [ShrinkerTests.fewerThanFourCards]))
        #expect(
            first.sequence == second.sequence && first.original == second.original && first.minimal == second.minimal)
    }

    @Test func aPropertyThatHoldsPassesEveryCount() throws {
        for count in [0, 1, 50] {
            try PropertyCheck(flow: .anything, count: count, seed: 1).check(.invariants)
        }
    }

    @Test(arguments: Fixtures.wellFormedLogs)
    func everyLogOfThePackageHoldsEveryStandardProperty(log: String) throws {
        let events = try EventLogReader(path: Fixtures.path(log)).readAll()
        for property in ModalProperty.standard { try property.check(events) }
    }
}

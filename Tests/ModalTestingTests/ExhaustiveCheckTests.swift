import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import ModalTesting
@testable import modal_log

/// `ExhaustiveCheck`: every sequence of the standard world to a depth holds
/// the properties of one step and one state, reaches every outcome of the
/// spec's rules, and finds each planted broken reducer at its shortest.
@Suite struct ExhaustiveCheckTests {
    /// The depth `swift test` explores: 6,682 states and 210,862
    /// transitions, about 8 s in a debug build on two cores.
    /// `MODAL_EXHAUSTIVE_DEPTH=5 swift test --filter everySequenceOfTheStandardWorld`
    /// goes a depth further (about 100 s).
    static let depth = 4

    @Test func everySequenceOfTheStandardWorldHoldsToTheDepth() throws {
        let report = try ExhaustiveCheck(world: .standard, depth: Self.depth).check(ModalProperty.exhaustive)
        #expect(report.counterexample == nil)
        #expect(report.reached == .everything, "\(report)")
        #expect(report.levels.map(\.depth) == Array(1...max(Self.depth, report.depth)))
        #expect(report.description.contains("seq, the session count and the rejection history are left out"))
    }

    /// The states kept, the figures and the failure found do not depend on
    /// the threads, nor on the order the slices finish in.
    @Test func oneThreadAndManyExploreTheSameStates() {
        func levels(threads: Int, reducer: ModalReducer = .spec) -> ([[Int]], [LoggedEvent]?) {
            var check = ExhaustiveCheck(world: .standard, depth: 3, printsReport: false, threads: threads)
            check.reducer = reducer
            let report = check.explore(ModalProperty.exhaustive)
            return (report.levels.map { [$0.states, $0.transitions] }, report.counterexample?.events)
        }
        let one = levels(threads: 1)
        #expect(one.0 == [[5, 358], [43, 1_790], [540, 15_394]])
        #expect(levels(threads: 4) == one)
        // A failure stops the slices after it wherever they are: the last depth's figures may differ, not the failure.
        let broken = levels(threads: 1, reducer: BrokenReducers.tapDismissesTheBottomModal).1
        #expect(broken != nil && levels(threads: 4, reducer: BrokenReducers.tapDismissesTheBottomModal).1 == broken)
    }

    /// Each planted bug, with the property that catches it and the length of
    /// its shortest counterexample in the standard world.
    static let planted: [(ModalReducer, property: String, length: Int)] = [
        (BrokenReducers.tapDismissesTheBottomModal, ModalProperty.rules.name, 3),
        (BrokenReducers.popEmptiesTheStack, ModalProperty.rules.name, 3),
        (BrokenReducers.dismissalDoesNotCascade, ModalProperty.rules.name, 4),
        (BrokenReducers.keyboardOffsetWithAFlippedSign, ModalProperty.rules.name, 2),
        (BrokenReducers.singlePolicyIgnored, ModalProperty.rules.name, 3),
        (BrokenReducers.dismissedOnlyWhenDismissing, ModalProperty.rules.name, 3),
        (BrokenReducers.popNeedsThreeCards, ModalProperty.rules.name, 4),
        (BrokenReducers.snapWhilePresenting, ModalProperty.rules.name, 3),
        (BrokenReducers.halvesRoundToEven, ModalProperty.rules.name, 4),
        (BrokenReducers.seqStandsStill, ModalProperty.rules.name, 1),
        (BrokenReducers.batchKeepsItsFirstEvents, ModalProperty.rejectionChangesNothing.name, 2),
        (BrokenReducers.queuePromotesTheNewest, ModalProperty.rules.name, 4),
        (BrokenReducers.canDismissFromTheFirstCard, ModalProperty.rules.name, 4),
        (BrokenReducers.sessionKeepsTheKeyboard, ModalProperty.rules.name, 2),
    ]

    @Test(arguments: Self.planted.indices)
    func eachPlantedBugIsFoundAtItsShortest(case index: Int) throws {
        let (reducer, property, length) = Self.planted[index]
        var check = ExhaustiveCheck(world: .standard, depth: length, printsReport: false)
        check.reducer = reducer
        let found = try #require(check.explore(ModalProperty.exhaustive).counterexample, "\(reducer.name)")
        let events = found.events
        #expect(found.property == property && events.count == length, "\(reducer.name): \(found)")
        #expect(events.map(\.seq) == Array(1...events.count))
        #expect(found.violation.seq == length, "\(reducer.name): \(found.violation)")

        // One depth less, every sequence holds: none shorter breaks it.
        check.depth = length - 1
        #expect(check.explore(ModalProperty.exhaustive).counterexample == nil, "\(reducer.name)")

        // The sampled harness's form of the property breaks on it the same
        // way, and the package's reducer passes it.
        let sampled = try #require(ModalProperty.exhaustive.first { $0.name == property })
        let violation = try #require(sampled.violation(in: events, reducer: reducer))
        #expect(violation.description == found.violation.description)
        #expect(throws: Never.self) { try sampled.check(events) }
    }

    /// A cache beside the state is not the state: the reducer is started
    /// afresh for each transition, so what it would remember is never
    /// explored. This one is for the sampled harness (BrokenReducerTests).
    @Test func aReducersOwnMemoryIsNotExplored() {
        var check = ExhaustiveCheck(world: .standard, depth: 3, printsReport: false)
        check.reducer = BrokenReducers.payloadKeptAfterDismissal
        let report = check.explore(ModalProperty.exhaustive)
        #expect(report.counterexample == nil && report.transitions == 17_542)
    }

    @Test func aFailureIsWrittenAsALogThatTheToolReplaysAndExports() throws {
        let folder = try TemporaryFolder()
        var check = ExhaustiveCheck(world: .standard, depth: 4, logDirectory: folder.path, printsReport: false)
        check.reducer = BrokenReducers.dismissalDoesNotCascade
        let failure = try #require(throws: ExhaustiveFailure.self) { try check.check(ModalProperty.exhaustive) }
        let path = try #require(failure.logPath)
        #expect(path == folder.file("every-event-does-what-its-rule-says-standard-4.jsonl"))
        let reader = try EventLogReader(path: path)
        #expect(reader.header.fields.first { $0.key == "world" }?.value == .string("standard"))
        #expect(try reader.readAll() == failure.report.counterexample?.events)

        let text = failure.description
        #expect(
            text.hasPrefix(
                "Property \"every event does what its rule says\" failed at depth 4 of world \"standard\"; "
                    + "every sequence of fewer moves holds (589 states to depth 3).\n"))
        #expect(
            text.contains("\n  at seq 4: modal \"b\": phase should be dismissing (parentDismissed), found presenting\n")
        )
        #expect(
            text.contains(
                "\nShortest sequence: 4 moves, 4 events\n  {\"seq\":1,\"type\":\"root.register\",\"root\":\"sheets\"}\n"
            ))
        #expect(text.contains("\n  modal-log state \(path) --at 4\n"))
        #expect(
            text.contains("\n  modal-log export \(path) --format swift-test > EveryEventDoesWhatItsRuleSaysTests.swift")
        )
        let io = ToolIO.captured()
        #expect(
            ModalLog.run(arguments: ["export", path, "--format", "swift-test"], io: io) == 0, "\(io.standardError)")
        #expect(io.standardOutput.split(separator: "\n").filter { $0.hasPrefix("    log.step(") }.count == 4)
    }

    @Test func aWorldsNameIsMadeSafeForTheLogsFileName() throws {
        let folder = try TemporaryFolder()
        let world = ModalWorld("shop/checkout", moves: [.register(RootRegistration(root: "sheets"))])
        let nothing = ModalProperty.always("nothing registered") { $0.roots.isEmpty }
        let failure = try #require(throws: ExhaustiveFailure.self) {
            try ExhaustiveCheck(world: world, depth: 1, logDirectory: folder.path, printsReport: false).check(nothing)
        }
        #expect(failure.logPath == folder.file("nothing-registered-shop-checkout-1.jsonl"), "\(failure)")
    }

    /// A world that cannot reach an outcome the spec has fails, naming it:
    /// at the depth where the whole world reaches them all.
    @Test func aWorldThatLeavesAnOutcomeOutFails() throws {
        var world = ModalWorld.standard
        world.moves.removeAll { $0.name.contains("\"snap.to\"") }
        let failure = try #require(throws: ExhaustiveFailure.self) {
            try ExhaustiveCheck(world: world, depth: 4, printsReport: false).check(ModalProperty.exhaustive)
        }
        #expect(failure.report.counterexample == nil)
        #expect(failure.report.unreached == SpecCoverage(outcomes: [.snapped], codes: [.snapOutOfRange]))
        #expect(
            failure.description.contains("\n  never reached, which the world must: 10 a snap; code snapOutOfRange"),
            "\(failure)")
    }

    /// A property of a whole sequence cannot be checked here: the check
    /// says so and explores nothing, rather than stop the test run.
    @Test func aPropertyOfAWholeSequenceIsRefusedWithAMessage() throws {
        let failure = try #require(throws: ExhaustiveFailure.self) {
            try ExhaustiveCheck(world: .standard, depth: 4, printsReport: false).check(ModalProperty.standard)
        }
        #expect(
            failure.report.wholeSequenceProperties == [
                "replay is deterministic", "write then read gives back every event",
                "the state at seq n equals the fold of the first n events",
            ])
        #expect(failure.report.levels.isEmpty)
        #expect(failure.description.contains("check it with PropertyCheck"), "\(failure)")
    }

    @Test func aPropertyOfTheEmptyStateFailsWithNoEvents() {
        let never = ModalProperty.always("something is registered") { !$0.roots.isEmpty }
        let report = ExhaustiveCheck(world: .standard, depth: 2, printsReport: false).explore([never])
        #expect(report.counterexample?.events == [])
        #expect(report.counterexample?.violation.description == "at seq 0: does not hold for the empty state")
        #expect(report.levels.isEmpty)
        let text = ExhaustiveFailure(report: report).description
        #expect(text.hasPrefix("Property \"something is registered\" fails for the empty state, before any move.\n"))
    }

    @Test func theDepthVariableMustBeANumber() {
        #expect(ExhaustiveCheck.requireDepth(" 5 ") == 5)
    }
}

/// The moves an app's world is made of.
@Suite struct ModalMoveTests {
    static let sheets = RootRegistration(root: "sheets")

    static func state(_ events: [ModalEvent]) -> ModalState {
        var state = ModalState()
        for (index, event) in events.enumerated() { state.replay(LoggedEvent(seq: index + 1, event: event)) }
        return state
    }

    @Test func theHostFinishesEachRunningAnimationAsAMoveOfItsOwn() {
        let state = Self.state([
            .rootRegister(Self.sheets),
            .modalPresent(ModalPresentation(root: "sheets", link: "a", content: "A")),
            .modalPresent(ModalPresentation(root: "sheets", link: "b", content: "B")),
            .modalPresented(root: "sheets", link: "a"),
            .modalPresent(ModalPresentation(root: "sheets", link: "c", content: "C")),
            .modalDismiss(root: "sheets", link: "c"),
        ])
        #expect(
            ModalMove.hostFinishesAnimations.alternatives(state) == [
                [.modalPresented(root: "sheets", link: "b")], [.modalDismissed(root: "sheets", link: "c")],
            ])
        #expect(ModalMove.hostFinishesAnimations.alternatives(ModalState()) == [])
    }

    @Test func plannedCommandsAreOneStepAndNothingWhenThereIsNothingToDo() {
        let present = { (link: String) in ModalPresentation(root: "sheets", link: link, content: link) }
        let two = Self.state([.rootRegister(Self.sheets), .modalPresent(present("a")), .modalPresent(present("b"))])
        #expect(
            ModalMove.dismissAll(in: "sheets").alternatives(two) == [
                [.batch([.modalDismiss(root: "sheets", link: "b"), .modalDismiss(root: "sheets", link: "a")])]
            ])
        #expect(ModalMove.dismissAll(in: "sheets").alternatives(Self.state([.rootRegister(Self.sheets)])) == [])
        #expect(ModalMove.dismissAll(in: "nowhere").alternatives(two) == [], "a refused command appends nothing")
        #expect(ModalMove.reconcile("sheets", to: [present("a"), present("b")]).alternatives(two) == [])
        #expect(
            ModalMove.reconcile("sheets", to: [present("a"), present("c")]).alternatives(two) == [
                [.batch([.modalDismiss(root: "sheets", link: "b"), .modalPresent(present("c"))])]
            ])
        #expect(
            ModalMove.relaunch(registering: [Self.sheets]).alternatives(two) == [
                [.sessionStart(), .rootRegister(Self.sheets)]
            ])
        #expect(ModalMove.event(.dimmingTap(root: "sheets")).name == #"{"type":"dimming.tap","root":"sheets"}"#)
    }
}

/// The counterexample is the path the check took: moves of several steps
/// cut where the property broke, the way of a move that has several, and
/// the first failure in order, whether of a step or of a state.
@Suite struct CounterexampleTests {
    static let sheets = RootRegistration(root: "sheets")
    static func present(_ link: String) -> ModalEvent {
        .modalPresent(ModalPresentation(root: "sheets", link: link, content: link))
    }

    @Test func aRelaunchIsCutAtTheStepThatBrokeIt() throws {
        let world = ModalWorld(
            "relaunch",
            moves: [.register(Self.sheets), .event(Self.present("b")), .relaunch(registering: [Self.sheets])])
        let noRelaunchOverB = ModalProperty.everyStep("no relaunch with b on screen") { step in
            guard case .sessionStart = step.event else { return }
            try require(step.before.modal(link: "b", in: "sheets") == nil, "relaunched over b")
        }
        let report = ExhaustiveCheck(world: world, depth: 4, printsReport: false).explore([noRelaunchOverB])
        let found = try #require(report.counterexample)
        #expect(found.events.map(\.event) == [.rootRegister(Self.sheets), Self.present("b"), .sessionStart()])
        #expect(found.moves.count == 3 && found.moves.last == "relaunch")
        #expect(found.violation.description == "at seq 3: relaunched over b")
        #expect(ExhaustiveFailure(report: report).description.contains("\nShortest sequence: 3 moves, 3 events\n"))
    }

    /// Register, present a, present b: the host's first way ends a's
    /// animation, its second b's, which breaks the property.
    @Test func theSecondWayOfAMoveIsTheOneTaken() throws {
        let world = ModalWorld(
            "two animations",
            moves: [
                .register(Self.sheets), .event(Self.present("a")), .event(Self.present("b")), .hostFinishesAnimations,
            ])
        let bNeverUp = ModalProperty.always("b never up while a presents") { state in
            !(state.modal(link: "a", in: "sheets")?.phase == .presenting
                && state.modal(link: "b", in: "sheets")?.phase == .presented)
        }
        let found = try #require(
            ExhaustiveCheck(world: world, depth: 5, printsReport: false).explore([bNeverUp]).counterexample)
        #expect(
            found.events.map(\.event) == [
                .rootRegister(Self.sheets), Self.present("a"), Self.present("b"),
                .modalPresented(root: "sheets", link: "b"),
            ])
        #expect(found.violation.description == "at seq 4: does not hold after this event")
    }

    /// At one depth a state that breaks a property and a step that breaks
    /// another: whichever transition comes first in the world's order.
    @Test func theFirstFailureInOrderWinsWhetherOfAStepOrOfAState() throws {
        let noB = ModalProperty.always("no b") { $0.modal(link: "b", in: "sheets") == nil }
        let noPresentOfC = ModalProperty.everyStep("no present of c") { step in
            try require(step.event.link != "c" || step.rejection != nil, "c presented")
        }
        func first(_ links: [String]) -> String? {
            let world = ModalWorld("order", moves: [.register(Self.sheets)] + links.map { .event(Self.present($0)) })
            return ExhaustiveCheck(world: world, depth: 3, printsReport: false)
                .explore([noB, noPresentOfC]).counterexample?.property
        }
        #expect(first(["b", "c"]) == "no b")
        #expect(first(["c", "b"]) == "no present of c")
    }
}

/// What the coverage line counts: each outcome only when it happened.
@Suite struct SpecCoverageTests {
    /// The outcomes of the last of `events`, replayed from nothing.
    static func outcomes(_ events: [ModalEvent]) -> Set<SpecOutcome> {
        var state = ModalState()
        var coverage = SpecCoverage()
        for (index, event) in events.enumerated() {
            let entry = LoggedEvent(seq: index + 1, event: event)
            let before = state
            let rejection = state.replay(entry)
            coverage = SpecCoverage()
            coverage.record(ModalStep(before: before, entry: entry, after: state, rejection: rejection))
        }
        return coverage.outcomes
    }

    static let toasts = ModalEvent.rootRegister(RootRegistration(root: "toasts", policy: .queue))
    static func present(_ link: String, parent: String? = nil) -> ModalEvent {
        .modalPresent(ModalPresentation(root: "toasts", link: link, content: link, parent: parent))
    }

    @Test func aQueuedPresentIsQueuedNotPresented() {
        #expect(Self.outcomes([Self.toasts, Self.present("a"), Self.present("b")]) == [.queued, .dimmingVisible])
        #expect(Self.outcomes([Self.toasts, Self.present("a")]) == [.modalPresented, .dimmingVisible])
    }

    @Test func aDismissOfADismissingModalCountsOnlyWhenItChangedNothing() {
        let dismiss = ModalEvent.modalDismiss(root: "toasts", link: "a")
        #expect(Self.outcomes([Self.toasts, Self.present("a"), dismiss, dismiss]) == [.dismissOfDismissing])
        #expect(Self.outcomes([Self.toasts, Self.present("a"), dismiss]) == [.dismissStarted])
    }

    @Test func aDragLetGoPastTheBottomOfAModalThatCannotBeDismissedIsHeldBack() {
        let sheets = ModalEvent.rootRegister(RootRegistration(root: "sheets"))
        let present = ModalEvent.modalPresent(
            ModalPresentation(root: "sheets", link: "a", content: "A", canDismiss: false))
        let up = ModalEvent.modalPresented(root: "sheets", link: "a")
        let letGo = { (velocity: Double) in
            ModalEvent.dragEnd(root: "sheets", link: "a", position: 0, velocity: velocity)
        }
        #expect(Self.outcomes([sheets, present, up, letGo(-5)]).contains(.dragHeldByCanDismiss))
        #expect(Self.outcomes([sheets, present, up, letGo(-2)]).contains(.dragSnapped), "-0.4 rounds to 0")
    }
}

import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// The harness finds bugs: each broken reducer is caught by the standard
/// properties and shrunk to a handful of events. The first six are the
/// issue's; the next five were found to pass an earlier version of the
/// `rules` property in review, and keep it honest; the last four break
/// format version 2's rules (batches, queues, cards, sessions).
@Suite struct BrokenReducerTests {
    static let cases: [(ModalReducer, expectedProperty: String)] = [
        (BrokenReducers.tapDismissesTheBottomModal, ModalProperty.rules.name),
        (BrokenReducers.popEmptiesTheStack, ModalProperty.invariants.name),
        (BrokenReducers.dismissalDoesNotCascade, ModalProperty.invariants.name),
        (BrokenReducers.keyboardOffsetWithAFlippedSign, ModalProperty.invariants.name),
        (BrokenReducers.singlePolicyIgnored, ModalProperty.invariants.name),
        (BrokenReducers.payloadKeptAfterDismissal, ModalProperty.rules.name),
        (BrokenReducers.dismissedOnlyWhenDismissing, ModalProperty.rules.name),
        (BrokenReducers.popNeedsThreeCards, ModalProperty.rules.name),
        (BrokenReducers.snapWhilePresenting, ModalProperty.rules.name),
        (BrokenReducers.halvesRoundToEven, ModalProperty.rules.name),
        (BrokenReducers.seqStandsStill, ModalProperty.rules.name),
        (BrokenReducers.batchKeepsItsFirstEvents, ModalProperty.rejectionChangesNothing.name),
        (BrokenReducers.queuePromotesTheNewest, ModalProperty.invariants.name),
        (BrokenReducers.canDismissFromTheFirstCard, ModalProperty.rules.name),
        (BrokenReducers.sessionKeepsTheKeyboard, ModalProperty.rules.name),
    ]

    @Test(arguments: Self.cases.indices)
    func isCaughtAndShrunkToAtMostEightEvents(case index: Int) throws {
        let (reducer, expectedProperty) = Self.cases[index]
        var check = PropertyCheck(
            flow: .anything, count: 2_000, seed: 0x5EED_0000 + UInt64(index))
        check.reducer = reducer
        let failure = try #require(check.firstFailure(of: ModalProperty.standard), "\(reducer.name) was not caught")
        #expect(failure.property == expectedProperty, "\(reducer.name): \(failure)")
        #expect(failure.minimal.count <= 8, "\(reducer.name) shrunk to \(failure.minimal.count) events:\n\(failure)")
        #expect(failure.minimal.count < failure.original.count || failure.original.count <= 8)

        // The minimal sequence is the bug's, not the events': the package's reducer passes it.
        let property = try #require(ModalProperty.standard.first { $0.name == failure.property })
        #expect(throws: Never.self) { try property.check(failure.minimal) }
        #expect(property.violation(in: failure.minimal, reducer: reducer) != nil)
    }

    @Test func eachBugIsCaughtWhateverTheSeed() {
        for (index, (reducer, _)) in Self.cases.enumerated() {
            for seed in 1...3 as ClosedRange<UInt64> {
                var check = PropertyCheck(
                    flow: .anything, count: 2_000, seed: seed * 7919 + UInt64(index))
                check.reducer = reducer
                let failure = check.firstFailure(of: ModalProperty.standard)
                #expect(failure != nil, "\(reducer.name) not caught with seed \(seed)")
                #expect((failure?.minimal.count ?? 0) <= 8, "\(reducer.name), seed \(seed): \(failure!)")
            }
        }
    }
}

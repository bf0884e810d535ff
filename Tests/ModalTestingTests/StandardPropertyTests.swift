import ModalTesting
import Testing

/// The package's projection against every standard property, on random
/// sequences of ``ModalFlow/anything``: 23,500 in all, fewer for the
/// properties that write and read JSON at every step, so the suite stays
/// near 40 seconds on 2 cores in a debug build (`MODAL_TESTING_COUNT` sets
/// the count of each, `MODAL_TESTING_SEED` fixes the seed).
@Suite struct StandardPropertyTests {
    static func check(_ count: Int) -> PropertyCheck {
        PropertyCheck(flow: .anything, count: count)
    }

    @Test func replayIsDeterministic() throws {
        try Self.check(4_000).check(.deterministic)
    }

    @Test func writeThenReadGivesBackEveryEvent() throws {
        try Self.check(3_000).check(.roundTrip)
    }

    @Test func theStateAtSeqNIsTheFoldOfTheFirstNEvents() throws {
        try Self.check(3_000).check(.stateAtEverySeq)
    }

    @Test func aRejectedEventLeavesTheStateUnchanged() throws {
        try Self.check(6_000).check(.rejectionChangesNothing)
    }

    @Test func invariantsHoldAfterEveryEvent() throws {
        try Self.check(1_500).check(.invariants)
    }

    @Test func everyEventDoesWhatItsRuleSays() throws {
        try Self.check(6_000).check(.rules)
    }
}

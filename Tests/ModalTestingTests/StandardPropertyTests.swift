import ModalTesting
import Testing

/// The package's projection against every standard property, on random
/// sequences of ``ModalFlow/anything``: 4,000 sequences each, 24,000 in all
/// (`MODAL_TESTING_COUNT` raises it, `MODAL_TESTING_SEED` fixes the seed).
@Suite struct StandardPropertyTests {
    static let check = PropertyCheck(flow: .anything, count: 4_000)

    @Test func replayIsDeterministic() throws {
        try Self.check.check(.deterministic)
    }

    @Test func writeThenReadGivesBackEveryEvent() throws {
        try Self.check.check(.roundTrip)
    }

    @Test func theStateAtSeqNIsTheFoldOfTheFirstNEvents() throws {
        try Self.check.check(.stateAtEverySeq)
    }

    @Test func aRejectedEventLeavesTheStateUnchanged() throws {
        try Self.check.check(.rejectionChangesNothing)
    }

    @Test func invariantsHoldAfterEveryEvent() throws {
        try Self.check.check(.invariants)
    }

    @Test func everyEventDoesWhatItsRuleSays() throws {
        try Self.check.check(.rules)
    }
}

import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// `LogReplay`: what an exported test checks, each event's outcome.
@Suite struct LogReplayTests {
    @Test func anOutcomeOtherThanTheLogsIsNotedWithItsSeq() {
        var log = LogReplay(formatVersion: 1)
        log.step(1, 0, .rootRegister(RootRegistration()))
        log.step(
            2, nil, .modalPresented(link: "checkout"), rejected: .unknownLink,
            #"no live modal "checkout" in root "default""#)
        #expect(log.mismatches.isEmpty)
        log.step(3, nil, .cardPop(link: "checkout"))
        log.step(4, nil, .dimmingTap(), rejected: .lastCard, "no")
        log.step(5, nil, .modalPresented(link: "checkout"), rejected: .unknownLink, "another message")
        #expect(
            log.mismatches == [
                #"seq 3: expected to apply, but it was rejected unknownLink: no live modal "checkout" in root "default""#,
                "seq 4: expected to be rejected lastCard: no, but it applied",
                #"seq 5: expected to be rejected unknownLink: another message, but it was rejected unknownLink: no live modal "checkout" in root "default""#,
            ])
        #expect(log.state.seq == 5 && log.state.rejected.count == 3)
    }

    @Test func versionOneKnowsNoQueue() {
        var one = LogReplay(formatVersion: 1)
        one.step(
            1, nil, .rootRegister(RootRegistration(policy: .queue)), rejected: .invalidValue,
            #"policy "queue" is not one of stack, single"#)
        #expect(one.mismatches == [])
        var two = LogReplay()
        two.step(1, nil, .rootRegister(RootRegistration(policy: .queue)))
        #expect(two.mismatches == [])
    }
}

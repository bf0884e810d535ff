import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// Docs/Store.md's "Relaunch", as two processes on one log file: an app
/// (`modal-demo`) that crashes in the middle of a checkout, then its next
/// launch, which starts a new session instead of finding the last one's
/// modals still on screen.
@Suite struct RelaunchTests {
    @Test func aRelaunchAfterACrashStartsANewSessionOnTheSameLog() throws {
        let demo = try #require(builtProgram("modal-demo"), "modal-demo was not built beside the tests")
        let folder = try TemporaryFolder()
        let log = folder.file("shop.jsonl")

        let crashed = try runProgram(demo, [log, "--crash"])
        #expect(crashed.status != 0, "the first launch was killed")
        #expect(crashed.output.hasPrefix("crashing in the middle of the checkout at seq 8"))
        var state = try replayed(.path(log))
        // What the crash left: the checkout on screen, its payment card that cannot be swiped away.
        #expect(state.session == 0 && state.seq == 8)
        #expect(state.modal(link: "checkout", in: "sheets")?.cards.last?.canDismiss == false)

        let relaunched = try runProgram(demo, [log])
        #expect(relaunched.status == 0, "\(relaunched.error)")
        let entries = try EventLogReader(path: log).readAll()
        // The second launch appended session.start first, so its roots registered again without a rejection.
        #expect(entries[8].event == .sessionStart(info: ["app": "Shop", "build": "4.2"]))
        #expect(entries[8].source == .system && entries[8].caller?.hasPrefix("modal_demo/main.swift:") == true)
        state = try replayed(.path(log))
        #expect(state.session == 1 && state.rejected.isEmpty)
        #expect(state.roots.map(\.id) == ["sheets", "toasts"])
        #expect(state.modal(link: "checkout", in: "sheets")?.dismissReason == "paid")
        #expect(relaunched.output == "session 1: 2 roots, ends at seq \(state.seq)\n")
    }
}

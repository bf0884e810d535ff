// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/usage.jsonl --format swift-test --name modalPresenterUsage`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterUsage() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.8, .modalPresent(ModalPresentation(link: "compose", content: "ComposeView")))
    log.step(3, 1.1, .modalPresented(link: "compose"))
    log.step(4, 4.25, .dimmingTap())
    log.step(5, 4.3, .dimmingTap())
    log.step(6, 4.55, .modalDismissed(link: "compose"))
    log.step(7, 7, .modalPresent(ModalPresentation(link: "compose", content: "ComposeView")))
    log.step(8, 7.3, .modalPresented(link: "compose"))
    log.step(9, 15.6, .modalDismiss(link: "compose"))
    log.step(10, 15.9, .modalDismissed(link: "compose"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 10,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "default",
              "presentation": "window",
              "level": 0,
              "policy": "stack",
              "size": {
                "width": 390,
                "height": 844
              },
              "maxVisibleCards": 2,
              "dimming": {
                "tap": "dismissTopmost",
                "hidden": false,
                "visible": false
              },
              "keyboard": {
                "strategy": "offsetByObscuredHeight",
                "additional": 0
              },
              "keyboardOffset": 0,
              "modals": []
            }
          ],
          "rejected": [],
          "session": 0
        }
        """#)
}

// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/background-interactions.jsonl --format swift-test --name modalPresenterBackgroundInteractions`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterBackgroundInteractions() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(dimming: DimmingConfiguration(tap: .passThrough, hidden: true))))
    log.step(2, 0.6, .modalPresent(ModalPresentation(link: "mini-player", content: "MiniPlayerView")))
    log.step(3, 0.9, .modalPresented(link: "mini-player"))
    log.step(4, 2.1, .dimmingTap())
    log.step(5, 3.4, .dimmingTap())
    log.step(6, 6, .modalDismiss(link: "mini-player"))
    log.step(7, 6.3, .modalDismissed(link: "mini-player"))
    log.step(8, 7, .dimmingTap())
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 8,
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
                "tap": "passThrough",
                "hidden": true,
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

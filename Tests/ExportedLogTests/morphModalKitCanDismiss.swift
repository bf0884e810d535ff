// swift-format-ignore-file
// Written by `modal-log export EventLogs/morph-modal-kit/can-dismiss.jsonl --format swift-test --name morphModalKitCanDismiss`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func morphModalKitCanDismiss() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "critical-warning", content: "CriticalWarningCard", style: .card, canDismiss: false)))
    log.step(3, 0.9, .modalPresented(link: "critical-warning"))
    log.step(4, 2, .dimmingTap())
    log.step(5, 3, .dragChange(link: "critical-warning", position: -0.6))
    log.step(6, 3.2, .dragEnd(link: "critical-warning", velocity: -3))
    log.step(7, 5, .modalDismiss(link: "critical-warning"))
    log.step(8, 5.4, .modalDismissed(link: "critical-warning"))
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/square-modals/toasts.jsonl --format swift-test --name squareModalsToasts`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func squareModalsToasts() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(root: "modals")))
    log.step(2, 0.01, .rootRegister(RootRegistration(root: "toasts", level: 10, dimming: DimmingConfiguration(tap: .passThrough, hidden: true))))
    log.step(3, 0.6, .modalPresent(ModalPresentation(root: "modals", link: "edit-item", content: "EditItemScreen")))
    log.step(4, 0.9, .modalPresented(root: "modals", link: "edit-item"))
    log.step(5, 3, .modalPresent(ModalPresentation(root: "toasts", link: "toast-saved", content: "ToastView", style: .toast, payload: ["message": "Saved"])))
    log.step(6, 3.2, .modalPresented(root: "toasts", link: "toast-saved"))
    log.step(7, 3.6, .dimmingTap(root: "toasts"))
    log.step(8, 4, .modalPresent(ModalPresentation(root: "toasts", link: "toast-synced", content: "ToastView", style: .toast, payload: ["message": "Synced 3 items"])))
    log.step(9, 4.2, .modalPresented(root: "toasts", link: "toast-synced"))
    log.step(10, 6, .modalDismiss(root: "toasts", link: "toast-saved", reason: "timeout"))
    log.step(11, 6.25, .modalDismissed(root: "toasts", link: "toast-saved"))
    log.step(12, 6.5, .dimmingTap(root: "modals"))
    log.step(13, 6.8, .modalDismissed(root: "modals", link: "edit-item"))
    log.step(14, 7, .modalDismiss(root: "toasts", link: "toast-synced", reason: "timeout"))
    log.step(15, 7.25, .modalDismissed(root: "toasts", link: "toast-synced"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 15,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "modals",
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
            },
            {
              "root": "toasts",
              "presentation": "window",
              "level": 10,
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

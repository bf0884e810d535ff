// swift-format-ignore-file
// Written by `modal-log export EventLogs/version-2/toast-queue.jsonl --format swift-test --name version2ToastQueue`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func version2ToastQueue() throws {
    var log = LogReplay(formatVersion: 2)
    log.step(1, 0, .rootRegister(RootRegistration(root: "toasts", presentation: .overlay, level: 10, policy: .queue, dimming: DimmingConfiguration(tap: .passThrough, hidden: true))))
    log.step(2, 1, .modalPresent(ModalPresentation(root: "toasts", link: "saved", content: "SavedToast", style: .toast)))
    log.step(3, 1.1, .modalPresent(ModalPresentation(root: "toasts", link: "synced", content: "SyncedToast", style: .toast)))
    log.step(4, 1.2, .modalPresent(ModalPresentation(root: "toasts", link: "offline", content: "OfflineBanner", style: .toast)))
    log.step(5, 1.3, .modalPresented(root: "toasts", link: "saved"))
    log.step(6, 4.3, .modalDismiss(root: "toasts", link: "offline", reason: "backOnline"))
    log.step(7, 4.5, .modalDismiss(root: "toasts", link: "saved", reason: "timeout"))
    log.step(8, 4.8, .modalDismissed(root: "toasts", link: "saved"))
    log.step(9, 5.1, .modalPresented(root: "toasts", link: "synced"))
    log.step(10, 8.1, .modalDismiss(root: "toasts", link: "synced", reason: "timeout"))
    log.step(11, 8.4, .modalDismissed(root: "toasts", link: "synced"))
    log.step(12, 9, .modalPresent(ModalPresentation(root: "toasts", link: "saved", content: "SavedToast", style: .toast)))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 12,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "toasts",
              "presentation": "overlay",
              "level": 10,
              "policy": "queue",
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
              "modals": [
                {
                  "link": "saved",
                  "phase": "presenting",
                  "dismissReason": null,
                  "style": "toast",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "SavedToast",
                      "sticky": null,
                      "height": null,
                      "canDismiss": true
                    }
                  ],
                  "visibleCards": 1,
                  "snap": {
                    "points": [1],
                    "index": 0,
                    "position": 0,
                    "dragging": false
                  }
                }
              ]
            }
          ],
          "rejected": [],
          "session": 0
        }
        """#)
}

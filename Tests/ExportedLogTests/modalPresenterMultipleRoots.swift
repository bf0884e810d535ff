// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/multiple-roots.jsonl --format swift-test --name modalPresenterMultipleRoots`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterMultipleRoots() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(root: "notifications", level: 2, dimming: DimmingConfiguration(tap: .passThrough, hidden: true))))
    log.step(2, 0.01, .rootRegister(RootRegistration(root: "containers")))
    log.step(3, 0.02, .rootRegister(RootRegistration(root: "alerts", level: 1)))
    log.step(4, 1.2, .modalPresent(ModalPresentation(root: "containers", link: "settings", content: "SettingsView")))
    log.step(5, 1.5, .modalPresented(root: "containers", link: "settings"))
    log.step(6, 3, .modalPresent(ModalPresentation(root: "alerts", link: "confirm-sign-out", content: "SignOutAlertView", style: .alert)))
    log.step(7, 3.25, .modalPresented(root: "alerts", link: "confirm-sign-out"))
    log.step(8, 3.9, .modalPresent(ModalPresentation(root: "notifications", link: "message-banner", content: "MessageBannerView", style: .toast, payload: ["from": "Ana", "preview": "Lunch tomorrow?"])))
    log.step(9, 4.2, .modalPresented(root: "notifications", link: "message-banner"))
    log.step(10, 4.8, .dimmingTap(root: "notifications"))
    log.step(11, 5.1, .dimmingTap(root: "alerts"))
    log.step(12, 5.35, .modalDismissed(root: "alerts", link: "confirm-sign-out"))
    log.step(13, 6, .rootRemove(root: "notifications"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 13,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "containers",
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
                "visible": true
              },
              "keyboard": {
                "strategy": "offsetByObscuredHeight",
                "additional": 0
              },
              "keyboardOffset": 0,
              "modals": [
                {
                  "link": "settings",
                  "phase": "presented",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "SettingsView",
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
            },
            {
              "root": "alerts",
              "presentation": "window",
              "level": 1,
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

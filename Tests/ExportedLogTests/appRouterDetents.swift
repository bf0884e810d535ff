// swift-format-ignore-file
// Written by `modal-log export EventLogs/app-router/detents.jsonl --format swift-test --name appRouterDetents`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func appRouterDetents() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(policy: .single)))
    log.step(2, 1, .modalPresent(ModalPresentation(link: "settings", content: "SettingsView", snapPoints: [0.5, 1])))
    log.step(3, 1.35, .modalPresented(link: "settings"))
    log.step(4, 2.5, .snapTo(link: "settings", index: 1))
    log.step(5, 4, .snapTo(link: "settings", index: 0))
    log.step(6, 5, .dragChange(link: "settings", position: 0.7))
    log.step(7, 5.2, .dragEnd(link: "settings", velocity: 2))
    log.step(8, 6, .dragChange(link: "settings", position: 0.6))
    log.step(9, 6.3, .dragEnd(link: "settings"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 9,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "default",
              "presentation": "window",
              "level": 0,
              "policy": "single",
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
                    "points": [0.5, 1],
                    "index": 1,
                    "position": 1,
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/version-2/sources-and-callers.jsonl --format swift-test --name version2SourcesAndCallers`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func version2SourcesAndCallers() throws {
    var log = LogReplay(formatVersion: 2)
    log.step(1, 0, .rootRegister(RootRegistration()), source: .app, caller: "MailApp.swift:12")
    log.step(2, 2.1, .modalPresent(ModalPresentation(link: "compose", content: "ComposeView")), source: .user, caller: "InboxView.swift:57")
    log.step(3, 2.5, .modalPresented(link: "compose"), source: .system, caller: "ModalHost.swift:40")
    log.step(4, 3, .keyboardChange(height: 336, responderBottom: 780), source: .system, caller: "KeyboardObserver.swift:22")
    log.step(5, 9.7, .rootResize(size: Size(width: 844, height: 390)), source: .system, caller: "SceneDelegate.swift:31")
    log.step(6, 12, .dimmingTap(), source: .user, caller: "DimmingView.swift:19")
    log.step(7, 12.3, .modalDismissed(link: "compose"), source: .system, caller: "ModalHost.swift:51")
    log.step(8, 12.3, .keyboardChange(height: 0), source: .system, caller: "KeyboardObserver.swift:22")
    log.step(9, 15, .modalPresent(ModalPresentation(link: "compose", content: "ComposeView", payload: ["draft": "Dear Ann"])), source: .test, caller: "ComposeUITests.swift:30")
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
              "policy": "stack",
              "size": {
                "width": 844,
                "height": 390
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
                  "link": "compose",
                  "phase": "presenting",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": null,
                  "canDismiss": true,
                  "payload": {
                    "draft": "Dear Ann"
                  },
                  "cards": [
                    {
                      "content": "ComposeView",
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

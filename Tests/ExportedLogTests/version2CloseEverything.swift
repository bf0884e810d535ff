// swift-format-ignore-file
// Written by `modal-log export EventLogs/version-2/close-everything.jsonl --format swift-test --name version2CloseEverything`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func version2CloseEverything() throws {
    var log = LogReplay(formatVersion: 2)
    log.step(1, 0, .rootRegister(RootRegistration(root: "sheets")))
    log.step(2, 1, .modalPresent(ModalPresentation(root: "sheets", link: "settings", content: "SettingsView")))
    log.step(3, 1.3, .modalPresented(root: "sheets", link: "settings"))
    log.step(4, 2, .modalPresent(ModalPresentation(root: "sheets", link: "account", content: "AccountView", parent: "settings")))
    log.step(5, 2.3, .modalPresented(root: "sheets", link: "account"))
    log.step(6, 3, .modalPresent(ModalPresentation(root: "sheets", link: "help", content: "HelpView")))
    log.step(7, 3.3, .modalPresented(root: "sheets", link: "help"))
    log.step(8, 5, .batch([.modalDismiss(root: "sheets", link: "help", reason: "closeAll"), .modalDismiss(root: "sheets", link: "settings", reason: "closeAll")]), source: .app, caller: "Router.swift:88")
    log.step(9, 5.4, .modalDismissed(root: "sheets", link: "help"))
    log.step(10, 5.4, .modalDismissed(root: "sheets", link: "settings"))
    log.step(11, 6, .batch([.modalPresent(ModalPresentation(root: "sheets", link: "onboarding", content: "WelcomeView")), .modalPresent(ModalPresentation(root: "sheets", link: "terms", content: "TermsView", parent: "onboarding"))]), source: .app, caller: "Router.swift:102")
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 11,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "sheets",
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
                  "link": "onboarding",
                  "phase": "presenting",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "WelcomeView",
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
                },
                {
                  "link": "terms",
                  "phase": "presenting",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": "onboarding",
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "TermsView",
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/square-modals/no-modal-host.jsonl --format swift-test --name squareModalsNoModalHost`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func squareModalsNoModalHost() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(root: "app")))
    log.step(2, 0.8, .modalPresent(ModalPresentation(root: "app", link: "item-library", content: "ItemLibraryScreen")))
    log.step(3, 1.1, .modalPresented(root: "app", link: "item-library"))
    log.step(4, 2, .rootRegister(RootRegistration(root: "legacy-shim", presentation: .overlay, level: 1)))
    log.step(5, 2.5, .modalPresent(ModalPresentation(root: "legacy-shim", link: "card-entry", content: "CardEntryViewController", style: .fullScreen)))
    log.step(6, 2.85, .modalPresented(root: "legacy-shim", link: "card-entry"))
    log.step(7, 9, .rootRemove(root: "legacy-shim"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 7,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [
            {
              "root": "app",
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
                  "link": "item-library",
                  "phase": "presented",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "ItemLibraryScreen",
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

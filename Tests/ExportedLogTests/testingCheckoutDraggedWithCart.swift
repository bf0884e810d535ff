// swift-format-ignore-file
// Written by `modal-log export EventLogs/testing/checkout-dragged-with-cart.jsonl --format swift-test --name testingCheckoutDraggedWithCart`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func testingCheckoutDraggedWithCart() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, nil, .rootRegister(RootRegistration()))
    log.step(2, nil, .modalPresent(ModalPresentation(link: "cart", content: "CartView", snapPoints: [0.5, 1])))
    log.step(3, nil, .modalPresent(ModalPresentation(link: "checkout", content: "Address", parent: "cart", payload: ["orderID": 42], canDismiss: false)))
    log.step(4, nil, .modalPresented(link: "cart"))
    log.step(5, nil, .dragEnd(link: "cart", velocity: -5))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 5,
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
              "modals": [
                {
                  "link": "cart",
                  "phase": "dismissing",
                  "dismissReason": "drag",
                  "style": "sheet",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "CartView",
                      "sticky": null,
                      "height": null,
                      "canDismiss": true
                    }
                  ],
                  "visibleCards": 1,
                  "snap": {
                    "points": [0.5, 1],
                    "index": 0,
                    "position": -1,
                    "dragging": false
                  }
                },
                {
                  "link": "checkout",
                  "phase": "dismissing",
                  "dismissReason": "parentDismissed",
                  "style": "sheet",
                  "parent": "cart",
                  "canDismiss": false,
                  "payload": {
                    "orderID": 42
                  },
                  "cards": [
                    {
                      "content": "Address",
                      "sticky": null,
                      "height": null,
                      "canDismiss": false
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

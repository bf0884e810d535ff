// swift-format-ignore-file
// Written by `modal-log export Tests/Fixtures/export/from-a-snapshot.jsonl --format swift-test --name exportFromASnapshot`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func exportFromASnapshot() throws {
    var log = LogReplay(formatVersion: 1)
    // The log starts from a snapshot: the state it holds.
    log.state = try ModalState(json: JSONValue(parsing: #"{"seq":5,"keyboard":{"height":0,"responderBottom":null},"roots":[{"root":"sheets","presentation":"window","level":0,"policy":"stack","size":{"width":390,"height":844},"maxVisibleCards":2,"dimming":{"tap":"dismissTopmost","hidden":false,"visible":true},"keyboard":{"strategy":"offsetByObscuredHeight","additional":16},"keyboardOffset":0,"modals":[{"link":"checkout","phase":"presented","dismissReason":null,"style":"card","parent":null,"canDismiss":true,"payload":{"cart":{"items":3,"total":"42.50"}},"cards":[{"content":"CartCard","sticky":"CheckoutChrome","height":null,"canDismiss":true},{"content":"ShippingCard","sticky":null,"height":null,"canDismiss":true}],"visibleCards":2,"snap":{"points":[1],"index":0,"position":0,"dragging":false}}]},{"root":"toasts","presentation":"window","level":10,"policy":"stack","size":{"width":390,"height":844},"maxVisibleCards":2,"dimming":{"tap":"passThrough","hidden":true,"visible":false},"keyboard":{"strategy":"offsetByObscuredHeight","additional":0},"keyboardOffset":0,"modals":[]}],"rejected":[],"session":0}"#))
    log.step(6, 5.4, .cardReplace(root: "sheets", link: "checkout", content: "PaymentCard", animation: .slide))
    log.step(7, 6, .modalPresent(ModalPresentation(root: "sheets", link: "address", content: "AddressForm", parent: "checkout", snapPoints: [0.5, 1])))
    log.step(8, 6.35, .modalPresented(root: "sheets", link: "address"))
    log.step(9, 7.2, .dragChange(root: "sheets", link: "address", position: 0.8))
    log.step(10, 7.4, .dragEnd(root: "sheets", link: "address", velocity: 2))
    log.step(11, 8, .keyboardChange(height: 336, responderBottom: 780))
    log.step(12, 9.5, .modalPresent(ModalPresentation(root: "toasts", link: "toast-saved", content: "SavedToast", style: .toast)))
    log.step(13, 9.8, .modalPresented(root: "toasts", link: "toast-saved"))
    log.step(14, 12.8, .modalDismiss(root: "toasts", link: "toast-saved", reason: "timeout"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 14,
          "keyboard": {
            "height": 336,
            "responderBottom": 780
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
                "additional": 16
              },
              "keyboardOffset": 288,
              "modals": [
                {
                  "link": "checkout",
                  "phase": "presented",
                  "dismissReason": null,
                  "style": "card",
                  "parent": null,
                  "canDismiss": true,
                  "payload": {
                    "cart": {
                      "items": 3,
                      "total": "42.50"
                    }
                  },
                  "cards": [
                    {
                      "content": "CartCard",
                      "sticky": "CheckoutChrome",
                      "height": null,
                      "canDismiss": true
                    },
                    {
                      "content": "PaymentCard",
                      "sticky": null,
                      "height": null,
                      "canDismiss": true
                    }
                  ],
                  "visibleCards": 2,
                  "snap": {
                    "points": [1],
                    "index": 0,
                    "position": 0,
                    "dragging": false
                  }
                },
                {
                  "link": "address",
                  "phase": "presented",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": "checkout",
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "AddressForm",
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
              "keyboardOffset": 272,
              "modals": [
                {
                  "link": "toast-saved",
                  "phase": "dismissing",
                  "dismissReason": "timeout",
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

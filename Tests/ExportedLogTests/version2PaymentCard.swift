// swift-format-ignore-file
// Written by `modal-log export EventLogs/version-2/payment-card.jsonl --format swift-test --name version2PaymentCard`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func version2PaymentCard() throws {
    var log = LogReplay(formatVersion: 2)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "pay", content: "AmountCard", style: .card, height: 300)))
    log.step(3, 0.8, .modalPresented(link: "pay"))
    log.step(4, 2, .cardPush(link: "pay", content: "CardForm", height: 420, canDismiss: false))
    log.step(5, 2.4, .dimmingTap(), source: .user)
    log.step(6, 3.1, .dragChange(link: "pay", position: -0.4), source: .user)
    log.step(7, 3.3, .dragEnd(link: "pay", velocity: -4), source: .user)
    log.step(8, 4, .cardUpdate(link: "pay", height: .points(560)))
    log.step(9, 6.5, .cardReplace(link: "pay", content: "Processing", animation: .slide, height: 240))
    log.step(10, 8, .cardReplace(link: "pay", content: "Receipt", canDismiss: true))
    log.step(11, 9.2, .dimmingTap(), source: .user)
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
                  "link": "pay",
                  "phase": "dismissing",
                  "dismissReason": "dimmingTap",
                  "style": "card",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "AmountCard",
                      "sticky": null,
                      "height": 300,
                      "canDismiss": true
                    },
                    {
                      "content": "Receipt",
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
                }
              ]
            }
          ],
          "rejected": [],
          "session": 0
        }
        """#)
}

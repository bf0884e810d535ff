// swift-format-ignore-file
// Written by `modal-log export EventLogs/adaptive-modal/snap-points.jsonl --format swift-test --name adaptiveModalSnapPoints`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func adaptiveModalSnapPoints() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "place-details", content: "PlaceDetailsView", snapPoints: [0.25, 0.5, 1], initialSnap: 1)))
    log.step(3, 0.85, .modalPresented(link: "place-details"))
    log.step(4, 2, .snapTo(link: "place-details", index: 2))
    log.step(5, 3, .dragChange(link: "place-details", position: 1.8))
    log.step(6, 3.1, .dragChange(link: "place-details", position: 1.6))
    log.step(7, 3.2, .dragEnd(link: "place-details", velocity: -2.5))
    log.step(8, 4, .dragChange(link: "place-details", position: 1.5))
    log.step(9, 4.2, .dragEnd(link: "place-details"))
    log.step(10, 5, .dragChange(link: "place-details", position: 2.6))
    log.step(11, 5.1, .dragChange(link: "place-details", position: 3.4))
    log.step(12, 5.2, .dragEnd(link: "place-details", velocity: 1.5))
    log.step(13, 6.5, .snapTo(link: "place-details", index: 0))
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
                "visible": true
              },
              "keyboard": {
                "strategy": "offsetByObscuredHeight",
                "additional": 0
              },
              "keyboardOffset": 0,
              "modals": [
                {
                  "link": "place-details",
                  "phase": "presented",
                  "dismissReason": null,
                  "style": "sheet",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "PlaceDetailsView",
                      "sticky": null,
                      "height": null,
                      "canDismiss": true
                    }
                  ],
                  "visibleCards": 1,
                  "snap": {
                    "points": [0.25, 0.5, 1],
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

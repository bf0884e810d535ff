// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/presentation-with-item.jsonl --format swift-test --name modalPresenterPresentationWithItem`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterPresentationWithItem() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 1, .modalPresent(ModalPresentation(link: "item-detail", content: "ItemDetailView", payload: ["item": ["id": 42, "title": "Ünïcode ✓", "tags": ["a", "b"]]])))
    log.step(3, 1.3, .modalPresented(link: "item-detail"))
    log.step(4, 4, .modalDismiss(link: "item-detail"))
    log.step(5, 4.3, .modalDismissed(link: "item-detail"))
    log.step(6, 5, .modalPresent(ModalPresentation(link: "item-detail", content: "ItemDetailView", payload: ["item": ["id": 43, "title": "Party hats 🎉 \"XL\"", "tags": [], "price": 19.99, "archived": false, "note": nil]])))
    log.step(7, 5.3, .modalPresented(link: "item-detail"))
    log.step(8, 8.2, .dimmingTap())
    log.step(9, 8.5, .modalDismissed(link: "item-detail"))
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/simultaneous.jsonl --format swift-test --name modalPresenterSimultaneous`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterSimultaneous() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "filters", content: "FiltersView")))
    log.step(3, 0.8, .modalPresented(link: "filters"))
    log.step(4, 1.5, .modalPresent(ModalPresentation(link: "color-picker", content: "ColorPickerView")))
    log.step(5, 1.8, .modalPresented(link: "color-picker"))
    log.step(6, 3.2, .dimmingTap())
    log.step(7, 3.5, .modalDismissed(link: "color-picker"))
    log.step(8, 5, .dimmingTap())
    log.step(9, 5.3, .modalDismissed(link: "filters"))
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

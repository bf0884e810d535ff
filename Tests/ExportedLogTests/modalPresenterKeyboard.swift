// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/keyboard.jsonl --format swift-test --name modalPresenterKeyboard`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterKeyboard() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(keyboard: KeyboardConfiguration(strategy: .offsetByObscuredHeight, additional: 20))))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "edit-profile", content: "ProfileFormView")))
    log.step(3, 0.8, .modalPresented(link: "edit-profile"))
    log.step(4, 1.6, .keyboardChange(height: 336))
    log.step(5, 1.9, .keyboardChange(height: 336, responderBottom: 300))
    log.step(6, 3.1, .keyboardChange(height: 336, responderBottom: 620))
    log.step(7, 5, .rootResize(size: Size(width: 844, height: 390)))
    log.step(8, 5.3, .keyboardChange(height: 209, responderBottom: 250))
    log.step(9, 8, .rootResize(size: Size(width: 390, height: 844)))
    log.step(10, 9.2, .keyboardChange(height: 0))
    log.step(11, 9.6, .modalDismiss(link: "edit-profile"))
    log.step(12, 9.9, .modalDismissed(link: "edit-profile"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 12,
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
                "additional": 20
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/adaptive-modal/keyboard.jsonl --format swift-test --name adaptiveModalKeyboard`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func adaptiveModalKeyboard() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(keyboard: KeyboardConfiguration(strategy: .offsetByKeyboardHeight, additional: 10))))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "comment-composer", content: "CommentComposerView", snapPoints: [0.4, 1])))
    log.step(3, 0.8, .modalPresented(link: "comment-composer"))
    log.step(4, 1.5, .keyboardChange(height: 336))
    log.step(5, 2.2, .keyboardChange(height: 336, responderBottom: 120))
    log.step(6, 3, .snapTo(link: "comment-composer", index: 1))
    log.step(7, 4, .keyboardChange(height: 380))
    log.step(8, 6, .keyboardChange(height: 0))
    log.step(9, 6.4, .modalDismiss(link: "comment-composer"))
    log.step(10, 6.7, .modalDismissed(link: "comment-composer"))
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 10,
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
                "strategy": "offsetByKeyboardHeight",
                "additional": 10
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

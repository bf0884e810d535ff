// swift-format-ignore-file
// Written by `modal-log export EventLogs/adaptive-modal/drag-to-dismiss.jsonl --format swift-test --name adaptiveModalDragToDismiss`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func adaptiveModalDragToDismiss() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.4, .modalPresent(ModalPresentation(link: "share-sheet", content: "ShareSheetView", snapPoints: [0.5, 1])))
    log.step(3, 0.75, .modalPresented(link: "share-sheet"))
    log.step(4, 1.5, .dragChange(link: "share-sheet", position: 0.6))
    log.step(5, 1.6, .dragChange(link: "share-sheet", position: -0.3))
    log.step(6, 1.7, .dragEnd(link: "share-sheet", velocity: -3))
    log.step(7, 2, .modalDismissed(link: "share-sheet"))
    log.step(8, 3, .modalPresent(ModalPresentation(link: "unsaved-changes", content: "UnsavedChangesView", canDismiss: false)))
    log.step(9, 3.3, .modalPresented(link: "unsaved-changes"))
    log.step(10, 4, .dragChange(link: "unsaved-changes", position: -0.8))
    log.step(11, 4.1, .dragEnd(link: "unsaved-changes", velocity: -2))
    log.step(12, 5.5, .modalDismiss(link: "unsaved-changes"))
    log.step(13, 5.8, .modalDismissed(link: "unsaved-changes"))
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

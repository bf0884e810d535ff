// swift-format-ignore-file
// Written by `modal-log export EventLogs/modal-presenter/nested.jsonl --format swift-test --name modalPresenterNested`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func modalPresenterNested() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.4, .modalPresent(ModalPresentation(link: "album", content: "AlbumView")))
    log.step(3, 0.7, .modalPresented(link: "album"))
    log.step(4, 1.4, .modalPresent(ModalPresentation(link: "photo", content: "PhotoDetailView", parent: "album")))
    log.step(5, 1.7, .modalPresented(link: "photo"))
    log.step(6, 2.6, .modalPresent(ModalPresentation(link: "share", content: "ShareView", parent: "photo")))
    log.step(7, 2.9, .modalPresented(link: "share"))
    log.step(8, 4, .modalDismiss(link: "album"))
    log.step(9, 4.05, .dimmingTap())
    log.step(10, 4.3, .modalDismissed(link: "album"))
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

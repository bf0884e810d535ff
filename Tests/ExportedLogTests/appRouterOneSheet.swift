// swift-format-ignore-file
// Written by `modal-log export EventLogs/app-router/one-sheet.jsonl --format swift-test --name appRouterOneSheet`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func appRouterOneSheet() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(policy: .single)))
    log.step(2, 1, .modalPresent(ModalPresentation(link: "compose", content: "ComposeView")))
    log.step(3, 1.3, .modalPresented(link: "compose"))
    log.step(4, 4, .modalPresent(ModalPresentation(link: "settings", content: "SettingsView")))
    log.step(5, 4.3, .modalDismissed(link: "compose"))
    log.step(6, 4.35, .modalPresented(link: "settings"))
    log.step(7, 7, .modalPresent(ModalPresentation(link: "edit-profile", content: "EditProfileView")))
    log.step(8, 7.3, .modalDismissed(link: "settings"))
    log.step(9, 7.35, .modalPresented(link: "edit-profile"))
    log.step(10, 12, .modalDismiss(link: "edit-profile"))
    log.step(11, 12.3, .modalDismissed(link: "edit-profile"))
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
              "policy": "single",
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

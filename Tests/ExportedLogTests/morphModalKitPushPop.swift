// swift-format-ignore-file
// Written by `modal-log export EventLogs/morph-modal-kit/push-pop.jsonl --format swift-test --name morphModalKitPushPop`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func morphModalKitPushPop() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "menu", content: "MenuModal", style: .card)))
    log.step(3, 0.9, .modalPresented(link: "menu"))
    log.step(4, 1.8, .cardPush(link: "menu", content: "SettingsCard"))
    log.step(5, 2.6, .cardPush(link: "menu", content: "NotificationsCard"))
    log.step(6, 3.4, .cardPush(link: "menu", content: "QuietHoursCard"))
    log.step(7, 5, .cardPop(link: "menu"))
    log.step(8, 5.8, .cardPop(link: "menu"))
    log.step(9, 6.6, .cardPop(link: "menu"))
    log.step(10, 8, .dimmingTap())
    log.step(11, 8.4, .modalDismissed(link: "menu"))
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
              "modals": []
            }
          ],
          "rejected": [],
          "session": 0
        }
        """#)
}

// swift-format-ignore-file
// Written by `modal-log export EventLogs/morph-modal-kit/close-stack.jsonl --format swift-test --name morphModalKitCloseStack`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func morphModalKitCloseStack() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "checkout", content: "CartCard", style: .card)))
    log.step(3, 0.9, .modalPresented(link: "checkout"))
    log.step(4, 2, .cardPush(link: "checkout", content: "ShippingCard"))
    log.step(5, 3, .cardPush(link: "checkout", content: "PaymentCard"))
    log.step(6, 4, .cardPush(link: "checkout", content: "ReviewCard"))
    log.step(7, 5, .cardPop(link: "checkout"))
    log.step(8, 5.6, .cardPop(link: "checkout"))
    log.step(9, 6.2, .cardPop(link: "checkout"))
    log.step(10, 7.5, .modalDismiss(link: "checkout", reason: "hide"))
    log.step(11, 7.9, .modalDismissed(link: "checkout"))
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/morph-modal-kit/replace-sticky.jsonl --format swift-test --name morphModalKitReplaceSticky`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func morphModalKitReplaceSticky() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration()))
    log.step(2, 0.5, .modalPresent(ModalPresentation(link: "onboarding", content: "WelcomeStep", style: .card, sticky: "StepperChrome")))
    log.step(3, 0.9, .modalPresented(link: "onboarding"))
    log.step(4, 2, .cardReplace(link: "onboarding", content: "PermissionsStep", animation: .slide))
    log.step(5, 3.5, .cardReplace(link: "onboarding", content: "ProfileStep"))
    log.step(6, 4.6, .cardReplace(link: "onboarding", content: "PermissionsStep", direction: .backward, animation: .slide))
    log.step(7, 6, .cardReplace(link: "onboarding", content: "ProfileStep"))
    log.step(8, 7, .cardPush(link: "onboarding", content: "TermsCard"))
    log.step(9, 8, .cardReplace(link: "onboarding", content: "PrivacyCard", animation: .slide))
    log.step(10, 9, .cardPop(link: "onboarding"))
    log.step(11, 10, .cardReplace(link: "onboarding", content: "DoneStep"))
    log.step(12, 11.5, .modalDismiss(link: "onboarding"))
    log.step(13, 11.9, .modalDismissed(link: "onboarding"))
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

// swift-format-ignore-file
// Written by `modal-log export EventLogs/app-router/full-screen-cover.jsonl --format swift-test --name appRouterFullScreenCover`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func appRouterFullScreenCover() throws {
    var log = LogReplay(formatVersion: 1)
    log.step(1, 0, .rootRegister(RootRegistration(policy: .single)))
    log.step(2, 0.2, .modalPresent(ModalPresentation(link: "onboarding", content: "OnboardingView", style: .fullScreen)))
    log.step(3, 0.6, .modalPresented(link: "onboarding"))
    log.step(4, 9, .modalDismiss(link: "onboarding"))
    log.step(5, 9.4, .modalDismissed(link: "onboarding"))
    log.step(6, 12, .modalPresent(ModalPresentation(link: "camera", content: "CameraView", style: .fullScreen, payload: ["mode": "photo"])))
    log.step(7, 12.4, .modalPresented(link: "camera"))
    log.step(8, 15, .modalPresent(ModalPresentation(link: "media-viewer", content: "MediaViewerView", style: .fullScreen, payload: ["url": "https://example.com/photos/8812.jpg"])))
    log.step(9, 15.4, .modalDismissed(link: "camera"))
    log.step(10, 15.45, .modalPresented(link: "media-viewer"))
    log.step(11, 20, .modalDismiss(link: "media-viewer"))
    log.step(12, 20.4, .modalDismissed(link: "media-viewer"))
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

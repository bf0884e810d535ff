// swift-format-ignore-file
// Written by `modal-log export EventLogs/version-2/relaunch-checkout.jsonl --format swift-test --name version2RelaunchCheckout`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func version2RelaunchCheckout() throws {
    var log = LogReplay(formatVersion: 2)
    log.step(1, 0, .rootRegister(RootRegistration(root: "sheets")), source: .app, caller: "ShopApp.swift:21")
    log.step(2, 0, .rootRegister(RootRegistration(root: "toasts", level: 10, policy: .queue, dimming: DimmingConfiguration(tap: .passThrough, hidden: true))), source: .app, caller: "ShopApp.swift:22")
    log.step(3, 4.2, .modalPresent(ModalPresentation(root: "sheets", link: "checkout", content: "CartCard", style: .card, payload: ["cart": ["items": 2]], height: 320)), source: .user, caller: "CartButton.swift:14")
    log.step(4, 4.6, .modalPresented(root: "sheets", link: "checkout"), source: .system, caller: "ModalHost.swift:88")
    log.step(5, 9.1, .cardPush(root: "sheets", link: "checkout", content: "ShippingCard", height: 420), source: .user, caller: "CheckoutFlow.swift:40")
    log.step(6, 15.8, .cardPush(root: "sheets", link: "checkout", content: "PaymentCard", height: 480, canDismiss: false), source: .user, caller: "CheckoutFlow.swift:52")
    log.step(7, 16.3, .keyboardChange(height: 336, responderBottom: 700), source: .system, caller: "KeyboardObserver.swift:30")
    log.step(8, 31, .sessionStart(info: ["build": "4.2.1", "launch": "after a crash"]), source: .system, caller: "ShopApp.swift:17")
    log.step(9, 31, .rootRegister(RootRegistration(root: "sheets")), source: .app, caller: "ShopApp.swift:21")
    log.step(10, 31, .rootRegister(RootRegistration(root: "toasts", level: 10, policy: .queue, dimming: DimmingConfiguration(tap: .passThrough, hidden: true))), source: .app, caller: "ShopApp.swift:22")
    log.step(11, 31.4, .modalPresent(ModalPresentation(root: "toasts", link: "restored", content: "CartRestoredToast", style: .toast)), source: .app, caller: "CartStore.swift:61")
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
              "root": "sheets",
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
            },
            {
              "root": "toasts",
              "presentation": "window",
              "level": 10,
              "policy": "queue",
              "size": {
                "width": 390,
                "height": 844
              },
              "maxVisibleCards": 2,
              "dimming": {
                "tap": "passThrough",
                "hidden": true,
                "visible": false
              },
              "keyboard": {
                "strategy": "offsetByObscuredHeight",
                "additional": 0
              },
              "keyboardOffset": 0,
              "modals": [
                {
                  "link": "restored",
                  "phase": "presenting",
                  "dismissReason": null,
                  "style": "toast",
                  "parent": null,
                  "canDismiss": true,
                  "payload": null,
                  "cards": [
                    {
                      "content": "CartRestoredToast",
                      "sticky": null,
                      "height": null,
                      "canDismiss": true
                    }
                  ],
                  "visibleCards": 1,
                  "snap": {
                    "points": [1],
                    "index": 0,
                    "position": 0,
                    "dragging": false
                  }
                }
              ]
            }
          ],
          "rejected": [],
          "session": 1
        }
        """#)
}

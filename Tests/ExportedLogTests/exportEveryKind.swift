// swift-format-ignore-file
// Written by `modal-log export Tests/Fixtures/export/every-kind.jsonl --format swift-test --name exportEveryKind`, one line per event however long.
// The log's events, each checked to apply or to be rejected as its
// replay rejected it, and the state they end in.
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

@Test func exportEveryKind() throws {
    var log = LogReplay(formatVersion: 2)
    log.step(1, 0, .rootRegister(RootRegistration(root: "sheets", presentation: .overlay, level: 2, policy: .single, dimming: DimmingConfiguration(tap: .passThrough, hidden: true), keyboard: KeyboardConfiguration(strategy: .none, additional: 8.5), size: Size(width: 320.5, height: 568), maxVisibleCards: 3)), source: .app, caller: "App.swift:1")
    log.step(2, 0.25, .modalPresent(ModalPresentation(root: "sheets", link: "say \"hi\"\n", content: "Quote\\Card é ✓", style: .card, payload: ["price": .number(JSONNumber(literal: "1.50")!), "n": [1, 2.5, nil, true, "x"], "big": .number(JSONNumber(literal: "12345678901234567890")!), "tiny": .number(JSONNumber(literal: "1e-7")!), "empty": [:], "none": nil], canDismiss: false, snapPoints: [0.25, 0.5, 1], initialSnap: 1, sticky: "Bar", height: 420)))
    log.step(3, nil, .modalPresented(root: "sheets", link: "say \"hi\"\n"))
    log.step(4, nil, .cardPush(root: "sheets", link: "say \"hi\"\n", content: "Next", sticky: "Top", height: 300, canDismiss: true))
    log.step(5, nil, .cardReplace(root: "sheets", link: "say \"hi\"\n", content: "Other", direction: .backward, animation: .slide, height: 310, canDismiss: false))
    log.step(6, nil, .cardUpdate(root: "sheets", link: "say \"hi\"\n", height: .automatic))
    log.step(7, nil, .cardUpdate(root: "sheets", link: "say \"hi\"\n", height: .points(200), canDismiss: true))
    log.step(8, nil, .snapTo(root: "sheets", link: "say \"hi\"\n", index: 2))
    log.step(try LoggedEvent(json: JSONValue(parsing: #"{"seq":9,"type":"snap.to","root":"sheets","link":"say \"hi\"\n","index":0.5}"#), version: 2), rejected: .invalidValue, "index must be an integer, found 0.5")
    log.step(10, nil, .dragChange(root: "sheets", link: "say \"hi\"\n", position: 1.5))
    log.step(11, nil, .dragEnd(root: "sheets", link: "say \"hi\"\n", position: 1.2, velocity: -3))
    log.step(12, nil, .dragEnd(root: "sheets", link: "say \"hi\"\n"))
    log.step(13, nil, .keyboardChange(height: 300))
    log.step(14, nil, .dimmingTap(root: "sheets"), source: .user)
    log.step(15, nil, .rootRegister(RootRegistration()))
    log.step(16, nil, .rootResize(root: "sheets", size: Size(width: 844, height: 390)))
    log.step(17, nil, .modalPresent(ModalPresentation(link: "odd", content: "X", style: ModalStyle(rawValue: "sideways"))), rejected: .invalidValue, "style \"sideways\" is not one of sheet, fullScreen, alert, toast, card, custom")
    log.step(18, nil, .cardPop(root: "sheets", link: "say \"hi\"\n"))
    log.step(19, nil, .modalDismiss(root: "sheets", link: "say \"hi\"\n", reason: "custom reason"))
    log.step(20, nil, .batch([.modalDismissed(root: "sheets", link: "say \"hi\"\n"), .rootRemove(root: "sheets")]), source: .system)
    log.step(21, 9, .sessionStart(info: ["build": "1.0\u{7}", "launch": "cold"]))
    log.step(22, nil, .sessionStart())
    log.step(23, nil, .keyboardChange(height: Double.infinity), rejected: .invalidValue, "keyboard height must be a finite number, found 1e999")
    #expect(log.mismatches == [])
    #expect(log.state.jsonText() == #"""
        {
          "seq": 23,
          "keyboard": {
            "height": 0,
            "responderBottom": null
          },
          "roots": [],
          "rejected": [
            {
              "seq": 9,
              "code": "invalidValue",
              "message": "index must be an integer, found 0.5"
            },
            {
              "seq": 17,
              "code": "invalidValue",
              "message": "style \"sideways\" is not one of sheet, fullScreen, alert, toast, card, custom"
            },
            {
              "seq": 23,
              "code": "invalidValue",
              "message": "keyboard height must be a finite number, found 1e999"
            }
          ],
          "session": 2
        }
        """#)
}

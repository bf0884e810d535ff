import ModalEvents
import Testing

/// Events read from and write to log lines exactly as the spec says.
@Suite struct EventCodecTests {
    func decode(_ line: String) throws -> LoggedEvent {
        try LoggedEvent(json: JSONReader.read(Array(line.utf8)))
    }

    func encode(_ entry: LoggedEvent) -> String {
        String(decoding: EventLogEncoder.encode(entry).dropLast(), as: UTF8.self)
    }

    /// One of every event type, with every field set away from its default.
    static let everyEvent: [ModalEvent] = [
        .rootRegister(
            RootRegistration(
                root: "alerts", presentation: .overlay, level: 2, policy: .single,
                dimming: DimmingConfiguration(tap: .passThrough, hidden: true),
                keyboard: KeyboardConfiguration(strategy: .offsetByKeyboardHeight, additional: 20),
                size: Size(width: 1024, height: 768), maxVisibleCards: 3)),
        .rootResize(root: "alerts", size: Size(width: 768, height: 1024)),
        .rootRemove(root: "alerts"),
        .modalPresent(
            ModalPresentation(
                root: "r", link: "compose", content: "ComposeView", parent: "p", style: .card,
                payload: ["item": ["id": 42, "title": "Ünïcode ✓", "tags": ["a", "b"], "none": nil]], canDismiss: false,
                snapPoints: [0.25, 0.5, 1], initialSnap: 2, sticky: "Chrome")),
        .modalPresented(root: "r", link: "compose"),
        .modalDismiss(root: "r", link: "compose", reason: "lifetimeEnded"),
        .modalDismissed(root: "r", link: "compose"),
        .cardPush(root: "r", link: "menu", content: "Detail", sticky: "Back", height: 420, canDismiss: false),
        .cardPop(root: "r", link: "menu"),
        .cardReplace(
            root: "r", link: "menu", content: "Step2", direction: .backward, animation: .slide, height: 310.5,
            canDismiss: true),
        .cardUpdate(root: "r", link: "menu", height: .automatic, canDismiss: false),
        .dimmingTap(root: "r"),
        .keyboardChange(height: 291.5, responderBottom: 700),
        .snapTo(root: "r", link: "sheet", index: 1),
        .dragChange(root: "r", link: "sheet", position: -0.75),
        .dragEnd(root: "r", link: "sheet", position: 1.25, velocity: -3.5),
        .sessionStart(info: ["build": "4.2", "device": "iPhone"]),
        .batch([
            .modalDismiss(root: "r", link: "cart", reason: "replaced"), .cardUpdate(link: "pay", height: .points(500)),
        ]),
    ]

    @Test func everyTypeIsCovered() {
        #expect(Set(Self.everyEvent.map(\.type)) == Set(EventType.allCases))
    }

    @Test(arguments: everyEvent)
    func everyEventRoundTrips(event: ModalEvent) throws {
        let entry = LoggedEvent(seq: 7, time: 1.5, event: event)
        let line = encode(entry)
        #expect(try decode(line) == entry)
        // Writing is deterministic: the decoded event writes the same bytes.
        #expect(encode(try decode(line)) == line)
    }

    @Test(arguments: everyEvent)
    func everyEventWithItsDefaultsRoundTrips(event: ModalEvent) throws {
        let minimal = LoggedEvent(seq: 1, event: event.withDefaults)
        #expect(try decode(encode(minimal)) == minimal)
    }

    @Test func defaultsAreLeftOutAndKeysComeInTheSpecOrder() {
        let line = encode(
            LoggedEvent(seq: 3, time: 0.5, event: .modalPresent(ModalPresentation(link: "a", content: "A"))))
        #expect(line == #"{"seq":3,"time":0.5,"type":"modal.present","link":"a","content":"A"}"#)
        #expect(
            encode(LoggedEvent(seq: 1, event: .rootRegister(RootRegistration())))
                == #"{"seq":1,"type":"root.register"}"#)
    }

    @Test func leftOutFieldsTakeTheSpecDefaults() throws {
        let entry = try decode(#"{"seq":1,"type":"root.register"}"#)
        #expect(entry == LoggedEvent(seq: 1, event: .rootRegister(RootRegistration())))
        let present = try decode(#"{"seq":2,"type":"modal.present","link":"a","content":"A","dimming":{}}"#)
        #expect(present.event == .modalPresent(ModalPresentation(link: "a", content: "A")))
        let partial = try decode(
            #"{"seq":1,"type":"root.register","dimming":{"hidden":true},"keyboard":{"additional":5}}"#)
        #expect(
            partial.event
                == .rootRegister(
                    RootRegistration(
                        dimming: DimmingConfiguration(hidden: true), keyboard: KeyboardConfiguration(additional: 5))))
        #expect(
            try decode(#"{"seq":1,"type":"drag.end","link":"s"}"#).event
                == .dragEnd(link: "s", position: nil, velocity: 0))
    }

    @Test func nullCountsAsLeftOutAndUnknownFieldsAreIgnored() throws {
        let entry = try decode(
            #"{"seq":1,"time":null,"type":"modal.present","root":null,"link":"a","content":"A","parent":null,"payload":null,"extra":{"x":[1]}}"#
        )
        #expect(entry == LoggedEvent(seq: 1, event: .modalPresent(ModalPresentation(link: "a", content: "A"))))
    }

    @Test func aNumberTooLargeForADoubleReadsAsInfinityAndWritesBack() throws {
        let line = #"{"seq":1,"type":"keyboard.change","height":1e999,"responderBottom":-1e999}"#
        let entry = try decode(line)
        #expect(entry.event == .keyboardChange(height: .infinity, responderBottom: -.infinity))
        #expect(encode(entry) == line)
    }

    @Test func fieldsAnEventDoesNotTakeAreIgnoredWhateverTheirType() throws {
        let entry = try decode(#"{"seq":1,"type":"keyboard.change","height":1,"root":5,"link":[]}"#)
        #expect(entry.event == .keyboardChange(height: 1))
        #expect(try decode(#"{"seq":1,"type":"dimming.tap","link":{"x":1}}"#).event == .dimmingTap())
    }

    @Test func aNullPayloadIsNoPayloadFromTheStart() throws {
        let presentation = ModalPresentation(link: "a", content: "A", payload: .null)
        #expect(presentation.payload == nil)
        let entry = LoggedEvent(seq: 1, event: .modalPresent(presentation))
        #expect(try decode(encode(entry)) == entry)
    }

    @Test func wordsOutsideTheirListStillDecode() throws {
        // Well-formed: the projection rejects it with invalidValue.
        let entry = try decode(
            #"{"seq":1,"type":"modal.present","link":"a","content":"A","style":"popover","initialSnap":0.5}"#)
        guard case .modalPresent(let presentation) = entry.event else { Issue.record("not a present"); return }
        #expect(presentation.style == ModalStyle(rawValue: "popover") && !presentation.style.isKnown)
        #expect(presentation.initialSnap == 0)
        #expect(entry.loggedNumbers == [LoggedNumber(step: 0, field: .initialSnap, value: 0.5)])
        #expect(encode(entry).contains(#""style":"popover""#))
    }

    /// A number an integer field's `Int` does not hold stays beside the
    /// event as the log gives it, and is written back in its field's place.
    static let linesWithLoggedNumbers = [
        #"{"seq":1,"type":"root.register","level":1.5,"maxVisibleCards":1e+300}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"A","initialSnap":-0.25}"#,
        #"{"seq":1,"type":"snap.to","link":"a","index":1e+19}"#,
        #"{"seq":1,"type":"batch","events":[{"type":"snap.to","link":"a","index":1},{"type":"snap.to","link":"a","index":2.5}]}"#,
        // Written back as the log writes them, not as a Double would: beyond 64 bits, or a fraction a Double rounds to a whole number.
        #"{"seq":1,"type":"snap.to","link":"a","index":9223372036854775808}"#,
        #"{"seq":1,"type":"modal.present","link":"a","content":"A","initialSnap":4503599627370496.5}"#,
    ]

    @Test(arguments: linesWithLoggedNumbers)
    func aNumberAnIntegerFieldDoesNotHoldRoundTrips(line: String) throws {
        let entry = try decode(line)
        #expect(!entry.loggedNumbers.isEmpty)
        #expect(encode(entry) == line)
        #expect(try decode(encode(entry)) == entry)
    }

    @Test func loggedNumbersNameTheirFieldAndStep() throws {
        let batch = try decode(Self.linesWithLoggedNumbers[3])
        #expect(batch.loggedNumbers == [LoggedNumber(step: 1, field: .index, value: 2.5)])
        guard case .batch(let events) = batch.event else { Issue.record("not a batch"); return }
        #expect(events[1] == .snapTo(link: "a", index: 0))
        let registration = try decode(Self.linesWithLoggedNumbers[0])
        #expect(registration.loggedNumbers.value(of: .level) == 1.5)
        #expect(registration.loggedNumbers.value(of: .maxVisibleCards) == 1e300)
        #expect(registration.event == .rootRegister(RootRegistration(level: 0, maxVisibleCards: 0)))
        // Whole numbers an Int holds are Ints, every digit of them: -0, 2^53 + 1, 2^63 - 1 among them.
        let whole = try decode(#"{"seq":1,"type":"root.register","level":-0,"maxVisibleCards":9007199254740993}"#)
        #expect(whole.loggedNumbers.isEmpty)
        #expect(whole.event == .rootRegister(RootRegistration(level: 0, maxVisibleCards: 9_007_199_254_740_993)))
        let edges = try decode(
            #"{"seq":1,"type":"root.register","level":-9223372036854775808,"maxVisibleCards":9223372036854775807}"#)
        #expect(edges.loggedNumbers.isEmpty)
        #expect(edges.event == .rootRegister(RootRegistration(level: .min, maxVisibleCards: .max)))
    }

    static let malformedLines: [(String, EventLogError.Kind, String)] = [
        (#"[1]"#, .notAnObject, "expected a JSON object, found an array"),
        (#"{"type":"dimming.tap"}"#, .missingField, #"missing field "seq""#),
        (#"{"seq":"1","type":"dimming.tap"}"#, .wrongType, #"field "seq" must be a number, found a string"#),
        (#"{"seq":1.5,"type":"dimming.tap"}"#, .wrongType, #"field "seq" must be a whole number, found 1.5"#),
        (#"{"seq":1}"#, .missingField, #"missing field "type""#),
        (#"{"seq":1,"type":"modal.presnt"}"#, .unknownType, #"unknown event type "modal.presnt""#),
        (#"{"seq":1,"type":"modal.present","content":"A"}"#, .missingField, #"missing field "link""#),
        (#"{"seq":1,"type":"modal.present","link":"a"}"#, .missingField, #"missing field "content""#),
        (
            #"{"seq":1,"type":"modal.present","link":5,"content":"A"}"#, .wrongType,
            #"field "link" must be a string, found a number"#
        ),
        (
            #"{"seq":1,"type":"modal.present","link":"a","content":"A","canDismiss":"no"}"#, .wrongType,
            #""canDismiss" must be a boolean"#
        ),
        (
            #"{"seq":1,"type":"modal.present","link":"a","content":"A","snapPoints":[1,"x"]}"#, .wrongType,
            #""snapPoints[1]" must be a number"#
        ),
        (
            #"{"seq":1,"type":"modal.present","link":"a","content":"A","snapPoints":1}"#, .wrongType,
            #""snapPoints" must be an array"#
        ),
        (#"{"seq":1,"type":"root.resize"}"#, .missingField, #"missing field "size""#),
        (#"{"seq":1,"type":"root.resize","size":{"width":1}}"#, .missingField, #"missing field "size.height""#),
        (
            #"{"seq":1,"type":"root.register","dimming":{"hidden":1}}"#, .wrongType,
            #""dimming.hidden" must be a boolean"#
        ),
        (#"{"seq":1,"type":"root.register","keyboard":[]}"#, .wrongType, #""keyboard" must be an object"#),
        (#"{"seq":1,"type":"keyboard.change"}"#, .missingField, #"missing field "height""#),
        (
            #"{"seq":1e999,"type":"dimming.tap"}"#, .wrongType,
            #"field "seq" is 1e999, which a log cannot hold exactly: it holds whole numbers from -9223372036854775808 to 9223372036854775807"#
        ),
        (#"{"seq":1,"type":"snap.to","link":"a"}"#, .missingField, #"missing field "index""#),
        (#"{"seq":1,"type":"drag.change","link":"a"}"#, .missingField, #"missing field "position""#),
        (#"{"seq":1,"time":"now","type":"dimming.tap"}"#, .wrongType, #""time" must be a number"#),
    ]

    @Test(arguments: malformedLines)
    func malformedLinesNameWhatIsWrong(line: String, kind: EventLogError.Kind, message: String) {
        #expect {
            try decode(line)
        } throws: { error in
            let error = error as! EventLogError
            return error.kind == kind && error.message.contains(message)
        }
    }
}

extension ModalEvent {
    /// The same event with every field that has a default set to it.
    var withDefaults: ModalEvent {
        switch self {
        case .rootRegister(let registration): .rootRegister(RootRegistration(root: registration.root))
        case .modalPresent(let presentation):
            .modalPresent(ModalPresentation(link: presentation.link, content: presentation.content))
        case .rootResize(_, let size): .rootResize(size: size)
        case .rootRemove: .rootRemove()
        case .modalPresented(_, let link): .modalPresented(link: link)
        case .modalDismiss(_, let link, _): .modalDismiss(link: link)
        case .modalDismissed(_, let link): .modalDismissed(link: link)
        case .cardPush(_, let link, let content, _, _, _): .cardPush(link: link, content: content)
        case .cardPop(_, let link): .cardPop(link: link)
        case .cardReplace(_, let link, let content, _, _, _, _): .cardReplace(link: link, content: content)
        case .cardUpdate(_, let link, let height, let canDismiss):
            .cardUpdate(link: link, height: height, canDismiss: canDismiss)
        case .sessionStart: .sessionStart()
        case .batch(let events): .batch(events.map(\.withDefaults))
        case .dimmingTap: .dimmingTap()
        case .keyboardChange(let height, _): .keyboardChange(height: height)
        case .snapTo(_, let link, let index): .snapTo(link: link, index: index)
        case .dragChange(_, let link, let position): .dragChange(link: link, position: position)
        case .dragEnd(_, let link, _, _): .dragEnd(link: link)
        }
    }
}

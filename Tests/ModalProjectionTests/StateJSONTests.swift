import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@Suite struct StateJSONTests {
    static let sample = replay([
        register(), present("compose", payload: ["draft": 1]), .modalPresented(link: "compose"),
        present("compose"),  // rejected: duplicateLink
    ])

    @Test func rendersTheSpecShapeWithKeysInTheSpecOrder() {
        #expect(
            Self.sample.json.serialized()
                == #"{"seq":4,"keyboard":{"height":0,"responderBottom":null},"roots":[{"root":"default","presentation":"window","level":0,"policy":"stack","size":{"width":390,"height":844},"maxVisibleCards":2,"dimming":{"tap":"dismissTopmost","hidden":false,"visible":true},"keyboard":{"strategy":"offsetByObscuredHeight","additional":0},"keyboardOffset":0,"modals":[{"link":"compose","phase":"presented","dismissReason":null,"style":"sheet","parent":null,"canDismiss":true,"payload":{"draft":1},"cards":[{"content":"ComposeView","sticky":null,"height":null,"canDismiss":true}],"visibleCards":1,"snap":{"points":[1],"index":0,"position":0,"dragging":false}}]}],"rejected":[{"seq":4,"code":"duplicateLink","message":"link \"compose\" is already live in root \"default\" (presented)"}],"session":0}"#
        )
    }

    @Test func theEmptyStateHasNoRoots() {
        #expect(
            ModalState().json.serialized()
                == #"{"seq":0,"keyboard":{"height":0,"responderBottom":null},"roots":[],"rejected":[],"session":0}"#)
    }

    @Test(arguments: Fixtures.wellFormedLogs)
    func everyIntermediateStateReadsBackEqual(log: String) throws {
        let reader = try EventLogReader(path: Fixtures.path(log))
        var state = ModalState()
        try expectReadsBack(state)
        while let entry = try reader.next() {
            state.replay(entry)
            try expectReadsBack(state)
        }
    }

    func expectReadsBack(_ state: ModalState, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = state.jsonText(style: .compact)
        let read = try ModalState(json: JSONReader.read(Array(text.utf8)))
        expectEqualStates(read, state, sourceLocation: sourceLocation)
    }

    @Test func derivedKeysAreRecomputedOnReading() throws {
        var json = Self.sample.jsonText(style: .compact)
        json = json.replacingOccurrences(of: #""visible":true"#, with: #""visible":false"#)
            .replacingOccurrences(of: #""visibleCards":1"#, with: #""visibleCards":9"#)
        let read = try ModalState(json: JSONReader.read(Array(json.utf8)))
        #expect(read == Self.sample)
        #expect(read.roots[0].isDimmingVisible)
    }

    /// Snapshots that read as JSON but that no reducer could produce.
    static let impossibleStates: [(String, String, String)] = [
        (
            #""cards":[{"content":"ComposeView","sticky":null,"height":null,"canDismiss":true}]"#, #""cards":[]"#,
            "at least one card"
        ),
        (#""height":null"#, #""height":-4"#, "height must be a finite number > 0"),
        (#""phase":"presented""#, #""phase":"queued""#, "only a modal of a queue root waits"),
        (#""session":0"#, #""session":-1"#, "session: must be 0 or more"),
        (#""parent":null"#, #""parent":"ghost""#, #"parent "ghost""#),
        (#""index":0,"#, #""index":3,"#, "index 3 is outside the points"),
        (#""maxVisibleCards":2"#, #""maxVisibleCards":0"#, "maxVisibleCards must be 1 or more"),
        (#""dismissReason":null"#, #""dismissReason":"drag""#, "dismissReason goes with the dismissing phase"),
        (#""style":"sheet""#, #""style":"popover""#, #"style "popover""#),
        (#"{"seq":4,"keyboard""#, #"{"seq":3,"keyboard""#, "rejected[0]"),
    ]

    @Test(arguments: impossibleStates)
    func aSnapshotThatBreaksAnInvariantIsRefused(original: String, replacement: String, message: String) throws {
        let text = Self.sample.jsonText(style: .compact)
        #expect(text.contains(original))
        let tampered = text.replacingOccurrences(of: original, with: replacement)
        #expect {
            try ModalState(json: JSONReader.read(Array(tampered.utf8)))
        } throws: { error in
            let error = error as! EventLogError
            return error.kind == .invalidState && error.message.contains(message)
        }
    }

    @Test func twoRootsWithOneIdOrOutOfOrderAreRefused() throws {
        let twoRoots = replay([register("a", level: 1), register("b", level: 2)]).jsonText(style: .compact)
        for tampered in [
            twoRoots.replacingOccurrences(of: #""root":"b""#, with: #""root":"a""#),
            twoRoots.replacingOccurrences(of: #""level":2"#, with: #""level":0"#),
        ] {
            #expect(throws: EventLogError.self) { try ModalState(json: JSONReader.read(Array(tampered.utf8))) }
        }
    }

    @Test func aMissingOrMistypedFieldNamesItsPath() {
        let missing = Self.sample.jsonText(style: .compact).replacingOccurrences(of: #""index":0,"#, with: "")
        #expect {
            try ModalState(json: JSONReader.read(Array(missing.utf8)))
        } throws: { error in
            "\(error)" == #"missing field "roots[0].modals[0].snap.index""#
        }
        let mistyped = Self.sample.jsonText(style: .compact).replacingOccurrences(
            of: #""phase":"presented""#, with: #""phase":"open""#)
        #expect {
            try ModalState(json: JSONReader.read(Array(mistyped.utf8)))
        } throws: { error in
            "\(error)".contains(#""roots[0].modals[0].phase" must be one of queued, presenting, presented, dismissing"#)
        }
    }
}

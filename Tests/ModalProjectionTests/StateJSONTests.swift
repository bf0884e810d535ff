import Foundation
import ModalEvents
import ModalProjection
import Testing

@Suite struct StateJSONTests {
    static let sample = replay([
        register(), present("compose", payload: ["draft": 1]), .modalPresented(link: "compose"),
        present("compose"),  // rejected: duplicateLink
    ])

    @Test func rendersTheSpecShapeWithKeysInTheSpecOrder() {
        #expect(
            Self.sample.json.serialized()
                == #"{"seq":4,"keyboard":{"height":0,"responderBottom":null},"roots":[{"root":"default","presentation":"window","level":0,"policy":"stack","size":{"width":390,"height":844},"maxVisibleCards":2,"dimming":{"tap":"dismissTopmost","hidden":false,"visible":true},"keyboard":{"strategy":"offsetByObscuredHeight","additional":0},"keyboardOffset":0,"modals":[{"link":"compose","phase":"presented","dismissReason":null,"style":"sheet","parent":null,"canDismiss":true,"payload":{"draft":1},"cards":[{"content":"ComposeView","sticky":null}],"visibleCards":1,"snap":{"points":[1],"index":0,"position":0,"dragging":false}}]}],"rejected":[{"seq":4,"code":"duplicateLink","message":"link \"compose\" is already live in root \"default\" (presented)"}]}"#
        )
    }

    @Test func theEmptyStateHasNoRoots() {
        #expect(
            ModalState().json.serialized()
                == #"{"seq":0,"keyboard":{"height":0,"responderBottom":null},"roots":[],"rejected":[]}"#)
    }

    @Test(arguments: GoldenTests.logs)
    func everyIntermediateStateReadsBackEqual(log: String) throws {
        let reader = try EventLogReader(path: GoldenTests.packageRoot.appendingPathComponent(log).path)
        var state = ModalState()
        try expectReadsBack(state)
        while let entry = try reader.next() {
            ModalState.reduce(into: &state, event: entry)
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
            "\(error)".contains(#""roots[0].modals[0].phase" must be presenting, presented or dismissing"#)
        }
    }
}

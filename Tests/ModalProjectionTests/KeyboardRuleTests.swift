import ModalEvents
import ModalProjection
import Testing

/// Rule 9: the keyboard and each root's offset.
@Suite("Rule 9: keyboard") struct KeyboardRuleTests {
    static func root(_ strategy: KeyboardStrategy, additional: Double = 0) -> ModalEvent {
        .rootRegister(RootRegistration(keyboard: KeyboardConfiguration(strategy: strategy, additional: additional)))
    }

    @Test func keyboardChangeSetsTheHeightForAllRoots() {
        expectReduce(replay([register()]), .keyboardChange(height: 300, responderBottom: 700)) { state in
            state.keyboard = KeyboardState(height: 300, responderBottom: 700)
        }
    }

    @Test func aNegativeHeightIsInvalidValue() {
        expectRejected(replay([register()]), .keyboardChange(height: -1), .invalidValue)
    }

    struct OffsetCase: Sendable, CustomTestStringConvertible {
        var strategy: KeyboardStrategy
        var additional: Double
        var keyboard: Double
        var responderBottom: Double?
        var expected: Double
        var testDescription: String {
            "\(strategy) +\(additional), H \(keyboard), responder \(responderBottom.map { "\($0)" } ?? "root bottom") -> \(expected)"
        }
    }

    static let offsetCases: [OffsetCase] = [
        // H = 0: no offset, whatever the strategy.
        OffsetCase(strategy: .offsetByKeyboardHeight, additional: 10, keyboard: 0, responderBottom: nil, expected: 0),
        OffsetCase(strategy: .offsetByObscuredHeight, additional: 10, keyboard: 0, responderBottom: 900, expected: 0),
        // none: always 0.
        OffsetCase(strategy: .none, additional: 10, keyboard: 300, responderBottom: nil, expected: 0),
        // offsetByKeyboardHeight: H + additional.
        OffsetCase(
            strategy: .offsetByKeyboardHeight, additional: 10, keyboard: 300, responderBottom: nil, expected: 310),
        // offsetByObscuredHeight: max(0, responderBottom + additional - (height - H)).
        OffsetCase(
            strategy: .offsetByObscuredHeight, additional: 20, keyboard: 300, responderBottom: 600, expected: 76),
        OffsetCase(strategy: .offsetByObscuredHeight, additional: 0, keyboard: 300, responderBottom: 400, expected: 0),
        // Responder left out: the root's bottom edge, so the offset is H + additional.
        OffsetCase(
            strategy: .offsetByObscuredHeight, additional: 20, keyboard: 300, responderBottom: nil, expected: 320),
    ]

    @Test(arguments: offsetCases)
    func theOffsetFollowsTheFormula(_ offsetCase: OffsetCase) {
        let state = replay([
            Self.root(offsetCase.strategy, additional: offsetCase.additional),
            .keyboardChange(height: offsetCase.keyboard, responderBottom: offsetCase.responderBottom),
        ])
        #expect(state.keyboardOffset(of: "default") == offsetCase.expected)
    }

    @Test func aNegativeAdditionalIsAllowedButTheOffsetNeverGoesBelowZero() {
        let obscured = replay([
            Self.root(.offsetByObscuredHeight, additional: -10), .keyboardChange(height: 300, responderBottom: 600),
        ])
        #expect(obscured.rejected.isEmpty)
        #expect(obscured.keyboardOffset(of: "default") == 46)  // 600 - 10 - (844 - 300)
        let byHeight = replay([Self.root(.offsetByKeyboardHeight, additional: -50), .keyboardChange(height: 300)])
        #expect(byHeight.keyboardOffset(of: "default") == 250)
        let below = replay([Self.root(.offsetByKeyboardHeight, additional: -500), .keyboardChange(height: 300)])
        #expect(below.keyboardOffset(of: "default") == 0)
    }

    @Test func infiniteValuesAreInvalidValue() {
        expectRejected(replay([register()]), .keyboardChange(height: .infinity), .invalidValue)
        expectRejected(replay([register()]), .keyboardChange(height: 300, responderBottom: -.infinity), .invalidValue)
    }

    @Test func anOffsetTooLargeForADoubleStillRenders() throws {
        // Finite inputs whose offset overflows: the state's JSON spells it 1e999 and reads back.
        let state = replay([
            Self.root(.offsetByKeyboardHeight, additional: 1e308), .keyboardChange(height: 1e308),
        ])
        #expect(state.keyboardOffset(of: "default") == .infinity)
        #expect(state.jsonText(style: .compact).contains(#""keyboardOffset":1e999"#))
        #expect(try ModalState(json: JSONReader.read(Array(state.jsonText().utf8))) == state)
    }

    @Test func theOffsetFollowsALaterResize() {
        var state = replay([Self.root(.offsetByObscuredHeight), .keyboardChange(height: 300, responderBottom: 600)])
        #expect(state.keyboardOffset(of: "default") == 56)  // 600 - (844 - 300)
        state = replay([.rootResize(size: Size(width: 844, height: 390))], from: state)
        #expect(state.keyboardOffset(of: "default") == 510)  // 600 - (390 - 300)
    }
}

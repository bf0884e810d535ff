import ModalEvents
import ModalTesting
import Testing

@testable import ModalProjection

/// A diff compares typed fields (`DiffField`), and no JSON is built but
/// for a field that changed. The oracle is the comparison it replaced:
/// walking the two subjects' JSON shapes, leaf by leaf. On every pair of
/// roots, modals and keyboards of random logs' states, and on the values
/// where a typed comparison and JSON could part (a negative zero, a
/// payload of `null`, a card's height), both give the same changes.
@Suite struct DiffFieldOracleTests {
    @Test func typedFieldsGiveWhatTheJSONWalkGives() {
        var random = PropertyRandom(seed: 0x0AC1_E2026)
        let generator = EventGenerator(flow: .anything)
        var changed = 0
        for _ in 0..<200 {
            let events = generator.sequence(length: random.int(in: 0...60), random: &random)
            let states = StateDiffPropertyTests.states(of: events)
            let roots = states.flatMap(\.roots)
            let modals = roots.flatMap(\.modals)
            for _ in 0..<20 {
                if let old = random.element(of: roots), let new = random.element(of: roots) {
                    changed += expectSame(RootState.diffFields, old, new, oldJSON: old.ownJSON, newJSON: new.ownJSON)
                }
                if let old = random.element(of: modals), let new = random.element(of: modals) {
                    changed += expectSame(Modal.diffFields, old, new, oldJSON: old.json, newJSON: new.json)
                }
                let (old, new) = (random.element(of: states)!.keyboard, random.element(of: states)!.keyboard)
                changed += expectSame(KeyboardState.diffFields, old, new, oldJSON: old.json, newJSON: new.json)
            }
        }
        #expect(changed > 10_000)
    }

    @Test func valuesWhereTypesAndJSONCouldPart() {
        let card = Card(content: "Cart", height: 0)
        var modal = Modal(link: "cart", payload: nil, cards: [card], snap: SnapState(points: [0.5, 1], index: 0))
        var other = modal
        other.payload = .null
        other.cards = [Card(content: "Cart", height: -0.0)]
        other.snap.position = -0.0
        modal.snap.position = 0
        #expect(expectSame(Modal.diffFields, modal, other, oldJSON: modal.json, newJSON: other.json) == 0)
        other.cards[0].sticky = "Pay"
        other.payload = ["items": [1, 2]]
        other.dismissReason = .programmatic
        #expect(expectSame(Modal.diffFields, modal, other, oldJSON: modal.json, newJSON: other.json) == 3)
        let keyboard = KeyboardState(height: 0, responderBottom: nil)
        let raised = KeyboardState(height: 300.5, responderBottom: -0.0)
        #expect(
            expectSame(KeyboardState.diffFields, keyboard, raised, oldJSON: keyboard.json, newJSON: raised.json) == 2)
    }

    /// A change written straight to bytes is its JSON serialized.
    @Test func aChangeWrittenIsItsJSON() {
        var random = PropertyRandom(seed: 0x3C41)
        let generator = EventGenerator(flow: .anything)
        var written = 0
        for _ in 0..<100 {
            let states = StateDiffPropertyTests.states(of: generator.sequence(length: 40, random: &random))
            let diff = StateDiff(from: random.element(of: states)!, to: random.element(of: states)!)
            for change in diff.changes {
                var writer = JSONWriter()
                change.write(to: &writer)
                #expect(writer.string == change.json.serialized())
                written += 1
            }
        }
        #expect(written > 500)
    }

    /// Expects the typed changes of `fields` from `old` to `new` to be the
    /// JSON walk's; returns how many there were.
    @discardableResult
    func expectSame<Subject>(
        _ fields: [DiffField<Subject>], _ old: Subject, _ new: Subject, oldJSON: JSONValue, newJSON: JSONValue
    ) -> Int {
        var typed: [StateChange] = []
        StateDiff.appendChanges(of: fields, from: old, to: new, subject: .keyboard, into: &typed)
        var walked: [StateChange] = []
        Self.appendFieldChanges(from: oldJSON, to: newJSON, subject: .keyboard, path: "", into: &walked)
        #expect(typed == walked, "\(oldJSON.serialized()) -> \(newJSON.serialized())")
        #expect(fields.map(\.name) == Self.leaves(of: oldJSON), "the fields are the JSON's leaves, in its order")
        return typed.count
    }

    /// The JSON shape's leaves, in order: objects are walked into, but for a payload.
    static func leaves(of json: JSONValue, path: String = "") -> [String] {
        guard path != "payload", case .object(let members) = json else { return [path] }
        return members.flatMap { leaves(of: $0.value, path: path.isEmpty ? $0.key : "\(path).\($0.key)") }
    }

    /// The oracle: one change per leaf that differs. Objects of the state's
    /// shape are walked into (`snap.index`); arrays and a modal's payload are leaves.
    static func appendFieldChanges(
        from old: JSONValue, to new: JSONValue, subject: StateChange.Subject, path: String,
        into changes: inout [StateChange]
    ) {
        guard old != new else { return }
        guard path != "payload", case .object(let oldMembers) = old, case .object(let newMembers) = new else {
            changes.append(StateChange(subject: subject, kind: .changed, field: path, old: old, new: new))
            return
        }
        func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        for member in newMembers {
            appendFieldChanges(
                from: old[member.key] ?? .null, to: member.value, subject: subject, path: field(member.key),
                into: &changes)
        }
        for member in oldMembers where new[member.key] == nil {
            changes.append(
                StateChange(subject: subject, kind: .changed, field: field(member.key), old: member.value, new: .null))
        }
    }
}

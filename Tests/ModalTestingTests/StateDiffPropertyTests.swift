import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// `StateDiff` on random pairs of states of random logs: the changes it
/// lists, applied to the first state, give the second (nothing missed,
/// nothing made up), and the diff the other way gives the first back; it
/// is empty exactly when the states show the same.
@Suite struct StateDiffPropertyTests {
    @Test func applyingTheChangesToTheFirstStateGivesTheSecond() throws {
        var random = PropertyRandom(seed: 0xD1FF_2026)
        let generator = EventGenerator(flow: .anything)
        var nonEmpty = 0
        for _ in 0..<400 {
            let events = generator.sequence(length: random.int(in: 0...80), random: &random)
            let states = Self.states(of: events)
            for _ in 0..<6 {
                let old = random.element(of: states)!
                let new = random.element(of: states)!
                let diff = StateDiff(from: old, to: new)
                #expect(diff.fromSeq == old.seq && diff.toSeq == new.seq)
                var patched = Shape(old)
                for change in diff.changes { try patched.apply(change) }
                #expect(patched == Shape(new), "diff \(old.seq) -> \(new.seq): \(diff.changes)")
                var sameButSeq = new
                sameButSeq.seq = old.seq
                #expect(diff.isEmpty == (sameButSeq == old))
                if !diff.isEmpty { nonEmpty += 1 }
                // Not the same changes turned round: a modal that went on in its life one way
                // (presenting -> presented) is another presentation the other way.
                var unpatched = Shape(new)
                for change in StateDiff(from: new, to: old).changes { try unpatched.apply(change) }
                #expect(unpatched == Shape(old), "diff \(new.seq) -> \(old.seq)")
            }
        }
        #expect(nonEmpty > 1000)
    }

    @Test func consecutiveStatesDifferOnlyWhereTheEventActed() {
        var random = PropertyRandom(seed: 0x57E9)
        let generator = EventGenerator(flow: .anything)
        for _ in 0..<300 {
            let events = generator.sequence(length: random.int(in: 1...60), random: &random)
            var state = ModalState()
            for entry in events {
                let before = state
                let rejection = state.replay(entry)
                let changes = StateDiff(from: before, to: state).changes
                if let rejection {
                    #expect(
                        changes == [
                            StateChange(
                                subject: .rejection(seq: entry.seq), kind: .added, old: nil,
                                new: [
                                    "seq": .number(JSONNumber(entry.seq)), "code": .string(rejection.code.rawValue),
                                    "message": .string(rejection.message),
                                ])
                        ])
                    continue
                }
                // A root event changes that root alone; the keyboard changes only the keyboard and offsets.
                if let root = entry.event.root, entry.event.type != .rootRegister {
                    #expect(changes.allSatisfy { $0.root == root }, "\(entry): \(changes)")
                } else if entry.event.type == .keyboardChange {
                    #expect(changes.allSatisfy { $0.subject == .keyboard || $0.field == "keyboardOffset" })
                }
            }
        }
    }

    static func states(of events: [LoggedEvent]) -> [ModalState] {
        var state = ModalState()
        var states = [state]
        for entry in events {
            state.replay(entry)
            states.append(state)
        }
        return states
    }
}

/// A state as the diff sees it, in JSON: the keyboard, each root's own
/// fields, its modals by link and their order, the rejections by seq. The
/// order of the roots is left out: it follows from their levels.
struct Shape: Equatable {
    struct Root: Equatable {
        var fields: JSONValue
        var modals: [String: JSONValue]
        var order: [String]
    }

    var session: JSONValue
    var keyboard: JSONValue
    var roots: [String: Root]
    var rejected: [Int: JSONValue]

    init(_ state: ModalState) {
        let json = state.json
        session = json["session"]!
        keyboard = json["keyboard"]!
        roots = [:]
        for root in json["roots"]!.elements {
            guard case .object(let members) = root else { continue }
            let modals = root["modals"]!.elements
            roots[root["root"]!.stringValue!] = Root(
                fields: .object(members.filter { $0.key != "modals" }),
                modals: Dictionary(uniqueKeysWithValues: modals.map { ($0["link"]!.stringValue!, $0) }),
                order: modals.map { $0["link"]!.stringValue! })
        }
        rejected = Dictionary(
            uniqueKeysWithValues: json["rejected"]!.elements.map { (Int($0["seq"]!.doubleValue!), $0) })
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies `change`, first checking that its old value is what this shape holds.
    mutating func apply(_ change: StateChange) throws {
        func check(_ held: JSONValue?) throws {
            guard held == change.old else {
                throw Mismatch(description: "\(change): holds \(String(describing: held))")
            }
        }
        switch change.subject {
        case .session:
            try check(session)
            session = change.new!
        case .keyboard:
            try check(keyboard.at(change.field))
            keyboard.set(change.field, to: change.new!)
        case .root(let id):
            switch change.kind {
            case .added:
                try check(roots[id]?.fields)
                roots[id] = Root(fields: change.new!, modals: [:], order: [])
            case .removed:
                try check(roots[id]?.fields)
                guard roots[id]?.modals.isEmpty == true else { throw Mismatch(description: "\(change): modals left") }
                roots[id] = nil
            case .changed where change.field == "modals":
                try check(.array(roots[id]!.order.map(JSONValue.string)))
                roots[id]!.order = change.new!.elements.compactMap(\.stringValue)
            case .changed:
                try check(roots[id]?.fields.at(change.field))
                roots[id]!.fields.set(change.field, to: change.new!)
            }
        case .modal(let root, let link):
            switch change.kind {
            case .added:
                try check(roots[root]?.modals[link])
                roots[root]!.modals[link] = change.new!
                if !roots[root]!.order.contains(link) { roots[root]!.order.append(link) }
            case .removed:
                try check(roots[root]?.modals[link])
                roots[root]!.modals[link] = nil
                roots[root]!.order.removeAll { $0 == link }
            case .changed:
                try check(roots[root]?.modals[link]?.at(change.field))
                roots[root]!.modals[link]!.set(change.field, to: change.new!)
            }
        case .rejection(let seq):
            try check(rejected[seq])
            rejected[seq] = change.new
        }
    }

}

extension JSONValue {
    var elements: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }

    /// The value at a dotted path (`snap.index`).
    func at(_ path: String) -> JSONValue? {
        path.split(separator: ".").reduce(self as JSONValue?) { value, key in value?[String(key)] }
    }

    /// Sets the value at a dotted path, which must exist.
    mutating func set(_ path: String, to value: JSONValue) {
        let keys = path.split(separator: ".").map(String.init)
        guard let key = keys.first, case .object(var members) = self,
            let index = members.firstIndex(where: { $0.key == key })
        else { return }
        if keys.count == 1 {
            members[index].value = value
        } else {
            members[index].value.set(keys.dropFirst().joined(separator: "."), to: value)
        }
        self = .object(members)
    }
}

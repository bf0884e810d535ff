import ModalEvents
import ModalProjection

extension Condition.Context {
    /// The step `step` of a replay, `state` the state right after it.
    init(_ step: Step, after state: ModalState) {
        self.init(state: state, entry: step.entry, rejection: step.rejection, rejectionCount: step.rejectionCount)
    }
}

/// Where a condition becomes true as a replay goes: after a step where it
/// did not hold (or the first), at a step where it does.
struct BecomesTrue {
    private var held = false

    /// Whether the condition, which `holds` after this step, has just become true.
    mutating func step(holds: Bool) -> Bool {
        defer { held = holds }
        return holds && !held
    }
}

extension Condition {
    /// The tests the condition is made of, in the order written (`and`,
    /// `or` and `not` opened up).
    var tests: [Condition] {
        switch self {
        case .and(let operands), .or(let operands): operands.flatMap(\.tests)
        case .not(let condition): condition.tests
        default: [self]
        }
    }

    /// The tests that hold when the condition does, in the order written:
    /// those under a `not` are left out (the condition needs them not to hold).
    var testsThatMustHold: [Condition] {
        switch self {
        case .and(let operands), .or(let operands): operands.flatMap(\.testsThatMustHold)
        case .not: []
        default: [self]
        }
    }

    /// The roots the condition names, and the modals, in the order written.
    var names: (roots: [String], modals: [ModalReference]) {
        var roots: [String] = []
        var modals: [ModalReference] = []
        for test in tests {
            switch test {
            case .phase(let modal, _, _), .live(let modal), .dragging(let modal), .canDismiss(let modal),
                .content(let modal, _, _):
                modals.append(modal)
            case .dimming(let root):
                roots.append(root)
            case .compare(let quantity, _, _):
                switch quantity {
                case .depth(let root), .queued(let root), .presented(let root), .offset(let root): roots.append(root)
                case .height(let modal), .cards(let modal), .snap(let modal), .position(let modal): modals.append(modal)
                case .keyboard, .roots, .modals, .seq, .time, .rejections, .session: break
                }
            default:
                break
            }
        }
        return (roots, modals)
    }
}

/// The roots and modals a log named (in its events, or live in the state
/// a read started from), so that a condition on a name the log never had
/// is told apart from one that never held.
struct LogNames {
    private(set) var roots: Set<String> = []
    /// Modals as `ROOT/LINK`.
    private(set) var modals: Set<String> = []
    private(set) var links: Set<String> = []
    /// Whether a step was added: the state after the first holds what was live before it.
    private var hasStarted = false

    /// Adds what `step` names, and with the first step what `state` (the
    /// state after it) holds, which the read started from.
    mutating func add(_ step: Step, after state: ModalState) {
        if !hasStarted {
            hasStarted = true
            add(state)
        }
        add(step.entry.event)
    }

    mutating func add(_ event: ModalEvent) {
        for event in event.steps {
            guard let root = event.root else { continue }
            roots.insert(root)
            if let link = event.link {
                links.insert(link)
                modals.insert("\(root)/\(link)")
            }
        }
    }

    /// The roots registered in `state` and the modals live in it.
    mutating func add(_ state: ModalState) {
        for root in state.roots {
            roots.insert(root.id)
            for modal in root.modals {
                links.insert(modal.link)
                modals.insert("\(root.id)/\(modal.link)")
            }
        }
    }

    /// A sentence for each of `roots` and `modals` the log never named:
    /// `the log never had a root "sheetz" (did you mean 'sheets'?)`.
    func neverHad(roots names: [String], modals references: [Condition.ModalReference]) -> [String] {
        var sentences: [String] = []
        for root in Set(names).sorted() where !roots.contains(root) {
            sentences.append(
                "the log never had a root \(Condition.quoted(root))" + Suggestion.aside(root, in: roots.sorted()))
        }
        for reference in references where !has(reference) {
            let candidates = reference.root == nil ? links.sorted() : modals.sorted()
            let written = reference.root.map { "\($0)/\(reference.link)" } ?? reference.link
            let sentence = "the log never had a modal \(reference)" + Suggestion.aside(written, in: candidates)
            if !sentences.contains(sentence) { sentences.append(sentence) }
        }
        return sentences
    }

    private func has(_ reference: Condition.ModalReference) -> Bool {
        guard let root = reference.root else { return links.contains(reference.link) }
        return modals.contains("\(root)/\(reference.link)")
    }
}

/// How near the comparisons of a condition came to holding over the steps
/// of a read: for one that never held, the value nearest to what it asks
/// (`depth(sheets) > 3`: at most 2, at seq 7).
struct NearestValues {
    private struct Record {
        var quantity: Condition.Quantity
        var comparison: Condition.Comparison
        var constant: Double
        /// The nearest value so far, and the first seq it was seen at.
        var nearest: (value: Double, seq: Int)?
    }

    private var records: [Record]

    init(_ condition: Condition) {
        records = condition.testsThatMustHold.compactMap { test in
            guard case .compare(let quantity, let comparison, let constant?) = test, comparison != .notEqual else {
                return nil
            }
            return Record(quantity: quantity, comparison: comparison, constant: constant)
        }
    }

    var isEmpty: Bool { records.isEmpty }

    mutating func observe(_ context: Condition.Context) {
        for index in records.indices {
            let record = records[index]
            guard let value = record.quantity.value(at: context) else { continue }
            let nearer: Bool =
                switch (record.nearest, record.comparison) {
                case (nil, _): true
                case (let best?, .greater), (let best?, .greaterOrEqual): value > best.value
                case (let best?, .less), (let best?, .lessOrEqual): value < best.value
                case (let best?, _): abs(value - record.constant) < abs(best.value - record.constant)
                }
            if nearer { records[index].nearest = (value, context.entry.seq) }
        }
    }

    /// A line for each comparison: `depth(sheets) > 3: at most 2 (first at seq 7)`.
    var lines: [String] {
        records.map { record in
            let test = "\(record.quantity) \(record.comparison.rawValue) \(JSONNumber.text(record.constant))"
            guard let (value, seq) = record.nearest else { return "\(test): never had a value" }
            let bound: String =
                switch record.comparison {
                case .greater, .greaterOrEqual: "at most"
                case .less, .lessOrEqual: "at least"
                case .equal, .notEqual: "nearest"
                }
            return "\(test): \(bound) \(JSONNumber.text(value)) (first at seq \(seq))"
        }
    }
}

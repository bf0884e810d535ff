import ModalEvents
import ModalProjection

extension Condition.Context {
    /// The step `step` of a replay, `state` the state right after it.
    init(_ step: Step, after state: ModalState) {
        self.init(
            state: state, entry: step.entry, rejection: step.rejection, rejectionCount: step.rejectionCount,
            previousTime: step.previousTime)
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

    /// The roots the condition names, the modals, and the names that are a
    /// modal's or else a root's (`height(NAME)`), in the order written.
    var names: (roots: [String], modals: [ModalReference], modalsOrRoots: [String]) {
        var roots: [String] = []
        var modals: [ModalReference] = []
        var modalsOrRoots: [String] = []
        func add(_ quantity: Condition.Quantity) {
            switch quantity {
            case .depth(let root), .queued(let root), .presented(let root), .offset(let root): roots.append(root)
            case .height(let modal) where modal.root == nil: modalsOrRoots.append(modal.link)
            case .height(let modal), .cards(let modal), .snap(let modal), .position(let modal): modals.append(modal)
            case .keyboard, .roots, .modals, .seq, .time, .dt, .rejections, .session: break
            }
        }
        for test in tests {
            switch test {
            case .phase(let modal, _, _), .live(let modal), .dragging(let modal), .canDismiss(let modal),
                .content(let modal, _, _), .style(let modal, _, _), .covered(let modal), .offscreen(let modal):
                modals.append(modal)
            case .dimming(let root):
                roots.append(root)
            case .compare(let quantity, _, let operand):
                add(quantity)
                if case .quantity(let other) = operand { add(other) }
            default:
                break
            }
        }
        return (roots, modals, modalsOrRoots)
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
    func neverHad(
        roots names: [String], modals references: [Condition.ModalReference], modalsOrRoots either: [String] = []
    ) -> [String] {
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
        for name in either where !links.contains(name) && !roots.contains(name) {
            let sentence =
                "the log never had a modal or root \(Condition.quoted(name))"
                + Suggestion.aside(name, in: (links.union(roots)).sorted())
            if !sentences.contains(sentence) { sentences.append(sentence) }
        }
        return sentences
    }

    private func has(_ reference: Condition.ModalReference) -> Bool {
        guard let root = reference.root else { return links.contains(reference.link) }
        return modals.contains("\(root)/\(reference.link)")
    }
}

/// How near the parts of a condition came to holding over the steps of a
/// read, for one that never held: each comparison that never held, the
/// value nearest to what it asks (`depth(sheets) > 3: at most 2 (first at
/// seq 7)`); each other test that never held, that it never did; and in a
/// condition of several parts, each part that held alone, and where it
/// first did, so the part that never held stands out.
struct NearestValues {
    private struct Record {
        var test: Condition
        /// The seq where the test first held.
        var firstHeld: Int?
        /// For a comparison, the nearest value so far (for two numbers, the
        /// left less the right, which the comparison holds against 0), and
        /// the first seq it was seen at.
        var nearest: (value: Double, seq: Int)?
        var sides: (left: Double, right: Double)?
    }

    private var records: [Record]
    /// Whether the condition is tests joined by `and` alone: only then does
    /// a part that held alone say anything (an `or` or a `not` inside
    /// would make "held, never with the rest" untrue).
    private let isPlainAnd: Bool

    init(_ condition: Condition) {
        records = condition.testsThatMustHold.map { Record(test: $0) }
        if case .and(let operands) = condition {
            isPlainAnd = operands.allSatisfy { $0.tests == [$0] }
        } else {
            isPlainAnd = false
        }
    }

    mutating func observe(_ context: Condition.Context) {
        for index in records.indices {
            let record = records[index]
            if record.firstHeld == nil, record.test.holds(at: context) { records[index].firstHeld = context.entry.seq }
            guard case .compare(let quantity, let comparison, let operand) = record.test, comparison != .notEqual,
                let value = quantity.value(at: context)
            else { continue }
            let (measured, target): (Double, Double)
            var sides: (Double, Double)?
            switch operand {
            case .number(let constant): (measured, target) = (value, constant)
            case .quantity(let other):
                guard let right = other.value(at: context) else { continue }
                (measured, target) = (value - right, 0)
                sides = (value, right)
            case .noValue: continue
            }
            let nearer: Bool =
                switch (record.nearest, comparison) {
                case (nil, _): true
                case (let best?, .greater), (let best?, .greaterOrEqual): measured > best.value
                case (let best?, .less), (let best?, .lessOrEqual): measured < best.value
                case (let best?, _): abs(measured - target) < abs(best.value - target)
                }
            if nearer {
                records[index].nearest = (measured, context.entry.seq)
                records[index].sides = sides
            }
        }
    }

    /// A line for each part: `depth(sheets) > 3: at most 2 (first at seq
    /// 7)`, `phase(a) == dismissing: never held`, `keyboard > 0: held (first
    /// at seq 11)`; when each part held but never all at once, a last line
    /// that says so.
    var lines: [String] {
        var lines = records.compactMap { record -> String? in
            if let seq = record.firstHeld {
                return isPlainAnd ? "\(record.test): held (first at seq \(seq)), never with the rest" : nil
            }
            return Self.neverHeld(record)
        }
        if isPlainAnd, records.allSatisfy({ $0.firstHeld != nil }) {
            lines.append("every part held, but never all at once")
        }
        return lines
    }

    private static func neverHeld(_ record: Record) -> String {
        guard case .compare(let quantity, let comparison, let operand) = record.test, comparison != .notEqual,
            operand != .noValue
        else { return "\(record.test): never held" }
        guard let (value, seq) = record.nearest else { return "\(record.test): never had a value" }
        if case .quantity(let other) = operand, let (left, right) = record.sides {
            return "\(record.test): never held; nearest at seq \(seq), \(quantity) \(JSONNumber.text(left)) "
                + "against \(other) \(JSONNumber.text(right))"
        }
        let bound: String =
            switch comparison {
            case .greater, .greaterOrEqual: "at most"
            case .less, .lessOrEqual: "at least"
            case .equal, .notEqual: "nearest"
            }
        return "\(record.test): \(bound) \(JSONNumber.text(value)) (first at seq \(seq))"
    }
}

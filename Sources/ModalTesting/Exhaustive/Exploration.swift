import Dispatch
import ModalEvents
import ModalProjection

/// One run of ``ExhaustiveCheck``: breadth first, a depth at a time. Each
/// depth's states are cut into a fixed number of slices, which the threads
/// expand, and what the slices found is merged in the order of the states
/// and moves: the states kept, the figures and the failure reported never
/// depend on the threads. At the depth where a property breaks, the slices
/// after the one that broke it are left out.
struct Exploration {
    let world: ModalWorld
    let reducer: ModalReducer
    let stepChecks: [(name: String, body: @Sendable (ModalStep) throws -> Void)]
    let stateChecks: [(name: String, body: @Sendable (ModalState) throws -> Void)]
    let threads: Int

    /// How each state kept was first reached: the state it came from, the
    /// move and the events it took. Node 0 is the empty state.
    private var nodes: [Node] = [Node(parent: -1, move: -1, steps: [])]
    /// What the user sees of every state kept.
    private var seen: Set<Seen> = []

    init(world: ModalWorld, reducer: ModalReducer, properties: [ModalProperty], threads: Int) {
        self.world = world
        self.reducer = reducer
        self.threads = threads
        var stepChecks: [(name: String, body: @Sendable (ModalStep) throws -> Void)] = []
        var stateChecks: [(name: String, body: @Sendable (ModalState) throws -> Void)] = []
        for property in properties {
            switch property.local {
            case .step(let body): stepChecks.append((property.name, body))
            case .state(let body): stateChecks.append((property.name, body))
            case nil: break  // ExhaustiveCheck explores nothing when it is given one.
            }
        }
        self.stepChecks = stepChecks
        self.stateChecks = stateChecks
    }

    mutating func run(depth: Int) -> ExhaustiveReport {
        let start = ContinuousClock.now
        let empty = ModalState()
        seen.insert(Seen(empty))
        var report = ExhaustiveReport(
            world: world.name, depth: depth, properties: (stepChecks.map(\.name) + stateChecks.map(\.name)))
        if let (name, violation) = check(empty) {
            report.counterexample = Counterexample(property: name, violation: violation.at(0), events: [], moves: [])
        }
        var frontier = [Entry(node: 0, state: empty)]
        var level = 0
        while report.counterexample == nil, level < depth, !frontier.isEmpty {
            level += 1
            let levelStart = ContinuousClock.now
            // The first slice that broke a property: the slices after it stop, and are left out.
            let brokenSlice = Lock(Int.max)
            var slices = parallel(Self.slices(of: frontier.count)) { index, range in
                expand(frontier, range) { broke in
                    brokenSlice.withLock { first in
                        if broke { first = min(first, index) }
                        return first < index
                    }
                }
            }
            if let first = slices.firstIndex(where: { $0.broken != nil }) { slices.removeSubrange((first + 1)...) }
            for slice in slices { report.reached.formUnion(slice.reached) }
            let (next, arrivals) = keep(slices, from: frontier)
            // A step broken, or a new state that breaks a property: the first in order.
            if let broken = firstBrokenState(next, arrivals, before: slices.last?.broken) ?? slices.last?.broken {
                report.counterexample = counterexample(broken, from: frontier[broken.spot.position].node)
            }
            report.levels.append(
                ExhaustiveReport.Level(
                    depth: level, states: next.count, transitions: slices.reduce(0) { $0 + $1.transitions },
                    seconds: (ContinuousClock.now - levelStart).seconds))
            frontier = next
        }
        report.exhausted = report.counterexample == nil && frontier.isEmpty
        report.seconds = (ContinuousClock.now - start).seconds
        report.unreached = report.counterexample == nil ? world.mustReach.subtracting(report.reached) : SpecCoverage()
        return report
    }

    // MARK: A depth

    /// The states the slices reached that were not seen before, in order,
    /// each noted as seen and as a node: the next depth's list, and how
    /// each of them was reached.
    private mutating func keep(_ slices: [Slice], from frontier: [Entry]) -> ([Entry], [Candidate]) {
        var next: [Entry] = []
        var arrivals: [Candidate] = []
        for slice in slices {
            for candidate in slice.candidates where seen.insert(candidate.seen).inserted {
                let parent = frontier[candidate.spot.position].node
                nodes.append(Node(parent: Int32(parent), move: Int32(candidate.spot.move), steps: candidate.steps))
                next.append(Entry(node: nodes.count - 1, state: candidate.state))
                arrivals.append(candidate)
            }
        }
        return (next, arrivals)
    }

    /// The first new state that breaks a property of states, when it was
    /// reached before `stepBroken`'s transition (or there is none).
    private func firstBrokenState(_ next: [Entry], _ arrivals: [Candidate], before stepBroken: Broken?) -> Broken? {
        let checked = parallel(Self.slices(of: next.count)) { _, range -> (Int, (String, PropertyViolation))? in
            for index in range {
                if let broken = check(next[index].state) { return (index, broken) }
            }
            return nil
        }
        guard let (index, (name, violation)) = checked.compactMap({ $0 }).first,
            stepBroken.map({ arrivals[index].spot.isBefore($0.spot) }) ?? true
        else { return nil }
        return Broken(
            spot: arrivals[index].spot, steps: arrivals[index].steps, property: name,
            violation: violation.at(next[index].state.seq))
    }

    /// What expanding some states found.
    private struct Slice {
        var candidates: [Candidate] = []
        var transitions = 0
        var reached = SpecCoverage()
        /// The first property broken on the way, which ends the slice.
        var broken: Broken?
    }

    /// Every move from the states of `frontier[range]`: the states they
    /// reach that were not seen at a lower depth, in order. `stop(broke)`
    /// is told when the slice broke a property, and asked before each state
    /// whether a slice before this one did, which ends this one: what
    /// comes after a failure is not needed.
    private func expand(_ frontier: [Entry], _ range: Range<Int>, stop: (_ broke: Bool) -> Bool) -> Slice {
        var slice = Slice()
        var local: Set<Seen> = []
        for position in range {
            if stop(false) { return slice }
            let state = frontier[position].state
            for (move, candidate) in world.moves.enumerated() {
                for (alternative, steps) in candidate.alternatives(state).enumerated() where !steps.isEmpty {
                    slice.transitions += 1
                    let spot = Spot(position: position, move: move, alternative: alternative)
                    var current = state
                    for (index, event) in steps.enumerated() {
                        let entry = LoggedEvent(seq: current.seq + 1, event: event)
                        let before = current
                        let rejection = reducer.start()(&current, entry)
                        let step = ModalStep(before: before, entry: entry, after: current, rejection: rejection)
                        slice.reached.record(step)
                        var broken = firstBroken(step)
                        if broken == nil, index < steps.count - 1, let (name, violation) = check(current) {
                            broken = (name, violation.at(current.seq))
                        }
                        if let (name, violation) = broken {
                            slice.broken = Broken(
                                spot: spot, steps: Array(steps[...index]), property: name, violation: violation)
                            _ = stop(true)
                            return slice
                        }
                    }
                    let key = Seen(current)
                    guard !seen.contains(key), local.insert(key).inserted else { continue }
                    slice.candidates.append(Candidate(spot: spot, steps: steps, state: current, seen: key))
                }
            }
        }
        return slice
    }

    /// The first step check `step` breaks.
    private func firstBroken(_ step: ModalStep) -> (String, PropertyViolation)? {
        Self.firstBroken(of: stepChecks, on: step, at: step.entry.seq)
    }

    /// The first state check `state` breaks.
    private func check(_ state: ModalState) -> (String, PropertyViolation)? {
        Self.firstBroken(of: stateChecks, on: state, at: nil)
    }

    private static func firstBroken<Input>(
        of checks: [(name: String, body: @Sendable (Input) throws -> Void)], on input: Input, at seq: Int?
    ) -> (String, PropertyViolation)? {
        for check in checks {
            do {
                try check.body(input)
            } catch {
                return (check.name, PropertyViolation(error, at: seq))
            }
        }
        return nil
    }

    // MARK: The shortest sequence

    /// The events from the empty state to `broken`, numbered from 1: the
    /// steps of the moves that first reached its state, then its own; and
    /// the moves' names.
    private func counterexample(_ broken: Broken, from node: Int) -> Counterexample {
        var path: [Node] = []
        var current = node
        while current > 0 {
            path.append(nodes[current])
            current = Int(nodes[current].parent)
        }
        let taken: [(move: Int, steps: [ModalEvent])] =
            path.reversed().map { (Int($0.move), $0.steps) } + [(broken.spot.move, broken.steps)]
        let events = taken.flatMap(\.steps).enumerated().map { LoggedEvent(seq: $0.offset + 1, event: $0.element) }
        return Counterexample(
            property: broken.property, violation: broken.violation, events: events,
            moves: taken.map { world.moves[$0.move].name })
    }

    // MARK: Threads

    /// `count` items cut into slices: the same slices whatever the threads,
    /// several for each thread, so that a slow one does not hold the others up.
    static func slices(of count: Int) -> [Range<Int>] {
        let pieces = min(count, 32)
        guard pieces > 0 else { return [] }
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }

    /// `body` of each range (and its index), in order; ``threads`` threads
    /// take the ranges one after another.
    private func parallel<Value: Sendable>(
        _ ranges: [Range<Int>], _ body: (Int, Range<Int>) -> Value
    ) -> [Value] {
        let work = Lock((next: 0, results: [Value?](repeating: nil, count: ranges.count)))
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: min(threads, ranges.count)) { _ in
                while true {
                    let index = work.withLock { work in
                        defer { work.next += 1 }
                        return work.next
                    }
                    guard index < ranges.count else { return }
                    let result = box.value(index, ranges[index])
                    work.withLock { $0.results[index] = result }
                }
            }
        }
        return work.withLock { $0.results.map { $0! } }
    }
}

/// A closure shared with `concurrentPerform`'s threads, which only read
/// what it captures while they run.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A state kept, in a depth's list.
private struct Entry {
    var node: Int
    var state: ModalState
}

/// Where a state came from.
private struct Node {
    var parent: Int32
    var move: Int32
    var steps: [ModalEvent]
}

/// A transition's place in the order of a depth: the state it starts from
/// in the depth's list, the move, and which way of it.
private struct Spot {
    var position: Int
    var move: Int
    var alternative: Int

    /// Whether it comes before `other` in the depth's order.
    func isBefore(_ other: Spot) -> Bool {
        (position, move, alternative) < (other.position, other.move, other.alternative)
    }
}

/// A state a transition reached, not seen before it, and the events that took it there.
private struct Candidate {
    var spot: Spot
    var steps: [ModalEvent]
    var state: ModalState
    var seen: Seen
}

/// A property broken on a transition, after `steps` (all of the
/// transition's, or the first of them).
private struct Broken {
    var spot: Spot
    var steps: [ModalEvent]
    var property: String
    var violation: PropertyViolation
}

/// What the user sees of a state: the state without its `seq`, session
/// count and rejection history, its hash computed once.
private struct Seen: Hashable {
    let state: ModalState
    let hash: Int

    /// One empty history for every state kept: each transition makes one.
    private static let noRejections = RejectionHistory()

    init(_ state: ModalState) {
        var visible = state
        visible.seq = 0
        visible.session = 0
        visible.rejected = Self.noRejections
        self.state = visible
        self.hash = visible.hashValue
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (left: Seen, right: Seen) -> Bool {
        left.hash == right.hash && left.state == right.state
    }
}

extension PropertyViolation {
    /// The violation, at `seq` unless it names its own.
    fileprivate func at(_ seq: Int) -> PropertyViolation {
        PropertyViolation(message, seq: self.seq ?? seq)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

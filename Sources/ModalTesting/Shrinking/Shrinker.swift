import ModalEvents

/// Cuts a failing event sequence down to a small one that still fails.
///
/// Three passes, repeated until none makes progress or the budget of
/// attempts runs out: drop runs of events (halves, then quarters, down to
/// single events, as delta debugging does); give the names roots and links
/// short plain ones, across the whole sequence; simplify each event (reset a
/// field to its default, make a number 0 or whole, drop the time). A
/// candidate is kept when `stillFails` says the same property still fails.
/// The names of the app's own flow (its roots, links and contents) are kept:
/// they are what the developer reads.
struct Shrinker {
    /// Whether the property still fails on a candidate.
    let stillFails: ([LoggedEvent]) -> Bool
    /// How many candidates it may try.
    var budget: Int
    /// Names it leaves as they are.
    let keptNames: Set<String>
    /// How many it tried.
    private(set) var attempts = 0

    init(budget: Int, keeping keptNames: Set<String> = [], stillFails: @escaping ([LoggedEvent]) -> Bool) {
        self.budget = budget
        self.keptNames = keptNames
        self.stillFails = stillFails
    }

    /// The smallest failing sequence found from `events`, which must fail.
    mutating func shrink(_ events: [LoggedEvent]) -> [LoggedEvent] {
        var current = events
        var progressed = true
        while progressed && attempts < budget {
            progressed = false
            progressed = dropRuns(&current) || progressed
            progressed = rename(&current) || progressed
            progressed = simplifyEvents(&current) || progressed
        }
        return current
    }

    /// Tries `candidate` (renumbered); keeps it in `current` when it still fails.
    private mutating func attempt(_ candidate: [LoggedEvent], into current: inout [LoggedEvent]) -> Bool {
        guard attempts < budget else { return false }
        attempts += 1
        let numbered = candidate.enumerated().map { offset, entry in entry.with { $0.seq = offset + 1 } }
        guard stillFails(numbered) else { return false }
        current = numbered
        return true
    }

    private mutating func dropRuns(_ current: inout [LoggedEvent]) -> Bool {
        var progressed = false
        var size = max(current.count / 2, 1)
        while size >= 1 {
            // From the end: later events depend on earlier ones, rarely the reverse.
            var end = current.count
            while end > 0 {
                let start = max(end - size, 0)
                var candidate = current
                candidate.removeSubrange(start..<end)
                if attempt(candidate, into: &current) {
                    progressed = true
                    end = min(start, current.count)
                } else {
                    end = start
                }
            }
            if size == 1 { break }
            size /= 2
        }
        return progressed
    }

    private mutating func rename(_ current: inout [LoggedEvent]) -> Bool {
        var progressed = false
        var roots: [String] = []
        var links: [String] = []
        for event in current.flatMap(\.event.steps) {
            if let root = event.root, !roots.contains(root) { roots.append(root) }
            for link in event.links where !links.contains(link) { links.append(link) }
        }
        for (index, root) in roots.enumerated() {
            let plain = index == 0 ? ModalEvent.defaultRoot : "root\(index + 1)"
            guard root != plain, !roots.contains(plain), !keptNames.contains(root) else { continue }
            if attempt(current.map { $0.renaming(root: root, to: plain) }, into: &current) { progressed = true }
        }
        for (index, link) in links.enumerated() {
            let plain =
                String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26))) + (index < 26 ? "" : "\(index / 26)")
            guard link != plain, !links.contains(plain), !keptNames.contains(link) else { continue }
            if attempt(current.map { $0.renaming(link: link, to: plain) }, into: &current) { progressed = true }
        }
        return progressed
    }

    private mutating func simplifyEvents(_ current: inout [LoggedEvent]) -> Bool {
        var progressed = false
        var index = 0
        while index < current.count {
            for simpler in current[index].simplifications(keeping: keptNames) {
                var candidate = current
                candidate[index] = simpler
                if attempt(candidate, into: &current) {
                    progressed = true
                    break
                }
            }
            index += 1
        }
        return progressed
    }
}

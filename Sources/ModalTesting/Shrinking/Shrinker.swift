package import ModalEvents

/// Cuts a failing event sequence down to a small one that still fails.
///
/// Three passes, repeated until none makes progress or the budget of
/// attempts runs out: drop runs of events (halves, then quarters, down to
/// single events, as delta debugging does); give the names roots and links
/// short plain ones, across the whole sequence (unless every name is
/// kept); simplify each event (reset a field to its default, make a number
/// 0 or whole, drop the time). A candidate is kept when `stillFails` says
/// the same property still fails.
///
/// The property harness keeps the names of the app's own flow (its roots,
/// links and contents): they are what the developer reads. `modal-log
/// shrink` keeps every name of the log (``Names/asLogged``), so its owner
/// recognises it, and follows an event through the shrink by where it came
/// from in the log (`stillFails`'s `origins`).
package struct Shrinker {
    /// Which names a shrink may change.
    package enum Names: Sendable {
        /// Roots and links get short plain names, but these (and contents
        /// named here) stay.
        case plain(keeping: Set<String>)
        /// Every root, link and content stays as the log has it.
        case asLogged
    }

    /// Whether the property still fails on a candidate: its events
    /// (numbered from 1), and for each, its place in the events first
    /// given to ``shrink(_:)``.
    let stillFails: (_ events: [LoggedEvent], _ origins: [Int]) -> Bool
    /// How many candidates it may try.
    package var budget: Int
    /// Which names stay.
    let names: Names
    /// How many it tried.
    package private(set) var attempts = 0

    package init(
        budget: Int, names: Names, stillFails: @escaping (_ events: [LoggedEvent], _ origins: [Int]) -> Bool
    ) {
        self.budget = budget
        self.names = names
        self.stillFails = stillFails
    }

    init(budget: Int, keeping keptNames: Set<String> = [], stillFails: @escaping ([LoggedEvent]) -> Bool) {
        self.init(budget: budget, names: .plain(keeping: keptNames)) { events, _ in stillFails(events) }
    }

    /// A sequence and where each of its events came from.
    private struct Candidate {
        var events: [LoggedEvent]
        var origins: [Int]

        mutating func removeSubrange(_ range: Range<Int>) {
            events.removeSubrange(range)
            origins.removeSubrange(range)
        }

        /// The candidate with `rename` made to each of its events.
        func renaming(_ rename: (LoggedEvent) -> LoggedEvent) -> Self {
            Self(events: events.map(rename), origins: origins)
        }
    }

    /// The smallest failing sequence found from `events`, which must fail.
    package mutating func shrink(_ events: [LoggedEvent]) -> [LoggedEvent] {
        shrinkFollowing(events).events
    }

    /// The smallest failing sequence found from `events`, which must fail,
    /// and for each of its events, its place in `events`.
    package mutating func shrinkFollowing(_ events: [LoggedEvent]) -> (events: [LoggedEvent], origins: [Int]) {
        // Numbered from 1 as every candidate is, even when none is kept.
        var current = Candidate(
            events: events.enumerated().map { offset, entry in entry.with { $0.seq = offset + 1 } },
            origins: Array(events.indices))
        var progressed = true
        while progressed && attempts < budget {
            progressed = false
            progressed = dropRuns(&current) || progressed
            progressed = rename(&current) || progressed
            progressed = simplifyEvents(&current) || progressed
        }
        return (current.events, current.origins)
    }

    /// Tries `candidate` (renumbered); keeps it in `current` when it still fails.
    private mutating func attempt(_ candidate: Candidate, into current: inout Candidate) -> Bool {
        guard attempts < budget else { return false }
        attempts += 1
        var numbered = candidate
        numbered.events = candidate.events.enumerated().map { offset, entry in entry.with { $0.seq = offset + 1 } }
        guard stillFails(numbered.events, numbered.origins) else { return false }
        current = numbered
        return true
    }

    private mutating func dropRuns(_ current: inout Candidate) -> Bool {
        var progressed = false
        var size = max(current.events.count / 2, 1)
        while size >= 1 {
            // From the end: later events depend on earlier ones, rarely the reverse.
            var end = current.events.count
            while end > 0 {
                let start = max(end - size, 0)
                var candidate = current
                candidate.removeSubrange(start..<end)
                if attempt(candidate, into: &current) {
                    progressed = true
                    end = min(start, current.events.count)
                } else {
                    end = start
                }
            }
            if size == 1 { break }
            size /= 2
        }
        return progressed
    }

    private mutating func rename(_ current: inout Candidate) -> Bool {
        guard case .plain(let keptNames) = names else { return false }
        var progressed = false
        var roots: [String] = []
        var links: [String] = []
        for event in current.events.flatMap(\.event.steps) {
            if let root = event.root, !roots.contains(root) { roots.append(root) }
            for link in event.links where !links.contains(link) { links.append(link) }
        }
        for (index, root) in roots.enumerated() {
            let plain = index == 0 ? ModalEvent.defaultRoot : "root\(index + 1)"
            guard root != plain, !roots.contains(plain), !keptNames.contains(root) else { continue }
            if attempt(current.renaming { $0.renaming(root: root, to: plain) }, into: &current) { progressed = true }
        }
        for (index, link) in links.enumerated() {
            let plain =
                String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26))) + (index < 26 ? "" : "\(index / 26)")
            guard link != plain, !links.contains(plain), !keptNames.contains(link) else { continue }
            if attempt(current.renaming { $0.renaming(link: link, to: plain) }, into: &current) { progressed = true }
        }
        return progressed
    }

    private mutating func simplifyEvents(_ current: inout Candidate) -> Bool {
        var progressed = false
        var index = 0
        while index < current.events.count {
            let simplifications: [LoggedEvent]
            switch names {
            case .plain(let keptNames): simplifications = current.events[index].simplifications(keeping: keptNames)
            case .asLogged: simplifications = current.events[index].simplifications(keepingContents: true)
            }
            for simpler in simplifications {
                var candidate = current
                candidate.events[index] = simpler
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

import ModalEvents
import ModalProjection

/// The chart under the page's slider: a value a step for each root's depth
/// (its modals not queued, the roots in the order they first appear) and
/// for the keyboard offset (the largest root's).
struct PageChart {
    private var depths: [(root: String, values: [Int])] = []
    private var keyboardOffsets: [Double] = []

    /// How many steps the chart holds.
    var count: Int { keyboardOffsets.count }

    /// Adds the step after which the state is `state`.
    mutating func add(_ state: ModalState) {
        for root in state.roots where !depths.contains(where: { $0.root == root.id }) {
            depths.append((root.id, Array(repeating: 0, count: keyboardOffsets.count)))
        }
        for index in depths.indices {
            let root = state.roots.first { $0.id == depths[index].root }
            depths[index].values.append(root?.modals.count { $0.phase != .queued } ?? 0)
        }
        keyboardOffsets.append(state.roots.map(\.keyboardOffset).max() ?? 0)
    }

    /// The chart as the page draws it: at most `buckets` values a series,
    /// each the largest of the steps it stands for (a step of a bucket is
    /// `index * buckets / steps`, rounded down).
    ///
    /// - Complexity: O(*n*) in the steps times the roots.
    func json(buckets limit: Int = 600) -> JSONValue {
        let count = keyboardOffsets.count, buckets = min(count, limit)
        func bucketed(_ values: [Double]) -> JSONValue {
            var maxima = [Double](repeating: -.infinity, count: buckets)
            for (index, value) in values.enumerated() {
                let bucket = index * buckets / count
                maxima[bucket] = max(maxima[bucket], value)
            }
            return .array(maxima.map { .number(JSONNumber($0)) })
        }
        return [
            "steps": .number(JSONNumber(count)),
            "depths": .array(
                depths.map { ["root": .string($0.root), "values": bucketed($0.values.map(Double.init))] }),
            "keyboard": bucketed(keyboardOffsets),
        ]
    }
}

import ModalEvents
import ModalProjection

/// What the page knows of every step before it reads one: its seq and
/// type, whether it was rejected, a batch's events' types; the chart; and
/// the largest root. The page's list, type menu, rejection ticks and chart
/// are drawn from it, and a step's own data (``PageSteps``) is read when
/// the page shows it: from the page's chunks (`export`) or from the tool
/// (`serve`).
struct PageOutline {
    /// The seq of the first step, `nil` before any.
    private(set) var firstSeq: Int?
    /// Each step's type, as its place in `typeNames`.
    private(set) var kinds: [Int] = []
    private var typeNames: [String] = []
    private var typePlaces: [String: Int] = [:]
    /// Each step's seq, once one is not the one after the step before (a
    /// page exported with `--where`); `nil` while they follow each other.
    private var seqs: [Int]?
    /// The places of the steps rejected, and of the batches with their events' types.
    private var rejected: [Int] = []
    private var batches: [(place: Int, types: [Int])] = []
    private(set) var hasTimes = false
    private(set) var hasSources = false
    private var chart = PageChart()
    /// The widest and the tallest any root drawn is, in points: the page
    /// draws every device at one scale, the one at which these fit.
    private(set) var largest = Size(width: 0, height: 0)

    var count: Int { kinds.count }

    /// Notes a step: its event `entry`, whether it was `rejected`, and the state after it.
    mutating func add(_ entry: LoggedEvent, rejected: Bool, state: ModalState) {
        let place = count
        let firstSeq = self.firstSeq ?? entry.seq
        self.firstSeq = firstSeq
        if seqs == nil, entry.seq != firstSeq + place { seqs = Array(firstSeq..<firstSeq + place) }
        seqs?.append(entry.seq)
        kinds.append(typePlace(entry.event.type.rawValue))
        if rejected { self.rejected.append(place) }
        if case .batch(let events) = entry.event {
            batches.append((place, Set(events.map(\.type.rawValue)).sorted().map { typePlace($0) }))
        }
        hasTimes = hasTimes || entry.time != nil
        hasSources = hasSources || entry.source != nil
        chart.add(state)
        for root in state.roots {
            largest = Size(width: max(largest.width, root.size.width), height: max(largest.height, root.size.height))
        }
    }

    private mutating func typePlace(_ type: String) -> Int {
        if let place = typePlaces[type] { return place }
        typeNames.append(type)
        typePlaces[type] = typeNames.count - 1
        return typeNames.count - 1
    }

    /// The outline from place `start` on, as the page reads it: `count`
    /// (all steps), `firstSeq`, `from` (`start`), `types` (the names),
    /// `kinds` (each step's type, a place in `types`), `seqs` (only when
    /// they do not follow each other), `rejected` and `batches` (`[place,
    /// [type places]]`) from `start` on, `hasTimes`, `hasSources`, the
    /// whole `chart` and the `largest` root (`null` before any root).
    func json(from start: Int) -> JSONValue {
        let number = { (value: Int) in JSONValue.number(JSONNumber(value)) }
        var members = [
            JSONMember("count", number(count)), JSONMember("firstSeq", number(firstSeq ?? 1)),
            JSONMember("from", number(start)),
            JSONMember("types", .array(typeNames.map(JSONValue.string))),
            JSONMember("kinds", .array(kinds[start...].map(number))),
        ]
        if let seqs { members.append(JSONMember("seqs", .array(seqs[start...].map(number)))) }
        members += [
            JSONMember("rejected", .array(rejected.filter { $0 >= start }.map(number))),
            JSONMember(
                "batches",
                .array(
                    batches.filter { $0.place >= start }.map {
                        .array([number($0.place), .array($0.types.map(number))])
                    }
                )),
            JSONMember("hasTimes", .bool(hasTimes)), JSONMember("hasSources", .bool(hasSources)),
            JSONMember("chart", chart.json()),
            JSONMember(
                "largest",
                largest.width > 0
                    ? ["width": .number(JSONNumber(largest.width)), "height": .number(JSONNumber(largest.height))]
                    : .null),
        ]
        return .object(members)
    }
}

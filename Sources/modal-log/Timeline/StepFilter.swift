import ModalEvents
import ModalProjection

/// Which steps `--root`, `--link`, `--source`, `--type`, `--changes-only`,
/// `--where`, `--from` and `--to` keep.
struct StepFilter {
    var root: String?
    var link: String?
    /// The sources kept, `none` for the events that have none; `nil` keeps all.
    var sources: Set<String>?
    /// The event types kept; `nil` keeps all.
    var types: Set<EventType>?
    /// Whether only the steps that changed the state (or were rejected) are kept.
    var changesOnly = false
    /// What must hold after a kept step.
    var condition: Condition?
    var from = 1
    var to: Int?

    /// How `--source` names the events that have no source.
    static let noSource = "none"

    /// The words `--source` takes.
    static var sourceWords: [String] { EventSource.knownValues.map(\.rawValue) + [noSource] }

    /// The filter the options give; the steps between `--from` and `--to` (from 1 when `from` is `nil`).
    init(
        place: PlaceFilterOptions = PlaceFilterOptions(), range: SeqRangeOptions = SeqRangeOptions(),
        kind: StepKindOptions
    ) throws(UsageError) {
        root = place.root
        link = place.link
        sources = place.source
        types = kind.type
        changesOnly = kind.changesOnly
        condition = kind.condition
        from = range.from ?? 1
        to = range.to
        if let to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
    }

    /// Whether the filter keeps `step`, `state` being the state right after it.
    func keeps(_ step: Step, after state: ModalState) -> Bool {
        guard step.entry.seq >= from, to.map({ step.entry.seq <= $0 }) ?? true else { return false }
        if changesOnly, step.changes.isEmpty, step.rejection == nil, !step.isSkipped { return false }
        if let types, !types.contains(step.entry.event.type),
            !step.batchEvents.contains(where: { types.contains($0.event.type) })
        {
            return false
        }
        if let sources, !sources.contains(step.entry.source?.rawValue ?? Self.noSource) { return false }
        if let root, !step.touches(root: root) { return false }
        if let link, !Self.step(step, touches: link) { return false }
        if let condition {
            return condition.holds(at: Condition.Context(step, after: state))
        }
        return true
    }

    /// What the filter names that the log never had, with the nearest it had.
    func namesNeverHad(in names: LogNames) -> [String] {
        let modal = link.map { link in
            guard let slash = link.firstIndex(of: "/") else { return Condition.ModalReference(root: nil, link: link) }
            return Condition.ModalReference(
                root: String(link[..<slash]), link: String(link[link.index(after: slash)...]))
        }
        return names.neverHad(roots: root.map { [$0] } ?? [], modals: modal.map { [$0] } ?? [])
    }

    /// Whether `step` touches the modal `name`: a link in any root, or `ROOT/LINK`.
    static func step(_ step: Step, touches name: String) -> Bool {
        if step.touches(link: name, in: nil) { return true }
        guard let slash = name.firstIndex(of: "/") else { return false }
        return step.touches(link: String(name[name.index(after: slash)...]), in: String(name[..<slash]))
    }
}

/// `--root`, `--link`, `--source`: the steps that name or change a place, or come from a source.
struct PlaceFilterOptions: ParsableArguments {
    @Option(.text, valueName: "root", help: "Only events that name or change this root.")
    var root: String?
    @Option(.text, valueName: "link", help: "Only events that name or change this modal.")
    var link: String?
    @Option(.eventSources, help: "Only events of this source: user, system, app, test, or none (several: user,app).")
    var source: Set<String>?
}

/// `--from`, `--to`: the steps between two seqs.
struct SeqRangeOptions: ParsableArguments {
    @Option(.seq, help: "Start at this seq.")
    var from: Int?
    @Option(.seq, help: "Stop after this seq.")
    var to: Int?
}

/// `--type`, `--changes-only`, `--where`: the steps of some types, that changed something, or after which a condition holds.
struct StepKindOptions: ParsableArguments {
    @Option(.eventTypes, help: "Only events of these types (modal.present, or several: card.push,card.pop).")
    var type: Set<EventType>?
    @Flag(help: "Leave out the events that changed nothing (rejections stay).")
    var changesOnly: Bool
    @Option(.condition, name: "where", help: "Only events after which the condition holds (as bisect's).")
    var condition: Condition?
}

extension ValueReader where Value == Set<String> {
    /// The words of `--source`: `user`, `user,app`, `none`.
    static var eventSources: Self {
        ValueReader(valueName: "source", completion: .words(StepFilter.sourceWords)) { text, label in
            let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0.trimmingPrefix(" "))
            }
            guard words.allSatisfy(StepFilter.sourceWords.contains) else {
                throw UsageError(
                    message: "The value '\(text)' is invalid for '\(label)': expected "
                        + StepFilter.sourceWords.dropLast().joined(separator: ", ")
                        + " or \(StepFilter.noSource), or several separated by commas")
            }
            return Set(words)
        }
    }
}

extension ValueReader where Value == Set<EventType> {
    /// The event types of `--type`: `modal.present`, `card.push,card.pop`.
    static var eventTypes: Self {
        let names = EventType.allCases.map(\.rawValue)
        return ValueReader(valueName: "types", completion: .words(names)) { text, label in
            var types: Set<EventType> = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                let word = String(word.trimmingPrefix(" "))
                guard let type = EventType(rawValue: word) else {
                    throw UsageError(
                        message: "The value '\(text)' is invalid for '\(label)': '\(word)' is not an event type"
                            + Suggestion.didYouMean(word, in: names))
                }
                types.insert(type)
            }
            return types
        }
    }
}

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

    static let typeOption = OptionDescription(
        name: "type", valueName: "types",
        help: "Only events of these types (modal.present, or several: card.push,card.pop).",
        completion: .words(EventType.allCases.map(\.rawValue)))
    static let changesOnlyOption = OptionDescription(
        name: "changes-only", help: "Leave out the events that changed nothing (rejections stay).")
    static let whereOption = OptionDescription(
        name: "where", valueName: "condition", help: "Only events after which the condition holds (as bisect's).")

    /// How `--source` names the events that have no source.
    static let noSource = "none"

    /// The words `--source` takes.
    static var sourceWords: [String] { EventSource.knownValues.map(\.rawValue) + [noSource] }

    static let sourceOption = OptionDescription(
        name: "source", valueName: "source",
        help: "Only events of this source: user, system, app, test, or none (several: user,app).",
        completion: .words(sourceWords))

    init(_ arguments: ParsedArguments) throws(UsageError) {
        root = arguments.options["root"]
        link = arguments.options["link"]
        sources = try arguments.options["source"].map { text throws(UsageError) in try Self.sources(text) }
        types = try arguments.options["type"].map { text throws(UsageError) in try Self.types(text) }
        changesOnly = arguments.has("changes-only")
        condition = try arguments.options["where"].map { text throws(UsageError) in try Condition.parsed(text) }
        from = try arguments.seq("from") ?? 1
        to = try arguments.seq("to")
        if let to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
    }

    /// The words of `--source`: `user`, `user,app`, `none`.
    static func sources(_ text: String) throws(UsageError) -> Set<String> {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.trimmingPrefix(" "))
        }
        guard words.allSatisfy(sourceWords.contains) else {
            throw UsageError(
                message: "The value '\(text)' is invalid for '--source <source>': expected "
                    + sourceWords.dropLast().joined(separator: ", ") + " or \(noSource), or several separated by commas"
            )
        }
        return Set(words)
    }

    /// The event types of `--type`: `modal.present`, `card.push,card.pop`.
    static func types(_ text: String) throws(UsageError) -> Set<EventType> {
        var types: Set<EventType> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(word.trimmingPrefix(" "))
            guard let type = EventType(rawValue: word) else {
                throw UsageError(
                    message: "The value '\(text)' is invalid for '--type <types>': '\(word)' is not an event type"
                        + Suggestion.didYouMean(word, in: EventType.allCases.map(\.rawValue)))
            }
            types.insert(type)
        }
        return types
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

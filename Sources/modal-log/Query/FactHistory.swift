import ModalEvents
import ModalProjection

/// The events that made a ``Fact`` what it is, gathered step by step:
/// blame, for the state.
///
/// For a fact about a modal, the changes in the modal's latest life (from
/// the event that presented it); for a root's stack (`depth(sheets)`), the
/// lives of the modals live at the end, and the last change of all (a
/// modal that left made the depth what it is too); for any other fact, its
/// last ``recentLimit`` changes.
struct FactHistory {
    /// One change that made the fact, and the event that made it.
    struct Link: Equatable {
        var seq: Int
        var time: Double?
        var type: EventType
        /// Who caused the event and where: `app Router.swift:42`.
        var origin: String
        var change: StateChange

        var json: JSONValue {
            guard case .object(let members) = change.json else { return change.json }
            return .object(
                [
                    JSONMember("seq", .number(JSONNumber(seq))),
                    JSONMember("time", time.map { .number(JSONNumber($0)) } ?? .null),
                    JSONMember("type", .string(type.rawValue)),
                    JSONMember("origin", origin.isEmpty ? .null : .string(origin)),
                ] + members.filter { $0.key != "seq" })
        }
    }

    let fact: Fact
    /// For a fact not about one modal or one root's stack: how many changes are kept.
    static let recentLimit = 10

    /// Each modal's changes since it was last presented, by `root/link`.
    private var lives: [String: [Link]] = [:]
    private var recent: [Link] = []
    /// How many changes came before those kept in `recent`.
    private(set) var earlier = 0
    private var last: Link?

    init(of fact: Fact) {
        self.fact = fact
    }

    /// Notes what `step` changed that made the fact.
    mutating func record(_ step: Step) {
        for change in step.changes where fact.isMade(by: change) {
            let link = Link(
                seq: step.entry.seq, time: step.entry.time, type: step.entry.event.type,
                origin: EventText.origin(of: step.entry), change: change)
            last = link
            let modal = change.link.flatMap { link in change.root.map { StateChange.modalName(root: $0, link: link) } }
            if let modal, tracksLives {
                if change.kind == .added { lives[modal] = [] }
                lives[modal, default: []].append(link)
            } else {
                recent.append(link)
                if recent.count > Self.recentLimit {
                    recent.removeFirst()
                    earlier += 1
                }
            }
        }
    }

    /// Whether the fact is told by the lives of modals, not by its last changes.
    private var tracksLives: Bool {
        switch fact {
        case .quantity(.keyboard), .quantity(.offset), .quantity(.session), .quantity(.roots), .dimming: false
        default: true
        }
    }

    /// The events that made the fact what it is in `state` (the state at
    /// the end), oldest first.
    func chain(in state: ModalState) -> [Link] {
        guard tracksLives else { return recent }
        if let modal = fact.modal {
            // The modal's latest life, live or ended.
            let lives = self.lives.filter { key, _ in
                modal.root.map { key == StateChange.modalName(root: $0, link: modal.link) }
                    ?? key.hasSuffix("/" + modal.link)
            }
            return lives.values.max { ($0.last?.seq ?? 0) < ($1.last?.seq ?? 0) } ?? []
        }
        // The lives of the modals live now, and the last change of all.
        var links = state.roots.flatMap { root in
            root.modals.flatMap { lives[StateChange.modalName(root: root.id, link: $0.link)] ?? [] }
        }
        if let last, !links.contains(last) { links.append(last) }
        return links.sorted { ($0.seq, $0.change.field) < ($1.seq, $1.change.field) }
    }
}

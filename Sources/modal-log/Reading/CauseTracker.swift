import ModalEvents
import ModalProjection

/// The event that made the state a rejected event ran into: for a
/// duplicate link, the one that presented the live modal; for an invalid
/// transition, the one that put the modal in its phase; for an unknown
/// link, the one that removed it (or its parent).
struct RejectionCause: Equatable {
    /// What the event did to what the rejected one named.
    enum Deed: Equatable {
        case presented
        /// Made it the phase it has: `dismissing`.
        case madePhase(ModalPhase)
        case removed
        case registered
        case setCards
        case setSnapPoints

        /// `presented it`, `made it dismissing`, ...: `it` is what the rejected event named.
        var text: String { text(naming: nil) }

        /// The deed done to `subject` (`presented parent "compose"`), or to `it` when `nil`.
        func text(naming subject: String?) -> String {
            let it = subject ?? "it", its = subject.map { "\($0)'s" } ?? "its"
            return switch self {
            case .presented: "presented \(it)"
            case .madePhase(let phase): "made \(it) \(phase.rawValue)"
            case .removed: "removed \(it)"
            case .registered: "registered \(it)"
            case .setCards: "set \(its) cards"
            case .setSnapPoints: "set \(its) snap points"
            }
        }
    }

    var seq: Int
    /// The place of the event in its batch, when the batch's own earlier
    /// event made what a later one of it ran into.
    var batchIndex: Int?
    var type: EventType
    var deed: Deed
    /// What the deed was done to, when it is not what the rejected event
    /// names (`parent "compose"`).
    var subject: String?
    /// The seconds between that event and the rejected one, when both have times.
    var secondsBefore: Double?

    /// In a line, after the rejection's message: `seq 936 modal.present
    /// presented it, 0.05 s before`.
    var text: String {
        let event = batchIndex.map { "events[\($0)] \(type.rawValue)" } ?? type.rawValue
        var text = "seq \(seq) \(event) \(deed.text(naming: subject))"
        if let secondsBefore { text += ", \(EventText.number(secondsBefore)) s before" }
        return text
    }

    /// As the tool's JSON outputs carry it: `{"seq", "type", "did", "batchIndex"?, "subject"?,
    /// "secondsBefore"?}`.
    var json: JSONValue {
        var members = [
            JSONMember("seq", .number(JSONNumber(seq))), JSONMember("type", .string(type.rawValue)),
            JSONMember("did", .string(deed.text)),
        ]
        if let batchIndex { members.append(JSONMember("batchIndex", .number(JSONNumber(batchIndex)))) }
        if let subject { members.append(JSONMember("subject", .string(subject))) }
        if let secondsBefore { members.append(JSONMember("secondsBefore", .number(JSONNumber(secondsBefore)))) }
        return .object(members)
    }
}

/// Follows a log's states to say, of each rejected event, which event made
/// the state it ran into (``RejectionCause``): for each modal, the events
/// that presented it, put it in its phase, set its cards and its snap
/// points, or removed it; for each root, the one that registered it.
///
/// After each event it looks only at what the event can have changed (as
/// the reducer's rules say): the modal it names, that modal's descendants
/// when it is dismissed or released past its first snap point, the head of
/// a queue root when one leaves, the modals from the top that a dimming
/// tap or a `single` root's present dismisses, the root it names, every
/// modal of the roots a batch names, and every root at a session start. A
/// cause whose record does not agree with the state the rejected event ran
/// into is not named: none is better than a wrong one. An event costs it
/// what the event touched (a batch, the roots it names), however many
/// modals are live, and it keeps no state of the log's.
/// It sees every event from the log's start (a replay that starts at an
/// index's checkpoint has not seen those before it: ``Replay`` reads them
/// again when a cause is asked for).
struct CauseTracker: Equatable {
    private struct Mark: Equatable {
        var seq: Int
        var batchIndex: Int?
        var type: EventType
        var time: Double?
    }
    /// What the tracker saw of a live modal after the last event that
    /// touched it, and the events that made each part of that.
    private struct ModalRecord: Equatable {
        var phase: ModalPhase
        var cards: Int
        var snapPoints: [Double]
        /// Each `nil` for a modal of the state the tracker started at: no event it saw made it.
        var presented: Mark?
        var phaseMark: Mark?
        var cardsMark: Mark?
        var snapPointsMark: Mark?
        /// The links of the live modals presented with it as their parent.
        var children: [String] = []
        var parent: String?

        init(_ modal: Modal, _ mark: Mark?) {
            (phase, cards, snapPoints, parent) = (modal.phase, modal.cards.count, modal.snap.points, modal.parent)
            (presented, phaseMark, cardsMark, snapPointsMark) = (mark, mark, mark, mark)
        }

        /// Notes `modal` as `mark` left it.
        mutating func see(_ modal: Modal, _ mark: Mark?) {
            if phase != modal.phase { (phase, phaseMark) = (modal.phase, mark) }
            if cards != modal.cards.count { (cards, cardsMark) = (modal.cards.count, mark) }
            if snapPoints != modal.snap.points { (snapPoints, snapPointsMark) = (modal.snap.points, mark) }
        }
    }
    /// The live modals.
    private var modals: [ModalKey: ModalRecord] = [:]
    /// The event that removed each of the last ``removedLimit`` modals
    /// removed (`removedOrder` has them, with that event's seq, oldest
    /// first from `removedStart`): a log that presents a new link each time
    /// keeps a tracker of a bounded size. A rejection that names a modal
    /// removed longer ago names no cause.
    private var removed: [ModalKey: Mark] = [:]
    private var removedOrder: [Removal] = []
    private struct Removal: Equatable {
        var key: ModalKey
        var seq: Int
    }
    private var removedStart = 0
    static let removedLimit = 4_096
    /// Each root the tracker saw: whether it is registered, the event that
    /// registered it, and the one that removed it.
    private var roots: [String: RootRecord] = [:]
    private struct RootRecord: Equatable {
        var isRegistered: Bool
        var registered: Mark?
        var removed: Mark?
    }
    /// The seq of the state the tracker was started at: it has seen every event after it.
    private let start: Int

    /// A tracker that has seen every event after `state` (a checkpoint's,
    /// a snapshot's, or the empty state), and knows no event that made it.
    init(startingAt state: ModalState) {
        start = state.seq
        for root in state.roots {
            roots[root.id] = RootRecord(isRegistered: true)
            for modal in root.modals { see(modal, as: ModalKey(root: root.id, link: modal.link), nil) }
        }
    }

    /// A tracker that has seen the events of the log at `path` from its
    /// start through seq `last`, those whose seqs are in `skipped` left out.
    ///
    /// - Throws: ``EventLogError`` for a log that cannot be read there.
    static func reading(_ path: String, through last: Int, skipping skipped: Set<Int> = []) throws(EventLogError)
        -> CauseTracker
    {
        let cursor = try LogCursor<ModalState>(.path(path))
        cursor.skipping = skipped
        var tracker = CauseTracker(startingAt: cursor.state)
        var tally = RejectionTally()
        while cursor.state.seq < last, let read = try cursor.next() {
            if read.rejection == nil, !cursor.skipping.contains(read.entry.seq) {
                tracker.record(read.entry, after: cursor.state)
            }
            tally.take(from: &cursor.state)
        }
        return tracker
    }

    /// Whether the tracker has seen every event of a log whose first is seq `first`.
    func hasSeenAll(since first: Int) -> Bool {
        start <= first - 1
    }

    /// Notes what `entry`, applied, did: `state` is the state after it.
    mutating func record(_ entry: LoggedEvent, after state: ModalState) {
        touch(entry.event, Mark(seq: entry.seq, type: entry.event.type, time: entry.time), after: state)
    }

    /// Looks at what `event` can have changed, in `state` after it: only
    /// what the tracker follows (a modal's presence, phase, card count and
    /// snap points, a root's presence), so a snap, a drag, a card's update
    /// or replacement, the keyboard and a resize cost nothing.
    private mutating func touch(_ event: ModalEvent, _ mark: Mark, after state: ModalState) {
        switch event {
        case .sessionStart:
            // A new session: every root and modal may have gone (it happens once a session).
            for (id, root) in roots where root.isRegistered && state.root(id) == nil { removeRoot(id, mark) }
            for key in Array(modals.keys) { check(key, in: state.root(key.root), mark) }
        case .rootRegister(let registration):
            roots[registration.root] = RootRecord(isRegistered: true, registered: mark)
        case .rootRemove(let id):
            removeRoot(id, mark)
        case .modalPresent(let presentation):
            let root = state.root(presentation.root)
            check(ModalKey(root: presentation.root, link: presentation.link), in: root, mark)
            // A single root dismisses the others, from the top.
            if let root, root.policy == .single { checkFromTop(of: root, besides: presentation.link, mark) }
        case .modalPresented(let id, let link), .cardPush(let id, let link, _, _, _, _), .cardPop(let id, let link):
            check(ModalKey(root: id, link: link), in: state.root(id), mark)
        case .modalDismiss(let id, let link, _), .modalDismissed(let id, let link), .dragEnd(let id, let link, _, _):
            // Its descendants go with it (a drag released past the first point dismisses); a queue moves on.
            let root = state.root(id), key = ModalKey(root: id, link: link)
            for descendant in descendants(of: key) { check(ModalKey(root: id, link: descendant), in: root, mark) }
            check(key, in: root, mark)
            if event.type == .modalDismissed, let root, root.policy == .queue, let head = root.modals.first {
                check(ModalKey(root: id, link: head.link), in: root, mark)
            }
        case .dimmingTap(let id):
            if let root = state.root(id) { checkFromTop(of: root, besides: nil, mark) }
        case .batch(let events):
            // Its events saw states the log never holds: every modal of the roots they name, against the state after.
            var named: Set<String> = []
            for event in events {
                if event.type == .rootRegister || event.type == .rootRemove { touch(event, mark, after: state) }
                guard let id = event.root, named.insert(id).inserted, let root = state.root(id) else { continue }
                for key in Array(modals.keys) where key.root == id { check(key, in: root, mark) }
                for modal in root.modals { check(ModalKey(root: id, link: modal.link), in: root, mark) }
            }
            // A present in a batch that applied presented its modal, even one the batch had just removed.
            for case .modalPresent(let presentation) in events {
                let key = ModalKey(root: presentation.root, link: presentation.link)
                guard let modal = state.modal(link: key.link, in: key.root) else { continue }
                modals[key] = nil
                see(modal, as: key, mark)
            }
        case .rootResize, .keyboardChange, .snapTo, .dragChange, .cardReplace, .cardUpdate:
            return
        }
    }

    /// Checks the modals of `root` from the top (but `link`) down to the
    /// first that is neither dismissing nor queued: those a tap or a
    /// `single` root's present dismisses.
    private mutating func checkFromTop(of root: RootState, besides link: String?, _ mark: Mark) {
        for modal in root.modals.reversed() where modal.link != link {
            check(ModalKey(root: root.id, link: modal.link), in: root, mark)
            // Down to the first modal showing before the event: a tap dismisses the topmost showing.
            if modal.phase != .dismissing && modal.phase != .queued { return }
        }
    }

    /// The live links presented, at any depth, with `key` as their parent.
    private func descendants(of key: ModalKey) -> [String] {
        guard let children = modals[key]?.children, !children.isEmpty else { return [] }
        var found: [String] = []
        var next = children
        while let link = next.popLast() {
            found.append(link)
            next += modals[ModalKey(root: key.root, link: link)]?.children ?? []
        }
        return found
    }

    /// Compares the modal `key` in `root` (`nil`: not registered) with what the tracker saw of it.
    private mutating func check(_ key: ModalKey, in root: RootState?, _ mark: Mark) {
        see(root?.modal(link: key.link), as: key, mark)
    }

    private mutating func see(_ modal: Modal?, as key: ModalKey, _ mark: Mark?) {
        guard let modal else {
            guard let record = modals.removeValue(forKey: key) else { return }
            // Its parent forgets it, so a long-lived parent's list stays as long as its live children.
            if let parent = record.parent {
                modals[ModalKey(root: key.root, link: parent)]?.children.removeAll { $0 == key.link }
            }
            if let mark { remember(key, removedBy: mark) }
            return
        }
        if modals[key]?.see(modal, mark) != nil { return }
        modals[key] = ModalRecord(modal, mark)
        removed[key] = nil
        if let parent = modal.parent { modals[ModalKey(root: key.root, link: parent)]?.children.append(key.link) }
    }

    /// Keeps that `mark` removed `key`, and forgets the oldest removal past ``removedLimit``.
    private mutating func remember(_ key: ModalKey, removedBy mark: Mark) {
        removed[key] = mark
        removedOrder.append(Removal(key: key, seq: mark.seq))
        guard removedOrder.count - removedStart > Self.removedLimit else { return }
        let oldest = removedOrder[removedStart]
        // Unless it was presented and removed again since.
        if removed[oldest.key]?.seq == oldest.seq { removed[oldest.key] = nil }
        removedStart += 1
        if removedStart >= Self.removedLimit {
            removedOrder.removeFirst(removedStart)
            removedStart = 0
        }
    }

    private mutating func removeRoot(_ id: String, _ mark: Mark) {
        for key in Array(modals.keys) where key.root == id { see(nil, as: key, mark) }
        roots[id] = RootRecord(isRegistered: false, removed: mark)
    }

    /// The event that made the state `rejection` of `entry` ran into;
    /// `nil` when no event of the log did (a link never presented, a value
    /// out of range).
    func cause(of rejection: Rejection, in entry: LoggedEvent, state: ModalState) -> RejectionCause? {
        let event = rejection.rejectedEvent(of: entry.event)
        guard case .batch(let events) = entry.event, let index = rejection.batchIndex,
            events.indices.dropFirst().contains(index)
        else {
            return cause(of: event, rejection.code, in: entry, state: state)
        }
        // The batch's events before it applied (then were undone): one of them may have made what it ran into.
        var tracker = self, inner = state
        for (place, earlier) in events[..<index].enumerated() {
            try? inner.apply(LoggedEvent(seq: entry.seq, event: earlier))
            tracker.touch(earlier, Mark(seq: entry.seq, batchIndex: place, type: earlier.type, time: nil), after: inner)
        }
        return tracker.cause(of: event, rejection.code, in: entry, state: inner)
    }

    /// The cause of `event`'s rejection with `code`, in `state` (the state
    /// it ran into). A record that does not agree with `state` names none:
    /// no cause is better than a wrong one.
    private func cause(
        of event: ModalEvent, _ code: RejectionCode, in entry: LoggedEvent, state: ModalState
    ) -> RejectionCause? {
        guard let root = event.root else { return nil }
        func cause(_ mark: Mark?, _ deed: RejectionCause.Deed, subject: String? = nil) -> RejectionCause? {
            guard let mark else { return nil }
            var seconds: Double?
            // To the millisecond: the log's times are seconds, and a difference of two is not exact.
            if let now = entry.time, let then = mark.time { seconds = ((now - then) * 1000).rounded() / 1000 }
            return RejectionCause(
                seq: mark.seq, batchIndex: mark.batchIndex, type: mark.type, deed: deed, subject: subject,
                secondsBefore: seconds)
        }
        let registered = state.root(root) != nil
        guard registered == (roots[root]?.isRegistered ?? false) else { return nil }
        if code == .unknownRoot { return cause(roots[root]?.removed ?? nil, .removed, subject: "root \"\(root)\"") }
        guard let link = event.link else {
            return code == .duplicateRoot ? cause(roots[root]?.registered ?? nil, .registered) : nil
        }
        /// The record of `link`, when it agrees with the modal `state` has (or has not).
        func record(_ link: String) -> (record: ModalRecord?, agrees: Bool) {
            let record = modals[ModalKey(root: root, link: link)], modal = state.modal(link: link, in: root)
            guard let record, let modal else { return (record, record == nil && modal == nil) }
            let agrees =
                record.phase == modal.phase && record.cards == modal.cards.count
                && record.snapPoints == modal.snap.points
            return (record, agrees)
        }
        let (live, agrees) = record(link)
        guard agrees else { return nil }
        switch code {
        case .duplicateLink:
            return cause(live?.presented ?? nil, .presented)
        case .invalidTransition:
            return live.flatMap { cause($0.phaseMark, .madePhase($0.phase)) }
        case .lastCard:
            return cause(live?.cardsMark ?? nil, .setCards)
        case .snapOutOfRange:
            return cause(live?.snapPointsMark ?? nil, .setSnapPoints)
        case .unknownLink:
            // A present needs no live link of its own: the parent it names is missing, or dismissing.
            guard case .modalPresent(let presentation) = event else {
                return cause(removed[ModalKey(root: root, link: link)], .removed)
            }
            guard let parent = presentation.parent else { return nil }
            let (parentRecord, parentAgrees) = record(parent)
            guard parentAgrees else { return nil }
            let subject = "parent \"\(parent)\""
            guard let parentRecord else {
                return cause(removed[ModalKey(root: root, link: parent)], .removed, subject: subject)
            }
            return cause(parentRecord.phaseMark, .madePhase(parentRecord.phase), subject: subject)
        case .unknownRoot, .duplicateRoot, .invalidValue:
            return nil
        }
    }
}

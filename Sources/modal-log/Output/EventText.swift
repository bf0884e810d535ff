import ModalEvents
import ModalProjection

/// Events and steps in a line for people: what the timeline, the debugger
/// and `bisect` print.
///
/// The text is exact, names as the log has them: the timeline's JSON and
/// the HTML page carry it as it is, and a terminal gets it through
/// ``TerminalText``, escaped. It is one line and holds no control
/// character of its own, so escaping it whole escapes just the log's.
enum EventText {
    /// What the event names: `sheets/checkout`, `checkout` (default root),
    /// `root sheets`, `all roots` for the keyboard and a session, or `3
    /// events` for a batch.
    static func target(of event: ModalEvent) -> String {
        if let link = event.link, let root = event.root {
            return StateChange.modalName(root: root, link: link)
        }
        if let root = event.root { return "root \(root)" }
        if case .batch(let events) = event { return events.count == 1 ? "1 event" : "\(events.count) events" }
        return "all roots"
    }

    /// What the event names and its values: `sheets/checkout CartCard ·
    /// card`, `root sheets`; a batch's events are not listed.
    static func subject(of event: ModalEvent, logged: [LoggedNumber] = []) -> String {
        let details = details(of: event, logged: logged)
        return target(of: event) + (details.isEmpty ? "" : " " + details)
    }

    /// The event's own values, briefly: `CartCard · card · in checkout`,
    /// `reason timeout`, `height 336`; none for a batch, whose events have
    /// values of their own. An integer field shows the number the log gave
    /// it where its `Int` does not hold it (`logged`).
    static func details(of event: ModalEvent, logged: [LoggedNumber] = []) -> String {
        func integer(_ field: IntegerField, _ value: Int) -> String {
            logged.value(of: field).map(number) ?? String(value)
        }
        switch event {
        case .rootRegister(let registration):
            return
                "\(registration.presentation) · level \(integer(.level, registration.level)) · \(registration.policy)"
        case .rootResize(_, let size):
            return "\(size)"
        case .modalPresent(let presentation):
            var details = "\(presentation.content) · \(presentation.style)"
            if let parent = presentation.parent { details += " · in \(parent)" }
            if let height = presentation.height { details += " · height \(number(height))" }
            return details
        case .modalDismiss(_, _, let reason):
            return "reason \(reason)"
        case .cardPush(_, _, let content, _, let height, let canDismiss):
            return ([content] + cardValues(height: height.map(number), canDismiss: canDismiss)).joined(separator: " · ")
        case .cardReplace(_, _, let content, _, let animation, let height, let canDismiss):
            return (["\(content) (\(animation))"] + cardValues(height: height.map(number), canDismiss: canDismiss))
                .joined(separator: " · ")
        case .cardUpdate(_, _, let height, let canDismiss):
            let heightText: String? =
                switch height {
                case .points(let points)?: number(points)
                case .automatic?: "auto"
                case nil: nil
                }
            return cardValues(height: heightText, canDismiss: canDismiss).joined(separator: " · ")
        case .sessionStart(let info):
            return info.map { "info \($0.serialized())" } ?? ""
        case .keyboardChange(let height, let responderBottom):
            return "height \(number(height))" + (responderBottom.map { " · responder bottom \(number($0))" } ?? "")
        case .snapTo(_, _, let index):
            return "index \(integer(.index, index))"
        case .dragChange(_, _, let position):
            return "position \(number(position))"
        case .dragEnd(_, _, let position, let velocity):
            return (position.map { "position \(number($0)) · " } ?? "") + "velocity \(number(velocity))"
        case .rootRemove, .modalPresented, .modalDismissed, .cardPop, .dimmingTap, .batch:
            return ""
        }
    }

    /// A card's values as an event sets them: `height 420`, `cannot dismiss`.
    static func cardValues(height: String?, canDismiss: Bool?) -> [String] {
        (height.map { ["height \($0)"] } ?? []) + (canDismiss.map { [$0 ? "can dismiss" : "cannot dismiss"] } ?? [])
    }

    /// Who caused an entry and where, as the timeline shows it: `user`,
    /// `app CheckoutFlow.swift:42`; empty when the log does not say.
    static func origin(of entry: LoggedEvent) -> String {
        [entry.source?.rawValue, entry.caller].compactMap { $0 }.joined(separator: " ")
    }

    /// What the step did: `compose: presenting -> presented`, `rejected
    /// duplicateLink: ...; seq 3 modal.present presented it, 0.05 s before`
    /// (its cause, when the step has one), `skipped`, or `no change`. With `besidesTarget`
    /// (beside ``target(of:)``, which names it already), what it did to the
    /// root or modal the event names comes first, without its name:
    /// `presenting -> presented; root sheets: dimming.visible false -> true`.
    ///
    /// - Parameter groups: ``changeGroups(_:)`` of the step's changes, when
    ///   the caller has them already.
    static func effect(of step: Step, besidesTarget: Bool = false, groups: [ChangeGroup]? = nil) -> String {
        if step.isSkipped { return "skipped" }
        if let rejection = step.rejection {
            return "rejected \(rejection.code.rawValue): \(rejection.message)"
                + (step.cause.map { "; \($0.text)" } ?? "")
        }
        if step.changes.isEmpty { return "no change" }
        let target = besidesTarget ? targetSubject(of: step.entry.event) : nil
        return changeLines(groups ?? changeGroups(step.changes), unnamed: target).joined(separator: "; ")
    }

    /// What a step did to one subject: its name (`sheets/compose`), and its
    /// changes' text (`presenting -> presented, snap.index 0 -> 1`).
    struct ChangeGroup {
        var subject: StateChange.Subject
        var name: String
        var text: String
    }

    /// `changes` gathered by subject, in the timeline's order, each told.
    static func changeGroups(_ changes: [StateChange]) -> [ChangeGroup] {
        groups(of: briefly(changes)).map { group in
            ChangeGroup(
                subject: group.subject, name: group.name, text: group.changes.map(fieldText).joined(separator: ", "))
        }
    }

    /// `changes`, a line per subject: `compose: presenting -> presented`;
    /// the one about `unnamed` first, without its name.
    static func changeLines(_ changes: [StateChange], unnamed: StateChange.Subject? = nil) -> [String] {
        changeLines(changeGroups(changes), unnamed: unnamed)
    }

    /// ``changeLines(_:unnamed:)`` of the groups ``changeGroups(_:)`` made.
    static func changeLines(_ groups: [ChangeGroup], unnamed: StateChange.Subject? = nil) -> [String] {
        groups.filter { $0.subject == unnamed }.map(\.text)
            + groups.filter { $0.subject != unnamed }.map { "\($0.name): \($0.text)" }
    }

    /// The root or modal the event names: a modal by its root and link, a
    /// root by its id; `nil` for the keyboard, a session and a batch.
    static func targetSubject(of event: ModalEvent) -> StateChange.Subject? {
        guard let root = event.root else { return nil }
        return event.link.map { .modal(root: root, link: $0) } ?? .root(root)
    }

    /// `changes` without those another one already says: a card stack
    /// whose only difference is its top card's `canDismiss`, beside the
    /// modal's own `canDismiss` change (which is its top card's).
    static func briefly(_ changes: [StateChange]) -> [StateChange] {
        changes.filter { change in
            guard change.field == "cards", case .array(let old)? = change.old, case .array(let new)? = change.new,
                old.count == new.count, !old.isEmpty,
                changes.contains(where: { $0.subject == change.subject && $0.field == "canDismiss" })
            else { return true }
            func withoutCanDismiss(_ card: JSONValue) -> JSONValue {
                guard case .object(let members) = card else { return card }
                return .object(members.filter { $0.key != "canDismiss" })
            }
            return old.map(withoutCanDismiss) != new.map(withoutCanDismiss)
        }
    }

    /// Changes gathered by what they are about, in the diff's order with
    /// `inStateOrder` (keyboard, each root and its modals, rejections), or
    /// else as a timeline reads them: modals first, then roots, the keyboard
    /// and rejections.
    static func groups(
        of changes: [StateChange], inStateOrder: Bool = false
    ) -> [(subject: StateChange.Subject, name: String, changes: [StateChange])] {
        var groups: [(subject: StateChange.Subject, name: String, changes: [StateChange])] = []
        // Where each subject's group is: a diff over a long log has a group a rejection. A step has a
        // few, found quicker by a look through them than by hashing.
        let looked = 8
        var places: [StateChange.Subject: Int] = [:]
        for change in changes {
            let index =
                groups.count <= looked
                ? groups.firstIndex { $0.subject == change.subject } : places[change.subject]
            if let index {
                groups[index].changes.append(change)
                continue
            }
            if groups.count == looked {
                for (index, group) in groups.enumerated() { places[group.subject] = index }
            }
            if groups.count >= looked { places[change.subject] = groups.count }
            groups.append((change.subject, name(of: change.subject), [change]))
        }
        func rank(_ subject: StateChange.Subject) -> Int {
            switch subject {
            case .session: 0
            case .modal: 1
            case .root: 2
            case .keyboard: 3
            case .rejection: 4
            }
        }
        let inTimelineOrder = zip(groups, groups.dropFirst()).allSatisfy { rank($0.subject) <= rank($1.subject) }
        if inStateOrder || inTimelineOrder { return groups }
        return groups.enumerated()
            .sorted { (rank($0.element.subject), $0.offset) < (rank($1.element.subject), $1.offset) }
            .map(\.element)
    }

    /// What a group of changes is about: `sheets/checkout`, `root sheets`,
    /// `keyboard`, `seq 7`.
    static func name(of subject: StateChange.Subject) -> String {
        switch subject {
        case .session: "session"
        case .keyboard: "keyboard"
        case .root(let root): "root \(root)"
        case .modal(let root, let link): StateChange.modalName(root: root, link: link)
        case .rejection(let seq): "seq \(seq)"
        }
    }

    /// One change within its group: `presenting -> presented`,
    /// `snap.index 0 -> 1`, `registered`, `rejected duplicateLink: ...`.
    static func fieldText(_ change: StateChange) -> String {
        if let phases = change.phases { return "\(phases.old) -> \(phases.new)" }
        switch (change.subject, change.kind) {
        case (.session, _): return change.values
        case (.root, .added): return "registered"
        case (.root, .removed): return "removed"
        case (.rejection, .added), (.rejection, .changed):
            return "rejected " + StateChange.rejectionText(change.new)
        case (.rejection, .removed): return "no longer rejected (was \(StateChange.rejectionText(change.old)))"
        default:
            if change.field == "cards", case .array(let old)? = change.old, case .array(let new)? = change.new {
                return "cards " + cardsText(from: old, to: new)
            }
            return "\(change.field) \(change.values)"
        }
    }

    /// A card stack's change by its top: `+ ShippingCard (2)` for a push,
    /// `- ReviewCard (3)` for a pop, `ShippingCard -> PaymentCard (2)` for a
    /// replace, the count being the new stack's; a card with a height shows
    /// it (`+ ShippingCard [height 420] (2)`); the top card changed in place
    /// (`card.update`) says what changed: `CartCard height none -> 420`.
    static func cardsText(from old: [JSONValue], to new: [JSONValue]) -> String {
        let kept = zip(old, new).prefix { $0 == $1 }.count
        func names(_ cards: ArraySlice<JSONValue>) -> String {
            cards.map(cardName).joined(separator: ", ")
        }
        let removed = old[kept...]
        let added = new[kept...]
        if removed.count == 1, added.count == 1, let before = removed.first, let after = added.first,
            before["content"] == after["content"]
        {
            let fields = ["height", "canDismiss", "sticky"].filter { before[$0] != after[$0] }.map { field in
                "\(field) \(StateChange.text(of: before[field] ?? .null)) -> \(StateChange.text(of: after[field] ?? .null))"
            }
            return "\(after["content"]?.stringValue ?? "?") " + fields.joined(separator: ", ")
        }
        let change =
            removed.isEmpty
            ? "+ \(names(added))" : added.isEmpty ? "- \(names(removed))" : "\(names(removed)) -> \(names(added))"
        return "\(change) (\(new.count))"
    }

    /// A card as a change names it: its content, and its height when it has one.
    static func cardName(_ card: JSONValue) -> String {
        let name = card["content"]?.stringValue ?? StateChange.text(of: card)
        guard case .number(let height)? = card["height"] else { return name }
        return "\(name) [height \(height.literal)]"
    }

    /// A time as the timeline prints it: seconds with three decimals, or `-`.
    static func time(_ time: Double?) -> String {
        guard let time else { return "-" }
        guard time.isFinite, abs(time) < 1e12 else { return number(time) }
        let milliseconds = Int((time * 1000).rounded())
        let sign = milliseconds < 0 ? "-" : ""
        let fraction = String(abs(milliseconds) % 1000)
        return "\(sign)\(abs(milliseconds) / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    static func number(_ value: Double) -> String {
        JSONNumber.text(value)
    }
}

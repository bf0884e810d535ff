import ModalEvents

extension LoggedEvent {
    /// Simpler versions of this event, simplest first: without its time,
    /// source or caller, or one of its logged numbers, then with one field
    /// reset to its default or one number made simpler (a batch: an event
    /// fewer, one of its events simpler, or its one event alone). A content
    /// in `keptNames` stays; with `keepingContents`, every content does.
    func simplifications(keeping keptNames: Set<String> = [], keepingContents: Bool = false) -> [LoggedEvent] {
        var candidates: [LoggedEvent] = []
        if time != nil { candidates.append(with { $0.time = nil }) }
        if source != nil { candidates.append(with { $0.source = nil }) }
        if caller != nil { candidates.append(with { $0.caller = nil }) }
        for index in loggedNumbers.indices { candidates.append(with { $0.loggedNumbers.remove(at: index) }) }
        candidates += event.simplifications(keeping: keptNames, keepingContents: keepingContents).map { simpler in
            with { entry in
                // A logged number names its event by its place: one that moved loses it.
                if simpler.steps.count != event.steps.count { entry.loggedNumbers = [] }
                entry.event = simpler
            }
        }
        return candidates
    }

    func renaming(root old: String, to new: String) -> LoggedEvent {
        with { $0.event = event.mapNames(root: { $0 == old ? new : $0 }, link: { $0 }) }
    }

    func renaming(link old: String, to new: String) -> LoggedEvent {
        with { $0.event = event.mapNames(root: { $0 }, link: { $0 == old ? new : $0 }) }
    }

    /// This entry with `change` made to it.
    func with(_ change: (inout LoggedEvent) -> Void) -> LoggedEvent {
        var entry = self
        change(&entry)
        return entry
    }
}

extension ModalEvent {
    /// The links an event names: its link, and a presentation's parent.
    var links: [String] {
        if case .modalPresent(let presentation) = self {
            return [presentation.link] + (presentation.parent.map { [$0] } ?? [])
        }
        return link.map { [$0] } ?? []
    }

    /// The content an event shows, if any.
    var content: String? {
        switch self {
        case .modalPresent(let presentation): presentation.content
        case .cardPush(_, _, let content, _, _, _), .cardReplace(_, _, let content, _, _, _, _): content
        default: nil
        }
    }

    /// Simpler versions, each differing in one field, but the app's own
    /// registrations, presentations, pushes and contents (`keptNames`), which
    /// stay as its flow makes them; with `keepingContents`, no content changes.
    func simplifications(keeping keptNames: Set<String>, keepingContents: Bool = false) -> [ModalEvent] {
        switch self {
        case .rootRegister(let registration) where keptNames.contains(registration.root):
            return []
        case .modalPresent(let presentation) where keptNames.contains(presentation.link):
            return []
        case .cardPush(_, let link, _, _, _, _) where keptNames.contains(link):
            return []
        case .batch(let events):
            var candidates: [ModalEvent] = events.count == 1 ? events : []
            if events.count > 1 {
                candidates += events.indices.map { index in
                    var fewer = events
                    fewer.remove(at: index)
                    return .batch(fewer)
                }
            }
            for (index, event) in events.enumerated() {
                candidates += event.simplifications(keeping: keptNames, keepingContents: keepingContents).map {
                    simpler in
                    var changed = events
                    changed[index] = simpler
                    return .batch(changed)
                }
            }
            return candidates
        default:
            let keepsContent = keepingContents || content.map(keptNames.contains) ?? false
            return simplifications().filter { !keepsContent || $0.content == content }
        }
    }

    /// Simpler versions, each differing in one field.
    private func simplifications() -> [ModalEvent] {
        switch self {
        case .batch:
            return []
        case .sessionStart(let info):
            return info == nil ? [] : [.sessionStart()]
        case .rootRegister(let registration):
            return registration.simplifications().map(ModalEvent.rootRegister)
        case .rootResize(let root, let size):
            return size == .defaultRoot ? [] : [.rootResize(root: root, size: .defaultRoot)]
        case .rootRemove, .modalPresented, .modalDismissed, .cardPop, .dimmingTap:
            return []
        case .modalPresent(let presentation):
            return presentation.simplifications().map(ModalEvent.modalPresent)
        case .modalDismiss(let root, let link, let reason):
            return reason == .programmatic ? [] : [.modalDismiss(root: root, link: link)]
        case .cardPush(let root, let link, let content, let sticky, let height, let canDismiss):
            var candidates: [ModalEvent] = []
            if sticky != nil || height != nil || canDismiss != nil {
                candidates.append(.cardPush(root: root, link: link, content: content))
            }
            if height != nil {
                candidates.append(
                    .cardPush(root: root, link: link, content: content, sticky: sticky, canDismiss: canDismiss))
            }
            if canDismiss != nil {
                candidates.append(.cardPush(root: root, link: link, content: content, sticky: sticky, height: height))
            }
            if content != link {
                candidates.append(
                    .cardPush(
                        root: root, link: link, content: link, sticky: sticky, height: height, canDismiss: canDismiss))
            }
            return candidates
        case .cardReplace(let root, let link, let content, let direction, let animation, let height, let canDismiss):
            var candidates: [ModalEvent] = []
            if direction != .forward || animation != .scale || height != nil || canDismiss != nil {
                candidates.append(.cardReplace(root: root, link: link, content: content))
            }
            if height != nil || canDismiss != nil {
                candidates.append(
                    .cardReplace(root: root, link: link, content: content, direction: direction, animation: animation))
            }
            if content != link {
                candidates.append(
                    .cardReplace(
                        root: root, link: link, content: link, direction: direction, animation: animation,
                        height: height, canDismiss: canDismiss))
            }
            return candidates
        case .cardUpdate(let root, let link, let height, let canDismiss):
            var candidates: [ModalEvent] = []
            if height != nil, canDismiss != nil {
                candidates += [
                    .cardUpdate(root: root, link: link, height: height),
                    .cardUpdate(root: root, link: link, canDismiss: canDismiss),
                ]
            }
            if case .points(let points) = height {
                candidates += simpler(points).map {
                    .cardUpdate(root: root, link: link, height: .points($0), canDismiss: canDismiss)
                }
            }
            return candidates
        case .keyboardChange(let height, let responderBottom):
            var candidates: [ModalEvent] = []
            if responderBottom != nil { candidates.append(.keyboardChange(height: height)) }
            candidates += simpler(height).map { .keyboardChange(height: $0, responderBottom: responderBottom) }
            candidates += simpler(responderBottom).map { .keyboardChange(height: height, responderBottom: $0) }
            return candidates
        case .snapTo(let root, let link, let index):
            return simpler(index).map { .snapTo(root: root, link: link, index: $0) }
        case .dragChange(let root, let link, let position):
            return simpler(position).map { .dragChange(root: root, link: link, position: $0) }
        case .dragEnd(let root, let link, let position, let velocity):
            var candidates: [ModalEvent] = []
            if position != nil { candidates.append(.dragEnd(root: root, link: link, velocity: velocity)) }
            candidates += simpler(velocity).map { .dragEnd(root: root, link: link, position: position, velocity: $0) }
            candidates += simpler(position).map { .dragEnd(root: root, link: link, position: $0, velocity: velocity) }
            return candidates
        }
    }

    /// The event with its root and links renamed.
    func mapNames(root: (String) -> String, link: (String) -> String) -> ModalEvent {
        switch self {
        case .rootRegister(var registration):
            registration.root = root(registration.root)
            return .rootRegister(registration)
        case .rootResize(let id, let size): return .rootResize(root: root(id), size: size)
        case .rootRemove(let id): return .rootRemove(root: root(id))
        case .modalPresent(var presentation):
            presentation.root = root(presentation.root)
            presentation.link = link(presentation.link)
            presentation.parent = presentation.parent.map(link)
            return .modalPresent(presentation)
        case .modalPresented(let id, let name): return .modalPresented(root: root(id), link: link(name))
        case .modalDismiss(let id, let name, let reason):
            return .modalDismiss(root: root(id), link: link(name), reason: reason)
        case .modalDismissed(let id, let name): return .modalDismissed(root: root(id), link: link(name))
        case .cardPush(let id, let name, let content, let sticky, let height, let canDismiss):
            return .cardPush(
                root: root(id), link: link(name), content: content, sticky: sticky, height: height,
                canDismiss: canDismiss)
        case .cardPop(let id, let name): return .cardPop(root: root(id), link: link(name))
        case .cardReplace(let id, let name, let content, let direction, let animation, let height, let canDismiss):
            return .cardReplace(
                root: root(id), link: link(name), content: content, direction: direction, animation: animation,
                height: height, canDismiss: canDismiss)
        case .cardUpdate(let id, let name, let height, let canDismiss):
            return .cardUpdate(root: root(id), link: link(name), height: height, canDismiss: canDismiss)
        case .sessionStart: return self
        case .batch(let events): return .batch(events.map { $0.mapNames(root: root, link: link) })
        case .dimmingTap(let id): return .dimmingTap(root: root(id))
        case .keyboardChange: return self
        case .snapTo(let id, let name, let index): return .snapTo(root: root(id), link: link(name), index: index)
        case .dragChange(let id, let name, let position):
            return .dragChange(root: root(id), link: link(name), position: position)
        case .dragEnd(let id, let name, let position, let velocity):
            return .dragEnd(root: root(id), link: link(name), position: position, velocity: velocity)
        }
    }
}

extension RootRegistration {
    func simplifications() -> [RootRegistration] {
        let plain = RootRegistration(root: root)
        return variants(
            of: self,
            [
                { $0 = plain }, { $0.presentation = plain.presentation }, { $0.policy = plain.policy },
                { $0.dimming = plain.dimming }, { $0.keyboard = plain.keyboard }, { $0.size = plain.size },
                { $0.maxVisibleCards = plain.maxVisibleCards },
            ] + simpler(level).map { level in { $0.level = level } })
    }
}

extension ModalPresentation {
    func simplifications() -> [ModalPresentation] {
        let plain = ModalPresentation(root: root, link: link, content: link)
        return variants(
            of: self,
            [
                { $0 = plain }, { $0.payload = nil }, { $0.payload = $0.payload == nil ? nil : 1 },
                { $0.parent = nil }, { $0.sticky = nil }, { $0.height = nil }, { $0.style = plain.style },
                { $0.canDismiss = plain.canDismiss },
                {
                    $0.snapPoints = plain.snapPoints; $0.initialSnap = plain.initialSnap
                },
                { $0.initialSnap = plain.initialSnap }, { $0.content = plain.content },
            ])
    }
}

/// `value` with each change made to it in turn, leaving out the changes that change nothing.
private func variants<Value: Equatable>(of value: Value, _ changes: [(inout Value) -> Void]) -> [Value] {
    changes.compactMap { change in
        var candidate = value
        change(&candidate)
        return candidate == value ? nil : candidate
    }
}

/// Simpler numbers than `value`, simplest first: 0, then whole, then half as
/// large. Each is strictly simpler, so shrinking cannot go round in circles.
private func simpler(_ value: Double) -> [Double] {
    guard value != 0 else { return [] }
    var candidates: [Double] = [0]
    guard value.isFinite else { return candidates }
    let whole = value.rounded(.towardZero)
    if whole != value && whole != 0 { candidates.append(whole) }
    let half = (whole / 2).rounded(.towardZero)
    if abs(whole) >= 2 && half != 0 { candidates.append(half) }
    return candidates
}

/// Simpler integers than `value`, simplest first: 0, then half as large.
private func simpler(_ value: Int) -> [Int] {
    guard value != 0 else { return [] }
    return abs(value) >= 2 ? [0, value / 2] : [0]
}

private func simpler(_ value: Double?) -> [Double] {
    value.map(simpler) ?? []
}
